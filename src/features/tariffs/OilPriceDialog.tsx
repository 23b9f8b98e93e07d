// Create or edit a pending fuel price: the window in the station's zone, price per litre (in the
// provider's currency)
// and unit generation (kWh/L), the derived cost per kWh shown as it is typed.
import { FormDialog } from '../../components/form/FormDialog';
import { useDraftForm } from '../../components/form/useDraftForm';
import { TextField } from '../../components/TextField';
import { useT } from '../../hooks/useT';
import type { TKey } from '../../i18n/i18n';
import type { OilPrice } from '../../../streams/tariffs/reads';
import { costPerKwh, shownTime, validateOil, type OilDraft, type OilErrorCode, type OilErrors } from './oil';

const OIL_ERROR_KEY = {
  required: 'tariffs:oil.errors.required',
  number: 'tariffs:oil.errors.number',
  endBeforeStart: 'tariffs:oil.errors.endBeforeStart',
  pastStart: 'tariffs:oil.errors.pastStart',
  overlap: 'tariffs:oil.errors.overlap',
  overlapAny: 'tariffs:oil.errors.overlapAny',
  failed: 'tariffs:oil.errors.failed',
} as const satisfies Record<OilErrorCode, TKey>;

export interface OilPriceDialogProps {
  title: string;
  zone: string;
  initial: OilDraft;
  /** the station's other records (an overlap with one is refused) */
  others: readonly OilPrice[];
  serverErrors: OilErrors | null;
  pending: boolean;
  onSave: (d: OilDraft) => void;
  onClose: () => void;
  /** the price's currency as the reader's language names it */
  currency: string;
}

export function OilPriceDialog({ title, zone, initial, others, serverErrors, pending, onSave, onClose, currency }: OilPriceDialogProps) {
  const t = useT('tariffs');
  const { draft: d, shown, save, text: bind } = useDraftForm(initial, (x) => validateOil(zone, x, others), onSave);
  const errors: OilErrors = { ...(serverErrors ?? {}), ...shown };
  const text = (f: keyof OilErrors) => {
    const e = errors[f];
    if (!e) return null;
    return t(OIL_ERROR_KEY[e.code], e.other ? { start: shownTime(zone, e.other.startTime), end: shownTime(zone, e.other.endTime) } : {});
  };
  const cost = Number(d.price) > 0 && Number(d.kwh) > 0 ? costPerKwh({ pricePerLitre: Number(d.price), kwhPerLitre: Number(d.kwh) }) : '—';
  return (
    <FormDialog
      title={title}
      width={560}
      name="oil"
      busy={pending}
      onClose={onClose}
      onSave={save}
      saveLabel={t('tariffs:actions.save')}
      error={errors.form && text('form')}
    >
      <p className="mb-3 text-xs text-slate-500">{t('tariffs:oil.zone', { zone })}</p>
      <div className="grid grid-cols-2 gap-3">
        <TextField label={t('tariffs:oil.startTime')} type="datetime-local" {...bind('start')} error={text('start')} testId="oil-start" />
        <TextField label={t('tariffs:oil.endTime')} type="datetime-local" {...bind('end')} error={text('end')} testId="oil-end" />
        <TextField label={t('tariffs:oil.pricePerLitre', { currency })} inputMode="decimal" {...bind('price')} error={text('price')} testId="oil-price" />
        <TextField label={t('tariffs:oil.kwhPerLitre')} inputMode="decimal" {...bind('kwh')} error={text('kwh')} testId="oil-kwh" />
      </div>
      <p className="text-sm">
        {t('tariffs:oil.costPerKwh', { currency })}:{' '}
        <span data-testid="oil-cost" className="tabular-nums">
          {cost}
        </span>
      </p>
    </FormDialog>
  );
}
