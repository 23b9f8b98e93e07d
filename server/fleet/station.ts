import { POINTS, pointIndex, type FleetDeviceType } from '../../protocol/fleet';
import { BatteryCluster } from './battery';
import type { GenState } from './generator';
import { defaultIsland, peakShavingPower } from './dispatch';
import { Genset } from './genset';
import { feederPower } from './load';
import { hash32, rand, fractal } from './noise';
import { mulberry32 } from '../util/prng';
import { gatewayOnlineAt, gridStateAt, pileSessionAt, type PileSession } from './schedules';
import { weatherAt, type Weather } from './solar';
import type { ActiveStrategy, DeviceConfig, DeviceSample, EnergyDelta, IslandParams, PeakShavingParams, StationConfig, StationFlows, StepResult } from './station-types';
import { slotAt, tariffInForce } from './tariff';
import { wallClock, type WallClock } from '../../protocol/site-time';

export * from './station-types';
export { ocv } from './battery';

// One station's physics and control (docs/fleet.md). `step(t, dt)` advances the station over
// [t - dt, t] and answers average powers, energy increments and every device's points. Stateless
// inputs (sun, clouds, load, EV sessions, outages) are pure functions of (seed, t); the state
// (battery SOC, generator state machine, counters) is integrated here. Energy balance holds by
// construction on every step: pv + discharge + import + generator = load + charge + export + losses.

const num = (v: unknown, d: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);
const clamp = (x: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, x));


export class StationModel {
  readonly cfg: StationConfig;
  private readonly inverters: DeviceConfig[];
  private readonly pcs: DeviceConfig[];
  private readonly clusters: BatteryCluster[];
  private readonly gens: Genset[];
  private readonly piles: DeviceConfig[];
  private readonly loads: DeviceConfig[];
  private readonly meter: DeviceConfig | undefined;
  private readonly gateway: DeviceConfig | undefined;
  private readonly weather: DeviceConfig | undefined;
  private readonly essKw: number;
  private readonly dgKw: number;
  private readonly tilt: number;
  private readonly azimuth: number;
  private readonly etaPcs: number;
  private readonly etaBat: number;
  // counters
  private readonly pvTotal = new Map<number, number>();
  private readonly loadTotal = new Map<number, number>();
  private readonly pileTotal = new Map<number, number>();
  private pcsCharge = 0;
  private pcsDischarge = 0;
  private pcsAux = 0;
  private gridImport = 0;
  private gridExport = 0;
  private genWanted = false;
  private startedAt: number | null = null;
  private uptimeS = 0;

