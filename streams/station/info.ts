// A station's static information (time zone, capacities, energy types): read once while any
// screen of the station shows, shared by them all (one request however many parts ask), and
// read again when a screen opens after every one had left, or when an edit of the station saved.
import { EMPTY, Subject, catchError, defer, filter, of, shareReplay, startWith, switchMap, type Observable } from 'rxjs';
import type { Api, Res } from '../api/client';

export type StationInfo = Res<'queryStationInfoById'>;

export interface StationInfoSource {
  /** the station's information, null until it arrives (or when there is no station) */
  info$(stationId$: Observable<number | null>): Observable<StationInfo | null>;
  /** reads the station again for every screen showing it (after an edit saved) */
  refresh(stationId: number): void;
}

export function createStationInfo(api: Api): StationInfoSource {
  const byStation = new Map<number, Observable<StationInfo>>();
  const refresh$ = new Subject<number>();
  const one$ = (stationId: number): Observable<StationInfo> => {
    let s = byStation.get(stationId);
    if (!s) {
      // kept open while watched, so the answer is shared; read again once every screen left
      s = refresh$.pipe(
        filter((id) => id === stationId),
        startWith(stationId),
        switchMap(() => defer(() => api.call('queryStationInfoById', { stationId }, { quiet: true })).pipe(catchError(() => EMPTY))),
        shareReplay({ bufferSize: 1, refCount: true }),
      );
      byStation.set(stationId, s);
    }
    return s;
  };
  return {
    info$: (stationId$) => stationId$.pipe(switchMap((id) => (id ? one$(id).pipe(startWith(null)) : of(null)))),
    refresh: (stationId) => refresh$.next(stationId),
  };
}

const byApi = new WeakMap<Api, StationInfoSource>();
/** The one station-information source of a request source (made on first use). */
export function stationInfoOf(api: Api): StationInfoSource {
  let s = byApi.get(api);
  if (!s) byApi.set(api, (s = createStationInfo(api)));
  return s;
}
