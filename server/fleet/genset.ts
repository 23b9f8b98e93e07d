import { GeneratorSM, type GenState } from './generator';
import { rand } from './noise';
import type { DeviceConfig } from './station-types';

// One diesel generator set of a station (docs/fleet.md): the state machine of generator.ts plus
// what it integrates: energy, fuel by the load-dependent curve and idle burn, running hours, the
// tank (refilled at 20 %) and the coolant (engine heat running, a jacket-water heater standing).

const num = (v: unknown, d: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);
const interp = (xs: number[], ys: number[], x: number): number => {
  if (xs.length === 0) return 3.2;
  if (x <= xs[0]!) return ys[0]!;
  for (let i = 1; i < xs.length; i++) if (x <= xs[i]!) return ys[i - 1]! + ((ys[i]! - ys[i - 1]!) * (x - xs[i - 1]!)) / (xs[i]! - xs[i - 1]!);
  return ys[ys.length - 1]!;
};

export class Genset {
  readonly sm: GeneratorSM;
  /** output now, kW */
  p = 0;
  energy = 0;
  fuel = 0;
  runHours = 0;
  coolant = 30;
  heater = false;
  /** tank level, 0-1 */
  tank = 0.8;
  private readonly tankL: number;

  constructor(
    readonly dev: DeviceConfig,
    seed: number,
  ) {
    this.tankL = num(dev.params.tankLitres, 400);
    this.sm = new GeneratorSM({
      startDelaySec: num(dev.params.startDelaySec, 10),
      cooldownSec: num(dev.params.cooldownSec, 180),
      crankFires: (attempt, startNo) => attempt >= 2 || rand(seed, dev.id * 7919 + startNo, 41) > 0.08,
      stopsInTime: (stopNo) => rand(seed, dev.id * 7919 + stopNo, 43) > 0.03,
    });
  }

  get state(): GenState {
    return this.sm.state;
  }

  /** Runs at `p` over a step with this much online and idle time; answers the litres burnt. */
  integrate(p: number, st: { onlineSec: number; idleSec: number }, dtSec: number, ambientC: number): number {
    this.p = p;
    const e = (p * dtSec) / 3600;
    const rated = this.dev.ratedKw || 1;
    const curve = this.dev.params.fuelCurve as { loadPct?: number[]; kwhPerLitre?: number[] } | undefined;
    const kpl = interp(curve?.loadPct ?? [25, 100], curve?.kwhPerLitre ?? [2.8, 3.4], (100 * p) / rated);
    const litres = (e > 0 ? e / kpl : 0) + (num(this.dev.params.idleLitresPerHour, this.dev.ratedKw * 0.012) * st.idleSec) / 3600;
    this.energy += e;
    this.fuel += litres;
    this.runHours += (st.onlineSec + st.idleSec) / 3600;
    this.tank -= litres / this.tankL;
    if (this.tank < 0.2) this.tank = 0.9; // refuelled
    const s = this.sm.state;
    if (s >= 5 && s <= 11) {
      this.heater = false;
      this.coolant += (82 + 6 * (p / rated) - this.coolant) * (1 - Math.exp(-dtSec / 400));
    } else {
      // standing: the jacket-water heater keeps the block at 38-45 °C, cycling on its thermostat
      if (this.coolant < 38) this.heater = true;
      else if (this.coolant > 45) this.heater = false;
      const target = this.heater ? Math.max(ambientC, 60) : ambientC;
      this.coolant += (target - this.coolant) * (1 - Math.exp(-dtSec / (this.heater ? 900 : 3600)));
    }
    return litres;
  }

  /** Frame values in POINTS.generator order. */
  values(): number[] {
    const s = this.sm.state;
    const rpm = s === 3 ? 220 : s >= 5 && s <= 11 ? (s === 6 || s === 11 ? 900 : 1500) : s === 12 || s === 13 || s === 14 ? 300 : 0;
    return [s, this.p, rpm, this.coolant, this.tank * 100, this.energy, this.fuel, this.runHours];
  }

  /** Continues from reported values (restart); `val` reads a point, null when absent. */
  restore(val: (point: string) => number | null): void {
    const set = (point: string, f: (v: number) => void) => {
      const v = val(point);
      if (v !== null && v >= 0) f(v);
    };
    set('energyKwh', (v) => (this.energy = v));
    set('fuelL', (v) => (this.fuel = v));
    set('runHours', (v) => (this.runHours = v));
    set('fuelLevelPct', (v) => (this.tank = Math.max(0.2, Math.min(1, v / 100))));
    set('coolantC', (v) => (this.coolant = v));
  }
}
