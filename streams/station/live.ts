// Live values of one station's devices: queryStationLatest polled every few seconds (backing off
// on errors, streams/poll.ts) and folded by a pure reducer into a normalised snapshot (devices by
// id + ordered ids) in the app store's `live[stationId]`. The poll runs while a screen watches
// the station (ref-counted resource) and the snapshot is dropped when the last one leaves.
// Emits codes and numbers only; the UI translates.
import type { Observable } from 'rxjs';
import type { Api } from '../api/client';
import { resourcesOf, type ResourceSpec } from '../resources';
import type { Store } from '../store';
import { selectLive, type LatestResponse, type LiveDevice, type StationLive } from './liveState';

export * from './liveState';

export const LIVE_INTERVAL_MS = 3000;

/** The station's live poll as a store resource: answers go to `live[stationId]`; the snapshot
 *  is dropped when the last screen watching the station leaves. */
export const liveResource = (
  fetch: (stationId: number) => Promise<LatestResponse>,
  stationId: number,
  intervalMs = LIVE_INTERVAL_MS,
): ResourceSpec<LatestResponse> => ({
  id: `live/${stationId}`,
  fetch: () => fetch(stationId),
  intervalMs,
  maxMs: 60_000,
  loaded: (data, at) => ({ type: 'live/pollSucceeded', stationId, data, at }),
  failed: (failures, at) => ({ type: 'live/pollFailed', stationId, failures, at }),
  released: { type: 'live/released', stationId },
});

export const fetchLatest =
  (api: Api) =>
  (stationId: number): Promise<LatestResponse> =>
    api.call('queryStationLatest', { stationId }, { quiet: true });

/** The station's live snapshot from the store; polling runs while someone subscribes. */
export const stationLive$ = (store: Store, api: Api, stationId: number): Observable<StationLive> =>
  resourcesOf(store).watch$(liveResource(fetchLatest(api), stationId), selectLive(stationId));

/** Value of a named point of a device (null when absent or not a number). */
export const pointNum = (d: LiveDevice | undefined, name: string): number | null => {
  const v = d?.points.find((p) => p.point === name)?.value;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};
