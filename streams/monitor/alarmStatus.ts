// Live station status from alarm pushes: an unresolved alarm raises its station's status
// (fault category → 2 fault, any other → 1 alarm) until the next poll of the screen's data
// carries the server's own status. Shared by the homepage map and the station list.
import { STATION_STATUS, type StationStatus } from '../../protocol/codes';
import { worseStatus } from '../home/cluster';
import type { AlarmPush } from '../types';

export interface AlarmRing {
  ids: readonly number[];
  byId: Readonly<Record<number, Pick<AlarmPush, 'status' | 'stationId' | 'alarmCategory'>>>;
}

/** SPEC §2 status an open alarm gives its station: fault → 2 (fault), anything else → 1 (alarm). */
export const alarmStationStatus = (a: Pick<AlarmPush, 'alarmCategory'>): StationStatus =>
  a.alarmCategory === 'fault' ? STATION_STATUS.fault : STATION_STATUS.alarm;

export function alarmStatusOverrides(alarms: AlarmRing): Map<number, number> {
  const m = new Map<number, number>();
  for (const id of alarms.ids) {
    const a = alarms.byId[id];
    if (!a || a.status !== 'unresolved' || !a.stationId) continue;
    const st = alarmStationStatus(a);
    if ((m.get(a.stationId) ?? 0) < st) m.set(a.stationId, st);
  }
  return m;
}

interface WithStatus {
  stationStatus: number;
}

/** A list record with its station raised by the open alarms (`raise`: station id → status). */
export const raisedBy =
  (raise: ReadonlyMap<number, number>) =>
  <T extends WithStatus>(x: T, stationId: number): T => {
    const st = raise.get(stationId);
    if (st === undefined) return x;
    const next = worseStatus(st, x.stationStatus);
    return next === x.stationStatus ? x : { ...x, stationStatus: next };
  };
