// Station overview (route overviewStations.overviewStations, SPEC §2): the operating-income and
// site-devops figures of queryStationOverview (polled every 5 s), the live energy flow, and
// today's power curves (queryStationPowerCurve over the station's local day), and this month's
// peak demand so far with the peak alarm's setting (queryStationPeakDemand, every minute), and
// the station's descriptive fields and contracted capacity, edited here with station.edit.
import { useMemo, useState } from 'react';
import { usePolled } from '../usePolled';
import { overviewPoll, todayCurvePoll } from '../../../../streams/station/overview';
import { useRuntime } from '../../../hooks/runtime';
import { formatMoney } from '../../../../streams/format/money';
import { useT } from '../../../hooks/useT';
import type { TKey } from '../../../i18n/i18n';
import { TrendChart } from '../../../widgets/trend/TrendChart';
import { fmtNum, pointLabel } from '../format';
import { LiveAge } from '../LiveAge';
import { useNow } from '../hooks';
import { useStationId, useStationInfo } from '../../../hooks/useRouteStation';
import { dayEnd, dayStart } from '../../../../protocol/site-time';
import { SYSTEM_TYPES } from '../../../../protocol/codes';
import { joinSeries } from '../trend/join';
import { EnergyFlow } from './EnergyFlow';
import { useMoneyLang } from '../../../hooks/useMoneyLang';
import { useStoreValue } from '../../../hooks/runtime';
import { selectPermissions } from '../../../../streams/selectors';
import { peakDemandPoll, type StationPeak } from '../../../../streams/station/peak';
import { PeakDemandCard } from './PeakDemandCard';
import { StationDetailsCard } from './StationDetailsCard';

const COLORS: Record<string, string> = {
  pvKw: '#f59e0b',
  loadKw: '#0ea5e9',
  essKw: '#10b981',
  gridKw: '#6366f1',
  generatorKw: '#78716c',
  chargingKw: '#ec4899',
  soc: '#a855f7',
};
const kwh = (v: number | undefined): string => (v === undefined ? '-' : `${fmtNum(v, 1)} kWh`);

function Figure({ label, value, id }: { label: string; value: string; id: string }) {
  return (
    <div data-testid={`ov-${id}`} className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
      <div className="text-xs text-slate-500 dark:text-slate-400">{label}</div>
      <div className="mt-1 font-mono text-lg font-semibold tabular-nums">{value}</div>
    </div>
  );
}

