import { rand } from './noise';
import type { DeviceConfig } from './station-types';

// One LFP battery cluster (docs/fleet.md): SOC, state of health, cell temperature and the cell
// extremes a BMS reports. SOH starts from a per-cluster seeded value and fades with throughput
// and calendar time; capacity follows SOH, internal resistance and cell imbalance grow as it fades.

/** LFP open-circuit voltage per cell by SOC. */
const OCV: [number, number][] = [
  [0, 2.8],
  [5, 3.05],
  [10, 3.18],
  [30, 3.26],
  [60, 3.3],
  [90, 3.34],
  [97, 3.4],
  [100, 3.55],
];
export const ocv = (soc: number): number => {
  for (let i = 1; i < OCV.length; i++) {
    const [s1, v1] = OCV[i]!;
    const [s0, v0] = OCV[i - 1]!;
    if (soc <= s1) return v0 + ((v1 - v0) * (soc - s0)) / (s1 - s0);
  }
  return 3.55;
};

/** SOH lost per 1,000 equivalent full cycles at ≤ 35 °C (LFP: about 80 % after 6,000 cycles). */
export const CYCLE_FADE_PER_1000_EFC = 3;
/** SOH lost per year standing at 25 °C and 50 % SOC; doubles every 10 °C, more at high SOC. */
export const CALENDAR_FADE_PER_YEAR = 1.5;
const YEAR_S = 365.25 * 86_400;
/** IR drop per cell at rated power, V (new cell) */
const IR_AT_RATED = 0.04;
/** container HVAC time constant of the cell temperature, s */
const THERMAL_TAU_S = 1800;

const num = (v: unknown, d: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);
const clamp = (x: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, x));

/** Sensor noise of a reading: (salt, amplitude) → value around 0. */
export type Noise = (salt: number, amp: number) => number;

export class BatteryCluster {
  /** nameplate × manufacturing spread: kWh at SOH 100 % */
  readonly nominalKwh: number;
  soc: number;
  /** state of health, % of nominal capacity */
  soh: number;
  /** mean cell temperature, °C; null until the first step */
  tempC: number | null = null;
  /** equivalent full cycles since this model started */
  efc = 0;
  readonly cells: number;
  readonly cellVmin: number;
  private readonly vOffset: number;
  /** manufacturing spread of the cell voltages, V */
  private readonly baseSpread: number;

  /** `rng` draws capacity spread, SOC offset and voltage offset in that order (seed compatibility). */
  constructor(
    readonly dev: DeviceConfig,
    seed: number,
    rng: () => number,
    startSoc?: number,
  ) {
    const base = startSoc ?? num(dev.params.initialSoc, 50);
    this.nominalKwh = dev.capKwh * (0.985 + 0.02 * rng());
    this.soc = clamp(base + (rng() - 0.5) * 1.2, 0, 100);
    this.vOffset = (rng() - 0.5) * 0.006;
    this.cells = num(dev.params.cellsInSeries, 240);
    this.cellVmin = num(dev.params.cellVoltageMin, 2.5);
    this.soh = num(dev.params.initialSoh, 92 + 7 * rand(seed, dev.id, 107));
    this.baseSpread = 0.006 + 0.004 * rand(seed, dev.id, 109);
  }

  /** Usable capacity now, kWh. */
  get capKwh(): number {
    return (this.nominalKwh * this.soh) / 100;
  }

  /** Energy into (+) or out of (−) the cells over dt: SOC, and the fade by throughput and by time. */
  integrate(dEkwh: number, dtSec: number): void {
    this.soc = clamp(this.soc + (dEkwh / this.capKwh) * 100, 0, 100);
    const efc = Math.abs(dEkwh) / (2 * this.nominalKwh);
    this.efc += efc;
    const t = this.tempC ?? 25;
    const cycle = ((efc * CYCLE_FADE_PER_1000_EFC) / 1000) * (1 + Math.max(0, t - 35) * 0.05);
    const calendar = ((CALENDAR_FADE_PER_YEAR * dtSec) / YEAR_S) * 2 ** ((t - 25) / 10) * (0.6 + (0.8 * this.soc) / 100);
    this.soh = Math.max(50, this.soh - cycle - calendar);
  }

  /** The cells relax towards the HVAC setpoint (18-25 °C, overwhelmed above 30 °C ambient) plus I²R heat. */
  heat(pKw: number, ambientC: number, dtSec: number): void {
    const rel = pKw / (this.dev.ratedKw || 1);
    const target = clamp(ambientC, 18, 25) + Math.max(0, ambientC - 30) * 0.3 + 10 * rel * rel * this.resistance();
    this.tempC = this.tempC === null ? target : this.tempC + (target - this.tempC) * (1 - Math.exp(-dtSec / THERMAL_TAU_S));
  }

  /** Internal resistance relative to a new cell: +50 % at SOH 80 %. */
  resistance(): number {
    return 1 + Math.max(0, 100 - this.soh) * 0.025;
  }

  /**
   * BMS readings at power p (+ discharge): cluster voltage and current, cell extremes. The extreme
   * cells are the most imbalanced (SOC ± a margin growing as SOH fades) and carry ±15 % of the
   * mean IR drop, so the spread grows with current and at the SOC ends where OCV is steep.
   */
  readings(pKw: number, noise: Noise, salt: number): { v: number; i: number; cellVmax: number; cellVmin: number; cellTmax: number; cellTmin: number } {
    const rel = pKw / (this.dev.ratedKw || 1);
    const ir = rel * IR_AT_RATED * this.resistance();
    const imbalance = 1.5 + Math.max(0, 100 - this.soh) * 0.1;
    const cellV = ocv(this.soc) - ir + this.vOffset;
    const [hiIr, loIr] = ir >= 0 ? [0.85, 1.15] : [1.15, 0.85];
    const half = this.baseSpread / 2;
    const cellVmax = Math.max(cellV + half, ocv(Math.min(100, this.soc + imbalance)) - ir * hiIr + this.vOffset + half) + noise(salt, 0.001);
    const cellVmin = Math.min(cellV - half, ocv(Math.max(0, this.soc - imbalance)) - ir * loIr + this.vOffset - half) + noise(salt + 1, 0.001);
    const t = this.tempC ?? 25;
    const a = Math.abs(rel);
    const v = this.cells * cellV;
    return {
      v,
      i: (pKw * 1000) / (v || 1),
      cellVmax,
      cellVmin,
      cellTmax: t + 1 + 2.5 * a + noise(salt + 2, 0.3),
      cellTmin: t - 1 - a + noise(salt + 3, 0.3),
    };
  }
}
