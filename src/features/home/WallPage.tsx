// The homepage on a wall screen (/homepage/index?wall=1), left on for weeks in a NOC: one 16:9
// grid that fills the screen exactly at any size (wall.css scales everything in "wall pixels"),
// never scrolls and cuts nothing. Three columns, each filling the height:
//   statistics     | map           | alarm panel
//   station tiles  | today's power | SOC
// `rotate=<s>` pages through the station cards and, for a platform admin, the providers
// (rotation.ts); `theme=light` for a bright room (dark by default).
import { powerSeries, socSeries } from './trendSeries';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { formatWall } from '../../../protocol/site-time';
import { CURVE_MS, MATRIX_MS, STATS_MS } from '../../../streams/home/homepage';
import { selectOrgList } from '../../../streams/selectors';
import { stationOverviewHref } from '../../components/stationLabels';
import { useRuntime, useStoreValue } from '../../hooks/runtime';
import { useNow } from '../../hooks/useNow';
import { useInMaintenance } from '../../hooks/useInMaintenance';
import { useT } from '../../hooks/useT';
import { LiveTrend, type LiveTrendProps } from '../../widgets/LiveTrend';
import { DataAge } from './DataAge';
import { mapLabels, StationMap, STYLE_URL } from './homeMap';
import { ProportionBlock } from './ProportionBlock';
import { nextRotation, rotationMs } from './rotation';
import { boxClass, StatBlock } from './StatBlock';
import { useHomeData } from './useHomeData';
import { WallAlarms } from './WallAlarms';
import { WallCards } from './WallCards';
import './wall.css';

/** CSS px per wall pixel, as wall.css computes --wu: the wall is designed at 1536 × 864 */
const wallUnit = () => Math.min(window.innerWidth / 1536, window.innerHeight / 864);
/** the map's circles and cluster numbers are read from farther than the rest: this much larger */
const MAP_EMPHASIS = 1.5;

