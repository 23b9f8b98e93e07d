// The editor in a dialog: checks SPEC §5 on save (and again on every change after a first try),
// sends only a clean draft, and shows the server's field errors at the same fields.
import { useEffect, useState } from 'react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useT } from '../../hooks/useT';
import { validateDraft, type DraftErrors, type TariffDraft } from './draft';
import { TariffEditor } from './TariffEditor';

export interface TariffDialogProps {
  open: boolean;
  title: string;
  initial: TariffDraft;
  template?: boolean;
  minDate?: string;
  /** the server's answer to the last save, at the editor's fields */
  serverErrors: DraftErrors | null;
  pending: boolean;
  onSave: (d: TariffDraft) => void;
  onClose: () => void;
}

export function TariffDialog({ open, title, initial, template = false, minDate, serverErrors, pending, onSave, onClose }: TariffDialogProps) {
  const t = useT('tariffs');
  const [draft, setDraft] = useState(initial);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (open) {
      setDraft(initial);
      setTried(false);
    }
  }, [open, initial]);
  const local = tried ? validateDraft(draft, { template }) : {};
  const errors = { ...(serverErrors ?? {}), ...local };
  const save = () => {
    setTried(true);
    if (Object.keys(validateDraft(draft, { template })).length === 0) onSave(draft);
  };
  return (
    <Modal open={open} onClose={onClose} title={title} width={980} testId="tariff-dialog">
      <div className="max-h-[70vh] overflow-y-auto pr-1">
        <TariffEditor draft={draft} onChange={setDraft} errors={errors} template={template} minDate={minDate} />
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <Button onClick={onClose} data-testid="tariff-cancel">{t('tariffs:actions.cancel')}</Button>
        <Button variant="primary" disabled={pending} onClick={save} data-testid="tariff-save">{t('tariffs:actions.save')}</Button>
      </div>
    </Modal>
  );
}
