// A trend of one device point: range presets, zoom/pan through the chart (each new range fetches
// the history at the chart's width, so zooming in brings finer data), the station's zone on the
// axis, and CSV of exactly the points on screen. A preset range follows now (live tail).
import { useObservableState } from 'observable-hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AlignedData } from 'uplot';
import { Button } from '../../../components/Button';
import { useRuntime } from '../../../hooks/runtime';
import { useT } from '../../../hooks/useT';
import type { TKey } from '../../../i18n/keys';
import { TrendChart, type TrendMarker } from '../../../widgets/trend/TrendChart';
import { fmtTime, pointLabel } from '../format';
import { apiHistory, history$, newQueries, toCsv, visiblePoints, type HistoryState } from './history';

const PRESETS = [
  { id: 'h1', ms: 3_600_000 },
  { id: 'h6', ms: 6 * 3_600_000 },
  { id: 'd1', ms: 86_400_000 },
  { id: 'd7', ms: 7 * 86_400_000 },
  { id: 'd30', ms: 30 * 86_400_000 },
] as const;
const LIVE_REFRESH_MS = 15_000;

export interface DeviceTrendProps {
  deviceId: number;
  deviceName: string;
  points: ReadonlyArray<{ point: string; unit: string }>;
  initialPoint: string;
  /** fallback zone until the history answers with the station's */
  timeZone?: string;
  /** cursor sync group (the station's charts) */
  syncKey?: string;
  /** the device's alarms in the visible range are marked on the time axis */
  stationId?: number;
}

