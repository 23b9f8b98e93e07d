// Live values of one station's devices: queryStationLatest polled every few seconds (backing off
// on errors, streams/poll.ts) and folded by a pure reducer into a normalised snapshot (devices by
// id + ordered ids) in the app store's `live[stationId]`. The poll runs while a screen watches
// the station (ref-counted resource) and the snapshot is dropped when the last one leaves.
// Emits codes and numbers only; the UI translates.
import type { Observable } from 'rxjs';
import type { Api } from '../api/client';
import { resourcesOf, type ResourceSpec } from '../resources';
import type { State } from '../state';
import type { Store } from '../store';
import { initialLive, type LatestResponse, type LiveDevice, type StationLive } from './liveState';

export * from './liveState';

export const LIVE_INTERVAL_MS = 3000;

/** The station's live poll as a store resource: answers go to `live[stationId]`; the snapshot
 *  is dropped when the last screen watching the station leaves. */
export const liveResource = (fetch: (stationId: number) => Promise<LatestResponse>, stationId: number, intervalMs = LIVE_INTERVAL_MS): ResourceSpec<LatestResponse> => ({
  id: `live/${stationId}`,
  fetch: () => fetch(stationId),
  intervalMs,
  maxMs: 60_000,
  loaded: (data, at) => ({ type: 'live/pollSucceeded', stationId, data, at }),
  failed: (failures, at) => ({ type: 'live/pollFailed', stationId, failures, at }),
  released: { type: 'live/released', stationId },
});

export const fetchLatest = (api: Api) => (stationId: number): Promise<LatestResponse> => api.call('queryStationLatest', { stationId }, { quiet: true });

const emptyLive = new Map<number, StationLive>();
/** The station's snapshot in the store (one stable empty snapshot before the first answer). */
export const selectLive = (stationId: number) => (s: State): StationLive => {
  const v = s.live[stationId];
  if (v) return v;
  let e = emptyLive.get(stationId);
  if (!e) emptyLive.set(stationId, (e = initialLive(stationId)));
  return e;
};

/** The station's live snapshot from the store; polling runs while someone subscribes. */
export const stationLive$ = (store: Store, api: Api, stationId: number): Observable<StationLive> =>
  resourcesOf(store).watch$(liveResource(fetchLatest(api), stationId), selectLive(stationId));

/** Value of a named point of a device (null when absent or not a number). */
export const pointNum = (d: LiveDevice | undefined, name: string): number | null => {
  const v = d?.points.find((p) => p.point === name)?.value;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};
