import { pointIndex } from '../../protocol/fleet';
import type { MODE_STATES } from '../../protocol/actions/strategies';
import type { Queryable } from '../db/db';
import type { FleetRuntime } from '../fleet/runtime';

// What each control mode of a station is doing now, not only whether it is enabled. A station
// runs one control mode at a time (docs/fleet.md): on the grid, peak shaving; off it (an off-grid
// station, or an on/off-grid one during a grid outage) island operation. Both may be enabled on
// an on/off-grid station, and then the one that does not run says why: peak shaving is
// suspended while the station is islanded, island operation stands by for a grid outage.

export type ModeState = (typeof MODE_STATES)[number];

export const modeStates = (enabled: { peakShaving: boolean; island: boolean }, onGrid: boolean): { peakShaving: ModeState; island: ModeState } => ({
  peakShaving: !enabled.peakShaving ? 'off' : onGrid ? 'running' : 'suspendedIslanded',
  island: !enabled.island ? 'off' : onGrid ? 'standbyGridUp' : 'running',
});

const GRID_STATE = pointIndex('meter', 'gridState');

/**
 * Whether the station is on the grid now: the simulated station's own grid, else its meter's
 * latest grid state (0 on-grid), else its system type (2 is off-grid).
 */
export const stationOnGrid = async (db: Queryable, fleet: FleetRuntime | undefined, stationId: number, systemType: number, now: number): Promise<boolean> => {
  const model = fleet?.gateways.get(stationId)?.model;
  if (model) return model.gridStateAt(now) === 0;
  const [meter] = await db.query<{ id: number }>("SELECT id FROM devices WHERE station_id = $1 AND type = 'meter' ORDER BY id LIMIT 1", [stationId]);
  const v = meter ? fleet?.store.latest.get(meter.id)?.v[GRID_STATE] : undefined;
  if (typeof v === 'number' && Number.isFinite(v)) return v === 0;
  return systemType !== 2;
};
