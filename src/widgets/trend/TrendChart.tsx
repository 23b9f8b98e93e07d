// uPlot behind a small React component (HOUSE-STYLE "imperative widgets"): the chart is created
// once per series layout and fed with setData; the x range is controlled by the parent, which
// fetches finer data for it. Drag-select and the wheel zoom, Shift+wheel pans; every user range
// change is reported through onRange (seconds). Times are drawn in `timeZone`. Series with
// different units get a y scale each (the first two with an axis, left and right). Markers are
// vertical lines (dashed: alarms; solid with a flag: strategy issuance), bands colour stretches of
// the time axis (tariff periods) behind the series. Data far denser than the pixels (over
// LOD_MIN samples) is drawn through a level-of-detail view (lod.ts) recomputed per range.
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatWall } from '../../../protocol/site-time';
import uPlot, { type AlignedData } from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { chartOptions, type TrendSeries } from './chartOptions';
import { buildLod, type LodIndex } from './lod';
import { viewOf } from './lodView';
import { drawBands, drawMarkers, type TrendBand, type TrendMarker } from './overlays';
import { userRanges } from './userRange';
import { wheelRange } from './wheelRange';
import { ChartWords } from '../chart-words/ChartWords';
import { plainLegend } from '../chart-words/patterns';
import { within } from '../chart-words/summary';
import { clockOfDay } from '../timeAxis';

/** Above this many samples per series the chart draws M4 of the visible range, not every sample. */
export const LOD_MIN = 20_000;

export interface TrendChartProps {
  series: readonly TrendSeries[];
  /** [xs (s), ys…]; typed arrays welcome */
  data: AlignedData;
  /** visible x range, seconds */
  range: { min: number; max: number };
  timeZone: string;
  height?: number;
  /** a user zoom or pan, seconds */
  onRange?: (min: number, max: number) => void;
  /** plot area width in CSS pixels (what the history query asks for) */
  onWidth?: (px: number) => void;
  testId?: string;
  /** charts with the same key share their cursor (one station's charts) */
  syncKey?: string;
  /** legend label of the time axis */
  xLabel?: string;
  markers?: readonly TrendMarker[];
  bands?: readonly TrendBand[];
  /** one of a stack of charts: left and right axis gutters are always kept (and the unit labelled) */
  stacked?: boolean;
  /** x is seconds after midnight of no particular day: labels read 00:00…24:00 */
  dayClock?: boolean;
}

export type { TrendBand, TrendMarker, TrendSeries };

