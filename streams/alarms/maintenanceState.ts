// Stations in maintenance, as every screen marks them (station card, map, list): the windows of
// the current provider, read at sign-in and on a provider switch, then kept by the
// `stationMaintenance` pushes (saved, planned, ended early). A window counts while now is inside
// [start, end), so one planned ahead needs no second message when it begins.
import type { StationMaintenancePush } from '../../protocol/push';

export interface MaintenanceSpan {
  windowId: number;
  stationId: number;
  start: number;
  end: number;
  /** empty: the whole station */
  deviceIds: number[];
}
/** by window id */
export type MaintenanceSpans = Record<number, MaintenanceSpan>;

export type MaintenanceEvent = { type: 'maintenance/loaded'; spans: MaintenanceSpan[] } | { type: 'maintenance/pushed'; window: StationMaintenancePush };

export const spanOfPush = (w: StationMaintenancePush): MaintenanceSpan => ({
  windowId: w.windowId,
  stationId: w.stationId,
  start: Date.parse(w.start),
  end: Date.parse(w.end),
  deviceIds: w.deviceIds,
});

export function reduceMaintenance(s: MaintenanceSpans, e: MaintenanceEvent): MaintenanceSpans {
  if (e.type === 'maintenance/loaded') return Object.fromEntries(e.spans.map((x) => [x.windowId, x]));
  const next = { ...s };
  if (e.window.active) next[e.window.windowId] = spanOfPush(e.window);
  else delete next[e.window.windowId];
  return next;
}

/** Stations with a window open at `now` (whole station or some of its devices). */
export function stationsInMaintenance(spans: MaintenanceSpans, now: number): Set<number> {
  const out = new Set<number>();
  for (const x of Object.values(spans)) if (x.start <= now && now < x.end) out.add(x.stationId);
  return out;
}
