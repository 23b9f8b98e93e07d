// What every tariff screen needs: the station and provider of the route, the station's zone and
// local today, what the signed-in account may change, a reload signal, and commands as hooks.
import { useObservable, useObservableState, useSubscription } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { Subject, map, type Observable } from 'rxjs';
import { dateKey } from '../../../protocol/site-time';
import type { Api } from '../../../streams/api/client';
import { isPending, type CommandEvent } from '../../../streams/commands/command';
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

/** A signal that re-reads a screen's lists (after a write). */
export function useReload(): [Observable<void>, () => void] {
  const [reload$] = useState(() => new Subject<void>());
  return [reload$, () => reload$.next()];
}

/** A command of streams/tariffs bound to this component: `run` triggers it, `last` is its
 *  latest event (pending / succeeded / failed), `onEvent` sees each event. */
export function useCommand<I, O>(make: (api: Api, input$: Observable<I>) => Observable<CommandEvent<I, O>>, onEvent: (e: CommandEvent<I, O>) => void) {
  const { api } = useRuntime();
  const [input$] = useState(() => new Subject<I>());
  const events$ = useMemo(() => make(api, input$), [api, input$, make]);
  const last = useObservableState(events$, null);
  useSubscription(events$, onEvent);
  return { run: (input: I) => input$.next(input), last, pending: isPending(last) };
}
