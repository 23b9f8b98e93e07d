// The IANA zone of each station (stations.timezone), for alarm times shown in the station's local
// time. Alarm records do not carry it, so it is read once per station and kept for the session:
// the provider's station list first (one request for the whole scope), and for what that did not
// give (an account without the station-list permission) one queryStationInfoById per station.
import { concatMap, distinctUntilChanged, from, type Observable } from 'rxjs';
import type { Api } from '../api/client';
import type { Zone } from '../../protocol/site-time';

export type ZoneMap = ReadonlyMap<number, Zone>;

export interface ZoneNeed {
  /** the scope of a list (provider id; 0: everything in scope); null: no list read */
  orgId: number | null;
  stationIds: readonly number[];
}

/** Zones known so far, by station id: a station's zone does not change while signed in. */
const known = new Map<number, Zone>();
/** A scope's list read, shared: a second subscriber (a remount) waits for the same answer
 *  instead of finding the scope marked as read while its answer is still on the way. */
const listings = new Map<number, Promise<void>>();
const BY_ID_MAX = 50;

const listScope = (api: Api, orgId: number): Promise<void> => {
  let p = listings.get(orgId);
  if (!p) {
    p = api.call('queryStationInfoList', { ...(orgId > 0 ? { orgId } : {}), page: 1, length: 5000 }, { quiet: true }).then(
      (r) => {
        for (const s of r.dataList) known.set(s.stationId, s.timezone);
      },
      () => undefined, // no station-list permission: the per-station read below fills in
    );
    listings.set(orgId, p);
  }
  return p;
};

async function fill(api: Api, need: ZoneNeed): Promise<ZoneMap> {
  if (need.orgId !== null) await listScope(api, need.orgId);
  const missing = [...new Set(need.stationIds)].filter((id) => !known.has(id)).slice(0, BY_ID_MAX);
  await Promise.all(
    missing.map((stationId) =>
      api.call('queryStationInfoById', { stationId }, { quiet: true }).then(
        (s) => void known.set(stationId, s.timezone),
        () => undefined,
      ),
    ),
  );
  return new Map(known);
}

/** Compared on what was asked, not on what is known yet: every subscriber gets its own answer. */
const needKey = (n: ZoneNeed): string => `${n.orgId}|${[...new Set(n.stationIds)].sort((a, b) => a - b).join(',')}`;

/** The zones of the stations asked for (and of the scope's stations), growing as needs come. */
export const stationZones$ = (api: Api, need$: Observable<ZoneNeed>): Observable<ZoneMap> =>
  need$.pipe(
    distinctUntilChanged((a, b) => needKey(a) === needKey(b)),
    concatMap((n) => from(fill(api, n))),
  );

/** The distinct zones of a scope's stations (the day filters of a list that spans zones). */
export const zonesOf = (zones: ZoneMap, stationIds?: Iterable<number>): Zone[] => {
  const out = new Set<Zone>();
  if (stationIds)
    for (const id of stationIds) {
      const z = zones.get(id);
      if (z) out.add(z);
    }
  else for (const z of zones.values()) out.add(z);
  return [...out].sort();
};
