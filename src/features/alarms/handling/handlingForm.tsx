// Pieces the shelve and maintenance dialogs share: their common props, and the devices and the
// time zone of the chosen station.
import { useObservable, useObservableState } from 'observable-hooks';
import { map } from 'rxjs';
import type { Zone } from '../../../../protocol/site-time';
import type { CommandEvent } from '../../../../streams/commands/command';
import { stationDevices$, type DeviceOption } from '../../../../streams/alarms/stationDevices';
import { stationZones$, type ZoneMap } from '../../../../streams/alarms/zones';
import { useRuntime } from '../../../hooks/runtime';
import type { TFn } from '../../../i18n/i18n';

/** A handling dialog: the scope's stations to choose from, whether the save is under way, the last save's outcome. */
export interface HandlingDialogProps<In, Out, Station> {
  open: boolean;
  stations: readonly Station[];
  busy: boolean;
  last: CommandEvent<In, Out> | null;
  t: TFn;
  onClose: () => void;
  onSave: (x: In) => void;
}

/** The devices of the chosen station (none while none is chosen). */
export function useStationDevices(stationId: number | null): DeviceOption[] {
  const { api } = useRuntime();
  const id$ = useObservable((in$) => in$.pipe(map(([id]) => id)), [stationId]);
  return useObservableState(
    useObservable(() => stationDevices$(api, id$)),
    [],
  );
}

const NO_ZONES: ZoneMap = new Map();

/** The zone of the chosen station: `listed` (from the station list the form offers) when given,
 *  else read for that station (streams/alarms/zones.ts); null while none is chosen or known. */
export function useStationZone(stationId: number | null, listed: Zone | undefined): Zone | null {
  const { api } = useRuntime();
  const need$ = useObservable((in$) => in$.pipe(map(([id, l]) => ({ orgId: null, stationIds: id && !l ? [id] : [] }))), [stationId, listed]);
  const zones = useObservableState(
    useObservable(() => stationZones$(api, need$)),
    NO_ZONES,
  );
  return listed ?? (stationId ? (zones.get(stationId) ?? null) : null);
}
