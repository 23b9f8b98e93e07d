// Reducer of the polled data slices. Pure and without immer: a list answer replaces its slice
// wholesale, and a pushed alarm copies one record of a 100,000-entry map, which immer's draft
// walk would make slower than the copy itself.
import { worseStatus } from '../home/cluster';
import { alarmStatusOverrides } from '../monitor/alarmStatus';
import { initialLive, reduceLive } from '../station/liveState';
import type { State } from '../state';
import type { AlarmPush } from '../types';
import type { DataEvent } from './events';
import { emptyKeyed, emptySingle, type Keyed, type Single } from './types';

interface WithStatus {
  stationId: number;
  stationStatus: number;
}

/** SPEC §2 status an open alarm gives its station: fault → 2 (fault), anything else → 1 (alarm). */
export const alarmStationStatus = (a: Pick<AlarmPush, 'alarmCategory'>): number => (a.alarmCategory === 'fault' ? 2 : 1);

const loadedSingle = <T>(key: string, value: T, at: number): Single<T> => ({ key, value, at, failures: 0 });

const failedSingle = <T>(s: Single<T>, key: string, failures: number): Single<T> =>
  s.key === key ? { ...s, failures } : { ...emptySingle<T>(), key, failures };

const failedKeyed = <T>(s: Keyed<T>, key: string, failures: number): Keyed<T> =>
  s.key === key ? { ...s, failures } : { ...emptyKeyed<T>(), key, failures };

/** A list answer, its stations raised by the open alarms the store holds (pushes the server's
 *  answer may not reflect yet, or ranks below "offline"). */
function loadedKeyed<T>(key: string, list: readonly T[], idOf: (x: T) => number, at: number, raise?: ReadonlyMap<number, number>): Keyed<T> {
  const byId: Record<number, T> = {};
  const ids = new Array<number>(list.length);
  for (let i = 0; i < list.length; i++) {
    let x = list[i]!;
    const id = idOf(x);
    const st = raise?.get(id);
    if (st !== undefined) {
      const cur = (x as unknown as WithStatus).stationStatus;
      const next = worseStatus(st, cur);
      if (next !== cur) x = { ...x, stationStatus: next };
    }
    byId[id] = x;
    ids[i] = id;
  }
  return { key, at, failures: 0, byId, ids };
}

/** Raises the given stations' status in a keyed slice; the same slice when nothing changes. */
function raiseStatus<T extends WithStatus>(s: Keyed<T>, raise: ReadonlyMap<number, number>): Keyed<T> {
  let byId: Record<number, T> | null = null;
  for (const [id, st] of raise) {
    const cur = s.byId[id];
    if (!cur) continue;
    const next = worseStatus(st, cur.stationStatus);
    if (next === cur.stationStatus) continue;
    byId ??= { ...s.byId };
    byId[id] = { ...cur, stationStatus: next };
  }
  return byId ? { ...s, byId } : s;
}

/** Live alarm pushes recolour their stations in every slice that lists them, so the station
 *  list, the matrix and the map agree. */
export function recolour(s: State, alarms: readonly AlarmPush[]): State {
  let raise: Map<number, number> | null = null;
  for (const a of alarms) {
    if (a.status !== 'unresolved' || !a.stationId) continue;
    raise ??= new Map();
    raise.set(a.stationId, worseStatus(alarmStationStatus(a), raise.get(a.stationId) ?? 0));
  }
  if (!raise) return s;
  const stations = raiseStatus(s.stations, raise);
  const matrix = raiseStatus(s.home.matrix, raise);
  if (stations === s.stations && matrix === s.home.matrix) return s;
  return { ...s, stations, home: matrix === s.home.matrix ? s.home : { ...s.home, matrix } };
}

export function reduceData(s: State, e: DataEvent): State {
  switch (e.type) {
    case 'home/statisticsLoaded':
      return { ...s, home: { ...s.home, statistics: loadedSingle(e.key, e.data, e.at) } };
    case 'home/statisticsFailed':
      return { ...s, home: { ...s.home, statistics: failedSingle(s.home.statistics, e.key, e.failures) } };
    case 'home/curveLoaded':
      return { ...s, home: { ...s.home, curve: loadedSingle(e.key, e.data, e.at) } };
    case 'home/curveFailed':
      return { ...s, home: { ...s.home, curve: failedSingle(s.home.curve, e.key, e.failures) } };
    case 'home/matrixLoaded':
      return { ...s, home: { ...s.home, matrix: loadedKeyed(e.key, e.cards, (c) => c.stationId, e.at, alarmStatusOverrides(s.alarms)) } };
    case 'home/matrixFailed':
      return { ...s, home: { ...s.home, matrix: failedKeyed(s.home.matrix, e.key, e.failures) } };
    case 'stations/listLoaded':
      return { ...s, stations: loadedKeyed(e.key, e.stations, (x) => x.stationId, e.at, alarmStatusOverrides(s.alarms)) };
    case 'stations/listFailed':
      return { ...s, stations: failedKeyed(s.stations, e.key, e.failures) };
    case 'providers/listLoaded':
      return { ...s, providers: loadedKeyed(e.key, e.providers, (p) => p.orgId, e.at) };
    case 'providers/listFailed':
      return { ...s, providers: failedKeyed(s.providers, e.key, e.failures) };
    case 'live/pollSucceeded':
    case 'live/pollFailed': {
      const prev = s.live[e.stationId] ?? initialLive(e.stationId);
      const next =
        e.type === 'live/pollSucceeded'
          ? reduceLive(prev, { type: 'latest/pollSucceeded', at: e.at, data: e.data })
          : reduceLive(prev, { type: 'latest/pollFailed', at: e.at, failures: e.failures });
      return { ...s, live: { ...s.live, [e.stationId]: next } };
    }
    case 'live/released': {
      if (!(e.stationId in s.live)) return s;
      const live = { ...s.live };
      delete live[e.stationId];
      return { ...s, live };
    }
    case 'polled/succeeded':
      return { ...s, polled: { ...s.polled, [e.key]: loadedSingle(e.key, e.value, e.at) } };
    case 'polled/failed':
      return { ...s, polled: { ...s.polled, [e.key]: failedSingle(s.polled[e.key] ?? emptySingle(), e.key, e.failures) } };
    case 'polled/released': {
      if (!(e.key in s.polled)) return s;
      const polled = { ...s.polled };
      delete polled[e.key];
      return { ...s, polled };
    }
  }
}
