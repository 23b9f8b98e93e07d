// Homepage (route homepage.index, SPEC §2, issue 5): charging / PV / proportion statistics with
// the shared energy formatter, live trend boxes (uPlot, created once, fed with setData; data age
// shown, greyed when stale) and the station matrix cards (virtualized). Everything polls, so a
// wall screen stays live without a reload.
import { useVirtualizer } from '@tanstack/react-virtual';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { formatEnergy, formatPower } from '../../../streams/format/energy';
import { ageText, alignedSeries, isStale, loadMatrix, loadStatistics, loadTodayCurve } from '../../../streams/home/homepage';
import { alarmStatusOverrides } from '../../../streams/monitor/alarmStatus';
import { scopeCode } from '../../../streams/monitor/scope';
import { StationCard } from '../../components/StationCard';
import { STATUS_KEYS, stationOverviewHref } from '../../components/stationLabels';
import { useRuntime, useStoreValue } from '../../hooks/runtime';
import { useNow, usePoll } from '../../hooks/usePoll';
import { useT } from '../../hooks/useT';
import type { TFn } from '../../i18n/i18n';
import type { TKey } from '../../i18n/keys';
import { LiveTrend } from '../../widgets/LiveTrend';

// maplibre + deck.gl: their own chunk, loaded after the homepage's first paint
const StationMap = lazy(() => import('../../widgets/map/StationMap'));
const STYLE_URL = (import.meta.env.VITE_MAP_STYLE_URL as string | undefined) || undefined;

const STATS_MS = 60_000;
const CURVE_MS = 60_000;
const MATRIX_MS = 60_000;

const box = 'rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900';

function Age({ at, now, interval, t }: { at: number | null; now: number; interval: number; t: TFn }) {
  const stale = isStale(at, now, interval);
  return (
    <span className={`rounded px-1.5 py-0.5 text-[11px] ${stale ? 'bg-slate-200 text-slate-500 dark:bg-slate-700' : 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-500'}`} data-testid="data-age" data-stale={stale}>
      {at === null ? t('home.trend.noData') : stale ? `${t('home.trend.stale')} · ${t('home.trend.age', { age: ageText(at, now) })}` : t('home.trend.age', { age: ageText(at, now) })}
    </span>
  );
}

const Figure = ({ label, value, testId }: { label: string; value: string; testId?: string }) => (
  <div className="min-w-0">
    <div className="truncate text-xs text-slate-500">{label}</div>
    <div className="truncate text-lg font-semibold tabular-nums" data-testid={testId}>{value}</div>
  </div>
);

