// Consumption split by source (PV, storage, diesel generator, grid) as one stacked bar; the
// shares add up to the consumption.
import { useT } from '../../hooks/useT';
import { hint, label, show, type FigureKey } from './figures';

const SOURCES = [
  ['fromPvKwh', 'bg-amber-400'],
  ['fromEssKwh', 'bg-teal-600'],
  ['fromGeneratorKwh', 'bg-slate-500'],
  ['fromGridKwh', 'bg-indigo-500'],
] as const satisfies readonly (readonly [FigureKey, string])[];

export function SourcesBar({ totals, currency }: { totals: Record<(typeof SOURCES)[number][0] | 'consumptionKwh', number>; currency: string }) {
  const t = useT('analysis');
  const sum = SOURCES.reduce((a, [k]) => a + Math.max(0, totals[k]), 0);
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900" data-testid="analysis-sources">
      <h2 className="mb-2 text-sm font-semibold text-slate-600 dark:text-slate-300" title={hint(t, 'consumptionKwh')}>
        {t('analysis:sources')}
      </h2>
      <div className="flex h-4 overflow-hidden rounded bg-slate-100 dark:bg-slate-800">
        {sum > 0 && SOURCES.map(([k, c]) => <span key={k} className={c} style={{ width: `${(Math.max(0, totals[k]) / sum) * 100}%` }} title={label(t, k)} />)}
      </div>
      <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm">
        {SOURCES.map(([k, c]) => {
          const s = show(k, totals[k], t, currency);
          return (
            <li key={k} className="inline-flex items-center gap-1.5" title={hint(t, k)} data-testid={`source-${k}`}>
              <span className={`inline-block h-2.5 w-2.5 rounded-sm ${c}`} />
              <span className="text-slate-500">{label(t, k)}</span>
              <span className="tabular-nums">
                {s.value} {s.unit}
              </span>
              <span className="text-xs text-slate-400">{sum > 0 ? `${((Math.max(0, totals[k]) / sum) * 100).toFixed(1)}%` : ''}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
