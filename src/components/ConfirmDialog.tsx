// Asks before a write that cannot be taken back (a mode switch, a delete): nothing is sent until
// the user confirms. The buttons read Cancel / Confirm unless the screen names the confirming one
// in its own words (e.g. Delete).
import { useT } from '../hooks/useT';
import { Button } from './Button';
import { Modal } from './Modal';

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  text: string;
  busy?: boolean;
  /** the confirming button's text; Confirm when not given */
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmDialog({ open, title, text, busy, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const t = useT();
  return (
    <Modal open={open} onClose={onCancel} title={title} testId="confirm-dialog">
      <p className="mb-5 text-sm text-slate-700 dark:text-slate-300">{text}</p>
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel} data-testid="confirm-cancel">
          {t('app.cancel')}
        </Button>
        <Button variant="danger" disabled={busy} onClick={onConfirm} data-testid="confirm-ok">
          {confirmLabel ?? t('app.confirm')}
        </Button>
      </div>
    </Modal>
  );
}
