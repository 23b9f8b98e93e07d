import type { FleetDeviceType } from '../../protocol/fleet';
import { BatteryCluster } from './battery';
import { Genset } from './genset';
import { hash32 } from './noise';
import { mulberry32 } from '../util/prng';
import type { DeviceConfig, StationConfig } from './station-types';

// What the station model (station.ts), its restart (station-restore.ts), its island dispatch
// (station-island.ts) and its device samples (station-samples.ts) share: the devices sorted by
// role with the ratings the physics needs, and the energy counters the devices report.

export const num = (v: unknown, d: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);
export const clamp = (x: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, x));

export class StationDevices {
  readonly inverters: DeviceConfig[];
  readonly pcs: DeviceConfig[];
  readonly clusters: BatteryCluster[];
  readonly gens: Genset[];
  readonly piles: DeviceConfig[];
  readonly loads: DeviceConfig[];
  readonly meter: DeviceConfig | undefined;
  readonly gateway: DeviceConfig | undefined;
  readonly weather: DeviceConfig | undefined;
  readonly essKw: number;
  readonly dgKw: number;
  readonly tilt: number;
  readonly azimuth: number;
  readonly etaPcs: number;
  readonly etaBat: number;

  constructor(cfg: StationConfig, startSocOverride?: number) {
    const of = (t: FleetDeviceType) => cfg.devices.filter((d) => d.type === t);
    this.inverters = of('pv_inverter');
    this.pcs = of('pcs');
    this.piles = of('charging_pile');
    this.loads = of('load');
    this.meter = of('meter')[0];
    this.gateway = of('gateway')[0];
    this.weather = of('weather_station')[0];
    this.essKw = this.pcs.reduce((a, d) => a + d.ratedKw, 0);
    const rng = mulberry32(hash32(cfg.seed, 101));
    this.clusters = of('battery_cluster').map((dev) => new BatteryCluster(dev, cfg.seed, rng, startSocOverride));
    this.gens = of('generator').map((dev) => new Genset(dev, cfg.seed));
    this.dgKw = this.gens.reduce((a, g) => a + g.dev.ratedKw, 0);
    const pv0 = this.inverters[0]?.params ?? {};
    this.tilt = num(this.weather?.params.tiltDeg ?? pv0.tiltDeg, 20);
    this.azimuth = num(this.weather?.params.azimuthDeg ?? pv0.azimuthDeg, cfg.lat >= 0 ? 180 : 0);
    this.etaPcs = num(this.pcs[0]?.params.efficiency, 0.975);
    this.etaBat = Math.sqrt(num(this.clusters[0]?.dev.params.roundTripEfficiency, 0.92));
  }

  /** Usable storage capacity now (follows every cluster's SOH), kWh. */
  get essKwh(): number {
    return this.clusters.reduce((a, c) => a + c.capKwh, 0);
  }
}

/** Energy counters (kWh) as the devices report them; a restart continues from the last values. */
export class StationCounters {
  readonly pvTotal = new Map<number, number>();
  readonly loadTotal = new Map<number, number>();
  readonly pileTotal = new Map<number, number>();
  pcsCharge = 0;
  pcsDischarge = 0;
  pcsAux = 0;
  gridImport = 0;
  gridExport = 0;
}
