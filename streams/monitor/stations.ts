// Station list data for the monitoring hall: every station of the scope in one answer
// (queryStationInfoList, length up to 100,000), filtered and sorted in the page so that a
// filter or a sort never waits for the network. Pure helpers, tested without a browser.
import type { Observable } from 'rxjs';
import type { Api } from '../api/client';
import { scopeKey } from '../home/homepage';
import { resourcesOf, type ResourceSpec } from '../resources';
import type { View } from '../slices/selectors';
import type { Store } from '../store';
import { selectStationList, type StationSummary } from './state';

export type { StationSummary };
export const STATION_LIST_MAX = 100_000;

export async function loadStationList(api: Api, orgId: number | undefined): Promise<StationSummary[]> {
  const r = await api.call('queryStationInfoList', {
    ...(orgId !== undefined ? { orgId } : {}),
    page: 1,
    length: STATION_LIST_MAX,
    sortBy: 'stationName',
    sortDir: 'asc',
  });
  return r.dataList;
}

/** The station list of a scope (or one provider): loaded once per watch, again after a failure
 *  or an outage; alarm pushes keep its statuses live in between. */
export const stationListResource = (api: Api, orgId: number | undefined): ResourceSpec<StationSummary[]> => {
  const key = scopeKey(orgId);
  return {
    id: `stations/list/${key}`,
    fetch: () => loadStationList(api, orgId),
    intervalMs: 30_000,
    once: true,
    loaded: (stations, at) => ({ type: 'stations/listLoaded', key, stations, at }),
    failed: (failures, at) => ({ type: 'stations/listFailed', key, failures, at }),
  };
};

export const stationList$ = (store: Store, api: Api, orgId: number | undefined): Observable<View<StationSummary[]>> =>
  resourcesOf(store).watch$(stationListResource(api, orgId), selectStationList(scopeKey(orgId)));

export interface StationFilter {
  keyword: string;
  systemType: number | null;
  energyType: StationSummary['energyTypes'][number] | null;
  online: boolean | null;
  status: number | null;
}
export const NO_FILTER: StationFilter = { keyword: '', systemType: null, energyType: null, online: null, status: null };

/** The filter the server applies to queryStationInfoList, on the client. */
export function matchStation(s: StationSummary, f: StationFilter): boolean {
  if (f.systemType !== null && s.systemType !== f.systemType) return false;
  if (f.energyType !== null && !s.energyTypes.includes(f.energyType)) return false;
  if (f.online !== null && s.online !== f.online) return false;
  if (f.status !== null && s.stationStatus !== f.status) return false;
  const kw = f.keyword.trim().toLowerCase();
  if (kw && !s.stationName.toLowerCase().includes(kw) && !s.address.toLowerCase().includes(kw) && !s.region.toLowerCase().includes(kw)) return false;
  return true;
}
