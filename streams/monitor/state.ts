// The monitoring hall's slices of the store: the station list of a scope (up to 100,000) and
// the service providers, with their events, reducer and selectors.
import type { ResponseOf } from '../../protocol/catalogue';
import type { StationSummary } from '../../protocol/actions/stations';
import { emptyKeyed, failedKeyed, loadedKeyed, type Keyed } from '../slices/shapes';
import { listView } from '../slices/selectors';
import { raisedBy } from './alarmStatus';

export type { StationSummary };
export type ProviderSummary = ResponseOf<'queryServiceProviderList'>['dataList'][number];

export interface MonitorState {
  /** station list of the monitoring hall (up to 100,000) */
  stations: Keyed<StationSummary>;
  providers: Keyed<ProviderSummary>;
}

type Failed<T extends string> = { type: T; key: string; failures: number; at: number };
export type MonitorEvent =
  | { type: 'stations/listLoaded'; key: string; stations: StationSummary[]; at: number }
  | Failed<'stations/listFailed'>
  /** a station's fields saved by an edit: the list shows them before its next read */
  | { type: 'stations/edited'; stationId: number; fields: Partial<Pick<StationSummary, EditedField>> }
  | { type: 'providers/listLoaded'; key: string; providers: ProviderSummary[]; at: number }
  | Failed<'providers/listFailed'>;

type EditedField = 'stationName' | 'address' | 'voltageLevel' | 'operationDate' | 'cardType' | 'capacityKva';

export const initialMonitor = (): MonitorState => ({ stations: emptyKeyed(), providers: emptyKeyed() });

/** `raise`: stations the open alarms raise (pushes the server's answer may not reflect yet). */
export function reduceMonitor<S extends MonitorState>(s: S, e: MonitorEvent, raise: ReadonlyMap<number, number>): S {
  switch (e.type) {
    case 'stations/listLoaded':
      return { ...s, stations: loadedKeyed(e.key, e.stations, (x) => x.stationId, e.at, raisedBy(raise)) };
    case 'stations/listFailed':
      return { ...s, stations: failedKeyed(s.stations, e.key, e.failures) };
    case 'stations/edited': {
      const cur = s.stations.byId[e.stationId];
      return cur ? { ...s, stations: { ...s.stations, byId: { ...s.stations.byId, [e.stationId]: { ...cur, ...e.fields } } } } : s;
    }
    case 'providers/listLoaded':
      return { ...s, providers: loadedKeyed(e.key, e.providers, (p) => p.orgId, e.at) };
    case 'providers/listFailed':
      return { ...s, providers: failedKeyed(s.providers, e.key, e.failures) };
  }
}

export const selectStationList = (key: string) => listView((s: MonitorState) => s.stations, key);
export const selectProviders = (key: string) => listView((s: MonitorState) => s.providers, key);
