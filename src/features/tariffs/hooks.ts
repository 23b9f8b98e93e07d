// What every tariff screen needs: the station and provider of the route, the station's zone and
// local today, what the signed-in account may change, a reload signal, its list, and commands as
// hooks.
import { useObservable, useObservableState } from 'observable-hooks';
import { map, type Observable } from 'rxjs';
import type { Api } from '../../../streams/api/client';
import type { Loaded } from '../../../streams/system/loaded';
import { useReload } from '../../hooks/useCommand';
import { useRuntime } from '../../hooks/runtime';
import { useRouteStation, type RouteStation } from '../../hooks/useRouteStation';

export interface TariffStation extends RouteStation {
  providerId: number | null;
  canEditTariff: boolean;
  canEditOil: boolean;
}

export function useTariffStation(): TariffStation {
  const { station, permissions } = useRouteStation();
  return {
    ...station,
    providerId: station.param('serviceProviderId'),
    canEditTariff: permissions.has('tariff.edit'),
    canEditOil: permissions.has('oilPrice.edit'),
  };
}

export { useCommand, useReload } from '../../hooks/useCommand';

/** A tariff screen's list, read for `key` (its station or its provider) and again after `reload()`. */
export function useTariffList<K, T>(
  key: K,
  read$: (api: Api, key$: Observable<K>, reload$: Observable<unknown>) => Observable<Loaded<T>>,
): { list: Loaded<T>; reload: () => void } {
  const { api } = useRuntime();
  const [reload$, reload] = useReload();
  const list = useObservableState(
    useObservable((in$) => read$(api, in$.pipe(map(([k]) => k)), reload$), [key]),
    { data: null, failed: false },
  );
  return { list, reload };
}
