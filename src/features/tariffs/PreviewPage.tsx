// Tariff preview (electricityPriceManagement.preview, `tariffId` in the query): the tariff's
// seasons on the 24-hour line, both prices per season as a step chart, and a chosen local day of
// the station's metered import and export priced under this tariff and the one in force.
import { useObservable, useObservableState } from 'observable-hooks';
import { useEffect, useState } from 'react';
import { map } from 'rxjs';
import { addDateDays } from '../../../protocol/site-time';
import { TextField } from '../../components/TextField';
import { useRuntime } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { previewBill$, tariffById$, type PreviewRequest } from '../../../streams/tariffs/reads';
import { BillTable } from './BillTable';
import { useTariffStation } from './hooks';
import { ChargesSummary } from './ChargesSummary';
import { PriceChart } from './PriceChart';
import { TariffCard } from './TariffCard';

export default function PreviewPage() {
  const t = useT('tariffs');
  const { api } = useRuntime();
  const st = useTariffStation();
  const tariffId = st.param('tariffId');
  const [day, setDay] = useState('');
  useEffect(() => {
    if (st.today && day === '') setDay(addDateDays(st.today, -1));
  }, [st.today, day]);
  const tariff = useObservableState(
    useObservable((in$) => tariffById$(api, in$.pipe(map(([id]) => id))), [tariffId]),
    { data: null, failed: false },
  );
  const shownTariff = tariff.data;
  const request: PreviewRequest | null = st.stationId && tariffId && /^\d{4}-\d{2}-\d{2}$/.test(day) ? { stationId: st.stationId, tariffId, date: day } : null;
  const bill = useObservableState(
    useObservable((in$) => previewBill$(api, in$.pipe(map(([r]) => r))), [request]),
    { data: null, failed: false },
  );
  const shown = bill.data && request && bill.data.date === request.date ? bill.data : null;

  return (
    <div data-testid="tariff-preview-page" className="flex flex-col gap-4">
      <h1 className="text-lg font-semibold">{t('tariffs:preview.title')}</h1>
      {tariff.failed && (
        <p role="alert" className="text-sm text-red-600">
          {t('tariffs:errors.notFound')}
        </p>
      )}
      {tariff.data && <TariffCard tariff={tariff.data} />}
      {tariff.data && <ChargesSummary tariff={tariff.data} />}
      {shownTariff && (
        <section className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
          <h2 className="mb-2 text-sm font-semibold">{t('tariffs:preview.prices')}</h2>
          <div className="grid gap-4 xl:grid-cols-2">
            {shownTariff.seasons.map((s, i) => (
              <div key={i}>
                <p className="text-xs text-slate-500">{t('tariffs:editor.season', { n: i + 1 })}</p>
                <PriceChart season={s} index={i} currency={shownTariff.currency} />
              </div>
            ))}
          </div>
        </section>
      )}
      <section
        className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
        data-testid="bill"
        data-date={shown?.date ?? ''}
      >
        <div className="mb-2 flex flex-wrap items-end gap-4">
          <h2 className="text-sm font-semibold">{t('tariffs:preview.bill')}</h2>
          <TextField
            label={t('tariffs:preview.day')}
            type="date"
            value={day}
            max={st.today ?? undefined}
            onChange={setDay}
            testId="preview-date"
            className="w-48"
          />
          {shown && (
            <span className="pb-5 text-xs text-slate-500" data-testid="bill-day-info">
              {t('tariffs:preview.dayInfo', { hours: shown.hours, zone: shown.timezone, count: shown.intervals })}
            </span>
          )}
        </div>
        {bill.failed && (
          <p role="alert" className="text-sm text-red-600">
            {t('tariffs:preview.failed')}
          </p>
        )}
        {!shown && !bill.failed && <p className="text-sm text-slate-500">{t('tariffs:preview.loading')}</p>}
        {shown && <BillTable bill={shown} />}
      </section>
    </div>
  );
}