  constructor(cfg: StationConfig, startSocOverride?: number) {
    this.cfg = cfg;
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
  private get essKwh(): number {
    return this.clusters.reduce((a, c) => a + c.capKwh, 0);
  }

  /** Capacity-weighted SOC of the station, null without storage. */
  soc(): number | null {
    if (this.clusters.length === 0) return null;
    return this.clusters.reduce((a, c) => a + c.soc * c.capKwh, 0) / this.essKwh;
  }
  clusterSocs(): number[] {
    return this.clusters.map((c) => c.soc);
  }
  clusterSohs(): number[] {
    return this.clusters.map((c) => c.soh);
  }
  generatorStates(): GenState[] {
    return this.gens.map((g) => g.sm.state);
  }
  setModes(m: Partial<StationConfig['modes']>): void {
    Object.assign(this.cfg.modes, m);
  }
  setStrategy(kind: 'peakShaving' | 'island', s: ActiveStrategy<PeakShavingParams> | ActiveStrategy<IslandParams> | null): void {
    if (kind === 'peakShaving') this.cfg.peakShaving = s as ActiveStrategy<PeakShavingParams> | null;
    else this.cfg.island = s as ActiveStrategy<IslandParams> | null;
  }

  /**
   * Continues from the values an earlier run reported (restart): cluster SOC, SOH and temperature,
   * generator hours, fuel, tank and coolant, and every energy counter. `latest` holds a device's
   * last frame values in POINTS order (older frames may be shorter). Answers the devices restored.
   */
  restore(latest: ReadonlyMap<number, readonly (number | null)[]>): number {
    let n = 0;
    const val = (id: number, type: FleetDeviceType, point: string): number | null => {
      const x = latest.get(id)?.[pointIndex(type, point)];
      return typeof x === 'number' && Number.isFinite(x) ? x : null;
    };
    const counter = (id: number, type: FleetDeviceType, point: string, set: (v: number) => void) => {
      const v = val(id, type, point);
      if (v !== null && v >= 0) set(v);
    };
    for (const c of this.clusters) {
      if (!latest.has(c.dev.id)) continue;
      n++;
      const soc = val(c.dev.id, 'battery_cluster', 'soc');
      const soh = val(c.dev.id, 'battery_cluster', 'soh');
      const tmax = val(c.dev.id, 'battery_cluster', 'cellTmax');
      const tmin = val(c.dev.id, 'battery_cluster', 'cellTmin');
      if (soc !== null) c.soc = clamp(soc, 0, 100);
      if (soh !== null && soh > 0) c.soh = clamp(soh, 50, 100);
      if (tmax !== null && tmin !== null) c.tempC = (tmax + tmin) / 2;
    }
    const restored = (id: number) => latest.has(id) && ++n > 0;
    for (const g of this.gens) if (restored(g.dev.id)) g.restore((point) => val(g.dev.id, 'generator', point));
    for (const d of this.inverters) if (restored(d.id)) counter(d.id, 'pv_inverter', 'totalKwh', (v) => this.pvTotal.set(d.id, v));
    for (const d of this.loads) if (restored(d.id)) counter(d.id, 'load', 'energyKwh', (v) => this.loadTotal.set(d.id, v));
    for (const d of this.piles) if (restored(d.id)) counter(d.id, 'charging_pile', 'totalKwh', (v) => this.pileTotal.set(d.id, v));
    // every PCS reports its share of the station's ESS counters
    if (this.pcs.some((d) => restored(d.id))) {
      const sum = (point: string) => this.pcs.reduce((a, d) => a + (val(d.id, 'pcs', point) ?? 0), 0);
      this.pcsCharge = sum('chargeKwh');
      this.pcsDischarge = sum('dischargeKwh');
      this.pcsAux = sum('auxKwh');
    }
    if (this.meter && restored(this.meter.id)) {
      counter(this.meter.id, 'meter', 'importKwh', (v) => (this.gridImport = v));
      counter(this.meter.id, 'meter', 'exportKwh', (v) => (this.gridExport = v));
    }
    return n;
  }

  /** 0 on-grid, 1 off-grid, 2 switching (8 s either side of an outage). */
  gridStateAt(t: number): 0 | 1 | 2 {
    return gridStateAt(this.cfg.seed, this.cfg.systemType, t);
  }
  gatewayOnlineAt(t: number): boolean {
    return gatewayOnlineAt(this.cfg.seed, t);
  }
  /** EV session power of one pile at t (kW) with session energy so far and vehicle SOC. */
  pileAt(pile: DeviceConfig, lt: WallClock, t: number): PileSession {
    return pileSessionAt(this.cfg.seed, this.cfg.siteType, pile, lt, t);
  }

  private activePeakShaving(date: string): PeakShavingParams | null {
    const s = this.cfg.peakShaving;
    if (!this.cfg.modes.peakShaving || !s || date < s.startDate || date > s.endDate) return null;
    return s.params;
  }
  private activeIsland(date: string): IslandParams {
    const s = this.cfg.island;
    if (this.cfg.modes.island && s && date >= s.startDate && date <= s.endDate) return s.params;
    return defaultIsland(this.dgKw, this.essKw);
  }

  /** SOC bounds the ESS must respect now (strategy limits). */
  socLimits(t: number): { lower: number; upper: number } {
    const lt = wallClock(this.cfg.timezone, t);
    if (this.gridStateAt(t) === 0) {
      const ps = this.activePeakShaving(lt.date);
      return ps ? { lower: ps.socLower, upper: ps.socUpper } : { lower: 0, upper: 100 };
    }
    const isl = this.activeIsland(lt.date);
    return { lower: isl.socLower, upper: isl.socUpper };
  }

  /** Advances over [t - dt, t]; `withDevices` false skips building the device samples (backfill of old days). */
  step(t: number, dtSec: number, withDevices = true): StepResult {
    const cfg = this.cfg;
    const h = dtSec / 3600;
    const lt = wallClock(cfg.timezone, t);
    const w: Weather = weatherAt(cfg.seed, cfg.lat, cfg.lon, t, this.tilt, this.azimuth);
    if (this.startedAt === null) this.startedAt = t;
    this.uptimeS += dtSec;

    // PV available per inverter
    const pvAvail = this.inverters.map((inv) => {
      const dc = inv.ratedKw * num(inv.params.dcAcRatio, 1.2) * (w.poa / 1000) * (1 + (num(inv.params.tempCoeffPctPerC, -0.35) / 100) * (w.moduleC - 25));
      const derate = 0.96 + 0.03 * rand(cfg.seed, inv.id, 61);
      return clamp(dc * num(inv.params.efficiency, 0.985) * derate, 0, inv.ratedKw);
    });
    let pv = pvAvail.reduce((a, b) => a + b, 0);
    const feeders = this.loads.map((ld) =>
      feederPower(hash32(cfg.seed, ld.id), cfg.siteType, num(ld.params.baseKw, ld.ratedKw * 0.3), num(ld.params.peakKw, ld.ratedKw), lt.minutes, lt.weekday, t),
    );
    const pileS = this.piles.map((p) => this.pileAt(p, lt, t));
    let load = feeders.reduce((a, b) => a + b, 0);
    let pile = pileS.reduce((a, b) => a + b.p, 0);

    const gridState = this.gridStateAt(t);
    const hasEss = this.clusters.length > 0 && this.essKw > 0;
    const socMin = hasEss ? Math.min(...this.clusters.map((c) => c.soc)) : 0;
    const socMax = hasEss ? Math.max(...this.clusters.map((c) => c.soc)) : 0;
    const ps = gridState === 0 ? this.activePeakShaving(lt.date) : null;
    const pcsOn = hasEss && (ps !== null || gridState !== 0);
    const aux = pcsOn ? this.pcs.reduce((a, d) => a + num(d.params.standbyLossKw, d.ratedKw * 0.003), 0) + 0.0015 * this.essKwh * (1 + Math.max(0, w.ambientC - 25) * 0.06) : 0;

    // energy room by SOC limits (kW over this step, AC side)
    const isl0 = this.activeIsland(lt.date);
    const lim = gridState === 0 ? (ps ? { lower: ps.socLower, upper: ps.socUpper } : { lower: 0, upper: 100 }) : { lower: isl0.socLower, upper: isl0.socUpper };
    const maxDis = hasEss ? Math.max(0, ((socMin - lim.lower) / 100) * this.essKwh * this.etaBat * this.etaPcs / h) : 0;
    const maxChg = hasEss ? Math.max(0, ((lim.upper - socMax) / 100) * this.essKwh / (this.etaBat * this.etaPcs) / h) : 0;
    const dischargeable = Math.min(this.essKw, maxDis);
    const chargeable = Math.min(this.essKw, maxChg);

    let pEss = 0; // + discharge, - charge (AC)
    let gen = 0;
    let grid = 0;
    let curtail = 1;
    const genSteps = this.gens.map(() => ({ onlineSec: 0, idleSec: 0, transitions: [] as [GenState, GenState][] }));

    if (gridState === 0) {
      const net = load + pile + aux - pv;
      if (ps && hasEss) pEss = peakShavingPower(ps, lt.minutes, net, this.essKw, chargeable, dischargeable);
      grid = net - pEss;
      for (let i = 0; i < this.gens.length; i++) genSteps[i] = this.gens[i]!.sm.advance(dtSec, false);
    } else {
      const isl = isl0;
      const net = load + pile + aux - pv;
      if (this.gens.length > 0) {
        if (!hasEss) this.genWanted = net > 0;
        else if (socMin <= isl.socLower + 5 || net > dischargeable * 0.95) this.genWanted = true;
        else if (socMax >= isl.socUpper - 3 && net < this.essKw * 0.8) this.genWanted = false;
      }
      let avail = 0;
      let minLoad = 0;
      this.gens.forEach((g, i) => {
        const st = g.sm.advance(dtSec, this.genWanted);
        genSteps[i] = st;
        const frac = st.onlineSec / dtSec;
        avail += g.dev.ratedKw * frac;
        minLoad += g.dev.ratedKw * frac * (num(g.dev.params.minLoadPct, 30) / 100);
      });
      if (avail > 0) {
        const optimal = Math.min(avail, isl.optimalGeneratorPowerKw * (avail / (this.dgKw || 1)));
        const chg = Math.min(chargeable, isl.essChargingPowerLimitKw || chargeable);
        gen = clamp(Math.max(optimal, net - dischargeable), minLoad, avail);
        gen = Math.max(Math.min(gen, net + chg), Math.min(minLoad, Math.max(0, net + chg + pv)));
        gen = clamp(gen, 0, avail);
        pEss = clamp(net - gen, -chg, dischargeable);
      } else {
        pEss = clamp(net, -chargeable, dischargeable);
      }
      let residual = net - gen - pEss;
      if (residual < 0) {
        // surplus: curtail PV, then back the generator off
        const cut = Math.min(pv, -residual);
        pv -= cut;
        residual += cut;
        if (residual < 0) {
          gen = Math.max(0, gen + residual);
          residual = 0;
        }
        curtail = pvAvail.reduce((a, b) => a + b, 0) > 0 ? pv / pvAvail.reduce((a, b) => a + b, 0) : 1;
      }
      if (residual > 0) {
        // deficit: shed charging piles, then feeders
        const shedPile = Math.min(pile, residual);
        const pileScale = pile > 0 ? (pile - shedPile) / pile : 1;
        pileS.forEach((s) => (s.p *= pileScale));
        pile -= shedPile;
        residual -= shedPile;
        const loadScale = load > 0 ? Math.max(0, load - residual) / load : 1;
        for (let i = 0; i < feeders.length; i++) feeders[i] = feeders[i]! * loadScale;
        load = Math.max(0, load - residual);
      }
      grid = 0;
    }

    // integrate storage: every cluster takes power in proportion to its capacity (same SOC change)
    if (hasEss) {
      const dE = pEss > 0 ? -(pEss * h) / (this.etaPcs * this.etaBat) : -pEss * h * this.etaPcs * this.etaBat;
      const capTot = this.essKwh;
      for (const c of this.clusters) {
        const share = c.capKwh / capTot;
        c.heat(pEss * share, w.ambientC, dtSec);
        c.integrate(dE * share, dtSec);
      }
    }
    const charge = pEss < 0 ? -pEss * h : 0;
    const discharge = pEss > 0 ? pEss * h : 0;
    this.pcsCharge += charge;
    this.pcsDischarge += discharge;
    this.pcsAux += aux * h;
    const imp = grid > 0 ? grid * h : 0;
    const exp = grid < 0 ? -grid * h : 0;
    this.gridImport += imp;
    this.gridExport += exp;

    // generators: share output by online time, fuel from the load-dependent curve plus idle burn
    let fuel = 0;
    const onlineTot = this.gens.reduce((a, g, i) => a + g.dev.ratedKw * genSteps[i]!.onlineSec, 0);
    const genTransitions: StepResult['genTransitions'] = [];
    this.gens.forEach((g, i) => {
      const st = genSteps[i]!;
      for (const [from, to] of st.transitions) genTransitions.push({ id: g.dev.id, from, to });
      const share = onlineTot > 0 ? (g.dev.ratedKw * st.onlineSec) / onlineTot : 0;
      fuel += g.integrate(gen * share, st, dtSec, w.ambientC);
    });

    // counters of PV, loads, piles
    let pvSum = 0;
    this.inverters.forEach((inv, i) => {
      const p = pvAvail[i]! * curtail;
      pvSum += p;
      this.pvTotal.set(inv.id, (this.pvTotal.get(inv.id) ?? 0) + p * h);
    });
    this.loads.forEach((ld, i) => this.loadTotal.set(ld.id, (this.loadTotal.get(ld.id) ?? 0) + feeders[i]! * h));
    this.piles.forEach((pl, i) => this.pileTotal.set(pl.id, (this.pileTotal.get(pl.id) ?? 0) + pileS[i]!.p * h));

    const energy: EnergyDelta = {
      pv: pvSum * h, charge, discharge, load: (load + pile) * h, gridImport: imp, gridExport: exp,
      generator: gen * h, fuel, pile: pile * h, losses: aux * h,
    };
    const soc = this.soc();
    const flows: StationFlows = { pvKw: pvSum, loadKw: load + pile, essKw: pEss, gridKw: grid, generatorKw: gen, chargingKw: pile, soc };
    const gatewayOnline = this.gatewayOnlineAt(t);
    const devices = !withDevices ? [] : this.samples(t, w, lt, { pvAvail, curtail, feeders, pileS, pEss, grid, gridState, pcsOn, aux, gatewayOnline, lim, ps });
    return { t, flows, energy, gridState, gatewayOnline, devices, genTransitions };
  }

  private samples(
    t: number, w: Weather, _lt: WallClock,
    x: {
      pvAvail: number[]; curtail: number; feeders: number[]; pileS: PileSession[]; pEss: number; grid: number;
      gridState: 0 | 1 | 2; pcsOn: boolean; aux: number; gatewayOnline: boolean; lim: { lower: number; upper: number }; ps: PeakShavingParams | null;
    },
  ): DeviceSample[] {
    const cfg = this.cfg;
    const out: DeviceSample[] = [];
    const n = (salt: number, amp: number) => amp * fractal(cfg.seed, t, [10 * 60_000, 60_000], salt);
    if (this.gateway) out.push({ id: this.gateway.id, type: 'gateway', on: x.gatewayOnline, s: null, v: [x.gatewayOnline ? 1 : 0, 12 + 8 * rand(cfg.seed, Math.floor(t / 5000), 71), this.uptimeS] });
    if (this.meter) {
      const freq = x.gridState === 0 ? 50 + n(73, 0.03) : 0;
      out.push({ id: this.meter.id, type: 'meter', on: true, s: x.gridState, v: [x.grid, x.gridState === 0 ? 400 + n(79, 4) : 0, freq, x.gridState, this.gridImport, this.gridExport] });
    }
    this.inverters.forEach((inv, i) => {
      const p = x.pvAvail[i]! * x.curtail;
      const state = p < 0.05 ? 0 : x.curtail < 0.99 ? 2 : 1;
      out.push({ id: inv.id, type: 'pv_inverter', on: true, s: state, v: [p, p > 0 ? 600 + 80 * (w.poa / 1000) - 2 * (w.moduleC - 25) : 0, w.ambientC + 5 + 20 * (p / (inv.ratedKw || 1)), state, this.pvTotal.get(inv.id) ?? 0] });
    });
    if (this.weather) out.push({ id: this.weather.id, type: 'weather_station', on: true, s: null, v: [w.ghi, w.poa, w.ambientC, w.moduleC, w.windMs] });
    const initPhase = this.startedAt !== null && t - this.startedAt < 60_000;
    const essState = initPhase ? 0 : x.pcsOn ? 1 : 2;
    this.pcs.forEach((d) => {
      const share = this.essKw > 0 ? d.ratedKw / this.essKw : 0;
      out.push({
        id: d.id, type: 'pcs', on: true, s: x.pcsOn ? 1 : 0,
        v: [x.pEss * share, x.pcsOn ? 1 : 0, essState, 30 + 15 * Math.abs(x.pEss) / (this.essKw || 1) + n(83, 1), x.aux * share, this.pcsCharge * share, this.pcsDischarge * share, this.pcsAux * share],
      });
    });
    const capTot = this.essKwh || 1;
    this.clusters.forEach((c, k) => {
      const p = (x.pEss * c.capKwh) / capTot;
      const r = c.readings(p, n, 89 + 5 * k);
      const spread = r.cellVmax - r.cellVmin;
      const state = r.cellVmin <= c.cellVmin + 0.05 ? 6 : c.soc <= 5 ? 5 : r.cellTmax > 45 || spread > 0.08 ? 3 : c.soc >= x.lim.upper - 0.5 ? 1 : c.soc <= x.lim.lower + 0.5 ? 2 : 0;
      out.push({ id: c.dev.id, type: 'battery_cluster', on: true, s: state, v: [c.soc, p, r.v, r.i, r.cellVmax, r.cellVmin, r.cellTmax, r.cellTmin, state, c.soh] });
    });
    for (const g of this.gens) out.push({ id: g.dev.id, type: 'generator', on: true, s: g.state, v: g.values() });
    this.piles.forEach((pl, i) => {
      const s = x.pileS[i]!;
      const state = s.p > 0.01 ? 1 : 0;
      out.push({ id: pl.id, type: 'charging_pile', on: true, s: state, v: [state, s.p, s.sessionKwh, s.vehicleSoc, this.pileTotal.get(pl.id) ?? 0] });
    });
    this.loads.forEach((ld, i) => out.push({ id: ld.id, type: 'load', on: true, s: null, v: [x.feeders[i]!, this.loadTotal.get(ld.id) ?? 0] }));
    return out;
  }

  /** Which period of the tariff in force applies at t (for strategies and tests). */
  tariffSlotAt(t: number) {
    const lt = wallClock(this.cfg.timezone, t);
    return slotAt(tariffInForce(this.cfg.tariffs, lt.date), lt.monthNo, lt.minutes);
  }
}

/** Point count of a device type (frame value arrays must have exactly this length). */
export const pointCount = (type: FleetDeviceType): number => POINTS[type].length;
