// What a device trend reads besides its history: the overlays of the range the chart fetched
// (the station's alarms, strategy issuance and mode switches), the station's tariffs (current,
// pending and past, for the period bands), and the station's devices for added charts. Each is
// a stream of its inputs: the latest range wins and a failed read keeps what was shown.
import { catchError, exhaustMap, filter, forkJoin, from, map, of, type Observable } from 'rxjs';
import type { Api, Res } from '../api/client';
import { read$, type Answer } from '../query';
import type { AlarmRecord } from '../alarms/records';

/** The range a chart fetched, in ms */
export interface TrendWindow {
  stationId: number;
  from: number;
  to: number;
}
export type Distribution = Res<'queryDistributionRecords'>['dataList'][number];
export type SwitchRecord = Res<'querySwitchRecords'>['dataList'][number];
export type Tariff = NonNullable<Res<'queryStationTariffs'>['active']>;
export interface StrategyRecords {
  dist: Distribution[];
  switches: SwitchRecord[];
}
export interface StationDevice {
  deviceId: number;
  name: string;
  type: string;
  points: Array<{ point: string; unit: string }>;
}

type Keyed<T> = T & { key: string };
const keyed = (w: TrendWindow | null): Keyed<TrendWindow> | null => (w ? { ...w, key: `${w.stationId}|${w.from}|${w.to}` } : null);
const okValues = <Q, R>(a$: Observable<Answer<Q, R>>): Observable<R> =>
  a$.pipe(
    filter((a): a is Extract<Answer<Q, R>, { ok: true }> => a.ok),
    map((a) => a.value),
  );
const iso = (ms: number) => new Date(ms).toISOString();

/** The station's alarms raised in the window (up to 1,000). */
export const trendAlarms$ = (api: Api, window$: Observable<TrendWindow | null>): Observable<AlarmRecord[]> =>
  okValues(
    read$(window$.pipe(map(keyed)), (w) =>
      api.call('fuzzyAlarmRecord', { alarmRecordVo: { stationId: w.stationId, from: iso(w.from), to: iso(w.to) }, page: 1, length: 1000 }, { quiet: true }),
    ),
  ).pipe(map((r) => r.dataList));

/** Issuance and switch records of the window (up to 1,000 of each); a live range moves, so new
 *  records are read as time passes. */
export const strategyRecords$ = (api: Api, window$: Observable<TrendWindow | null>): Observable<StrategyRecords> =>
  okValues(
    read$(window$.pipe(map(keyed)), (w) => {
      const q = { stationId: w.stationId, from: iso(w.from), to: iso(w.to + 1), page: 1, length: 1000 };
      return forkJoin([api.call('queryDistributionRecords', q, { quiet: true }), api.call('querySwitchRecords', q, { quiet: true })]);
    }),
  ).pipe(map(([d, s]) => ({ dist: d.dataList, switches: s.dataList })));

/** Tariffs in force, pending and past (the history is optional: without it, the current ones). */
export const stationTariffs$ = (api: Api, stationId$: Observable<number | null>): Observable<Tariff[]> =>
  okValues(
    read$(stationId$.pipe(map((id) => (id ? { id, key: String(id) } : null))), ({ id }) =>
      forkJoin([
        api.call('queryStationTariffs', { stationId: id }, { quiet: true }),
        from(api.call('queryTariffHistory', { stationId: id, page: 1, length: 100 }, { quiet: true })).pipe(catchError(() => of({ dataList: [] as Tariff[] }))),
      ]),
    ),
  ).pipe(map(([cur, hist]) => [...(cur.active ? [cur.active] : []), ...cur.pending, ...hist.dataList]));

const devicesOf = (r: Res<'queryStationLatest'>): StationDevice[] =>
  r.devices.map((d) => ({
    deviceId: d.deviceId,
    name: d.name,
    type: d.type,
    points: d.points.filter((p) => typeof p.value !== 'string').map((p) => ({ point: p.point, unit: p.unit })),
  }));

/** The station's devices for each ask (a click on "add chart"): read once per station, again
 *  only after a failure; an ask while one is in flight is dropped. Emits [] when unreadable. */
export function stationDevices$(api: Api, ask$: Observable<number | null>): Observable<{ devices: StationDevice[]; loaded: boolean }> {
  const known = new Map<number, StationDevice[]>();
  return ask$.pipe(
    exhaustMap((id) => {
      if (!id) return of({ devices: [], loaded: false });
      const have = known.get(id);
      if (have) return of({ devices: have, loaded: true });
      return from(api.call('queryStationLatest', { stationId: id }, { quiet: true })).pipe(
        map((r) => {
          const devices = devicesOf(r);
          known.set(id, devices);
          return { devices, loaded: true };
        }),
        catchError(() => of({ devices: [], loaded: false })),
      );
    }),
  );
}
