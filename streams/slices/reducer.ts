// Reducer of the polled data slices: each event goes to the domain that owns it. Pure and
// without immer: a list answer replaces its slice wholesale, and a pushed alarm copies one record
// of a 100,000-entry map, which immer's draft walk would make slower than the copy itself.
import { worseStatus } from '../home/cluster';
import { reduceHome } from '../home/state';
import { alarmStationStatus, alarmStatusOverrides } from '../monitor/alarmStatus';
import { reduceMonitor } from '../monitor/state';
import { reducePolled } from '../polled/state';
import { reduceLiveSlice } from '../station/liveState';
import type { Keyed } from './shapes';
import type { State } from '../state';
import type { AlarmPush } from '../types';
import type { DataEvent } from './events';

interface WithStatus {
  stationId: number;
  stationStatus: number;
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

const NO_RAISE: ReadonlyMap<number, number> = new Map();

export function reduceData(s: State, e: DataEvent): State {
  switch (e.type.slice(0, e.type.indexOf('/'))) {
    case 'home': {
      const raise = e.type === 'home/matrixLoaded' ? alarmStatusOverrides(s.alarms) : NO_RAISE;
      return { ...s, home: reduceHome(s.home, e as Extract<DataEvent, { type: `home/${string}` }>, raise) };
    }
    case 'stations':
    case 'providers': {
      const raise = e.type === 'stations/listLoaded' ? alarmStatusOverrides(s.alarms) : NO_RAISE;
      return reduceMonitor(s, e as Extract<DataEvent, { type: `stations/${string}` | `providers/${string}` }>, raise);
    }
    case 'live': {
      const live = reduceLiveSlice(s.live, e as Extract<DataEvent, { type: `live/${string}` }>);
      return live === s.live ? s : { ...s, live };
    }
    case 'polled': {
      const polled = reducePolled(s.polled, e as Extract<DataEvent, { type: `polled/${string}` }>);
      return polled === s.polled ? s : { ...s, polled };
    }
  }
  return s;
}