export function DeviceTrend({ deviceId, deviceName, points, initialPoint, timeZone: zone0, syncKey, stationId }: DeviceTrendProps) {
  const t = useT();
  const { api } = useRuntime();
  const [point, setPoint] = useState(initialPoint);
  const [range, setRange] = useState(() => ({ from: Date.now() - 6 * 3_600_000, to: Date.now(), live: true, span: 6 * 3_600_000 }));
  const [width, setWidth] = useState(0);
  const queries = useMemo(newQueries, []);
  const fetches = useRef(0);
  const fetch = useMemo(() => {
    const f = apiHistory(api);
    return (q: Parameters<typeof f>[0]) => {
      fetches.current += 1;
      return f(q);
    };
  }, [api]);
  const [state] = useObservableState<HistoryState | null>(() => history$(queries, fetch), null);

  useEffect(() => setPoint(initialPoint), [deviceId, initialPoint]);
  useEffect(() => {
    if (width > 0) queries.next({ deviceId, point, from: Math.round(range.from), to: Math.round(range.to), width });
  }, [queries, deviceId, point, range, width]);
  useEffect(() => {
    if (!range.live) return;
    const id = setInterval(() => setRange((r) => (r.live ? { ...r, from: Date.now() - r.span, to: Date.now() } : r)), LIVE_REFRESH_MS);
    return () => clearInterval(id);
  }, [range.live]);

  // alarm overlay: the device's alarms raised or recovered in the fetched range
  const [markers, setMarkers] = useState<TrendMarker[]>([]);
  const qFrom = state?.query.from;
  const qTo = state?.query.to;
  useEffect(() => {
    if (!stationId || qFrom === undefined || qTo === undefined) return;
    let alive = true;
    api
      .call('fuzzyAlarmRecord', { alarmRecordVo: { stationId, from: new Date(qFrom).toISOString(), to: new Date(qTo).toISOString() }, page: 1, length: 1000 }, { quiet: true })
      .then(
        (r) => {
          if (!alive) return;
          const color = { fault: '#dc2626', alert: '#d97706', event: '#64748b' } as const;
          setMarkers(
            r.dataList
              .filter((a) => a.deviceId === deviceId)
              .flatMap((a) => [
                { t: Date.parse(a.happenTime) / 1000, color: color[a.alarmType], label: a.content },
                ...(a.recoveryTime ? [{ t: Date.parse(a.recoveryTime) / 1000, color: '#16a34a', label: a.content }] : []),
              ]),
          );
        },
        () => undefined,
      );
    return () => {
      alive = false;
    };
  }, [api, stationId, deviceId, qFrom, qTo]);

  const result = state?.kind === 'loaded' ? state.result : null;
  const s = result?.series[0];
  const timeZone = result?.timezone ?? zone0 ?? 'UTC';
  const unit = s?.unit ?? points.find((p) => p.point === point)?.unit ?? '';
  const data = useMemo<AlignedData>(() => {
    if (!s) return [[], []];
    return [Float64Array.from(s.t, (x) => x / 1000), Array.from(s.v)];
  }, [s]);
  const xr = useMemo(() => ({ min: range.from / 1000, max: range.to / 1000 }), [range.from, range.to]);
  const onRange = useCallback((min: number, max: number) => setRange({ from: min * 1000, to: max * 1000, live: false, span: (max - min) * 1000 }), []);
  const shown = useMemo(() => (s ? visiblePoints(s.t, s.v, range.from, range.to) : []), [s, range.from, range.to]);
  const series = useMemo(() => [{ label: `${pointLabel(t, point)}${unit ? ` (${unit})` : ''}`, color: '#0ea5e9', stepwise: s?.stepwise ?? false }], [t, point, unit, s?.stepwise]);

  const exportCsv = () => {
    const csv = toCsv(shown, { point, unit, timeZone }, (ms) => fmtTime(ms, timeZone));
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    a.download = `${deviceName}-${point}-${fmtTime(range.from, timeZone).replace(/[: ]/g, '')}.csv`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  };
  const pan = (dir: -1 | 1) => {
    const span = range.to - range.from;
    setRange({ from: range.from + dir * span * 0.5, to: range.to + dir * span * 0.5, live: false, span });
  };

  const q = state?.query;
  return (
    <section
      data-testid="trend"
      data-device={deviceId}
      data-point={point}
      data-resolution={s?.resolution ?? ''}
      data-stepwise={s?.stepwise ? '1' : '0'}
      data-shown={shown.length}
      data-loaded={s?.t.length ?? 0}
      data-fetches={fetches.current}
      data-query={q ? JSON.stringify({ from: q.from, to: q.to, width: q.width }) : ''}
      data-state={state?.kind ?? 'idle'}
      className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
    >
      <header className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <h3 className="mr-2 font-semibold">{t('station.trend.title')} · {deviceName}</h3>
        <label className="flex items-center gap-1">
          <span className="text-slate-500">{t('station.trend.point')}</span>
          <select data-testid="trend-point" value={point} onChange={(e) => setPoint(e.target.value)} className="rounded border border-slate-300 bg-transparent px-1 py-0.5 dark:border-slate-600">
            {points.map((p) => (
              <option key={p.point} value={p.point}>
                {pointLabel(t, p.point)}
              </option>
            ))}
          </select>
        </label>
        <div role="group" aria-label={t('station.trend.range')} className="flex gap-1">
          {PRESETS.map((p) => (
            <button
              key={p.id}
              type="button"
              data-testid={`trend-preset-${p.id}`}
              aria-pressed={range.live && range.span === p.ms}
              onClick={() => setRange({ from: Date.now() - p.ms, to: Date.now(), live: true, span: p.ms })}
              className="rounded border border-slate-300 px-2 py-0.5 aria-pressed:bg-sky-600 aria-pressed:text-white dark:border-slate-600"
            >
              {t(`station.trend.${p.id}` as TKey)}
            </button>
          ))}
        </div>
        <button type="button" data-testid="trend-pan-left" onClick={() => pan(-1)} className="rounded border border-slate-300 px-2 py-0.5 dark:border-slate-600">◀ {t('station.trend.panLeft')}</button>
        <button type="button" data-testid="trend-pan-right" onClick={() => pan(1)} className="rounded border border-slate-300 px-2 py-0.5 dark:border-slate-600">{t('station.trend.panRight')} ▶</button>
        <Button data-testid="trend-csv" onClick={exportCsv} disabled={!s}>
          {t('station.trend.exportCsv')}
        </Button>
      </header>
      <TrendChart series={series} data={data} range={xr} timeZone={timeZone} onRange={onRange} onWidth={setWidth} testId="trend-chart" xLabel={t('station.trend.time')} syncKey={syncKey} markers={markers} />
      <footer className="mt-1 flex flex-wrap gap-x-4 text-xs text-slate-500 dark:text-slate-400">
        <span data-testid="trend-zone">{t('station.trend.zone', { zone: timeZone })}</span>
        {s && <span>{t('station.trend.resolution', { res: resLabel(t, s.resolution) })}</span>}
        <span>{t('station.trend.shown', { count: shown.length })}</span>
        {markers.length > 0 && <span data-testid="trend-alarms">{t('station.trend.alarms', { count: markers.filter((m) => m.color !== '#16a34a').length })}</span>}
        {state?.kind === 'failed' && <span className="text-red-600">{t('station.trend.failed')}</span>}
        <span className="ml-auto">{t('station.trend.hint')}</span>
      </footer>
    </section>
  );
}

const resLabel = (t: (k: TKey) => string, r: string): string => (['raw', '1m', '15m', '1d'].includes(r) ? t(`station.trend.res.${r}` as TKey) : r);
