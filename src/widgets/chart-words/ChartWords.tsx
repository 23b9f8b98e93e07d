// A chart as a figure with words (docs/accessibility.md): the figure's caption, for assistive
// technology, says which series over which stretch and each series' lowest, highest and latest
// value with its unit; a button under the chart shows the same data as a table (at most
// TABLE_ROWS rows, evenly spread, the caption saying so). Every chart widget draws inside one.
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { numberFormat } from '../../lib/numberFormat';
import { selectLanguage } from '../../../streams/selectors';
import { EmptyRow } from '../EmptyRow';
import { chartFigures, summaryText, tableRows, type SeriesColumn } from './summary';

const TABLE_ROWS = 200;

export interface ChartWordsProps {
  xs: ArrayLike<number>;
  columns: readonly SeriesColumn[];
  /** an x as the reader reads it (a time in the site's zone, a clock of day, a bucket) */
  xText: (x: number) => string;
  /** the heading of the x column */
  xLabel?: string;
  /** the figure's classes (a chart filling its box passes its flex layout) */
  className?: string;
  children: ReactNode;
}

export function ChartWords({ xs, columns, xText, xLabel, className = '', children }: ChartWordsProps) {
  const t = useT();
  const lang = useStoreValue(selectLanguage);
  const num = numberFormat(2, lang === 'en' ? 'en-GB' : 'zh-CN');
  const [open, setOpen] = useState(false);
  const tableId = useId();
  const summary = useMemo(
    () =>
      summaryText(chartFigures(xs, columns), xText, (v) => num.format(v), {
        range: (p) => t('app.chart.range', p),
        figures: (p) => t('app.chart.figures', p),
        noValues: (p) => t('app.chart.noValues', p),
        empty: t('app.chart.empty'),
        list: (labels) => labels.join(lang === 'en' ? ', ' : '、'),
      }),
    [xs, columns, xText, num, t, lang],
  );
  const rows = open ? tableRows(xs.length, TABLE_ROWS) : [];
  const cell = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? num.format(v) : '—');
  return (
    <figure className={`m-0 ${className}`} data-testid="chart-figure">
      {children}
      <figcaption className="sr-only" data-testid="chart-summary">
        {summary}
      </figcaption>
      <div className="flex justify-end">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={tableId}
          data-testid="chart-table-toggle"
          onClick={() => setOpen(!open)}
          className="rounded px-1 text-xs text-brand-700 hover:underline dark:text-brand-500"
        >
          {t(open ? 'app.chart.hideTable' : 'app.chart.showTable')}
        </button>
      </div>
      <div
        id={tableId}
        hidden={!open}
        role="region"
        aria-label={t('app.chart.showTable')}
        tabIndex={open ? 0 : -1}
        className="mt-1 max-h-64 overflow-auto rounded border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
      >
        {open && (
          <table className="w-full text-left text-xs tabular-nums" data-testid="chart-table">
            <caption className="px-2 py-1 text-left text-slate-500 dark:text-slate-400">
              {columns.map((c) => c.label).join(lang === 'en' ? ', ' : '、')}
              {rows.length < xs.length ? ` · ${t('app.chart.sampled', { shown: rows.length, total: xs.length })}` : ''}
            </caption>
            <thead className="sticky top-0 bg-slate-50 dark:bg-slate-800">
              <tr>
                <th scope="col" className="px-2 py-1 font-medium">
                  {xLabel ?? t('app.chart.x')}
                </th>
                {columns.map((c) => (
                  <th key={c.label} scope="col" className="px-2 py-1 font-medium">
                    {c.unit ? `${c.label} (${c.unit})` : c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 && (
                <EmptyRow span={columns.length + 1} className="px-2 py-1 text-slate-500 dark:text-slate-400">
                  {t('app.chart.empty')}
                </EmptyRow>
              )}
              {rows.map((i) => (
                <tr key={i} className="border-t border-slate-100 dark:border-slate-800">
                  <th scope="row" className="px-2 py-0.5 font-normal whitespace-nowrap">
                    {xText(xs[i]!)}
                  </th>
                  {columns.map((c) => (
                    <td key={c.label} className="px-2 py-0.5">
                      {cell(c.values[i])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </figure>
  );
}
