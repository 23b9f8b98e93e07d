// uPlot behind a small React component: the chart is created once per mount and fed with
// `setData` whenever new columnar data arrives (never rebuilt per tick). Width follows the box.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { fmtDate24 } from './timeAxis';
import { AXIS_FONT, AXIS_GAP, AXIS_TICKS, fitToLabels, groupedNumber } from './axisLabels';

export interface TrendSeries {
  label: string;
  color: string;
}
export interface LiveTrendProps {
  /** [xs (unix seconds), ys...] */
  data: uPlot.AlignedData;
  series: readonly TrendSeries[];
  height?: number;
  unit?: string;
  stale?: boolean;
  /** BCP 47 locale for the value labels' digit grouping (40,000) */
  locale?: string;
  /** under the time axis: which zone its hours are (uPlot draws them in the browser's) */
  timeLabel?: string;
}

export function LiveTrend({ data, series, height = 140, unit = '', stale = false, emptyText = '', locale = 'en-GB', timeLabel }: LiveTrendProps & { emptyText?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const format = groupedNumber(locale);
    const u = new uPlot(
      {
        width: Math.max(200, el.clientWidth),
        height,
        legend: { show: true, live: false },
        cursor: { drag: { x: false, y: false } },
        // 24-hour clock in both languages (uPlot's default reads 1am … 2pm)
        fmtDate: fmtDate24,
        scales: { x: { time: true } },
        axes: [
          { stroke: '#64748b', grid: { stroke: '#e2e8f033' }, size: 28, ...(timeLabel ? { label: timeLabel, labelSize: 16, labelFont: AXIS_FONT } : {}) },
          {
            stroke: '#64748b',
            grid: { stroke: '#94a3b833' },
            font: AXIS_FONT,
            ticks: AXIS_TICKS,
            gap: AXIS_GAP,
            size: fitToLabels,
            values: (_u, v) => v.map((x) => `${format(x)}${unit}`),
          },
        ],
        series: [{}, ...series.map((s) => ({ label: s.label, stroke: s.color, width: 1.5, fill: `${s.color}18`, spanGaps: false, points: { show: false } }))],
      },
      data,
      el,
    );
    plot.current = u;
    const ro = new ResizeObserver(() => u.setSize({ width: Math.max(200, el.clientWidth), height }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      u.destroy();
      plot.current = null;
    };
    // created once per mount: data arrives through setData below
  }, []);

  useEffect(() => {
    plot.current?.setData(data);
  }, [data]);

  const empty = data[0].length === 0;
  return (
    <div className="relative">
      <div ref={box} className={`w-full transition-opacity ${stale || empty ? 'opacity-40 grayscale' : ''}`} data-stale={stale} data-points={data[0].length} data-time-label={timeLabel} />
      {empty && emptyText && <p className="pointer-events-none absolute inset-0 flex items-center justify-center text-sm text-slate-500">{emptyText}</p>}
    </div>
  );
}
