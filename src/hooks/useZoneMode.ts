// The console's one clock setting (docs/time.md): the zone lists that span stations (alarms,
// pop-ups, messages, audit) are read in. 'station': each row in its station's own zone (the
// default: an operator compares an alarm with what the site staff saw), 'utc', or 'browser':
// the reader's device zone. Kept in local storage like the language, and shared by every
// component through one subject, so the header's switch moves the list and the pop-ups at once.
import { useObservableEagerState } from 'observable-hooks';
import { BehaviorSubject } from 'rxjs';
import { viewerZone, type Zone } from '../../protocol/site-time';

export const ZONE_MODES = ['station', 'utc', 'browser'] as const;
export type ZoneMode = (typeof ZONE_MODES)[number];
const KEY = 'timeZoneMode';
/** where the alarm screens kept their two-way choice ('viewer' is now 'browser') */
const OLD_KEY = 'alarmTimeZone';

const read = (): ZoneMode => {
  try {
    const v = localStorage.getItem(KEY) ?? (localStorage.getItem(OLD_KEY) === 'viewer' ? 'browser' : null);
    return (ZONE_MODES as readonly string[]).includes(v ?? '') ? (v as ZoneMode) : 'station';
  } catch {
    return 'station';
  }
};

const mode$ = new BehaviorSubject<ZoneMode>(typeof localStorage === 'undefined' ? 'station' : read());

export const setZoneMode = (m: ZoneMode): void => {
  try {
    localStorage.setItem(KEY, m);
  } catch {
    /* private mode: the choice lasts for the page */
  }
  if (mode$.value !== m) mode$.next(m);
};

/** The zone a row is read in under `mode`; `stationZone` unknown (or no station) reads as the browser's. */
export const zoneIn = (mode: ZoneMode, stationZone?: Zone | null): Zone =>
  mode === 'utc' ? 'UTC' : mode === 'browser' ? viewerZone() : (stationZone ?? viewerZone());

export function useZoneMode(): [ZoneMode, (m: ZoneMode) => void] {
  return [useObservableEagerState(mode$), setZoneMode];
}

/** The zone of a list whose rows have no station (audit, sessions): UTC when chosen, else the browser's. */
export function useListZone(): Zone {
  const [mode] = useZoneMode();
  return zoneIn(mode === 'utc' ? 'utc' : 'browser');
}
