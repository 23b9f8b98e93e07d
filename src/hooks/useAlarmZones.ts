// The zone each alarm row is read in under the console's clock setting (useZoneMode): its
// station's own (station mode, zones read once per scope by streams/alarms/zones.ts), UTC, or
// the browser's.
import { useObservable, useObservableState } from 'observable-hooks';
import { map } from 'rxjs';
import { stationZones$, zonesOf, type ZoneMap } from '../../streams/alarms/zones';
import type { Zone } from '../../protocol/site-time';
import { useRuntime } from './runtime';
import { useZoneMode, zoneIn } from './useZoneMode';

const NONE: ZoneMap = new Map();

/** `orgId`: the list's scope (0 everything, null no scope read); `stationIds`: rows shown. */
export function useAlarmZones(orgId: number | null, stationIds: readonly number[]) {
  const { api } = useRuntime();
  const [mode, setMode] = useZoneMode();
  const ids = [...new Set(stationIds)].sort((a, b) => a - b).join(',');
  const need$ = useObservable((in$) => in$.pipe(map(([o, s]) => ({ orgId: o, stationIds: s ? s.split(',').map(Number) : [] }))), [orgId, ids]);
  const zones = useObservableState(
    useObservable(() => stationZones$(api, need$)),
    NONE,
  );
  const zoneOf = (stationId: number): Zone => zoneIn(mode, zones.get(stationId));
  /** the one zone of the whole list (UTC or the browser's); in station mode, the browser's */
  const listZone = zoneIn(mode === 'station' ? 'browser' : mode);
  /** the zones whose days a day filter follows */
  const dayZones: Zone[] = mode === 'station' ? zonesOf(zones) : [listZone];
  /** the zones are read (station mode waits for the scope's list; the others need none) */
  const settled = mode !== 'station' || zones !== NONE;
  return { mode, setMode, listZone, zoneOf, dayZones, named: mode === 'station', settled };
}
export type AlarmZones = ReturnType<typeof useAlarmZones>;
