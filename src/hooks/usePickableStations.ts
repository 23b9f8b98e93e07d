// The stations a form may pick from (every station the reader sees), read once, and a name for a
// station id that stands in the list as `#<id>` when the reader no longer sees the station.
import { useObservable, useObservableState } from 'observable-hooks';
import { useCallback, useMemo } from 'react';
import { map, of } from 'rxjs';
import { pickableStations$ } from '../../streams/system/accounts';
import { useRuntime } from './runtime';

export function usePickableStations() {
  const { api } = useRuntime();
  const stations = useObservableState(
    useObservable(() => pickableStations$(api, of(0)).pipe(map((s) => s.data ?? []))),
    [],
  );
  const names = useMemo(() => new Map(stations.map((s) => [s.stationId, s.stationName])), [stations]);
  const stationName = useCallback((id: number) => names.get(id) ?? `#${id}`, [names]);
  return { stations, stationName };
}
