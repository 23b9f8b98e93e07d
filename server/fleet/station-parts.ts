import type { FleetDeviceType } from '../../protocol/fleet';
import { BatteryCluster } from './battery';
import { Genset } from './genset';
import { hash32 } from './noise';
import { mulberry32 } from '../util/prng';
import type { DeviceConfig, StationConfig } from './station-types';

// What the station model (station.ts), its restart (station-restore.ts), its island dispatch
// (station-island.ts) and its device samples (station-samples.ts) share: the devices sorted by
// role with the ratings the physics needs, and the energy counters the devices report.

/** One-way resistive loss of the cells per C of rate (3 % at 1 C for a new cell at 25 °C). */
const IR_LOSS_PER_C = 0.03;

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
  /** BMS and rack fans, fed from the cells while the converter works above 5 % of its rating, kW */
  readonly dcAuxKw: number;

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
    // stations differ: the converter's efficiency ±1 point around its datasheet figure, the cells'
    // round trip ±1.5 points around theirs (cell generation and supplier), the BMS and rack fans (0.02-0.06 % of the capacity an hour)
    const salt = mulberry32(hash32(cfg.seed, 103));
    this.etaPcs = num(this.pcs[0]?.params.efficiency, 0.975) - 0.012 + 0.02 * salt();
    this.etaBat = Math.sqrt(num(this.clusters[0]?.dev.params.roundTripEfficiency, 0.92) - 0.015 + 0.03 * salt());
    this.dcAuxKw = this.clusters.reduce((a, c) => a + c.nominalKwh, 0) * (0.0002 + 0.0004 * salt());
  }

  /**
   * AC to cells (or cells to AC) at AC power p, kW: converter × cells. The cells' figure is the
   * datasheet's at 0.5 C and 25 °C; their resistive loss grows with the C-rate, with ageing and
   * in cold cells (+3 % a kelvin below 25 °C).
   */
  oneWayEfficiency(pKw: number): number {
    const cap = this.essKwh;
    if (cap <= 0) return this.etaPcs * this.etaBat;
    let res = 0;
    let temp = 0;
    for (const c of this.clusters) {
      res += (c.resistance() * c.capKwh) / cap;
      temp += ((c.tempC ?? 25) * c.capKwh) / cap;
    }
    const ir = IR_LOSS_PER_C * (Math.abs(pKw) / cap - 0.5) * res * (1 + 0.03 * Math.max(0, 25 - temp));
    return this.etaPcs * this.etaBat * (1 - ir);
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
