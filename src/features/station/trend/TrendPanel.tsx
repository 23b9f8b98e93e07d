// One chart of the trend screen: a device, up to four of its points (one query for all), the
// screen's shared x range and overlays. Charts of a screen share the range (a zoom on one is a
// new range for all) and a uPlot cursor sync key (hovering one moves the cursor on all).
import { useObservableState } from 'observable-hooks';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { AlignedData } from 'uplot';
import { useRuntime } from '../../../hooks/runtime';
import { useT } from '../../../hooks/useT';
import { TrendChart, type TrendBand, type TrendMarker, type TrendSeries } from '../../../widgets/trend/TrendChart';
import { pointLabel } from '../format';
import { deviceHistory, history$, newQueries, type HistoryQuery, type HistoryState } from '../../../../streams/station/history';
import { seriesFor } from './history';
import { joinSeries } from './join';

export const MAX_SERIES = 4;
export const SERIES_COLORS = ['#0ea5e9', '#f59e0b', '#a855f7', '#10b981'] as const;

export interface PanelInfo {
  state: HistoryState | null;
  fetches: number;
}

export interface TrendPanelProps {
  index: number;
  deviceId: number;
  deviceName: string;
  /** the station's devices: a picker for added charts; the first chart follows the device card */
  devices?: ReadonlyArray<{ deviceId: number; name: string }>;
  onDevice?: (deviceId: number) => void;
  available: ReadonlyArray<{ point: string; unit: string }>;
  points: readonly string[];
  onPoints: (points: string[]) => void;
  onRemove?: () => void;
  /** ms */
  range: { from: number; to: number };
  onRange: (min: number, max: number) => void;
  timeZone: string;
  syncKey?: string;
  markers: readonly TrendMarker[];
  bands: readonly TrendBand[];
  /** the panel's key for onInfo (a stable callback serves every panel) */
  infoKey: number;
  onInfo: (key: number, info: PanelInfo) => void;
  height?: number;
  /** more than one chart on the screen: plot areas line up */
  stacked?: boolean;
}

const ctl = 'rounded border border-slate-300 bg-transparent px-1 py-0.5 dark:border-slate-600';

/** The history query of a chart: its device, points (`key`, one per line), range (ms) and width. */
const historyQuery = (deviceId: number, key: string, from: number, to: number, width: number): HistoryQuery => {
  const points = key.split('\n');
  return { deviceId, point: points[0] ?? 'p', points, from: Math.round(from), to: Math.round(to), width };
};

