// The zone a chart summing many stations reads in (docs/time.md, policy 3): it follows the
// console's clock setting like the lists that span stations. UTC and browser mode read in that
// zone; station mode reads in the stations' own zone when they all share one (a Shanghai
// fleet's day is Shanghai's), else in the browser's. The axis names the zone either way.
import { viewerZone, type Zone } from '../../protocol/site-time';
import { useAlarmZones } from './useAlarmZones';

/** `scope`: the scope code (negative while it settles, 0 everything, else a provider). Null
 *  while the stations' zones are being read: a day read before then would be the browser's. */
export function useSumZone(scope: number): Zone | null {
  const { mode, dayZones, settled } = useAlarmZones(scope < 0 ? null : scope, []);
  if (mode !== 'station') return dayZones[0] ?? viewerZone();
  if (!settled) return null;
  return dayZones.length === 1 ? dayZones[0]! : viewerZone();
}