function useWallUnit(): number {
  const [wu, setWu] = useState(wallUnit);
  useEffect(() => {
    const on = () => setWu(wallUnit());
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return wu;
}

/** A light wall takes the page's dark class off while it shows (the console's own theme comes back after). */
function useLightTheme(light: boolean) {
  useEffect(() => {
    const root = document.documentElement;
    if (!light || !root.classList.contains('dark')) return;
    root.classList.remove('dark');
    return () => void root.classList.add('dark');
  }, [light]);
}

/** The card page shown; every `ms` the next one, then (platform admin) the next provider. */
function useRotation(ms: number) {
  const { store } = useRuntime();
  const [page, setPage] = useState(0);
  const at = useRef(0);
  const pages = useRef(1);
  const onPages = useCallback((n: number) => void (pages.current = n), []);
  useEffect(() => {
    if (ms <= 0) return;
    const id = setInterval(() => {
      const s = store.getState();
      const root = s.session.profile?.orgType === 1;
      const step = nextRotation({
        page: at.current % pages.current,
        pages: pages.current,
        orgs: root ? selectOrgList(s) : [],
        currentOrgId: s.session.currentOrg?.id ?? null,
      });
      // the provider and the page change in one render: never the old provider's first page
      if (step.org) store.dispatch({ type: 'session/orgSelected', org: step.org });
      at.current = step.page;
      setPage(step.page);
    }, ms);
    return () => clearInterval(id);
  }, [ms, store]);
  return { page, onPages };
}

export default function WallPage() {
  const t = useT('home', 'monitor', 'alarms');
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const light = params.get('theme') === 'light';
  const rotateMs = rotationMs(params.get('rotate'));
  useLightTheme(light);
  const wu = useWallUnit();
  const now = useNow(1000);
  const inMaintenance = useInMaintenance();
  const numberLocale = useStoreValue((s) => (s.session.language === 'en' ? 'en-GB' : 'zh-CN'));
  const provider = useStoreValue((s) => (s.session.profile?.orgType === 1 ? (s.session.currentOrg?.name ?? '') : ''));
  const { scope, down, zone, stats, curve, matrix, power, soc, curveStale, charging, pv, shares } = useHomeData(t, now);
  const { page, onPages } = useRotation(rotateMs);
  const age = (at: number | null, interval: number) => <DataAge at={at} now={now} interval={interval} down={down} t={t} />;
  const open = (c: { stationId: number; serviceProviderId: number }) => navigate(stationOverviewHref(c.stationId, c.serviceProviderId));
  const timeLabel = t('home:trend.timeAxis', { zone });
  // the clock reads in the charts' zone and names it (a NOC may watch stations far from it)
  const clock = formatWall(zone, now).slice(11, 16);
  // charts are drawn at the scale and in the zone they were made with: a new one makes them again
  const chartKey = `${wu.toFixed(3)}@${zone}`;
  const trend = (testId: string, basis: string, title: string, data: LiveTrendProps['data'], series: LiveTrendProps['series']) => (
    <section className={`${boxClass} flex min-h-0 ${basis} flex-col`} data-testid={testId}>
      <header className="mb-1 flex items-center justify-between gap-2">
        <h2 className="truncate font-semibold">{title}</h2>
        {age(curve.at, CURVE_MS)}
      </header>
      <div className="min-h-0 flex-1">
        <LiveTrend
          key={chartKey}
          timeZone={zone}
          fill
          scale={wu}
          data={data}
          locale={numberLocale}
          timeLabel={timeLabel}
          emptyText={t('home:trend.noData')}
          stale={curveStale}
          series={series}
        />
      </div>
    </section>
  );

  return (
    <div
      className="grid h-full gap-2 p-3"
      style={{ gridTemplateColumns: 'minmax(0, 25fr) minmax(0, 47fr) minmax(0, 28fr)' }}
      data-testid="homepage"
      data-wall="true"
      data-wu={wu}
      data-rotate={rotateMs / 1000 || undefined}
      data-page={page}
    >
      <div className="flex min-h-0 flex-col gap-2" data-wall-panel="figures">
        <StatBlock testId="stats-charging" title={t('home:stats.charging')} aside={age(stats.at, STATS_MS)} figures={charging} />
        <StatBlock testId="stats-pv" title={t('home:stats.pv')} aside={age(stats.at, STATS_MS)} figures={pv} />
        <ProportionBlock s={stats.value} figures={shares} t={t} />
        <div className="min-h-0 flex-1">
          <WallCards
            cards={matrix.value}
            page={page}
            onPages={onPages}
            wu={wu}
            age={age(matrix.at, MATRIX_MS)}
            t={t}
            onOpen={open}
            inMaintenance={inMaintenance}
          />
        </div>
      </div>
      <div className="flex min-h-0 flex-col gap-2" data-wall-panel="map">
        <section className={`${boxClass} relative min-h-0 flex-1 overflow-hidden p-0!`} data-testid="home-map">
          <Suspense fallback={<div className="flex h-full items-center justify-center text-sm text-slate-500">{t('app.loading')}</div>}>
            <StationMap
              stations={matrix.value ?? []}
              styleUrl={STYLE_URL}
              dark={!light}
              height={0}
              scale={wu * MAP_EMPHASIS}
              fit
              {...mapLabels(t)}
              inMaintenance={inMaintenance}
              onOpen={open}
            />
          </Suspense>
          {/* what this wall shows and when: readable over the map, never in its way */}
          <div
            className="pointer-events-none absolute top-2 left-2 flex items-baseline gap-3 rounded-md bg-slate-950/70 px-3 py-1 text-white"
            data-testid="wall-title"
          >
            {provider && (
              <span className="text-xl font-semibold" data-testid="wall-provider">
                {provider}
              </span>
            )}
            <span className="text-xl font-semibold tabular-nums" title={t('home:wall.clock')} data-testid="wall-clock" data-zone={zone}>
              {clock}
            </span>
            <span className="text-sm text-white/70" data-testid="wall-zone">
              {zone}
            </span>
          </div>
        </section>
        {trend('trend-power', 'basis-[38%]', `${t('home:trend.title')} (kW)`, power, powerSeries(t))}
      </div>
      <div className="flex min-h-0 flex-col gap-2" data-wall-panel="alarms">
        <div className="min-h-0 flex-1">
          <WallAlarms scope={scope} now={now} wu={wu} t={t} />
        </div>
        {trend('trend-soc', 'basis-[32%]', `${t('home:trend.soc')} (%)`, soc, socSeries(t))}
      </div>
    </div>
  );
}
