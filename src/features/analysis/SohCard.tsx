// SOH per battery cluster over the period (one station's clusters; the server lists them only for
// a one-station scope): a line per cluster over UTC days, with its latest value and yearly trend.
import type { Res } from '../../../streams/api/client';
import { useT } from '../../hooks/useT';
import { BucketChart } from './BucketChart';
import { hint, label, show } from './figures';

type Cluster = Res<'queryEssAnalysis'>['soh'][number];
const COLORS = ['#0f766e', '#6366f1', '#f59e0b', '#ef4444', '#0ea5e9', '#84cc16', '#a855f7', '#64748b'];

export function SohCard({ clusters, oneStation, locale }: { clusters: readonly Cluster[]; oneStation: boolean; locale: string }) {
  const t = useT('analysis');
  const days = [...new Set(clusters.flatMap((c) => c.days))].sort();
  const lines = clusters.map((c, i) => {
    const at = new Map(c.days.map((d, j) => [d, c.values[j] ?? null]));
    return { label: c.name, color: COLORS[i % COLORS.length]!, values: days.map((d) => at.get(d) ?? null), compare: null, compareLabel: '' };
  });
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900" data-testid="analysis-soh">
      <h2 className="mb-2 text-sm font-semibold text-slate-600 dark:text-slate-300" title={hint(t, 'sohPct')}>
        {t('analysis:soh.title')} (%, UTC)
      </h2>
      {!oneStation ? (
        <p className="py-6 text-center text-sm text-slate-500">{t('analysis:soh.oneStation')}</p>
      ) : clusters.length === 0 || days.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500" data-testid="soh-empty">
          {t('noDate')}
        </p>
      ) : (
        <div className="grid gap-3 lg:grid-cols-[1fr_260px]">
          <BucketChart testId="soh-chart" buckets={days} lines={lines} unit="%" xLabel={t('analysis:chart.bucket')} locale={locale} height={220} />
          <table className="self-start text-sm">
            <thead>
              <tr className="text-left text-xs text-slate-500">
                <th className="py-1 font-medium">{t('analysis:soh.cluster')}</th>
                <th className="py-1 text-right font-medium" title={hint(t, 'sohPct')}>
                  {t('analysis:soh.latest')} (%)
                </th>
                <th className="py-1 text-right font-medium" title={hint(t, 'trendPctPerYear')}>
                  {label(t, 'trendPctPerYear')}
                </th>
              </tr>
            </thead>
            <tbody>
              {clusters.map((c) => (
                <tr key={c.deviceId} data-testid="soh-cluster" className="border-t border-slate-100 dark:border-slate-800">
                  <td className="py-1">{c.name}</td>
                  <td className="py-1 text-right tabular-nums">{show('sohPct', c.latestPct, t, '').value}</td>
                  <td className="py-1 text-right tabular-nums">
                    {show('trendPctPerYear', c.trendPctPerYear, t, '').value} {show('trendPctPerYear', null, t, '').unit}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
