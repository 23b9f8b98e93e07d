// What every mode screen needs: the station of the route, its zone, its converter rating and
// what the signed-in account may do (SPEC §6: strategy.edit / strategy.issue / strategy.control).
import { useObservable, useObservableState } from 'observable-hooks';
import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { map } from 'rxjs';
import { dateKey } from '../../../protocol/site-time';
import { selectPermissions } from '../../../streams/selectors';
import { stationInfoOf } from '../../../streams/station/info';
import { useRuntime, useStoreValue } from '../../hooks/runtime';

export interface ModesStation {
  stationId: number | null;
  zone: string | null;
  today: string | null;
  essPowerKw: number | null;
  canEdit: boolean;
  canIssue: boolean;
  canControl: boolean;
}

export function useModesStation(): ModesStation {
  const { api } = useRuntime();
  const search = useSearch();
  const stationId = useMemo(() => {
    const n = Number(new URLSearchParams(search).get('stationId'));
    return Number.isInteger(n) && n > 0 ? n : null;
  }, [search]);
  const info$ = useObservable((in$) => stationInfoOf(api).info$(in$.pipe(map(([id]) => id))), [stationId]);
  const info = useObservableState(info$, null);
  const permissions = useStoreValue(selectPermissions);
  const zone = info?.timezone ?? null;
  return {
    stationId,
    zone,
    today: zone ? dateKey(zone, Date.now()) : null,
    essPowerKw: info?.essPowerKw ?? null,
    canEdit: permissions.has('strategy.edit'),
    canIssue: permissions.has('strategy.issue'),
    canControl: permissions.has('strategy.control'),
  };
}

export { useCommand, useReload } from '../../hooks/useCommand';
