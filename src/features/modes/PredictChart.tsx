// The predicted next 24 hours (predictStrategyDay): SOC and grid power under the strategy being
// edited and under the one in force, on the station's clock, with the expected cost difference.
import { useMemo } from 'react';
import { currencyLabel } from '../../../protocol/currency';
import { useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { numberFormat } from '../../lib/numberFormat';
import { selectLanguage } from '../../../streams/selectors';
import type { PredictedDay } from '../../../streams/strategies/reads';
import { TrendChart, type TrendChartProps, type TrendSeries } from '../../widgets/trend/TrendChart';

/** Money with cents and grouped thousands, kW to a tenth, and the currency's name, in the reader's language. */
function useFigures(currency: string) {
  const lang = useStoreValue(selectLanguage) === 'en' ? 'en' : 'zh';
  const locale = lang === 'en' ? 'en-GB' : 'zh-CN';
  return {
    money: (x: number) => numberFormat(2, locale, 2).format(x),
    kw: (x: number) => numberFormat(1, locale, 1).format(x),
    currency: currencyLabel(currency, lang),
  };
}

type Demand = NonNullable<PredictedDay['demand']>;

/** The month's peak demand with and without storage once the predicted day is metered, and the demand charge saved (the bill's pricing). */
function PredictDemand({ day, demand }: { day: PredictedDay; demand: Demand }) {
  const t = useT('modes');
  const { money, kw, currency } = useFigures(day.currency);
  const row = (label: string, c: Demand['withStorage'], id: string) => (
    <div data-testid={`predict-demand-${id}`} className="flex min-w-0 flex-wrap gap-x-3">
      <dt className="font-medium">{label}</dt>
      <dd>{c.peakKw === null ? t('modes:predict.noPeak') : t('modes:predict.peakAt', { kw: kw(c.peakKw), when: c.peakLocal ?? '' })}</dd>
      <dd className="text-slate-600 dark:text-slate-300">{t('modes:predict.billedCharge', { kw: kw(c.billedKw), amount: money(c.amount), currency })}</dd>
    </div>
  );
  return (
    <div
      data-testid="predict-demand"
      data-saved={demand.saved}
      className="flex flex-col gap-1 rounded border border-slate-100 p-2 text-sm dark:border-slate-800"
    >
      <span className="text-xs text-slate-500 dark:text-slate-400">
        {t('modes:predict.demandTitle', { month: demand.month, minutes: demand.windowMinutes })}
      </span>
      <dl className="flex flex-col gap-1">
        {row(t('modes:predict.withStorage'), demand.withStorage, 'with')}
        {row(t('modes:predict.withoutStorage'), demand.withoutStorage, 'without')}
      </dl>
      <span data-testid="predict-demand-saved" className="font-medium text-emerald-700 dark:text-emerald-400">
        {t('modes:predict.demandSaved', { amount: money(demand.saved), currency })}
      </span>
    </div>
  );
}

export function PredictChart({ day }: { day: PredictedDay }) {
  const t = useT('modes');
  const { money, currency } = useFigures(day.currency);
  const xs = useMemo(() => {
    const start = Date.parse(day.start) / 1000;
    return day.candidate.soc.map((_, i) => start + (i + 1) * day.stepMinutes * 60);
  }, [day]);
  const nums = (a: (number | null)[]) => a.map((v) => v ?? null);
  const socSeries: TrendSeries[] = useMemo(
    () => [
      { label: `${t('modes:predict.soc')} · ${t('modes:predict.candidate')}`, color: '#2563eb', stepwise: false, unit: '%' },
      { label: `${t('modes:predict.soc')} · ${t('modes:predict.inForce')}`, color: '#94a3b8', stepwise: false, unit: '%' },
    ],
    [t],
  );
  const gridSeries: TrendSeries[] = useMemo(
    () => [
      { label: `${t('modes:predict.grid')} · ${t('modes:predict.candidate')}`, color: '#dc2626', stepwise: false, unit: 'kW' },
      { label: `${t('modes:predict.grid')} · ${t('modes:predict.inForce')}`, color: '#94a3b8', stepwise: false, unit: 'kW' },
    ],
    [t],
  );
  const range = { min: xs[0]! - day.stepMinutes * 60, max: xs.at(-1)! };
  const diff = day.difference;
  // both charts share the time axis (and the cursor) of the predicted day
  const chart = (series: TrendSeries[], data: TrendChartProps['data'], testId: string) => (
    <TrendChart
      series={series}
      data={data}
      range={range}
      timeZone={day.timezone}
      height={150}
      xLabel={t('modes:predict.time')}
      syncKey="predict"
      stacked
      testId={testId}
    />
  );
  return (
    <figure
      data-testid="predict-chart"
      data-difference={diff}
      className="flex min-w-0 flex-col gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-700"
    >
      <figcaption className="flex flex-wrap items-baseline gap-3 text-sm">
        <span className="font-semibold">{t('modes:predict.title')}</span>
        <span>{t('modes:predict.cost', { candidate: money(day.candidate.cost), inForce: money(day.inForce.cost), currency })}</span>
        <span data-testid="predict-difference" className={diff <= 0 ? 'font-medium text-emerald-700 dark:text-emerald-400' : 'font-medium text-red-600'}>
          {diff <= 0 ? t('modes:predict.saves', { amount: money(-diff), currency }) : t('modes:predict.costsMore', { amount: money(diff), currency })}
        </span>
      </figcaption>
      {day.demand && <PredictDemand day={day} demand={day.demand} />}
      {chart(socSeries, [xs, nums(day.candidate.soc), nums(day.inForce.soc)], 'predict-soc')}
      {chart(gridSeries, [xs, day.candidate.gridKw, day.inForce.gridKw], 'predict-grid')}
    </figure>
  );
}
