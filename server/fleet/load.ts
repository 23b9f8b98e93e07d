import { fractal } from './noise';

// Load profiles per site type: a weekday and a weekend shape (fraction of peak per local hour,
// interpolated), scaled between the feeder's base and peak, with smooth noise (±6 %) and short
// spikes (motor starts) on factories.

const FACTORY_WD = [0.42, 0.4, 0.4, 0.4, 0.42, 0.5, 0.68, 0.85, 0.95, 1, 0.98, 0.96, 0.8, 0.93, 0.98, 0.97, 0.95, 0.88, 0.75, 0.68, 0.62, 0.55, 0.5, 0.45];
const FACTORY_WE = [0.4, 0.38, 0.38, 0.38, 0.38, 0.4, 0.45, 0.5, 0.55, 0.56, 0.56, 0.55, 0.5, 0.52, 0.53, 0.52, 0.5, 0.48, 0.46, 0.45, 0.44, 0.42, 0.41, 0.4];
const COMMERCIAL_WD = [0.3, 0.28, 0.27, 0.27, 0.28, 0.32, 0.42, 0.6, 0.8, 0.92, 0.98, 1, 0.98, 0.98, 1, 0.97, 0.92, 0.85, 0.78, 0.7, 0.6, 0.48, 0.38, 0.32];
const COMMERCIAL_WE = [0.3, 0.28, 0.27, 0.27, 0.28, 0.3, 0.36, 0.5, 0.68, 0.8, 0.88, 0.92, 0.92, 0.9, 0.9, 0.88, 0.85, 0.82, 0.78, 0.7, 0.6, 0.48, 0.38, 0.32];
const RESIDENTIAL_WD = [0.35, 0.3, 0.28, 0.27, 0.28, 0.35, 0.6, 0.75, 0.6, 0.45, 0.42, 0.45, 0.5, 0.45, 0.42, 0.45, 0.55, 0.75, 0.95, 1, 0.95, 0.8, 0.6, 0.45];
const RESIDENTIAL_WE = [0.38, 0.32, 0.3, 0.28, 0.28, 0.32, 0.45, 0.6, 0.72, 0.7, 0.65, 0.65, 0.68, 0.62, 0.58, 0.6, 0.65, 0.8, 0.95, 1, 0.95, 0.82, 0.65, 0.48];

const SHAPES = {
  factory: [FACTORY_WD, FACTORY_WE],
  commercial: [COMMERCIAL_WD, COMMERCIAL_WE],
  residential: [RESIDENTIAL_WD, RESIDENTIAL_WE],
} as const;
export type SiteType = keyof typeof SHAPES;

/** Shape value (0..1) at local minute of day and weekday. Factories rest on Sundays, half on Saturdays. */
export const loadShape = (site: SiteType, minutes: number, weekday: number): number => {
  const [wd, we] = SHAPES[site];
  const shape = site === 'factory' ? (weekday === 0 ? we : weekday === 6 ? wd.map((v, i) => (v + we[i]!) / 2) : wd) : weekday === 0 || weekday === 6 ? we : wd;
  const h = minutes / 60;
  const i = Math.floor(h) % 24;
  const f = h - Math.floor(h);
  return shape[i]! + (shape[(i + 1) % 24]! - shape[i]!) * f;
};

/** Feeder power, kW. */
export const feederPower = (seed: number, site: SiteType, baseKw: number, peakKw: number, minutes: number, weekday: number, t: number): number => {
  const shape = loadShape(site, minutes, weekday);
  const noise = 0.06 * fractal(seed, t, [45 * 60_000, 7 * 60_000, 60_000], 3);
  const spike = site === 'factory' && fractal(seed, t, [20_000], 5) > 0.9 ? 0.08 : 0;
  return Math.max(0, baseKw + (peakKw - baseKw) * Math.max(0, Math.min(1.1, (shape - 0.25) / 0.75)) * (1 + noise + spike));
};
