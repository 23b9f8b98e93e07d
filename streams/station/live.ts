// Live values of one station's devices: queryStationLatest polled every few seconds (backing off
// on errors, streams/poll.ts) and folded by a pure reducer into a normalised snapshot (devices by
// id + ordered ids) in the app store's `live[stationId]`. The poll runs while a screen watches
// the station (ref-counted resource) and the snapshot is dropped when the last one leaves.
// Emits codes and numbers only; the UI translates.
import { produce } from 'immer';
import type { Observable } from 'rxjs';
import type { Api, Res } from '../api/client';
import { resourcesOf, type ResourceSpec } from '../resources';
import type { State } from '../state';
import type { Store } from '../store';

export type LatestResponse = Res<'queryStationLatest'>;
export type LiveDeviceWire = LatestResponse['devices'][number];
export type PointValue = LiveDeviceWire['points'][number];

export interface LiveDevice {
  deviceId: number;
  type: string;
  name: string;
  online: boolean;
  /** ms since epoch of the device's last frame */
  lastSeen: number | null;
  state: number | null;
  points: PointValue[];
}

export interface StationLive {
  stationId: number;
  /** server time of the last answer */
  serverTime: number | null;
  /** client time of the last answer */
  receivedAt: number | null;
  byId: Record<number, LiveDevice>;
  ids: number[];
  /** consecutive failed polls */
  failures: number;
  polls: number;
}

export type LiveEvent =
  | { type: 'latest/pollSucceeded'; at: number; data: LatestResponse }
  | { type: 'latest/pollFailed'; at: number; failures: number };

export const initialLive = (stationId: number): StationLive => ({
  stationId,
  serverTime: null,
  receivedAt: null,
  byId: {},
  ids: [],
  failures: 0,
  polls: 0,
});

const TYPE_ORDER = ['pv_inverter', 'pcs', 'battery_cluster', 'generator', 'charging_pile', 'load', 'meter', 'weather_station', 'gateway'];
const typeRank = (t: string): number => {
  const i = TYPE_ORDER.indexOf(t);
  return i < 0 ? TYPE_ORDER.length : i;
};

export const reduceLive = (s: StationLive, e: LiveEvent): StationLive =>
  produce(s, (d) => {
    if (e.type === 'latest/pollFailed') {
      d.failures = e.failures;
      return;
    }
    d.failures = 0;
    d.polls += 1;
    d.receivedAt = e.at;
    d.serverTime = Date.parse(e.data.time);
    const seen = new Set<number>();
    for (const w of e.data.devices) {
      seen.add(w.deviceId);
      d.byId[w.deviceId] = {
        deviceId: w.deviceId,
        type: w.type,
        name: w.name,
        online: w.online,
        lastSeen: w.lastSeen ? Date.parse(w.lastSeen) : null,
        state: w.state,
        points: w.points,
      };
    }
    for (const id of Object.keys(d.byId).map(Number)) if (!seen.has(id)) delete d.byId[id];
    d.ids = e.data.devices
      .slice()
      .sort((a, b) => typeRank(a.type) - typeRank(b.type) || a.name.localeCompare(b.name, 'en', { numeric: true }))
      .map((x) => x.deviceId);
  });

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
