// The chart of an analysis screen: one group of lines at a time (same unit), each with its
// comparison, the energy scale chosen by the largest value.
import { useState } from 'react';
import { useT } from '../../hooks/useT';
import { BucketChart } from './BucketChart';
import { chartScale, hint, label, type FigureKey } from './figures';
import type { ChartLine } from './sheet';

const COLORS = ['#0f766e', '#f59e0b', '#6366f1', '#ef4444', '#0ea5e9', '#84cc16'];

export interface TrendCardProps {
  buckets: readonly string[];
  lines: readonly ChartLine[];
  /** the lines drawn together; the first group is shown first */
  groups: readonly (readonly FigureKey[])[];
  currency: string;
  locale: string;
}

export function TrendCard({ buckets, lines, groups, currency, locale }: TrendCardProps) {
  const t = useT('analysis');
  const [g, setG] = useState(0);
  const group = groups[g] ?? groups[0] ?? [];
  const shown = group.map((k) => lines.find((l) => l.key === k)).filter((l): l is ChartLine => l !== undefined);
  const first = shown[0];
  const scale = first
    ? chartScale(
        first.key,
        shown.flatMap((l) => [...l.values, ...(l.compare ?? [])]),
        t,
        currency,
      )
    : { unit: '', factor: 1 };
  const div = (vs: readonly (number | null)[]) => vs.map((v) => (v === null ? null : v / scale.factor));
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900" data-testid="analysis-trend">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <h2 className="mr-2 text-sm font-semibold text-slate-600 dark:text-slate-300">{t('analysis:chart.title')}</h2>
        {groups.map((grp, i) => (
          <button
            key={grp.join()}
            type="button"
            aria-pressed={i === g}
            data-testid={`chart-group-${grp[0]}`}
            title={grp.map((k) => hint(t, k)).join('\n')}
            onClick={() => setG(i)}
            className={`rounded-full px-2.5 py-0.5 text-xs ${i === g ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-600 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-300'}`}
          >
            {grp.map((k) => label(t, k)).join(' / ')}
          </button>
        ))}
      </div>
      <BucketChart
        testId="analysis-chart"
        buckets={buckets}
        unit={scale.unit}
        xLabel={t('analysis:chart.bucket')}
        locale={locale}
        lines={shown.map((l, i) => ({
          label: label(t, l.key),
          color: COLORS[i % COLORS.length]!,
          values: div(l.values),
          compare: l.compare && div(l.compare),
          compareLabel: t('analysis:chart.compare', { label: label(t, l.key) }),
        }))}
      />
    </section>
  );
}
