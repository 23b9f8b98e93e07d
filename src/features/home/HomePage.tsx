// Homepage (route homepage.index, SPEC §2): charging / PV / proportion statistics with
// the shared energy formatter, live trend boxes (uPlot, created once, fed with setData; data age
// shown, greyed when stale) and the station matrix cards (virtualized). The data lives in the
// store (streams/home/homepage.ts resources, polled while this screen watches them), so a wall
// screen stays live without a reload and agrees with every other screen on station statuses.
import { powerSeries, socSeries } from './trendSeries';
import { Suspense } from 'react';
import { useLocation, useSearch } from 'wouter';
import { CURVE_MS, MATRIX_MS, STATS_MS } from '../../../streams/home/homepage';
import { stationOverviewHref } from '../../components/stationLabels';
import { useStoreValue } from '../../hooks/runtime';
import { useNow } from '../../hooks/useNow';
import { useInMaintenance } from '../../hooks/useInMaintenance';
import { useT } from '../../hooks/useT';
import { LiveTrend, type LiveTrendProps } from '../../widgets/LiveTrend';
import { DataAge } from './DataAge';
import { mapLabels, StationMap, STYLE_URL } from './homeMap';
import { Matrix } from './Matrix';
import { ProportionBlock } from './ProportionBlock';
import { boxClass, StatBlock } from './StatBlock';
import { useHomeData } from './useHomeData';
import { useMoneyLang } from '../../hooks/useMoneyLang';
import WallPage from './WallPage';

export default function HomePage() {
  const wall = new URLSearchParams(useSearch()).get('wall') === '1';
  return wall ? <WallPage /> : <ConsoleHome />;
}

function ConsoleHome() {
  const t = useT('home', 'monitor', 'alarms');
  const [, navigate] = useLocation();
  const now = useNow(1000);
  const inMaintenance = useInMaintenance();
  const numberLocale = useStoreValue((s) => (s.session.language === 'en' ? 'en-GB' : 'zh-CN'));
  const moneyLang = useMoneyLang();
  const { down, zone, stats, curve, matrix, power, soc, curveStale, charging, pv, shares } = useHomeData(t, now);
  const dark = typeof document !== 'undefined' && document.documentElement.classList.contains('dark');
  const age = (at: number | null, interval: number) => <DataAge at={at} now={now} interval={interval} down={down} t={t} />;
  const open = (c: { stationId: number; serviceProviderId: number }) => navigate(stationOverviewHref(c.stationId, c.serviceProviderId));
  const trend = (testId: string, className: string, title: string, data: LiveTrendProps['data'], series: LiveTrendProps['series']) => (
    <section className={className} data-testid={testId}>
      <header className="mb-1 flex items-center justify-between">
        <h2 className="font-semibold">{title}</h2>
        {age(curve.at, CURVE_MS)}
      </header>
      <LiveTrend
        key={zone}
        timeZone={zone}
        data={data}
        locale={numberLocale}
        timeLabel={t('home:trend.timeAxis', { zone })}
        emptyText={t('home:trend.noData')}
        stale={curveStale}
        series={series}
      />
    </section>
  );

  return (
    <div className="flex flex-col gap-3" data-testid="homepage" data-wall={false}>
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-3">
        <section className={`${boxClass} lg:col-span-2 lg:row-span-3`} data-testid="home-map">
          <Suspense fallback={<div className="flex h-[420px] items-center justify-center text-sm text-slate-500">{t('app.loading')}</div>}>
            <StationMap stations={matrix.value ?? []} styleUrl={STYLE_URL} dark={dark} {...mapLabels(t)} inMaintenance={inMaintenance} onOpen={open} />
          </Suspense>
        </section>
        <StatBlock testId="stats-charging" title={t('home:stats.charging')} aside={age(stats.at, STATS_MS)} figures={charging} />
        <StatBlock testId="stats-pv" title={t('home:stats.pv')} aside={age(stats.at, STATS_MS)} figures={pv} />
        <ProportionBlock s={stats.value} figures={shares} t={t} />
      </div>
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-3" data-testid="home-trends">
        {trend('trend-power', `${boxClass} lg:col-span-2`, `${t('home:trend.title')} (kW)`, power, powerSeries(t))}
        {trend('trend-soc', boxClass, `${t('home:trend.soc')} (%)`, soc, socSeries(t))}
      </div>
      <Matrix cards={matrix.value} age={age(matrix.at, MATRIX_MS)} t={t} lang={moneyLang} onOpen={open} inMaintenance={inMaintenance} />
    </div>
  );
}
