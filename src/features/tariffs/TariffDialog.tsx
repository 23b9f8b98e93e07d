// The editor in a dialog: checks SPEC §5 on save (and again on every change after a first try),
// sends only a clean draft, and shows the server's field errors at the same fields.
import { useEffect, useRef } from 'react';
import { FormDialog } from '../../components/form/FormDialog';
import { useDraftForm } from '../../components/form/useDraftForm';
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
  const { draft, setDraft, shown, save, reset } = useDraftForm(initial, (d) => validateDraft(d, { template }), onSave);
  useEffect(() => {
    if (open) reset(initial);
  }, [open, initial, reset]);
  const errors = { ...(serverErrors ?? {}), ...shown };
  const body = useRef<HTMLDivElement>(null);
  const reveal = useRevealError(body);
  useEffect(() => {
    if (serverErrors) reveal();
  }, [serverErrors, reveal]);
  return (
    <FormDialog
      open={open}
      title={title}
      width={DIALOG_WIDTH}
      height={DIALOG_HEIGHT}
      name="tariff"
      busy={pending}
      onClose={onClose}
      onSave={() => {
        reveal();
        save();
      }}
      saveLabel={t('tariffs:actions.save')}
      bodyRef={body}
    >
      <TariffEditor draft={draft} onChange={setDraft} errors={errors} template={template} minDate={minDate} currency={currency} />
    </FormDialog>
  );
}