export default function HomePage() {
  const t = useT();
  const { api } = useRuntime();
  const [, navigate] = useLocation();
  const scope = useStoreValue(scopeCode);
  const orgId = scope > 0 ? scope : undefined;
  const ready = scope >= 0;
  const now = useNow(1000);
  const stats = usePoll(() => loadStatistics(api, orgId), STATS_MS, [api, scope], ready);
  const curve = usePoll(() => loadTodayCurve(api, orgId, new Date()), CURVE_MS, [api, scope], ready);
  const matrix = usePoll(() => loadMatrix(api, orgId), MATRIX_MS, [api, scope], ready);
  const s = stats.value;

  const power = useMemo(() => alignedSeries(curve.value, ['pvKw', 'loadKw', 'essKw', 'gridKw']), [curve.value]);
  const soc = useMemo(() => alignedSeries(curve.value, ['soc']), [curve.value]);
  const curveStale = isStale(curve.at, now, CURVE_MS);

  // alarm pushes recolour their station at once (unresolved: fault → 2, others → 1)
  const alarmIds = useStoreValue((st) => st.alarms.ids);
  const alarmsById = useStoreValue((st) => st.alarms.byId);
  const overrides = useMemo(() => alarmStatusOverrides({ ids: alarmIds, byId: alarmsById }), [alarmIds, alarmsById]);
  const wall = new URLSearchParams(useSearch()).get('wall') === '1';
  const dark = wall || (typeof document !== 'undefined' && document.documentElement.classList.contains('dark'));

  const share = (k: TKey, v: number | undefined) => <Figure label={t(k)} value={v === undefined ? '-' : `${v.toFixed(1)} %`} />;

  return (
    <div className="flex flex-col gap-3" data-testid="homepage" data-wall={wall}>
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-3">
        <section className={`${box} lg:col-span-2 lg:row-span-3`} data-testid="home-map">
          <Suspense fallback={<div className="flex h-[420px] items-center justify-center text-sm text-slate-500">{t('app.loading')}</div>}>
            <StationMap
              stations={matrix.value ?? []}
              statusOverride={overrides}
              version={overrides.size + alarmIds.length}
              styleUrl={STYLE_URL}
              dark={dark}
              statusLabel={(x) => t(STATUS_KEYS[x] ?? 'monitor.status.offline')}
              powerLabel={(mw) => `${t('home.matrix.installedPower')} ${formatPower(mw * 1000)}`}
              countLabel={(n) => t('home.map.cluster', { count: n })}
              onOpen={(c) => navigate(stationOverviewHref(c.stationId, c.serviceProviderId))}
            />
          </Suspense>
        </section>
        <section className={box} data-testid="stats-charging">
          <header className="mb-2 flex items-center justify-between"><h2 className="font-semibold">{t('home.stats.charging')}</h2><Age at={stats.at} now={now} interval={STATS_MS} t={t} /></header>
          <div className="grid grid-cols-4 gap-2">
            <Figure label={t('home.stats.today')} value={s ? formatEnergy(s.charging.todayKwh) : '-'} testId="charging-today" />
            <Figure label={t('home.stats.month')} value={s ? formatEnergy(s.charging.monthKwh) : '-'} testId="charging-month" />
            <Figure label={t('home.stats.total')} value={s ? formatEnergy(s.charging.totalKwh) : '-'} testId="charging-total" />
            <Figure label={t('home.stats.sessionsToday')} value={s ? String(s.charging.sessionsToday) : '-'} />
          </div>
        </section>
        <section className={box} data-testid="stats-pv">
          <header className="mb-2 flex items-center justify-between"><h2 className="font-semibold">{t('home.stats.pv')}</h2><Age at={stats.at} now={now} interval={STATS_MS} t={t} /></header>
          <div className="grid grid-cols-4 gap-2">
            <Figure label={t('home.stats.today')} value={s ? formatEnergy(s.pv.todayKwh) : '-'} testId="pv-today" />
            <Figure label={t('home.stats.month')} value={s ? formatEnergy(s.pv.monthKwh) : '-'} testId="pv-month" />
            <Figure label={t('home.stats.total')} value={s ? formatEnergy(s.pv.totalKwh) : '-'} testId="pv-total" />
            <Figure label={t('home.stats.powerNow')} value={s ? formatPower(s.pv.powerKw) : '-'} />
          </div>
        </section>
        <section className={box} data-testid="stats-proportion">
          <header className="mb-2 flex items-center justify-between"><h2 className="font-semibold">{t('home.stats.proportion')}</h2><span className="text-xs text-slate-500">{s ? `${t('home.stats.stations')} ${s.stations.total} · ${t('home.stats.online')} ${s.stations.online}` : ''}</span></header>
          <div className="grid grid-cols-4 gap-2">
            {share('home.stats.pvShare', s?.proportion.pvPct)}
            {share('home.stats.gridShare', s?.proportion.gridPct)}
            {share('home.stats.essShare', s?.proportion.essPct)}
            {share('home.stats.generatorShare', s?.proportion.generatorPct)}
          </div>
          {s && (
            <div className="mt-2 flex h-2 overflow-hidden rounded" aria-hidden>
              <span style={{ width: `${s.proportion.pvPct}%` }} className="bg-amber-400" />
              <span style={{ width: `${s.proportion.gridPct}%` }} className="bg-sky-500" />
              <span style={{ width: `${s.proportion.essPct}%` }} className="bg-brand-500" />
              <span style={{ width: `${s.proportion.generatorPct}%` }} className="bg-slate-500" />
            </div>
          )}
        </section>
      </div>
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-3" data-testid="home-trends">
        <section className={`${box} lg:col-span-2`} data-testid="trend-power">
          <header className="mb-1 flex items-center justify-between"><h2 className="font-semibold">{t('home.trend.title')} (kW)</h2><Age at={curve.at} now={now} interval={CURVE_MS} t={t} /></header>
          <LiveTrend
            data={power}
            emptyText={t('home.trend.noData')}
            stale={curveStale}
            series={[
              { label: t('home.trend.pv'), color: '#f59e0b' },
              { label: t('home.trend.load'), color: '#6366f1' },
              { label: t('home.trend.ess'), color: '#13a37a' },
              { label: t('home.trend.grid'), color: '#0ea5e9' },
            ]}
          />
        </section>
        <section className={box} data-testid="trend-soc">
          <header className="mb-1 flex items-center justify-between"><h2 className="font-semibold">{t('home.trend.soc')} (%)</h2><Age at={curve.at} now={now} interval={CURVE_MS} t={t} /></header>
          <LiveTrend data={soc} stale={curveStale} emptyText={t('home.trend.noData')} series={[{ label: t('home.trend.soc'), color: '#13a37a' }]} />
        </section>
      </div>
      <Matrix cards={matrix.value} at={matrix.at} now={now} t={t} onOpen={(c) => navigate(stationOverviewHref(c.stationId, c.serviceProviderId))} />
    </div>
  );
}

const CARD_H = 150;
const CARD_MIN_W = 260;
const GAP = 12;

function Matrix({ cards, at, now, t, onOpen }: {
  cards: Parameters<typeof StationCard>[0]['card'][] | null; at: number | null; now: number; t: TFn;
  onOpen: (c: Parameters<typeof StationCard>[0]['card']) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [cols, setCols] = useState(4);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setCols(Math.max(1, Math.floor((el.clientWidth + GAP) / (CARD_MIN_W + GAP)))));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const list = cards ?? [];
  const rows = Math.ceil(list.length / cols);
  const v = useVirtualizer({ count: rows, getScrollElement: () => scroller.current, estimateSize: () => CARD_H + GAP, overscan: 2 });
  return (
    <section className={box} data-testid="station-matrix">
      <header className="mb-2 flex items-center justify-between">
        <h2 className="font-semibold">{t('home.matrix.title')} <span className="text-sm font-normal text-slate-500">({list.length})</span></h2>
        <Age at={at} now={now} interval={MATRIX_MS} t={t} />
      </header>
      <div ref={scroller} className="h-[480px] overflow-auto" data-testid="matrix-scroller">
        {cards !== null && list.length === 0 ? (
          <p className="p-8 text-center text-slate-500" data-testid="empty">{t('noDate')}</p>
        ) : (
          <div style={{ height: v.getTotalSize(), position: 'relative' }}>
            {v.getVirtualItems().map((vi) => (
              <div
                key={vi.key}
                style={{ position: 'absolute', top: 0, left: 0, right: 0, height: CARD_H, transform: `translateY(${vi.start}px)`, display: 'grid', gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`, gap: GAP }}
              >
                {list.slice(vi.index * cols, vi.index * cols + cols).map((c) => (
                  <StationCard key={c.stationId} card={c} t={t} onClick={onOpen} />
                ))}
              </div>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
