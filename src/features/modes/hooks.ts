// What every mode screen needs: the station of the route, its zone, its converter rating and
// what the signed-in account may do (SPEC §6: strategy.edit / strategy.issue / strategy.control).
import { useObservable, useObservableState, useSubscription } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { Subject, map, type Observable } from 'rxjs';
import type { Api } from '../../../streams/api/client';
import { isPending, type CommandEvent } from '../../../streams/commands/command';
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

/** A signal that re-reads a screen's lists (after a write, or while a record is pending). */
export function useReload(): [Observable<void>, () => void] {
  const [reload$] = useState(() => new Subject<void>());
  return [reload$, () => reload$.next()];
}

/** A command of streams/strategies bound to this component: `run` triggers it (a second trigger
 *  while one runs is dropped), `last` is its latest event, `onEvent` sees each event. */
export function useCommand<I, O>(make: (api: Api, input$: Observable<I>) => Observable<CommandEvent<I, O>>, onEvent: (e: CommandEvent<I, O>) => void) {
  const { api } = useRuntime();
  const [input$] = useState(() => new Subject<I>());
  const events$ = useMemo(() => make(api, input$), [api, input$, make]);
  const last = useObservableState(events$, null);
  useSubscription(events$, onEvent);
  return { run: (input: I) => input$.next(input), last, pending: isPending(last) };
}
