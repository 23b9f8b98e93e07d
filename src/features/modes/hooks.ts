// What every mode screen needs: the station of the route, its zone, its converter rating and
// what the signed-in account may do (SPEC §6: strategy.edit / strategy.issue / strategy.control).
import { useRouteStation, type RouteStation } from '../../hooks/useRouteStation';

export interface ModesStation extends RouteStation {
  essPowerKw: number | null;
  canEdit: boolean;
  canIssue: boolean;
  canControl: boolean;
}

export function useModesStation(): ModesStation {
  const { station, info, permissions } = useRouteStation();
  return {
    ...station,
    essPowerKw: info?.essPowerKw ?? null,
    canEdit: permissions.has('strategy.edit'),
    canIssue: permissions.has('strategy.issue'),
    canControl: permissions.has('strategy.control'),
  };
}

export { useCommand, useReload } from '../../hooks/useCommand';
