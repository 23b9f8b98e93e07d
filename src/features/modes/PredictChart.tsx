// The predicted next 24 hours (predictStrategyDay): SOC and grid power under the strategy being
// edited and under the one in force, on the station's clock, with the expected cost difference.
import { useMemo } from 'react';
import { useT } from '../../hooks/useT';
import type { PredictedDay } from '../../../streams/strategies/reads';
import { TrendChart, type TrendSeries } from '../../widgets/trend/TrendChart';

const money = (x: number) => x.toFixed(2);

export function PredictChart({ day }: { day: PredictedDay }) {
  const t = useT('modes');
  const xs = useMemo(() => {
    const start = Date.parse(day.start) / 1000;
    return day.candidate.soc.map((_, i) => start + (i + 1) * day.stepMinutes * 60);
  }, [day]);
  const nums = (a: (number | null)[]) => a.map((v) => v ?? null);
  const socSeries: TrendSeries[] = useMemo(() => [
    { label: `${t('modes:predict.soc')} · ${t('modes:predict.candidate')}`, color: '#2563eb', stepwise: false, unit: '%' },
    { label: `${t('modes:predict.soc')} · ${t('modes:predict.inForce')}`, color: '#94a3b8', stepwise: false, unit: '%' },
  ], [t]);
  const gridSeries: TrendSeries[] = useMemo(() => [
    { label: `${t('modes:predict.grid')} · ${t('modes:predict.candidate')}`, color: '#dc2626', stepwise: false, unit: 'kW' },
    { label: `${t('modes:predict.grid')} · ${t('modes:predict.inForce')}`, color: '#94a3b8', stepwise: false, unit: 'kW' },
  ], [t]);
  const range = { min: xs[0]! - day.stepMinutes * 60, max: xs.at(-1)! };
  const diff = day.difference;
  return (
    <figure data-testid="predict-chart" data-difference={diff} className="flex min-w-0 flex-col gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <figcaption className="flex flex-wrap items-baseline gap-3 text-sm">
        <span className="font-semibold">{t('modes:predict.title')}</span>
        <span>{t('modes:predict.cost', { candidate: money(day.candidate.cost), inForce: money(day.inForce.cost), currency: day.currency })}</span>
        <span data-testid="predict-difference" className={diff <= 0 ? 'font-medium text-emerald-700 dark:text-emerald-400' : 'font-medium text-red-600'}>
          {diff <= 0 ? t('modes:predict.saves', { amount: money(-diff), currency: day.currency }) : t('modes:predict.costsMore', { amount: money(diff), currency: day.currency })}
        </span>
      </figcaption>
      <TrendChart series={socSeries} data={[xs, nums(day.candidate.soc), nums(day.inForce.soc)]} range={range} timeZone={day.timezone} height={150} xLabel={t('modes:predict.time')} syncKey="predict" stacked testId="predict-soc" />
      <TrendChart series={gridSeries} data={[xs, day.candidate.gridKw, day.inForce.gridKw]} range={range} timeZone={day.timezone} height={150} xLabel={t('modes:predict.time')} syncKey="predict" stacked testId="predict-grid" />
    </figure>
  );
}
