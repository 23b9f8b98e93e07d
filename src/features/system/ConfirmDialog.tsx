// A yes/no question before a write (enable, disable, delete, sign out everywhere). The question
// stays open while the write runs and shows the server's refusal when there is one.
import type { ReactNode } from 'react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useT } from '../../hooks/useT';

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  danger,
  busy,
  error,
  onConfirm,
  onClose,
  testId = 'confirm-dialog',
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
  testId?: string;
}) {
  const t = useT('system');
  return (
    <Modal open={open} onClose={() => !busy && onClose()} title={title} testId={testId}>
      <div className="mb-4 text-sm">{children}</div>
      {error && (
        <p role="alert" data-testid="confirm-error" className="mb-3 rounded bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-300">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button data-testid="confirm-cancel" onClick={onClose} disabled={busy}>
          {t('app.cancel')}
        </Button>
        <Button data-testid="confirm-ok" variant={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
