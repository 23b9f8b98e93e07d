// Homepage (route homepage.index, SPEC §2, issue 5): charging / PV / proportion statistics with
// the shared energy formatter, live trend boxes (uPlot, created once, fed with setData; data age
// shown, greyed when stale) and the station matrix cards (virtualized). The data lives in the
// store (streams/home/homepage.ts resources, polled while this screen watches them), so a wall
// screen stays live without a reload and agrees with every other screen on station statuses.
import { useObservableEagerState } from 'observable-hooks';
import { lazy, Suspense, useMemo } from 'react';
import { of, type Observable } from 'rxjs';
import { useLocation, useSearch } from 'wouter';
import { formatEnergy, formatPower } from '../../../streams/format/energy';
import { viewerZone } from '../../../protocol/site-time';
import { alignedSeries, CURVE_MS, homeCurve$, homeMatrix$, homeStatistics$, isStale, MATRIX_MS, STATS_MS } from '../../../streams/home/homepage';
import { scopeCode } from '../../../streams/monitor/scope';
import type { View } from '../../../streams/slices/selectors';
import { STATUS_KEYS, stationOverviewHref } from '../../components/stationLabels';
import { useRuntime, useStoreValue } from '../../hooks/runtime';
import { useNow } from '../../hooks/useNow';
import { useInMaintenance } from '../../hooks/useInMaintenance';
import { useT } from '../../hooks/useT';
import { LiveTrend } from '../../widgets/LiveTrend';
import { DataAge } from './DataAge';
import { Matrix } from './Matrix';
import { boxClass, StatBlock, type StatFigure } from './StatBlock';
import { useMoneyLang } from '../../hooks/useMoneyLang';

// maplibre + deck.gl: their own chunk, loaded after the homepage's first paint
const StationMap = lazy(() => import('../../widgets/map/StationMap'));
const STYLE_URL = (import.meta.env.VITE_MAP_STYLE_URL as string | undefined) || undefined;

const WAITING: View<never> = { value: null, at: null, failures: 0 };

/** A resource view of the scope, once the scope has settled (scopeCode ≥ 0). */
function useScoped<T>(make: (orgId: number | undefined) => Observable<View<T>>, scope: number): View<T> {
  const obs = useMemo(() => (scope >= 0 ? make(scope > 0 ? scope : undefined) : of(WAITING as View<T>)), [make, scope]);
  return useObservableEagerState(obs);
}

