import type { EnergyType, SiteSpec } from './seed-data';
import type { Rng } from './seed-rng';

// What the parts of one seeded station (seed-station.ts, seed-devices.ts, seed-prices.ts,
// seed-strategies.ts) work from: the site and its random stream, and the sizes drawn first,
// which the devices, tariffs and strategies all follow.

export interface StationCtx {
  site: SiteSpec;
  stationId: number;
  copy: number;
  rng: Rng;
  now: Date;
  today: number;
  pendingFrom: number;
  opFirst: number;
  opLast: number;
  providerId: number;
  customerId: number;
  creator: number;
  pending: boolean;
  history: boolean;
}

export interface StationSizing {
  has: (t: EnergyType) => boolean;
  /** the site has a Chinese name: so do its tariffs and strategies */
  zh: boolean;
  gridTied: boolean;
  lat: number;
  /** inverter rating and count */
  invUnit: number;
  invN: number;
  essKw: number;
  essKwh: number;
  dgKw: number;
  pileKw: number[];
  chargingKw: number;
  loadPeakKw: number;
  transformerKva: number;
}
