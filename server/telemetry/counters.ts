import { pointIndex, type FleetDeviceType } from '../../protocol/fleet';
import type { EnergyRow } from './sql';
import type { RejectReason } from './rejections';

// Plausibility of one device sample before anything of it is stored: physical bounds of its
// values, and its cumulative counters against the previous accepted sample. A counter that went
// back, or rose faster than the device's rating allows in the elapsed time, is a glitch or a
// meter reset: the sample's counters are refused (stored empty, never energy; its other points
// stand). When the next sample continues from the refused one (a meter replaced, a counter
// really reset), that value becomes the new baseline, again without energy.

/** Which counter of which device type feeds which energy flow. */
const COUNTERS: Partial<Record<FleetDeviceType, [string, (keyof EnergyRow)[]][]>> = {
  meter: [
    ['importKwh', ['gridImport']],
    ['exportKwh', ['gridExport']],
  ],
  pv_inverter: [['totalKwh', ['pv']]],
  pcs: [
    ['chargeKwh', ['charge']],
    ['dischargeKwh', ['discharge']],
    ['auxKwh', ['losses']],
  ],
  generator: [
    ['energyKwh', ['generator']],
    ['fuelL', ['fuel']],
  ],
  charging_pile: [['totalKwh', ['pile', 'load']]],
  load: [['energyKwh', ['load']]],
};
export const COUNTER_IDX = Object.fromEntries(
  Object.entries(COUNTERS).map(([t, list]) => [t, list!.map(([name, keys]) => [pointIndex(t as FleetDeviceType, name), keys] as const)]),
) as Partial<Record<FleetDeviceType, (readonly [number, (keyof EnergyRow)[]])[]>>;

/** Percent points that must lie in 0..100. */
const PERCENT: Partial<Record<FleetDeviceType, number[]>> = {
  battery_cluster: [pointIndex('battery_cluster', 'soc'), pointIndex('battery_cluster', 'soh')],
  charging_pile: [pointIndex('charging_pile', 'vehicleSoc')],
  generator: [pointIndex('generator', 'fuelLevelPct')],
};
const PV_P = pointIndex('pv_inverter', 'p');

/** A rise faster than 1.5 × rating, plus a minute at full rating for clock jitter, is impossible. */
const RATING_MARGIN = 1.5;
const SLACK_H = 1 / 60;

/** Why a sample's values are impossible, or null. */
export const boundsViolation = (type: FleetDeviceType, v: readonly (number | null)[], ratedKw: number): string | null => {
  for (const i of PERCENT[type] ?? []) {
    const x = v[i];
    if (x !== null && x !== undefined && (x < 0 || x > 100)) return `${type} point ${i} = ${x} outside 0..100`;
  }
  if (type === 'pv_inverter') {
    // an inverter draws a little at night; more than 2 % of its rating (at least 1 kW) backwards is not PV
    const p = v[PV_P];
    if (p !== null && p !== undefined && p < -Math.max(1, 0.02 * ratedKw)) return `PV power ${p} kW`;
  }
  return null;
};

export interface CounterSample {
  ts: number;
  v: (number | null)[];
}
export interface CounterTrack {
  last: CounterSample;
  suspect?: CounterSample;
}

export type CounterVerdict = { ok: true; increments: [keyof EnergyRow, number][] } | { ok: false; reason: RejectReason; detail: string };

const step = (idx: readonly (readonly [number, (keyof EnergyRow)[]])[], from: CounterSample, to: CounterSample, ratedKw: number): CounterVerdict => {
  const increments: [keyof EnergyRow, number][] = [];
  const maxKwh = ratedKw * RATING_MARGIN * (Math.max(0, to.ts - from.ts) / 3_600_000 + SLACK_H);
  for (const [i, keys] of idx) {
    const a = from.v[i];
    const b = to.v[i];
    if (a === null || a === undefined || b === null || b === undefined) continue;
    const d = b - a;
    // float noise of a counter re-read at the same value is not a step back
    if (d < -1e-6 * Math.max(1, Math.abs(a))) return { ok: false, reason: 'counterBackwards', detail: `point ${i}: ${a} → ${b}` };
    if (d > maxKwh)
      return { ok: false, reason: 'counterJump', detail: `point ${i}: ${a} → ${b} in ${Math.round((to.ts - from.ts) / 1000)} s, at most ${maxKwh.toFixed(3)}` };
    if (d > 0) for (const k of keys) increments.push([k, d]);
  }
  return { ok: true, increments };
};

/** The sample with its counter points emptied (what is stored of a refused reading). */
export const withoutCounters = (type: FleetDeviceType, v: readonly (number | null)[]): (number | null)[] => {
  const out = [...v];
  for (const [i] of COUNTER_IDX[type] ?? []) if (i < out.length) out[i] = null;
  return out;
};

/**
 * Checks a sample's counters against the device's track and moves the track on. `ok` with the
 * energy increments to book (none for the first sample or an adopted reset), or the refusal.
 */
export const checkCounters = (type: FleetDeviceType, tracks: Map<number, CounterTrack>, id: number, sample: CounterSample, ratedKw: number): CounterVerdict => {
  const idx = COUNTER_IDX[type];
  const t = tracks.get(id);
  if (!idx) return { ok: true, increments: [] };
  if (!t) {
    tracks.set(id, { last: sample });
    return { ok: true, increments: [] };
  }
  const verdict = step(idx, t.last, sample, ratedKw);
  if (verdict.ok) {
    tracks.set(id, { last: sample });
    return verdict;
  }
  if (t.suspect && step(idx, t.suspect, sample, ratedKw).ok) {
    // the refused value was real: a reset or a replaced meter; new baseline, no energy
    tracks.set(id, { last: sample });
    return { ok: true, increments: [] };
  }
  t.suspect = sample;
  return verdict;
};
