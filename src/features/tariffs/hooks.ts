// What every tariff screen needs: the station and provider of the route, the station's zone and
// local today, what the signed-in account may change, a reload signal, and commands as hooks.
import { useObservable, useObservableState } from 'observable-hooks';
import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { map } from 'rxjs';
import { dateKey } from '../../../protocol/site-time';
import { selectPermissions } from '../../../streams/selectors';
import { stationInfoOf } from '../../../streams/station/info';
import { useRuntime, useStoreValue } from '../../hooks/runtime';

const idOf = (q: URLSearchParams, name: string): number | null => {
  const n = Number(q.get(name));
  return Number.isInteger(n) && n > 0 ? n : null;
};

export interface TariffStation {
  stationId: number | null;
  providerId: number | null;
  /** a query parameter of the route (`tariffId` of the preview) */
  param: (name: string) => number | null;
  /** the station's IANA zone, null until its information arrives */
  zone: string | null;
  /** the station's local date now (`YYYY-MM-DD`) */
  today: string | null;
  canEditTariff: boolean;
  canEditOil: boolean;
}

export function useTariffStation(): TariffStation {
  const { api } = useRuntime();
  const search = useSearch();
  const q = useMemo(() => new URLSearchParams(search), [search]);
  const stationId = idOf(q, 'stationId');
  const info$ = useObservable((in$) => stationInfoOf(api).info$(in$.pipe(map(([id]) => id))), [stationId]);
  const info = useObservableState(info$, null);
  const permissions = useStoreValue(selectPermissions);
  const zone = info?.timezone ?? null;
  return {
    stationId,
    providerId: idOf(q, 'serviceProviderId'),
    param: (name) => idOf(q, name),
    zone,
    today: zone ? dateKey(zone, Date.now()) : null,
    canEditTariff: permissions.has('tariff.edit'),
    canEditOil: permissions.has('oilPrice.edit'),
  };
}

export { useCommand, useReload } from '../../hooks/useCommand';
