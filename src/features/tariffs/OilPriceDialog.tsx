// Create or edit a pending fuel price: the window in the station's zone, price per litre (in the
// provider's currency)
// and unit generation (kWh/L), the derived cost per kWh shown as it is typed.
import { useState } from 'react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
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
  const [d, setD] = useState(initial);
  const [tried, setTried] = useState(false);
  const errors: OilErrors = { ...(serverErrors ?? {}), ...(tried ? validateOil(zone, d, others) : {}) };
  const text = (f: keyof OilErrors) => {
    const e = errors[f];
    if (!e) return null;
    return t(OIL_ERROR_KEY[e.code], e.other ? { start: shownTime(zone, e.other.startTime), end: shownTime(zone, e.other.endTime) } : {});
  };
  const save = () => {
    setTried(true);
    if (Object.keys(validateOil(zone, d, others)).length === 0) onSave(d);
  };
  const cost = Number(d.price) > 0 && Number(d.kwh) > 0 ? costPerKwh({ pricePerLitre: Number(d.price), kwhPerLitre: Number(d.kwh) }) : '—';
  return (
    <Modal open onClose={onClose} title={title} width={560} testId="oil-dialog">
      <p className="mb-3 text-xs text-slate-500">{t('tariffs:oil.zone', { zone })}</p>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('tariffs:oil.startTime')}
          type="datetime-local"
          value={d.start}
          onChange={(start) => setD({ ...d, start })}
          error={text('start')}
          testId="oil-start"
        />
        <TextField
          label={t('tariffs:oil.endTime')}
          type="datetime-local"
          value={d.end}
          onChange={(end) => setD({ ...d, end })}
          error={text('end')}
          testId="oil-end"
        />
        <TextField
          label={t('tariffs:oil.pricePerLitre', { currency })}
          inputMode="decimal"
          value={d.price}
          onChange={(price) => setD({ ...d, price })}
          error={text('price')}
          testId="oil-price"
        />
        <TextField
          label={t('tariffs:oil.kwhPerLitre')}
          inputMode="decimal"
          value={d.kwh}
          onChange={(kwh) => setD({ ...d, kwh })}
          error={text('kwh')}
          testId="oil-kwh"
        />
      </div>
      <p className="text-sm">
        {t('tariffs:oil.costPerKwh', { currency })}:{' '}
        <span data-testid="oil-cost" className="tabular-nums">
          {cost}
        </span>
      </p>
      {errors.form && (
        <p role="alert" className="text-xs text-red-600">
          {text('form')}
        </p>
      )}
      <div className="mt-4 flex justify-end gap-2">
        <Button onClick={onClose} data-testid="oil-cancel">
          {t('tariffs:actions.cancel')}
        </Button>
        <Button variant="primary" disabled={pending} onClick={save} data-testid="oil-save">
          {t('tariffs:actions.save')}
        </Button>
      </div>
    </Modal>
  );
}
