// The station a station-scoped screen is about (`?stationId=` of the route), its information once
// it arrives, its zone and local today, and the signed-in account's permissions: the common ground
// of the tariff and operation-mode screens.
import { useObservable, useObservableState } from 'observable-hooks';
import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { map } from 'rxjs';
import { dateKey } from '../../protocol/site-time';
import { selectPermissions } from '../../streams/selectors';
import { stationInfoOf } from '../../streams/station/info';
import { useRuntime, useStoreValue } from './runtime';

const idOf = (q: URLSearchParams, name: string): number | null => {
  const n = Number(q.get(name));
  return Number.isInteger(n) && n > 0 ? n : null;
};

export interface RouteStation {
  stationId: number | null;
  /** a positive integer query parameter of the route (`tariffId` of the preview), else null */
  param: (name: string) => number | null;
  /** the station's IANA zone, null until its information arrives */
  zone: string | null;
  /** the station's local date now (`YYYY-MM-DD`) */
  today: string | null;
}

export function useRouteStation() {
  const { api } = useRuntime();
  const search = useSearch();
  const q = useMemo(() => new URLSearchParams(search), [search]);
  const stationId = idOf(q, 'stationId');
  const info$ = useObservable((in$) => stationInfoOf(api).info$(in$.pipe(map(([id]) => id))), [stationId]);
  const info = useObservableState(info$, null);
  const permissions = useStoreValue(selectPermissions);
  const zone = info?.timezone ?? null;
  const station: RouteStation = {
    stationId,
    param: (name) => idOf(q, name),
    zone,
    today: zone ? dateKey(zone, Date.now()) : null,
  };
  return { info, permissions, station };
}
