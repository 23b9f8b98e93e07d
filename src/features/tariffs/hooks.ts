// What every tariff screen needs: the station and provider of the route, the station's zone and
// local today, what the signed-in account may change, a reload signal, and commands as hooks.
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
