import uPlot, { type Options } from 'uplot';
import { yRange } from './yRange';
import { zonedDate } from './zonedDate';
import { clockOfDay, fmtDate24 } from '../timeAxis';
import { dashOf, legendMarkers } from '../chart-words/patterns';

// The uPlot options of a trend chart apart from its hooks (TrendChart.tsx): times in the site's
// zone, one y scale per unit (the first two with an axis), steps for stepwise series, a line
// pattern per series (chart-words/patterns.ts).

const stepped = uPlot.paths.stepped?.({ align: 1 });

export interface TrendSeries {
  label: string;
  color: string;
  /** states, setpoints, prices: drawn as steps so they are never interpolated */
  stepwise: boolean;
  /** join across missing samples (series joined onto a shared time axis) */
  spanGaps?: boolean;
  /** series of the same unit share a y scale; without units all share one */
  unit?: string;
}

export interface ChartLayout {
  series: readonly TrendSeries[];
  timeZone: string;
  height: number;
  syncKey?: string;
  xLabel?: string;
  stacked: boolean;
  /** x is seconds after midnight of no particular day (a tariff's day): labels are 00:00…24:00 */
  dayClock?: boolean;
}

export function chartOptions(width: number, { series, timeZone, height, syncKey, xLabel, stacked, dayClock = false }: ChartLayout): Omit<Options, 'hooks'> {
  // one y scale per unit, in order of first use; the first two get an axis
  const units = [...new Set(series.map((s) => s.unit ?? ''))];
  const scaleOf = (s: TrendSeries) => (units.length > 1 ? `y:${s.unit ?? ''}` : 'y');
  const grid = { stroke: 'rgba(100,116,139,0.15)' };
  // stacked charts keep both gutters whatever their units, so their plot areas line up
  const axis = (u: string, side: 1 | 3) => ({ scale: units.length > 1 ? `y:${u}` : 'y', stroke: '#64748b', size: 60, side, label: u, labelSize: 18 });
  const yAxes: Options['axes'] =
    units.length > 1
      ? [
          { ...axis(units[0] ?? '', 3), grid },
          { ...axis(units[1] ?? '', 1), grid: { show: false } },
        ]
      : stacked
        ? [
            { ...axis(units[0] ?? '', 3), grid },
            { ...axis('', 1), grid: { show: false }, ticks: { show: false }, values: () => [] },
          ]
        : [{ stroke: '#64748b', grid, size: 60 }];
  return {
    width,
    height,
    tzDate: (ts) => zonedDate(ts * 1000, timeZone),
    // 24-hour clock and ISO-like dates in both languages (uPlot's defaults are US 12-hour, month/day)
    fmtDate: fmtDate24,
    scales: { x: { time: true }, ...Object.fromEntries((units.length > 1 ? units.map((u) => `y:${u}`) : ['y']).map((k) => [k, { range: yRange }])) },
    cursor: { drag: { x: true, y: false, setScale: true }, ...(syncKey ? { sync: { key: syncKey } } : {}) },
    legend: { show: true, live: true, markers: legendMarkers(series.map((s) => s.color)) },
    series: [
      { label: xLabel ?? 'Time', ...(dayClock ? { value: (_u: uPlot, v: number | null) => (v === null ? '—' : clockOfDay(v)) } : {}) },
      ...series.map((s, i) => ({
        label: s.label,
        stroke: s.color,
        width: 1.5,
        dash: dashOf(i),
        spanGaps: s.spanGaps ?? false,
        scale: scaleOf(s),
        points: { show: false },
        ...(s.stepwise && stepped ? { paths: stepped } : {}),
      })),
    ],
    axes: [{ stroke: '#64748b', grid, ...(dayClock ? { values: (_u: uPlot, splits: number[]) => splits.map(clockOfDay) } : {}) }, ...yAxes],
  };
}
