// One figure: label, value and unit, its definition on hover, and the comparison period's value
// with the change when there is one.
import { useT } from '../../hooks/useT';
import { hint, label, show, showAs, type FigureKey } from './figures';

export interface FigureCardProps {
  figure: FigureKey;
  value: number | null;
  /** undefined: no comparison asked */
  compare?: number | null;
  currency: string;
  /** a line under the value (a method, a breakdown) */
  note?: string;
}

export function FigureCard({ figure, value, compare, currency, note }: FigureCardProps) {
  const t = useT('analysis');
  const s = show(figure, value, t, currency);
  const c = compare === undefined ? null : showAs(figure, compare, s, t, currency);
  const change = compare !== undefined && compare !== null && value !== null && compare !== 0 ? ((value - compare) / Math.abs(compare)) * 100 : null;
  return (
    <div
      data-testid={`fig-${figure}`}
      title={hint(t, figure)}
      className="cursor-help rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="text-xs text-slate-500">{label(t, figure)}</div>
      <div className="mt-1 flex items-baseline gap-1">
        <span data-testid="fig-value" className="text-xl font-semibold tabular-nums">
          {s.value}
        </span>
        <span data-testid="fig-unit" className="text-xs text-slate-500">
          {s.unit}
        </span>
      </div>
      {c && (
        <div className="mt-0.5 text-xs text-slate-500" data-testid="fig-compare">
          {t('analysis:chart.compare', { label: `${c.value} ${c.unit}` })}
          {change !== null && (
            <span className={`ml-1 ${change >= 0 ? 'text-emerald-600' : 'text-red-600'}`}>
              {change >= 0 ? '+' : ''}
              {change.toFixed(1)}%
            </span>
          )}
        </div>
      )}
      {note && (
        <div className="mt-0.5 text-xs text-slate-500" data-testid="fig-note">
          {note}
        </div>
      )}
    </div>
  );
}
