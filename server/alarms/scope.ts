import type { Scope } from '../auth/scope';
import { ActionError } from '../api/errors';
import { providersFor, requireStation } from '../stations/scope';
import { Where } from '../db/list-query';

// The scope part of every alarm query: which providers and stations a caller may read.

/**
 * The alarms a caller may see, narrowed by `orgId` (a provider in scope, else notFound) and
 * `stationId` (a station in scope and of that provider, else notFound). Returns null when the
 * scope holds no station at all (the answer is empty, no query needed).
 */
export const scoped = (scope: Scope, orgId?: number, stationId?: number): Where | null => {
  const providers = providersFor(scope, orgId);
  const w = new Where();
  if (stationId !== undefined) {
    requireStation(scope, stationId);
    if (orgId !== undefined && !scope.stationIds(orgId).includes(stationId)) throw new ActionError('notFound');
    return w.add(`a.station_id = ${w.p(stationId)}`);
  }
  if (providers.length === 0) return null;
  // One provider (the usual case) as an equality, so the planner walks (provider_id, happen_time DESC) in order.
  w.add(providers.length === 1 ? `a.provider_id = ${w.p(providers[0])}` : `a.provider_id = ANY(${w.p(providers)}::int[])`);
  if (!scope.wholeProviders) {
    // a station list (data scope 'stations') or a customer's stations
    const stations = providers.flatMap((p) => scope.stationIds(p));
    if (stations.length === 0) return null;
    w.add(`a.station_id = ANY(${w.p(stations)}::int[])`);
  }
  return w;
};