export default function HomePage() {
  const t = useT('home', 'monitor', 'alarms');
  const { api, store } = useRuntime();
  const [, navigate] = useLocation();
  const scope = useStoreValue(scopeCode);
  const now = useNow(1000);
  const inMaintenance = useInMaintenance();
  // polled figures cannot be current while the API is unreachable (the push channel alone does not matter)
  const down = useStoreValue((s) => s.connection.api === 'offline');
  const numberLocale = useStoreValue((s) => (s.session.language === 'en' ? 'en-GB' : 'zh-CN'));
  const moneyLang = useMoneyLang();
  const [statsOf, curveOf, matrixOf] = useMemo(
    () => [(o: number | undefined) => homeStatistics$(store, api, o), (o: number | undefined) => homeCurve$(store, api, o), (o: number | undefined) => homeMatrix$(store, api, o)] as const,
    [store, api],
  );
  const stats = useScoped(statsOf, scope);
  const curve = useScoped(curveOf, scope);
  const matrix = useScoped(matrixOf, scope);
  const s = stats.value;

  const power = useMemo(() => alignedSeries(curve.value, ['pvKw', 'loadKw', 'essKw', 'gridKw']), [curve.value]);
  const soc = useMemo(() => alignedSeries(curve.value, ['soc']), [curve.value]);
  const curveStale = down || isStale(curve.at, now, CURVE_MS);
  const wall = new URLSearchParams(useSearch()).get('wall') === '1';
  const dark = wall || (typeof document !== 'undefined' && document.documentElement.classList.contains('dark'));
  const age = (at: number | null, interval: number) => <DataAge at={at} now={now} interval={interval} down={down} t={t} />;

  const energy = (v: number | undefined) => (v === undefined ? '-' : formatEnergy(v));
  const pct = (v: number | undefined) => (v === undefined ? '-' : `${v.toFixed(1)} %`);
  const charging: StatFigure[] = [
    { label: t('home:stats.today'), value: energy(s?.charging.todayKwh), testId: 'charging-today' },
    { label: t('home:stats.month'), value: energy(s?.charging.monthKwh), testId: 'charging-month' },
    { label: t('home:stats.total'), value: energy(s?.charging.totalKwh), testId: 'charging-total' },
    { label: t('home:stats.sessionsToday'), value: s ? String(s.charging.sessionsToday) : '-' },
  ];
  const pv: StatFigure[] = [
    { label: t('home:stats.today'), value: energy(s?.pv.todayKwh), testId: 'pv-today' },
    { label: t('home:stats.month'), value: energy(s?.pv.monthKwh), testId: 'pv-month' },
    { label: t('home:stats.total'), value: energy(s?.pv.totalKwh), testId: 'pv-total' },
    { label: t('home:stats.powerNow'), value: s ? formatPower(s.pv.powerKw) : '-' },
  ];
  const shares: StatFigure[] = [
    { label: t('home:stats.pvShare'), value: pct(s?.proportion.pvPct) },
    { label: t('home:stats.gridShare'), value: pct(s?.proportion.gridPct) },
    { label: t('home:stats.essShare'), value: pct(s?.proportion.essPct) },
    { label: t('home:stats.generatorShare'), value: pct(s?.proportion.generatorPct) },
  ];
  const open = (c: { stationId: number; serviceProviderId: number }) => navigate(stationOverviewHref(c.stationId, c.serviceProviderId));

  return (
    <div className="flex flex-col gap-3" data-testid="homepage" data-wall={wall}>
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-3">
        <section className={`${boxClass} lg:col-span-2 lg:row-span-3`} data-testid="home-map">
          <Suspense fallback={<div className="flex h-[420px] items-center justify-center text-sm text-slate-500">{t('app.loading')}</div>}>
            <StationMap
              stations={matrix.value ?? []}
              styleUrl={STYLE_URL}
              dark={dark}
              statusLabel={(x) => t(STATUS_KEYS[x] ?? 'monitor:status.offline')}
              powerLabel={(mw) => `${t('home:matrix.installedPower')} ${formatPower(mw * 1000)}`}
              countLabel={(n) => t('home:map.cluster', { count: n })}
              inMaintenance={inMaintenance}
              maintenanceLabel={t('alarms:handling.inMaintenance')}
              onOpen={open}
            />
          </Suspense>
        </section>
        <StatBlock testId="stats-charging" title={t('home:stats.charging')} aside={age(stats.at, STATS_MS)} figures={charging} />
        <StatBlock testId="stats-pv" title={t('home:stats.pv')} aside={age(stats.at, STATS_MS)} figures={pv} />
        <StatBlock
          testId="stats-proportion"
          title={t('home:stats.proportion')}
          aside={<span className="text-xs text-slate-500">{s ? `${t('home:stats.stations')} ${s.stations.total} · ${t('home:stats.online')} ${s.stations.online}` : ''}</span>}
          figures={shares}
        >
          {s && (
            <div className="mt-2 flex h-2 overflow-hidden rounded" aria-hidden>
              <span style={{ width: `${s.proportion.pvPct}%` }} className="bg-amber-400" />
              <span style={{ width: `${s.proportion.gridPct}%` }} className="bg-sky-500" />
              <span style={{ width: `${s.proportion.essPct}%` }} className="bg-brand-500" />
              <span style={{ width: `${s.proportion.generatorPct}%` }} className="bg-slate-500" />
            </div>
          )}
        </StatBlock>
      </div>
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-3" data-testid="home-trends">
        <section className={`${boxClass} lg:col-span-2`} data-testid="trend-power">
          <header className="mb-1 flex items-center justify-between"><h2 className="font-semibold">{t('home:trend.title')} (kW)</h2>{age(curve.at, CURVE_MS)}</header>
          <LiveTrend
            data={power}
            locale={numberLocale}
            timeLabel={t('home:trend.timeAxis', { zone: viewerZone() })}
            emptyText={t('home:trend.noData')}
            stale={curveStale}
            series={[
              { label: t('home:trend.pv'), color: '#f59e0b' },
              { label: t('home:trend.load'), color: '#6366f1' },
              { label: t('home:trend.ess'), color: '#13a37a' },
              { label: t('home:trend.grid'), color: '#0ea5e9' },
            ]}
          />
        </section>
        <section className={boxClass} data-testid="trend-soc">
          <header className="mb-1 flex items-center justify-between"><h2 className="font-semibold">{t('home:trend.soc')} (%)</h2>{age(curve.at, CURVE_MS)}</header>
          <LiveTrend data={soc} locale={numberLocale} timeLabel={t('home:trend.timeAxis', { zone: viewerZone() })} stale={curveStale} emptyText={t('home:trend.noData')} series={[{ label: t('home:trend.soc'), color: '#13a37a' }]} />
        </section>
      </div>
      <Matrix cards={matrix.value} age={age(matrix.at, MATRIX_MS)} t={t} lang={moneyLang} onOpen={open} inMaintenance={inMaintenance} />
    </div>
  );
}