export function TrendChart({
  series,
  data,
  range,
  timeZone,
  height = 260,
  onRange,
  onWidth,
  testId,
  syncKey,
  xLabel,
  markers,
  bands,
  stacked = false,
  dayClock = false,
}: TrendChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const programmatic = useRef(false);
  /** performance.now() of the last setData or wheel: the draw hook reports how long it took */
  const started = useRef<{ at: number; data: boolean } | null>(null);
  const marks = useRef<readonly TrendMarker[]>(markers ?? []);
  const strips = useRef<readonly TrendBand[]>(bands ?? []);
  /** the chart's own zoom steps that the range prop has not caught up with yet */
  const [zoom] = useState(userRanges);
  const cb = useRef({ onRange, onWidth });
  cb.current = { onRange, onWidth };
  /** when the current data arrived: its draw time includes building its level-of-detail index */
  const dataAt = useRef(0);
  const drawnData = useRef<AlignedData | null>(null);
  const lod = useMemo<LodIndex | null>(() => {
    dataAt.current = performance.now();
    return data[0].length > LOD_MIN ? buildLod(data[0], data.slice(1) as LodIndex['ys']) : null;
  }, [data]);
  const src = useRef({ data, lod });
  src.current = { data, lod };
  /** what uPlot holds now: the full data or a level-of-detail view of it */
  const shown = useRef<AlignedData | null>(null);
  const viewKey = useRef('');
  /** the data and range the chart was just built with: the data effect of that same commit has nothing to redo */
  const builtWith = useRef<{ data: AlignedData; min: number; max: number } | null>(null);
  const layout = JSON.stringify([series, timeZone, height, syncKey, xLabel, stacked, dayClock]);

  /** Puts the level-of-detail view of [min, max] into uPlot (no-op for data that fits). */
  function refreshView(u: uPlot, min: number, max: number): void {
    const { data: full, lod: ix } = src.current;
    if (!ix) return;
    const key = `${min}:${max}:${u.bbox.width}`;
    if (key === viewKey.current) return;
    viewKey.current = key;
    const next = viewOf(full, ix, min, max, u.bbox.width / devicePixelRatio);
    if (next === shown.current) return;
    shown.current = next;
    const was = programmatic.current;
    programmatic.current = true;
    u.setData(next, false);
    programmatic.current = was;
  }

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const opts: uPlot.Options = {
      ...chartOptions(Math.max(100, el.clientWidth), { series, timeZone, height, syncKey, xLabel, stacked, dayClock }),
      hooks: {
        drawClear: [
          (u) => {
            el.dataset.bandsDrawn = String(drawBands(u, strips.current));
          },
        ],
        draw: [
          (u) => {
            el.dataset.markersDrawn = String(drawMarkers(u, marks.current));
          },
          () => {
            const st = started.current;
            if (!st) return;
            const now = performance.now();
            el.dataset.drawMs = (now - st.at).toFixed(2);
            el.dataset.draws = String(Number(el.dataset.draws ?? 0) + 1);
            if (st.data) el.dataset.dataPaintedAt = now.toFixed(2);
            started.current = null;
          },
        ],
        setCursor: [
          (u) => {
            // the label of a marker under the pointer, as the plot's tooltip
            const left = u.cursor.left ?? -1;
            let title = '';
            if (left >= 0) {
              for (const m of marks.current) {
                if (Math.abs(u.valToPos(m.t, 'x') - left) <= 4) title = title ? `${title}\n${m.label}` : m.label;
              }
            }
            if (u.over.title !== title) u.over.title = title;
          },
        ],
        setScale: [
          (u, key) => {
            if (key !== 'x' || programmatic.current) return;
            const sx = u.scales.x;
            const min = sx?.min;
            const max = sx?.max;
            if (min === undefined || max === undefined || !(max > min)) return;
            // a drag-select: the view of the new range follows (wheel and props set it first)
            if (src.current.lod) queueMicrotask(() => refreshView(u, min, max));
            zoom.reported({ min, max });
            cb.current.onRange?.(min, max);
          },
        ],
      },
    };
    started.current = { at: data !== drawnData.current ? dataAt.current : performance.now(), data: true };
    drawnData.current = data;
    const first = zoom.shown(range);
    shown.current = viewOf(src.current.data, src.current.lod, first.min, first.max, Math.max(100, el.clientWidth - 120));
    const u = new uPlot(opts, shown.current, el);
    plainLegend(u);
    plot.current = u;
    builtWith.current = { data, min: first.min, max: first.max };
    // only for the effects of this commit: later the user's zoom may have moved the scale away from it
    queueMicrotask(() => {
      builtWith.current = null;
    });
    programmatic.current = true;
    u.setScale('x', first);
    programmatic.current = false;
    cb.current.onWidth?.(Math.round(u.bbox.width / devicePixelRatio));

    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const next = wheelRange(u, e);
      if (!next) return;
      started.current = { at: performance.now(), data: false };
      refreshView(u, next.min, next.max);
      u.setScale('x', next);
    };
    u.over.addEventListener('wheel', onWheel, { passive: false });
    const ro = new ResizeObserver(() => {
      const w = Math.max(100, el.clientWidth);
      if (Math.abs(w - u.width) < 2) return;
      u.setSize({ width: w, height });
      const sx = u.scales.x;
      if (sx?.min !== undefined && sx.max !== undefined) refreshView(u, sx.min, sx.max); // buckets follow the width
      cb.current.onWidth?.(Math.round(u.bbox.width / devicePixelRatio));
    });
    ro.observe(el);
    return () => {
      ro.disconnect();
      u.over.removeEventListener('wheel', onWheel);
      u.destroy();
      plot.current = null;
    };
    // the chart is rebuilt only when the series layout changes; data and range go through setData/setScale
    // eslint-disable-next-line react-hooks/exhaustive-deps -- layout holds every input the build reads
  }, [layout]);

  useEffect(() => {
    const u = plot.current;
    if (!u) return;
    // new data or a new range prop; while the chart's own zoom is ahead of the prop, its range stays
    const view = zoom.shown(range);
    const built = builtWith.current;
    builtWith.current = null;
    // on mount the view was just computed from this very data (a second pass over it cost as much as the first)
    if (built && built.data === data && built.min === view.min && built.max === view.max) return;
    programmatic.current = true;
    started.current = { at: data !== drawnData.current ? dataAt.current : performance.now(), data: true };
    drawnData.current = data;
    shown.current = viewOf(data, lod, view.min, view.max, u.bbox.width / devicePixelRatio);
    viewKey.current = `${view.min}:${view.max}:${u.bbox.width}`;
    u.setData(shown.current, false);
    u.setScale('x', view);
    programmatic.current = false;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- zoom and lod are per-mount objects
  }, [data, range]);

  useEffect(() => {
    marks.current = markers ?? [];
    strips.current = bands ?? [];
    plot.current?.redraw(false, false);
  }, [markers, bands]);

  // the words for what is in view: the range prop's stretch of the data
  const shownPart = useMemo(
    () =>
      within(
        data[0],
        series.map((s, i) => ({ label: s.label, unit: s.unit ?? '', values: (data[i + 1] ?? []) as ArrayLike<number | null> })),
        range.min,
        range.max,
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- layout holds the series
    [data, range.min, range.max, layout],
  );
  const xText = useMemo(() => (dayClock ? clockOfDay : (x: number) => formatWall(timeZone, x * 1000).slice(0, 16)), [dayClock, timeZone]);
  return (
    <ChartWords xs={shownPart.xs} columns={shownPart.columns} xText={xText} xLabel={xLabel}>
      <div ref={box} data-testid={testId} data-markers={markers?.length ?? 0} data-bands={bands?.length ?? 0} className="trend-chart w-full" />
    </ChartWords>
  );
}
