// The live snapshot of one station's devices, its pure reducer, and the store's `live` slice of
// them by station (no polling here, so the store's reducer, which runs on the login route, does
// not pull the polling code with it).
import { produce } from 'immer';
import type { ResponseOf } from '../../protocol/catalogue';
import type { DeviceType } from '../../protocol/codes';

export type LatestResponse = ResponseOf<'queryStationLatest'>;
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

export type LiveEvent = { type: 'latest/pollSucceeded'; at: number; data: LatestResponse } | { type: 'latest/pollFailed'; at: number; failures: number };

export const initialLive = (stationId: number): StationLive => ({
  stationId,
  serverTime: null,
  receivedAt: null,
  byId: {},
  ids: [],
  failures: 0,
  polls: 0,
});

/** Card order: the protocol's device order with the measuring devices (meter, weather station,
 *  gateway) last; `satisfies` fails the build if a code here is not a device type. */
const TYPE_ORDER: readonly string[] = [
  'pv_inverter',
  'pcs',
  'battery_cluster',
  'generator',
  'charging_pile',
  'load',
  'meter',
  'weather_station',
  'gateway',
] satisfies DeviceType[];
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

/** The store's slice: live snapshots by station id, while a station screen watches them. */
export type LiveSlice = Record<number, StationLive>;

export type LiveSliceEvent =
  | { type: 'live/pollSucceeded'; stationId: number; data: LatestResponse; at: number }
  | { type: 'live/pollFailed'; stationId: number; failures: number; at: number }
  /** the last screen watching the station left: its snapshot is dropped */
  | { type: 'live/released'; stationId: number };

export function reduceLiveSlice(s: LiveSlice, e: LiveSliceEvent): LiveSlice {
  if (e.type === 'live/released') {
    if (!(e.stationId in s)) return s;
    const next = { ...s };
    delete next[e.stationId];
    return next;
  }
  const prev = s[e.stationId] ?? initialLive(e.stationId);
  const next =
    e.type === 'live/pollSucceeded'
      ? reduceLive(prev, { type: 'latest/pollSucceeded', at: e.at, data: e.data })
      : reduceLive(prev, { type: 'latest/pollFailed', at: e.at, failures: e.failures });
  return { ...s, [e.stationId]: next };
}

const emptyLive = new Map<number, StationLive>();
/** The station's snapshot in the store (one stable empty snapshot before the first answer). */
export const selectLive =
  (stationId: number) =>
  (s: { live: LiveSlice }): StationLive => {
    const v = s.live[stationId];
    if (v) return v;
    let e = emptyLive.get(stationId);
    if (!e) emptyLive.set(stationId, (e = initialLive(stationId)));
    return e;
  };