export default function OverviewPage() {
  const t = useT('station');
  const { api } = useRuntime();
  const stationId = useStationId();
  const info = useStationInfo(stationId);
  const now = useNow(1000);
  const ov = usePolled(stationId !== null ? overviewPoll(api, stationId) : null);
  const tz = info?.timezone ?? 'UTC';
  const curve = usePolled(stationId !== null && info !== null ? todayCurvePoll(api, stationId, tz) : null);
  const o = ov.value;
  const peak = usePolled(stationId !== null ? peakDemandPoll(api, stationId) : null);
  // a saved alarm setting shows at once, before the next poll brings it
  const [savedAlarm, setSavedAlarm] = useState<{ stationId: number; alarm: StationPeak['alarm'] } | null>(null);
  const peakData = peak.value && savedAlarm?.stationId === stationId ? { ...peak.value, alarm: savedAlarm.alarm } : peak.value;
  const canEditStation = useStoreValue(selectPermissions).has('station.edit');
  const lang = useMoneyLang();
  // income in the station's provider's currency (streams/format/money.ts)
  const money = (v: number | undefined): string => (o ? formatMoney(v, o.currency, lang) : '-');
  const present = useMemo(() => {
    const s = new Set<'pv' | 'grid' | 'generator' | 'ess' | 'load' | 'charging'>(['load']);
    for (const e of info?.energyTypes ?? []) s.add(e === 'dg' ? 'generator' : e);
    if (info && info.systemType !== SYSTEM_TYPES.offGrid) s.add('grid');
    return s;
  }, [info]);
  const powerSeries = useMemo(() => (curve.value?.series ?? []).filter((s) => s.point !== 'soc'), [curve.value]);
  const data = useMemo(() => joinSeries(powerSeries), [powerSeries]);
  const chartSeries = useMemo(
    () => powerSeries.map((s) => ({ label: `${pointLabel(t, s.point)} (kW)`, color: COLORS[s.point] ?? '#64748b', stepwise: s.stepwise, spanGaps: true })),
    [powerSeries, t],
  );
  const todayStart = dayStart(tz, now);
  const range = useMemo(() => ({ min: todayStart / 1000, max: dayEnd(tz, todayStart) / 1000 }), [todayStart, tz]);

  const f = (id: string, key: TKey, value: string) => <Figure key={id} id={id} label={t(key)} value={value} />;
  return (
    <div data-testid="overview-page" className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <h2 className="text-lg font-semibold">{t('station:overview.income')}</h2>
        <LiveAge at={ov.at} failures={ov.failures} now={now} testId="ov-age" />
      </div>
      <div className="grid grid-cols-[repeat(auto-fill,minmax(170px,1fr))] gap-3">
        {f('incomeToday', 'station:overview.incomeToday', money(o?.income.today))}
        {f('incomeMonth', 'station:overview.incomeMonth', money(o?.income.month))}
        {f('incomeTotal', 'station:overview.incomeTotal', money(o?.income.total))}
        {f('savings', 'station:overview.savings', money(o?.income.savings))}
        {f('fuelCost', 'station:overview.fuelCost', money(o?.income.fuelCost))}
        {f('chargeToday', 'station:overview.chargeToday', kwh(o?.energy.today.chargeKwh))}
        {f('dischargeToday', 'station:overview.dischargeToday', kwh(o?.energy.today.dischargeKwh))}
        {f('pvToday', 'station:overview.pvToday', kwh(o?.energy.today.pvKwh))}
        {f('loadToday', 'station:overview.loadToday', kwh(o?.energy.today.loadKwh))}
        {f('chargeMonth', 'station:overview.chargeMonth', kwh(o?.energy.month.chargeKwh))}
        {f('dischargeMonth', 'station:overview.dischargeMonth', kwh(o?.energy.month.dischargeKwh))}
        {f('pvMonth', 'station:overview.pvMonth', kwh(o?.energy.month.pvKwh))}
      </div>
      <h2 className="text-lg font-semibold">{t('station:overview.devops')}</h2>
      <div className="grid grid-cols-[repeat(auto-fill,minmax(170px,1fr))] gap-3">
        {f('online', 'station:overview.devicesOnline', o ? String(o.devices.online) : '-')}
        {f('offline', 'station:overview.devicesOffline', o ? String(o.devices.offline) : '-')}
        {f('alarms', 'station:overview.activeAlarms', o ? String(o.activeAlarms) : '-')}
        {f('availability', 'station:overview.availability', o ? `${fmtNum(o.availabilityPct, 1)} %` : '-')}
        {f('soc', 'station:overview.soc', o?.soc != null ? `${fmtNum(o.soc, 1)} %` : '-')}
      </div>
      <StationDetailsCard info={info} canEdit={canEditStation} />
      {stationId !== null && present.has('grid') && (
        <PeakDemandCard data={peakData} stationId={stationId} canEdit={canEditStation} onSaved={(alarm) => setSavedAlarm({ stationId, alarm })} />
      )}
      <div className="grid gap-4 xl:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <section className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
          <h3 className="mb-2 font-semibold">{t('station:overview.flow')}</h3>
          {o ? <EnergyFlow flow={o.flow} present={present} /> : <p className="text-sm text-slate-500">{t('station:common.loading')}</p>}
        </section>
        <section
          data-testid="ov-curves"
          data-series={powerSeries.length}
          className="min-w-0 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
        >
          <h3 className="mb-2 font-semibold">{t('station:overview.curves')}</h3>
          {chartSeries.length > 0 ? (
            <TrendChart
              series={chartSeries}
              data={data}
              range={range}
              timeZone={tz}
              height={300}
              testId="ov-chart"
              xLabel={t('station:trend.time')}
              syncKey={`station-${stationId}`}
            />
          ) : (
            <p className="text-sm text-slate-500">{curve.value ? t('station:common.noData') : t('station:common.loading')}</p>
          )}
          <p className="mt-1 text-xs text-slate-500">{t('station:trend.zone', { zone: tz })}</p>
        </section>
      </div>
    </div>
  );
}
