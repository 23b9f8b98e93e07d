// Create or edit a pending fuel price: the window in the station's zone, price per litre (in the
// provider's currency)
// and unit generation (kWh/L), the derived cost per kWh shown as it is typed.
import { FormDialog } from '../../components/form/FormDialog';
import { useDraftDialog, type DraftDialogProps } from '../../components/form/useDraftForm';
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

export interface OilPriceDialogProps extends DraftDialogProps<OilDraft> {
  title: string;
  zone: string;
  /** the station's other records (an overlap with one is refused) */
  others: readonly OilPrice[];
  serverErrors: OilErrors | null;
  /** the price's currency as the reader's language names it */
  currency: string;
}

export function OilPriceDialog({ title, zone, others, serverErrors, currency, ...props }: OilPriceDialogProps) {
  const t = useT('tariffs');
  const { draft: d, shown, text: bind, frame } = useDraftDialog(props, (x) => validateOil(zone, x, others));
  const errors: OilErrors = { ...(serverErrors ?? {}), ...shown };
  const text = (f: keyof OilErrors) => {
    const e = errors[f];
    if (!e) return null;
    return t(OIL_ERROR_KEY[e.code], e.other ? { start: shownTime(zone, e.other.startTime), end: shownTime(zone, e.other.endTime) } : {});
  };
  const cost = Number(d.price) > 0 && Number(d.kwh) > 0 ? costPerKwh({ pricePerLitre: Number(d.price), kwhPerLitre: Number(d.kwh) }) : '—';
  return (
    <FormDialog {...frame} title={title} name="oil" saveLabel={t('tariffs:actions.save')} error={errors.form && text('form')}>
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
