// Acknowledge an alarm with an optional note (presentational): the note stays in the form.
import { useState } from 'react';
import type { TFn } from '../../../i18n/i18n';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';

export function AckDialog({
  title,
  detail,
  open,
  busy,
  t,
  onClose,
  onAck,
}: {
  title: string;
  detail: string;
  open: boolean;
  busy: boolean;
  t: TFn;
  onClose: () => void;
  onAck: (note: string | undefined) => void;
}) {
  const [note, setNote] = useState('');
  const close = () => {
    setNote('');
    onClose();
  };
  return (
    <Modal open={open} onClose={() => !busy && close()} title={t('alarms:handling.ackTitle')} testId="ack-dialog">
      <p className="mb-3 text-sm">
        <span className="block font-medium">{title}</span>
        <span className="mt-1 block text-slate-500">{detail}</span>
      </p>
      <label className="mb-4 block text-sm">
        <span className="mb-1 block text-slate-600 dark:text-slate-300">{t('alarms:handling.note')}</span>
        <textarea
          data-testid="ack-note"
          value={note}
          maxLength={500}
          rows={3}
          onChange={(e) => setNote(e.target.value)}
          className="w-full rounded-md border border-slate-300 p-2 text-sm dark:border-slate-600 dark:bg-slate-900"
        />
      </label>
      <div className="flex justify-end gap-2">
        <Button data-testid="ack-cancel" onClick={close} disabled={busy}>
          {t('alarms:handling.cancel')}
        </Button>
        <Button
          data-testid="ack-confirm"
          variant="primary"
          disabled={busy}
          onClick={() => {
            onAck(note.trim() || undefined);
            setNote('');
          }}
        >
          {t('alarms:handling.ack')}
        </Button>
      </div>
    </Modal>
  );
}
