// The trend screen of a device: range presets, zoom/pan through any chart (each new range fetches
// the history at the chart's width, so zooming in brings finer data), the station's zone on the
// axis, CSV of exactly the points on screen, and a live tail while a preset is chosen. Up to four
// points per chart and up to four charts (other devices of the station), sharing one x range and
// a cursor. Overlays: the device's alarms, the station's strategy issuance and mode switches, and
// the tariff periods in force (bands along the axis in the station's local time).
import { useObservable, useObservableCallback, useSubscription } from 'observable-hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { map, withLatestFrom } from 'rxjs';
import { stationDevices$, type StationDevice } from '../../../../streams/station/trend';
import { saveCsv } from '../../../lib/download';
import { Button } from '../../../components/Button';
import { useRuntime } from '../../../hooks/runtime';
import { useT } from '../../../hooks/useT';
import { PERIOD_KEY, labelOf } from '../../../i18n/codeKeys';
import { RESOLUTION_KEY } from '../../../i18n/stationKeys';
import { DEFAULT_TREND_POINT } from '../monitor/deviceViews';
import { seriesFor, toCsvColumns, type CsvColumn } from './history';
import { ISSUE_COLOR, PERIOD_COLORS, PERIOD_ORDER, SWITCH_COLOR } from './overlays';
import { MAX_SERIES, TrendPanel, type PanelInfo } from './TrendPanel';
import { ALARM_COLOR } from './alarmMarks';
import { formatDateTime } from '../../../lib/dateTime';
import { PRESET_KEY, presetRange, PRESETS, useTrendRange } from './useTrendRange';
import { useTrendOverlays } from './useTrendOverlays';

export const MAX_CHARTS = 4;

export interface DeviceTrendProps {
  deviceId: number;
  deviceName: string;
  points: ReadonlyArray<{ point: string; unit: string }>;
  initialPoint: string;
  /** fallback zone until the history answers with the station's */
  timeZone?: string;
  /** cursor sync group (the station's charts) */
  syncKey?: string;
  /** enables the overlays (alarms, strategy issuance, tariff periods) and added charts */
  stationId?: number;
}

interface Extra {
  key: number;
  deviceId: number;
  points: string[];
}

let nextKey = 1;

