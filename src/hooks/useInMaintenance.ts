// The stations in maintenance now, as the station card, list and map mark them: the store keeps
// the provider's windows (active and planned); a window planned ahead begins without a push, so
// the set is recomputed on a slow clock as well as on every change of the windows.
import { useMemo } from 'react';
import { stationsInMaintenance } from '../../streams/alarms/maintenanceState';
import { useStoreValue } from './runtime';
import { useNow } from './useNow';

export function useInMaintenance(): ReadonlySet<number> {
  const spans = useStoreValue((s) => s.maintenance);
  const now = useNow(15_000);
  const key = useMemo(() => [...stationsInMaintenance(spans, now)].sort((a, b) => a - b).join(','), [spans, now]);
  // same stations, same set: memoised cards and rows do not re-render on every tick
  return useMemo(() => new Set(key ? key.split(',').map(Number) : []), [key]);
}