export function TrendPanel(p: TrendPanelProps) {
  const t = useT('station');
  const { api } = useRuntime();
  const { deviceId, points, range, onInfo, infoKey } = p;
  const [width, setWidth] = useState(0);
  const queries = useMemo(newQueries, []);
  const fetches = useRef(0);
  const fetch = useMemo(() => {
    const f = deviceHistory(api);
    return (q: Parameters<typeof f>[0]) => {
      fetches.current += 1;
      return f(q);
    };
  }, [api]);
  const [state] = useObservableState<HistoryState | null>(() => history$(queries, fetch), null);
  const key = points.join('\n');
  // before paint: a zoom's query leaves in the same frame as the zoom
  useLayoutEffect(() => {
    if (width > 0) queries.next(historyQuery(deviceId, key, range.from, range.to, width));
  }, [queries, deviceId, key, range.from, range.to, width]);
  useEffect(() => onInfo(infoKey, { state, fetches: fetches.current }), [state, onInfo, infoKey]);
  // A zoom's query leaves from the wheel event itself, a render earlier than the layout effect
  // above, whose query for the same range is then dropped as a repeat (distinctUntilChanged).
  const current = useRef({ deviceId, key, width });
  useLayoutEffect(() => {
    current.current = { deviceId, key, width };
  }, [deviceId, key, width]);
  const parentOnRange = p.onRange;
  const onRange = useCallback(
    (min: number, max: number) => {
      const { deviceId: id, key: k, width: w } = current.current;
      if (w > 0) queries.next(historyQuery(id, k, min * 1000, max * 1000, w));
      parentOnRange(min, max);
    },
    [queries, parentOnRange],
  );

  const result = state?.kind === 'loaded' ? state.result : null;
  // the answer's series in the order of the picked points (a point the server lacks stays empty)
  const got = useMemo(() => seriesFor(result, points), [result, points]);
  const data = useMemo<AlignedData>(() => {
    const present = got.map((s) => s ?? { t: [], v: [] });
    if (present.length === 1) {
      const s = present[0]!;
      return [Float64Array.from(s.t, (x) => x / 1000), Array.from(s.v)];
    }
    return joinSeries(present);
  }, [got]);
  const available = p.available;
  const series = useMemo<TrendSeries[]>(
    () =>
      points.map((pt, k) => {
        const unit = got[k]?.unit ?? available.find((a) => a.point === pt)?.unit ?? '';
        return {
          label: `${pointLabel(t, pt)}${unit ? ` (${unit})` : ''}`,
          color: SERIES_COLORS[k % SERIES_COLORS.length]!,
          stepwise: got[k]?.stepwise ?? false,
          spanGaps: points.length > 1,
          unit,
        };
      }),
    [t, points, got, available],
  );
  const xr = useMemo(() => ({ min: range.from / 1000, max: range.to / 1000 }), [range.from, range.to]);
  const unused = p.available.filter((a) => !points.includes(a.point));
  const setAt = (k: number, pt: string) => p.onPoints(points.map((x, i) => (i === k ? pt : x)));

  return (
    <div
      data-testid="trend-panel"
      data-index={p.index}
      data-device={deviceId}
      data-points={points.join(',')}
      data-state={state?.kind ?? 'idle'}
      data-series={got.filter(Boolean).length}
      className="flex flex-col gap-1 border-t border-slate-100 pt-2 first:border-t-0 first:pt-0 dark:border-slate-800"
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {p.devices && p.onDevice ? (
          <label className="flex items-center gap-1">
            <span className="text-slate-500">{t('station:trend.device')}</span>
            <select data-testid="trend-device" value={deviceId} onChange={(e) => p.onDevice?.(Number(e.target.value))} className={ctl}>
              {p.devices.map((d) => (
                <option key={d.deviceId} value={d.deviceId}>
                  {d.name}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <span className="font-medium">{p.deviceName}</span>
        )}
        <span className="text-slate-500">{t('station:trend.point')}</span>
        {points.map((pt, k) => (
          <span key={k} data-testid="trend-series" className="flex items-center gap-0.5 rounded border px-1" style={{ borderColor: SERIES_COLORS[k] }}>
            <span aria-hidden className="inline-block h-2 w-2 rounded-full" style={{ background: SERIES_COLORS[k] }} />
            <select
              data-testid={k === 0 && p.index === 0 ? 'trend-point' : 'trend-series-point'}
              aria-label={t('station:trend.point')}
              value={pt}
              onChange={(e) => setAt(k, e.target.value)}
              className="bg-transparent py-0.5"
            >
              {[{ point: pt }, ...unused].map((a) => (
                <option key={a.point} value={a.point}>
                  {pointLabel(t, a.point)}
                </option>
              ))}
            </select>
            {points.length > 1 && (
              <button
                type="button"
                data-testid="trend-remove-point"
                aria-label={t('station:trend.removePoint', { point: pointLabel(t, pt) })}
                title={t('station:trend.removePoint', { point: pointLabel(t, pt) })}
                onClick={() => p.onPoints(points.filter((_, i) => i !== k))}
                className="px-0.5 text-slate-400 hover:text-red-600"
              >
                ×
              </button>
            )}
          </span>
        ))}
        <select
          data-testid="trend-add-point"
          aria-label={t('station:trend.addPoint')}
          title={points.length >= MAX_SERIES ? t('station:trend.maxSeries') : undefined}
          disabled={points.length >= MAX_SERIES || unused.length === 0}
          value=""
          onChange={(e) => e.target.value && p.onPoints([...points, e.target.value])}
          className={`${ctl} disabled:opacity-50`}
        >
          <option value="">{t('station:trend.addPoint')}</option>
          {unused.map((a) => (
            <option key={a.point} value={a.point}>
              {pointLabel(t, a.point)}
            </option>
          ))}
        </select>
        {p.onRemove && (
          <button
            type="button"
            data-testid="trend-remove-chart"
            onClick={p.onRemove}
            className="ml-auto rounded border border-slate-300 px-2 py-0.5 text-xs dark:border-slate-600"
          >
            {t('station:trend.removeChart')}
          </button>
        )}
        {state?.kind === 'failed' && <span className="text-xs text-red-600">{t('station:trend.failed')}</span>}
      </div>
      <TrendChart
        series={series}
        data={data}
        range={xr}
        timeZone={p.timeZone}
        onRange={onRange}
        onWidth={setWidth}
        testId={p.index === 0 ? 'trend-chart' : `trend-chart-${p.index}`}
        xLabel={t('station:trend.time')}
        syncKey={p.syncKey}
        markers={p.markers}
        bands={p.bands}
        height={p.height}
        stacked={p.stacked}
      />
    </div>
  );
}