export function DeviceTrend({ deviceId, deviceName, points: available, initialPoint, timeZone: zone0, syncKey, stationId }: DeviceTrendProps) {
  const t = useT('alarms', 'station', 'tariffs');
  const { api } = useRuntime();
  const [mainPoints, setMainPoints] = useState<string[]>([initialPoint]);
  const [extras, setExtras] = useState<Extra[]>([]);
  const [devices, setDevices] = useState<StationDevice[] | null>(null);
  const [infos, setInfos] = useState<Record<number, PanelInfo>>({});

  useEffect(() => setMainPoints([initialPoint]), [deviceId, initialPoint]);
  const onInfo = useCallback(
    (key: number, info: PanelInfo) => setInfos((m) => (m[key]?.state === info.state && m[key]?.fetches === info.fetches ? m : { ...m, [key]: info })),
    [],
  );

  const main = infos[0]?.state ?? null;
  const result = main?.kind === 'loaded' ? main.result : null;
  const s0 = seriesFor(result, mainPoints)[0];
  const timeZone = result?.timezone ?? zone0 ?? 'UTC';
  const { range, setRange, onRange } = useTrendRange(timeZone);
  const qFrom = main?.query.from;
  const qTo = main?.query.to;

  const { periods, bands, stratMarks, mainMarkers, extraMarkers, alarmCount } = useTrendOverlays({
    stationId,
    qFrom,
    qTo,
    range,
    timeZone,
    deviceId,
    extras,
    t,
  });

  // ── added charts: the station's devices, read on the first "add chart" ──
  const [askDevices, asks$] = useObservableCallback<void>();
  const stationId$ = useObservable((in$) => in$.pipe(map(([id]) => id ?? null)), [stationId]);
  const added$ = useObservable(() =>
    stationDevices$(
      api,
      asks$.pipe(
        withLatestFrom(stationId$),
        map(([, id]) => id),
      ),
    ),
  );
  const defaultPoint = (d: StationDevice | undefined): string => {
    const want = d ? DEFAULT_TREND_POINT[d.type] : undefined;
    return d?.points.find((p) => p.point === want)?.point ?? d?.points[0]?.point ?? initialPoint;
  };
  useSubscription(added$, ({ devices: list, loaded }) => {
    if (loaded) setDevices(list);
    const shown = new Set([deviceId, ...extras.map((e) => e.deviceId)]);
    const d = list.find((x) => !shown.has(x.deviceId)) ?? list.find((x) => x.deviceId === deviceId);
    setExtras((xs) =>
      xs.length + 1 >= MAX_CHARTS ? xs : [...xs, { key: nextKey++, deviceId: d?.deviceId ?? deviceId, points: [d ? defaultPoint(d) : initialPoint] }],
    );
  });
  const updateExtra = (key: number, patch: Partial<Extra>) => setExtras((xs) => xs.map((x) => (x.key === key ? { ...x, ...patch } : x)));
  const removeExtra = (key: number) => {
    setExtras((xs) => xs.filter((x) => x.key !== key));
    setInfos((m) => {
      const { [key]: _, ...rest } = m;
      return rest;
    });
  };

  // ── CSV: every series of every chart, only the instants on screen ──
  const panels = useMemo(
    () => [
      { key: 0, deviceId, name: deviceName, points: mainPoints },
      ...extras.map((e) => ({
        key: e.key,
        deviceId: e.deviceId,
        name: devices?.find((d) => d.deviceId === e.deviceId)?.name ?? String(e.deviceId),
        points: e.points,
      })),
    ],
    [deviceId, deviceName, mainPoints, extras, devices],
  );
  const columns = useMemo<CsvColumn[]>(() => {
    const cols: CsvColumn[] = [];
    for (const p of panels) {
      const st = infos[p.key]?.state;
      const res = st?.kind === 'loaded' && st.result.deviceId === p.deviceId ? st.result : null;
      const got = seriesFor(res, p.points);
      for (const [k, pt] of p.points.entries()) {
        const s = got[k];
        if (!s) continue;
        const head = `${pt}${s.unit ? ` (${s.unit})` : ''}`;
        cols.push({ label: panels.length > 1 ? `${p.name} ${head}` : head, t: s.t, v: s.v });
      }
    }
    return cols;
  }, [panels, infos]);
  const csv = useMemo(
    () => toCsvColumns(columns, range.from, range.to, timeZone, (ms) => formatDateTime(ms, timeZone)),
    [columns, range.from, range.to, timeZone],
  );

  const exportCsv = () => {
    saveCsv(csv.csv, `${deviceName}-${mainPoints.join('+')}-${formatDateTime(range.from, timeZone).replace(/[: ]/g, '')}.csv`);
  };
  const pan = (dir: -1 | 1) => {
    const span = range.to - range.from;
    setRange({ from: range.from + dir * span * 0.5, to: range.to + dir * span * 0.5, live: false, preset: null });
  };

  const q = main?.query;
  const shownPeriods = PERIOD_ORDER.filter((p) => periods.some((x) => x.period === p));
  const issues = stratMarks.filter((m) => m.color === ISSUE_COLOR).length;
  const switches = stratMarks.length - issues;
  const common = { range, onRange, timeZone, syncKey, bands, onInfo, height: extras.length > 0 ? 220 : 260, stacked: extras.length > 0 };
  return (
    <section
      data-testid="trend"
      data-device={deviceId}
      data-point={mainPoints[0]}
      data-points={mainPoints.join(',')}
      data-resolution={s0?.resolution ?? ''}
      data-stepwise={s0?.stepwise ? '1' : '0'}
      data-shown={csv.rows}
      data-loaded={s0?.t.length ?? 0}
      data-fetches={infos[0]?.fetches ?? 0}
      data-query={q ? JSON.stringify({ from: q.from, to: q.to, width: q.width }) : ''}
      data-range={JSON.stringify({ from: Math.round(range.from), to: Math.round(range.to) })}
      data-state={main?.kind ?? 'idle'}
      data-charts={panels.length}
      data-strategy-marks={stratMarks.length}
      data-tariff-bands={bands.length}
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
    >
      <header className="flex flex-wrap items-center gap-2 text-sm">
        <h3 className="mr-2 font-semibold">
          {t('station:trend.title')} · {deviceName}
        </h3>
        <div role="group" aria-label={t('station:trend.range')} className="flex gap-1">
          {PRESETS.map((p) => (
            <button
              key={p.id}
              type="button"
              data-testid={`trend-preset-${p.id}`}
              aria-pressed={range.live && range.preset === p.id}
              onClick={() => setRange(presetRange(p.id, Date.now(), timeZone))}
              className="rounded border border-slate-300 px-2 py-0.5 aria-pressed:bg-sky-600 aria-pressed:text-white dark:border-slate-600"
            >
              {t(PRESET_KEY[p.id])}
            </button>
          ))}
        </div>
        <button
          type="button"
          data-testid="trend-pan-left"
          onClick={() => pan(-1)}
          className="rounded border border-slate-300 px-2 py-0.5 dark:border-slate-600"
        >
          ◀ {t('station:trend.panLeft')}
        </button>
        <button
          type="button"
          data-testid="trend-pan-right"
          onClick={() => pan(1)}
          className="rounded border border-slate-300 px-2 py-0.5 dark:border-slate-600"
        >
          {t('station:trend.panRight')} ▶
        </button>
        {stationId !== undefined && (
          <button
            type="button"
            data-testid="trend-add-chart"
            disabled={panels.length >= MAX_CHARTS}
            title={t('station:trend.maxCharts')}
            onClick={() => askDevices()}
            className="rounded border border-slate-300 px-2 py-0.5 disabled:opacity-50 dark:border-slate-600"
          >
            {t('station:trend.addChart')}
          </button>
        )}
        <Button data-testid="trend-csv" onClick={exportCsv} disabled={columns.length === 0}>
          {t('station:trend.exportCsv')}
        </Button>
      </header>
      {(shownPeriods.length > 0 || stratMarks.length > 0 || alarmCount > 0) && (
        <div data-testid="trend-legend" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
          {shownPeriods.length > 0 && <span className="text-slate-500">{t('station:trend.tariff')}</span>}
          {shownPeriods.map((p) => (
            <span key={p} data-testid={`trend-period-${p}`} className="flex items-center gap-1">
              <span aria-hidden className="inline-block h-2.5 w-4 rounded-sm" style={{ background: PERIOD_COLORS[p] }} />
              {t(PERIOD_KEY[p])}
            </span>
          ))}
          {alarmCount > 0 && <LegendLine color={ALARM_COLOR.fault} dashed label={t('station:trend.legendAlarm')} />}
          {issues > 0 && <LegendLine color={ISSUE_COLOR} label={t('station:trend.legendIssue')} />}
          {switches > 0 && <LegendLine color={SWITCH_COLOR} label={t('station:trend.legendSwitch')} />}
        </div>
      )}
      <TrendPanel
        {...common}
        index={0}
        infoKey={0}
        deviceId={deviceId}
        deviceName={deviceName}
        available={available}
        points={mainPoints}
        onPoints={setMainPoints}
        markers={mainMarkers}
      />
      {extras.map((e, i) => {
        const dev = devices?.find((d) => d.deviceId === e.deviceId);
        return (
          <TrendPanel
            {...common}
            key={e.key}
            index={i + 1}
            infoKey={e.key}
            deviceId={e.deviceId}
            deviceName={dev?.name ?? String(e.deviceId)}
            devices={devices ?? []}
            onDevice={(id) => updateExtra(e.key, { deviceId: id, points: [defaultPoint(devices?.find((d) => d.deviceId === id))] })}
            available={dev?.points ?? []}
            points={e.points}
            onPoints={(pts) => updateExtra(e.key, { points: pts.slice(0, MAX_SERIES) })}
            onRemove={() => removeExtra(e.key)}
            markers={extraMarkers.get(e.key) ?? []}
          />
        );
      })}
      <footer className="flex flex-wrap gap-x-4 text-xs text-slate-500 dark:text-slate-400">
        <span data-testid="trend-zone">{t('station:trend.zone', { zone: timeZone })}</span>
        {s0 && <span>{t('station:trend.resolution', { res: resLabel(s0.resolution) })}</span>}
        <span data-testid="trend-shown">{t('station:trend.shown', { count: csv.rows })}</span>
        {alarmCount > 0 && <span data-testid="trend-alarms">{t('station:trend.alarms', { count: alarmCount })}</span>}
        {stratMarks.length > 0 && <span data-testid="trend-strategies">{t('station:trend.strategies', { count: stratMarks.length })}</span>}
        {main?.kind === 'failed' && <span className="text-red-600">{t('station:trend.failed')}</span>}
        <span className="ml-auto">{t('station:trend.hint')}</span>
      </footer>
    </section>
  );
}

function LegendLine({ color, label, dashed }: { color: string; label: string; dashed?: boolean }) {
  return (
    <span className="flex items-center gap-1">
      <span aria-hidden className="inline-block h-3 w-0 border-l-2" style={{ borderColor: color, borderLeftStyle: dashed ? 'dashed' : 'solid' }} />
      {label}
    </span>
  );
}

const resLabel = (r: string): string => labelOf(RESOLUTION_KEY, r);
