// The homepage's reads and figures, shared by the console layout and the wall screen: the
// statistics, today's curve and the station matrix of the scope (streams/home/homepage.ts
// resources, polled while a screen watches them), shaped for the stat boxes and the trends.
import { useObservableEagerState } from 'observable-hooks';
import { useMemo } from 'react';
import { of, type Observable } from 'rxjs';
import { formatEnergy, formatPower } from '../../../streams/format/energy';
import { alignedSeries, CURVE_MS, homeCurve$, homeMatrix$, homeStatistics$, isStale } from '../../../streams/home/homepage';
import { scopeCode } from '../../../streams/monitor/scope';
import type { View } from '../../../streams/slices/selectors';
import { viewerZone } from '../../../protocol/site-time';
import { useRuntime, useStoreValue } from '../../hooks/runtime';
import { useSumZone } from '../../hooks/useSumZone';
import type { TFn } from '../../i18n/i18n';
import type { StatFigure } from './StatBlock';

const WAITING: View<never> = { value: null, at: null, failures: 0 };

/** A resource view of the scope, once the scope has settled (scopeCode ≥ 0). */
function useScoped<T>(make: (orgId: number | undefined) => Observable<View<T>>, scope: number): View<T> {
  const obs = useMemo(() => (scope >= 0 ? make(scope > 0 ? scope : undefined) : of(WAITING as View<T>)), [make, scope]);
  return useObservableEagerState(obs);
}

export function useHomeData(t: TFn, now: number) {
  const { api, store } = useRuntime();
  const scope = useStoreValue(scopeCode);
  // polled figures cannot be current while the API is unreachable (the push channel alone does not matter)
  const down = useStoreValue((s) => s.connection.api === 'offline');
  // today's curve is the day of the zone its chart reads in: read once that zone is known (a curve
  // of the browser's day first would be a request thrown away)
  const dayZone = useSumZone(scope);
  const zone = dayZone ?? viewerZone();
  const [statsOf, matrixOf] = useMemo(
    () => [(o: number | undefined) => homeStatistics$(store, api, o), (o: number | undefined) => homeMatrix$(store, api, o)] as const,
    [store, api],
  );
  const curveOf = useMemo(() => (o: number | undefined) => homeCurve$(store, api, o, zone), [store, api, zone]);
  const stats = useScoped(statsOf, scope);
  const curve = useScoped(curveOf, dayZone === null ? -1 : scope);
  const matrix = useScoped(matrixOf, scope);
  const s = stats.value;

  const power = useMemo(() => alignedSeries(curve.value, ['pvKw', 'loadKw', 'essKw', 'gridKw']), [curve.value]);
  const soc = useMemo(() => alignedSeries(curve.value, ['soc']), [curve.value]);
  const curveStale = down || isStale(curve.at, now, CURVE_MS);

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
  return { scope, down, zone, stats, curve, matrix, power, soc, curveStale, charging, pv, shares };
}
