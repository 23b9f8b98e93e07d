// The editor in a dialog: checks SPEC §5 on save (and again on every change after a first try),
// sends only a clean draft, and shows the server's field errors at the same fields.
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useRevealError } from '../../hooks/useRevealError';
import { useT } from '../../hooks/useT';
import { validateDraft, type DraftErrors, type TariffDraft } from './draft';
import { TariffEditor } from './TariffEditor';

// Fixed in size: a split or a new season adds rows inside the scrolling body, so the panel
// neither grows nor re-centres while the pointer is on the 24-hour line. 980 px holds a slot row
// (times, period, both prices, remove) whole and fits a 1366 px window.
const DIALOG_WIDTH = 980;
const DIALOG_HEIGHT = 'min(820px, calc(100vh - 32px))';

export interface TariffDialogProps {
  open: boolean;
  title: string;
  initial: TariffDraft;
  template?: boolean;
  minDate?: string;
  /** the prices' currency (ISO 4217), null until known */
  currency: string | null;
  /** the server's answer to the last save, at the editor's fields */
  serverErrors: DraftErrors | null;
  pending: boolean;
  onSave: (d: TariffDraft) => void;
  onClose: () => void;
}

export function TariffDialog({ open, title, initial, template = false, minDate, currency, serverErrors, pending, onSave, onClose }: TariffDialogProps) {
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
  const body = useRef<HTMLDivElement>(null);
  const reveal = useRevealError(body);
  useEffect(() => {
    if (serverErrors) reveal();
  }, [serverErrors, reveal]);
  const save = () => {
    setTried(true);
    reveal();
    if (Object.keys(validateDraft(draft, { template })).length === 0) onSave(draft);
  };
  return (
    <Modal open={open} onClose={onClose} title={title} width={DIALOG_WIDTH} height={DIALOG_HEIGHT} testId="tariff-dialog">
      <div ref={body} className="min-h-0 flex-1 overflow-x-hidden overflow-y-auto pr-1">
        <TariffEditor draft={draft} onChange={setDraft} errors={errors} template={template} minDate={minDate} currency={currency} />
      </div>
      <div className="mt-4 flex shrink-0 justify-end gap-2">
        <Button onClick={onClose} data-testid="tariff-cancel">
          {t('tariffs:actions.cancel')}
        </Button>
        <Button variant="primary" disabled={pending} onClick={save} data-testid="tariff-save">
          {t('tariffs:actions.save')}
        </Button>
      </div>
    </Modal>
  );
}
