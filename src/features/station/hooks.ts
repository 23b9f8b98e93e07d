// Station screens' hooks: the station id from the query, the live snapshot, a ticking clock.
import { useObservable, useObservableEagerState, useObservableState } from 'observable-hooks';
import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { map, of } from 'rxjs';
import { stationInfoOf, type StationInfo } from '../../../streams/station/info';
import { initialLive, stationLive$, type StationLive } from '../../../streams/station/live';
import { useRuntime } from '../../hooks/runtime';

export function useStationId(): number | null {
  const q = new URLSearchParams(useSearch());
  const n = Number(q.get('stationId'));
  return Number.isInteger(n) && n > 0 ? n : null;
}

const NO_STATION = initialLive(0);

/** The station's live values from the store, polled while a screen watches them
 *  (streams/station/live.ts; screens of one station share one poll). */
export function useStationLive(stationId: number | null): StationLive {
  const { api, store } = useRuntime();
  const obs = useMemo(() => (stationId ? stationLive$(store, api, stationId) : of(NO_STATION)), [api, store, stationId]);
  return useObservableEagerState(obs);
}

export { useNow } from '../../hooks/useNow';

export type { StationInfo };

/** The station's static information (time zone, capacities), read once while its screens show. */
export function useStationInfo(stationId: number | null): StationInfo | null {
  const { api } = useRuntime();
  const info$ = useObservable((in$) => stationInfoOf(api).info$(in$.pipe(map(([id]) => id))), [stationId]);
  return useObservableState(info$, null);
}
