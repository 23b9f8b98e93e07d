// The station a station-scoped screen is about (`?stationId=` of the route): its id, its information
// once it arrives, and for the tariff and operation-mode screens its zone, local today and the
// signed-in account's permissions. Every screen reads the route's ids here.
import { useObservable, useObservableState } from 'observable-hooks';
import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { map } from 'rxjs';
import { dateKey } from '../../protocol/site-time';
import { selectPermissions } from '../../streams/selectors';
import { stationInfoOf, type StationInfo } from '../../streams/station/info';
import { useRuntime, useStoreValue } from './runtime';

const idOf = (q: URLSearchParams, name: string): number | null => {
  const n = Number(q.get(name));
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** A positive integer query parameter of the route (`stationId`, `tariffId`), else null. */
export function useQueryId(name: string): number | null {
  return idOf(new URLSearchParams(useSearch()), name);
}

/** The route's `?stationId=`, null when it names none. */
export const useStationId = (): number | null => useQueryId('stationId');

/** The station's static information (time zone, capacities, currency), read while a screen shows it. */
export function useStationInfo(stationId: number | null): StationInfo | null {
  const { api } = useRuntime();
  const info$ = useObservable((in$) => stationInfoOf(api).info$(in$.pipe(map(([id]) => id))), [stationId]);
  return useObservableState(info$, null);
}

export interface RouteStation {
  stationId: number | null;
  /** a positive integer query parameter of the route (`tariffId` of the preview), else null */
  param: (name: string) => number | null;
  /** the station's IANA zone, null until its information arrives */
  zone: string | null;
  /** the station's local date now (`YYYY-MM-DD`) */
  today: string | null;
  /** the station's money currency (its provider's ISO 4217 code), null until its information arrives */
  currency: string | null;
}

export function useRouteStation() {
  const search = useSearch();
  const q = useMemo(() => new URLSearchParams(search), [search]);
  const stationId = idOf(q, 'stationId');
  const info = useStationInfo(stationId);
  const permissions = useStoreValue(selectPermissions);
  const zone = info?.timezone ?? null;
  const station: RouteStation = {
    stationId,
    param: (name) => idOf(q, name),
    zone,
    today: zone ? dateKey(zone, Date.now()) : null,
    currency: info?.currency ?? null,
  };
  return { info, permissions, station };
}
