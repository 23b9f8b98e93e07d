// Asks before a mode switch or a delete (SPEC §4/§5): nothing is sent until the user confirms.
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useT } from '../../hooks/useT';

export function ConfirmDialog({ open, title, text, busy, onConfirm, onCancel }: { open: boolean; title: string; text: string; busy?: boolean; onConfirm: () => void; onCancel: () => void }) {
  const t = useT('modes');
  return (
    <Modal open={open} onClose={onCancel} title={title} testId="confirm-dialog">
      <p className="mb-5 text-sm text-slate-700 dark:text-slate-300">{text}</p>
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel} data-testid="confirm-cancel">{t('modes:actions.cancel')}</Button>
        <Button variant="danger" disabled={busy} onClick={onConfirm} data-testid="confirm-ok">{t('modes:actions.confirm')}</Button>
      </div>
    </Modal>
  );
}
