// Station list data for the monitoring hall: every station of the scope in one answer
// (queryStationInfoList, length up to 100,000), filtered and sorted in the page so that a
// filter or a sort never waits for the network. Pure helpers, tested without a browser.
import type { StationSummary } from '../../protocol/actions/stations';
import type { Api } from '../api/client';

export type { StationSummary };
export const STATION_LIST_MAX = 100_000;

export async function loadStationList(api: Api, orgId: number | undefined): Promise<StationSummary[]> {
  const r = await api.call('queryStationInfoList', { ...(orgId !== undefined ? { orgId } : {}), page: 1, length: STATION_LIST_MAX, sortBy: 'stationName', sortDir: 'asc' });
  return r.dataList;
}

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
