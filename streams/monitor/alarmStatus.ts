// Live station status from alarm pushes: an unresolved alarm raises its station's status
// (fault category → 2 fault, any other → 1 alarm) until the next poll of the screen's data
// carries the server's own status. Shared by the homepage map and the station list.
import type { State } from '../state';

export function alarmStatusOverrides(alarms: Pick<State['alarms'], 'ids' | 'byId'>): Map<number, number> {
  const m = new Map<number, number>();
  for (const id of alarms.ids) {
    const a = alarms.byId[id];
    if (!a || a.status !== 'unresolved' || !a.stationId) continue;
    const st = a.alarmCategory === 'fault' ? 2 : 1;
    if ((m.get(a.stationId) ?? 0) < st) m.set(a.stationId, st);
  }
  return m;
}
