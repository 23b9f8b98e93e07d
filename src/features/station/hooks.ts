// Station screens' hooks: the live snapshot and a ticking clock (the station id and information
// are read from the route by hooks/useRouteStation.ts).
import { useObservableEagerState } from 'observable-hooks';
import { useMemo } from 'react';
import { of } from 'rxjs';
import { initialLive, stationLive$, type StationLive } from '../../../streams/station/live';
import { useRuntime } from '../../hooks/runtime';

const NO_STATION = initialLive(0);

/** The station's live values from the store, polled while a screen watches them
 *  (streams/station/live.ts; screens of one station share one poll). */
export function useStationLive(stationId: number | null): StationLive {
  const { api, store } = useRuntime();
  const obs = useMemo(() => (stationId ? stationLive$(store, api, stationId) : of(NO_STATION)), [api, store, stationId]);
  return useObservableEagerState(obs);
}

export { useNow } from '../../hooks/useNow';
