import type { SiteType } from './load';
import { rand } from './noise';
import type { DeviceConfig } from './station-types';
import type { WallClock } from '../../protocol/site-time';

// Stateless inputs of a station that depend only on its seed and the time (docs/fleet.md): grid
// outages, gateway offline windows and EV charging sessions, so backfill and live runs agree.

const DAY = 86_400_000;
const num = (v: unknown, d: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);

/** 0 on-grid, 1 off-grid, 2 switching (8 s either side of an outage). */
export const gridStateAt = (seed: number, systemType: 1 | 2 | 3, t: number): 0 | 1 | 2 => {
  if (systemType === 1) return 0;
  if (systemType === 2) return 1;
  for (const day of [Math.floor(t / DAY), Math.floor(t / DAY) - 1]) {
    if (rand(seed, day, 29) >= 0.08) continue;
    const a = day * DAY + Math.floor(rand(seed, day, 31) * DAY);
    const b = a + (30 + Math.floor(rand(seed, day, 37) * 150)) * 60_000;
    if (t >= a && t < b) return t < a + 8000 || t >= b - 8000 ? 2 : 1;
  }
  return 0;
};

export const gatewayOnlineAt = (seed: number, t: number): boolean => {
  const day = Math.floor(t / DAY);
  if (rand(seed, day, 23) >= 0.04) return true;
  const a = day * DAY + Math.floor(rand(seed, day, 47) * DAY);
  const b = a + (10 + Math.floor(rand(seed, day, 53) * 60)) * 60_000;
  return !(t >= a && t < b);
};

export interface PileSession {
  p: number;
  sessionKwh: number;
  vehicleSoc: number;
}

/** EV session power of one pile at t (kW) with session energy so far and vehicle SOC. */
export const pileSessionAt = (seed: number, site: SiteType, pile: DeviceConfig, lt: WallClock, t: number): PileSession => {
  const maxKw = num(pile.params.maxKw, pile.ratedKw || 60);
  const dayKey = Math.floor((t + 0) / DAY);
  const [open, close] = site === 'residential' ? [17 * 60, 23.5 * 60] : site === 'factory' ? [7 * 60, 19 * 60] : [8 * 60, 22 * 60];
  let cursor = open + rand(seed, pile.id, dayKey * 3) * 90;
  for (let k = 0; k < 10 && cursor < close; k++) {
    const r = (salt: number) => rand(seed + salt, pile.id * 131 + k, dayKey);
    const vehKw = Math.min(maxKw, 40 + r(1) * 110);
    const energy = 12 + r(2) * 48;
    const dur = (energy / (vehKw * 0.85)) * 60;
    const end = Math.min(cursor + dur, 24 * 60 - 1);
    if (lt.minutes >= cursor && lt.minutes < end) {
      const prog = (lt.minutes - cursor) / (end - cursor);
      const taper = prog > 0.75 ? 1 - (prog - 0.75) * 2.8 : 1;
      const startSoc = 15 + r(3) * 35;
      const sessionKwh = ((vehKw * (lt.minutes - cursor)) / 60) * 0.92;
      return { p: vehKw * taper, sessionKwh, vehicleSoc: Math.min(100, startSoc + prog * (80 - startSoc)) };
    }
    cursor = end + 15 + r(4) * 150;
  }
  return { p: 0, sessionKwh: 0, vehicleSoc: 0 };
};
