// uPlot behind a small React component: the chart is created once per mount and fed with
// `setData` whenever new columnar data arrives (never rebuilt per tick). Width follows the box;
// on the wall screen the height does too (`fill`) and the axis type is scaled with the screen.
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { formatWall, viewerZone } from '../../protocol/site-time';
import { ChartWords } from './chart-words/ChartWords';
import { dashOf, legendMarkers, plainLegend } from './chart-words/patterns';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { fmtDate24 } from './timeAxis';
import { zonedDate } from './trend/zonedDate';
import { AXIS_FONT, AXIS_GAP, AXIS_TICKS, axisWidth, fitToLabels, groupedNumber } from './axisLabels';

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
  /** under the time axis: which zone its hours are */
  timeLabel?: string;
  /** the IANA zone the time axis reads in (the browser's when none) */
  timeZone?: string;
  /** the chart fills its box's height (the box must have one), less the legend's */
  fill?: boolean;
  /** axis type, ticks and line widths × this (the wall screen's scale) */
  scale?: number;
}

/** AXIS_FONT at `scale` times its size */
const scaledFont = (scale: number): string =>
  scale === 1 ? AXIS_FONT : AXIS_FONT.replace(/^(\d+)px/, (_m, px: string) => `${Math.round(Number(px) * scale)}px`);

export function LiveTrend({
  data,
  series,
  height = 140,
  unit = '',
  stale = false,
  emptyText = '',
  locale = 'en-GB',
  timeLabel,
  timeZone,
  fill = false,
  scale = 1,
}: LiveTrendProps & { emptyText?: string }) {
  const outer = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);

  // made before the first paint: a plot added after it pushed everything below down by its
  // height (a layout shift of 0.04 on the homepage's cold load, the sites' cards moving 190 px)
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const format = groupedNumber(locale);
    const font = scaledFont(scale);
    const k = (px: number) => Math.round(px * scale);
    // the plot's height: fixed, or what the box leaves under the legend
    const plotHeight = (u?: uPlot) => {
      // a fixed chart grows by the room its zone label takes, so its plot keeps its height
      if (!fill || !outer.current) return height + (timeLabel ? k(20) : 0);
      const legend = u?.root.querySelector<HTMLElement>('.u-legend')?.offsetHeight ?? k(24);
      return Math.max(k(60), outer.current.clientHeight - legend);
    };
    const u = new uPlot(
      {
        width: Math.max(200, el.clientWidth),
        height: plotHeight(),
        legend: { show: true, live: false, markers: legendMarkers(series.map((s) => s.color)) },
        cursor: { drag: { x: false, y: false } },
        // 24-hour clock in both languages (uPlot's default reads 1am … 2pm)
        fmtDate: fmtDate24,
        ...(timeZone ? { tzDate: (ts: number) => zonedDate(ts * 1000, timeZone) } : {}),
        scales: { x: { time: true } },
        axes: [
          // with a zone label under the axis, room for the date under the first tick above it
          {
            stroke: '#64748b',
            grid: { stroke: '#e2e8f033' },
            font,
            size: k(timeLabel ? 48 : 28),
            space: k(50),
            ticks: { size: k(AXIS_TICKS.size) },
            ...(timeLabel ? { label: timeLabel, labelSize: k(16), labelFont: font } : {}),
          },
          {
            stroke: '#64748b',
            grid: { stroke: '#94a3b833' },
            font,
            ticks: { size: k(AXIS_TICKS.size) },
            gap: k(AXIS_GAP),
            space: k(30),
            // as fitToLabels, with the tick, the gap and the air scaled like the type
            size:
              scale === 1
                ? fitToLabels
                : (uu, values) => {
                    const ctx = uu.ctx;
                    ctx.save();
                    ctx.font = font;
                    const w = axisWidth((t) => ctx.measureText(t).width, values ?? []);
                    ctx.restore();
                    return Math.ceil(w - axisWidth(() => 0, []) + axisWidth(() => 0, []) * scale);
                  },
            values: (_u, v) => v.map((x) => `${format(x)}${unit}`),
          },
        ],
        series: [
          {},
          ...series.map((s, i) => ({
            label: s.label,
            stroke: s.color,
            width: 1.5 * scale,
            dash: dashOf(i),
            fill: `${s.color}18`,
            spanGaps: false,
            points: { show: false },
          })),
        ],
      },
      data,
      el,
    );
    plainLegend(u);
    plot.current = u;
    const resize = () => u.setSize({ width: Math.max(200, el.clientWidth), height: plotHeight(u) });
    if (fill) resize();
    const ro = new ResizeObserver(resize);
    ro.observe(el);
    if (fill && outer.current) ro.observe(outer.current);
    return () => {
      ro.disconnect();
      u.destroy();
      plot.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- created once per mount: data arrives through setData below
  }, []);

  useEffect(() => {
    plot.current?.setData(data);
  }, [data]);

  const empty = data[0].length === 0;
  const columns = useMemo(
    () => series.map((s, i) => ({ label: s.label, unit: unit.trim(), values: (data[i + 1] ?? []) as ArrayLike<number | null> })),
    [series, data, unit],
  );
  const xText = useMemo(() => (x: number) => formatWall(timeZone ?? viewerZone(), x * 1000).slice(0, 16), [timeZone]);
  return (
    <ChartWords xs={data[0]} columns={columns} xText={xText} xLabel={timeLabel} className={fill ? 'flex h-full min-h-0 flex-col' : ''}>
      <div ref={outer} className={fill ? 'relative min-h-0 flex-1 overflow-hidden' : 'relative'}>
        <div
          ref={box}
          className={`w-full transition-opacity ${stale || empty ? 'opacity-40 grayscale' : ''}`}
          data-stale={stale}
          data-points={data[0].length}
          data-time-label={timeLabel}
        />
        {empty && emptyText && <p className="pointer-events-none absolute inset-0 flex items-center justify-center text-sm text-slate-500">{emptyText}</p>}
      </div>
    </ChartWords>
  );
}
