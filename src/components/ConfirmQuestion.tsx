// Asks before a write that cannot be taken back (a mode switch, a delete): nothing is sent until
// the user confirms. The feature names the two buttons in its own words.
import { Button } from './Button';
import { Modal } from './Modal';

export type ConfirmQuestionProps = {
  open: boolean;
  title: string;
  text: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmQuestion({ open, title, text, busy, onConfirm, onCancel, cancelLabel, confirmLabel }: ConfirmQuestionProps & { cancelLabel: string; confirmLabel: string }) {
  return (
    <Modal open={open} onClose={onCancel} title={title} testId="confirm-dialog">
      <p className="mb-5 text-sm text-slate-700 dark:text-slate-300">{text}</p>
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel} data-testid="confirm-cancel">{cancelLabel}</Button>
        <Button variant="danger" disabled={busy} onClick={onConfirm} data-testid="confirm-ok">{confirmLabel}</Button>
      </div>
    </Modal>
  );
}
