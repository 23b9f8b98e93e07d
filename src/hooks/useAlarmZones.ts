// The zone each alarm row is read in: its station's own (station mode) or the viewer's, with
// the stations' zones read once per scope (streams/alarms/zones.ts) and the choice remembered.
import { useObservable, useObservableState } from 'observable-hooks';
import { useMemo } from 'react';
import { map } from 'rxjs';
import { stationZones$, zonesOf, type ZoneMap } from '../../streams/alarms/zones';
import { viewerZone, type Zone } from '../../protocol/site-time';
import { useRuntime } from './runtime';
import { useZoneMode } from './useZoneMode';

const NONE: ZoneMap = new Map();

/** `orgId`: the list's scope (0 everything, null no scope read); `stationIds`: rows shown. */
export function useAlarmZones(orgId: number | null, stationIds: readonly number[]) {
  const { api } = useRuntime();
  const [mode, setMode] = useZoneMode();
  const viewer = useMemo(viewerZone, []);
  const ids = [...new Set(stationIds)].sort((a, b) => a - b).join(',');
  const need$ = useObservable((in$) => in$.pipe(map(([o, s]) => ({ orgId: o, stationIds: s ? s.split(',').map(Number) : [] }))), [orgId, ids]);
  const zones = useObservableState(useObservable(() => stationZones$(api, need$)), NONE);
  const zoneOf = (stationId: number): Zone => (mode === 'viewer' ? viewer : (zones.get(stationId) ?? viewer));
  /** the zones whose days a day filter follows */
  const dayZones: Zone[] = mode === 'viewer' ? [viewer] : zonesOf(zones);
  return { mode, setMode, viewer, zoneOf, dayZones, named: mode === 'station' };
}
export type AlarmZones = ReturnType<typeof useAlarmZones>;
