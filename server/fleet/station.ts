import type { GenState, GenStep } from './generator';
import { defaultIsland, peakShavingPower } from './dispatch';
import { feederPower } from './load';
import { hash32, rand } from './noise';
import { gatewayOnlineAt, gridStateAt, pileSessionAt, type PileSession } from './schedules';
import { weatherAt, type Weather } from './solar';
import { islandDispatch } from './station-island';
import { inverterEfficiency, inverterOut, opticalFactor, pvLossFactor } from './pv-losses';
import { clamp, num, StationCounters, StationDevices } from './station-parts';
import { restoreStation } from './station-restore';
import { deviceSamples, pvInverterState } from './station-samples';
import type { ActiveStrategy, DeviceConfig, EnergyDelta, IslandParams, PeakShavingParams, StationConfig, StationFlows, StepResult } from './station-types';
import { slotAt, tariffInForce } from './tariff';
import { wallClock, type WallClock } from '../../protocol/site-time';

export * from './station-types';

// One station's physics and control (docs/fleet.md). `step(t, dt)` advances the station over
// [t - dt, t] and answers average powers, energy increments and every device's points. Stateless
// inputs (sun, clouds, load, EV sessions, outages) are pure functions of (seed, t); the state
// (battery SOC, generator state machine, counters) is integrated here. Energy balance holds by
// construction on every step: pv + discharge + import + generator = load + charge + export + losses.

export class StationModel {
  readonly cfg: StationConfig;
  private readonly d: StationDevices;
  private readonly k = new StationCounters();
  private genWanted = false;
  private startedAt: number | null = null;
  private uptimeS = 0;

  constructor(cfg: StationConfig, startSocOverride?: number) {
    this.cfg = cfg;
    this.d = new StationDevices(cfg, startSocOverride);
  }

  /** Capacity-weighted SOC of the station, null without storage. */
  soc(): number | null {
    if (this.d.clusters.length === 0) return null;
    return this.d.clusters.reduce((a, c) => a + c.soc * c.capKwh, 0) / this.d.essKwh;
  }
  clusterSocs(): number[] {
    return this.d.clusters.map((c) => c.soc);
  }
  clusterSohs(): number[] {
    return this.d.clusters.map((c) => c.soh);
  }
  generatorStates(): GenState[] {
    return this.d.gens.map((g) => g.sm.state);
  }
  setModes(m: Partial<StationConfig['modes']>): void {
    Object.assign(this.cfg.modes, m);
  }
  setStrategy(kind: 'peakShaving' | 'island', s: ActiveStrategy<PeakShavingParams> | ActiveStrategy<IslandParams> | null): void {
    if (kind === 'peakShaving') this.cfg.peakShaving = s as ActiveStrategy<PeakShavingParams> | null;
    else this.cfg.island = s as ActiveStrategy<IslandParams> | null;
  }

  /** Continues from the values an earlier run reported (restart); answers the devices restored. */
  restore(latest: ReadonlyMap<number, readonly (number | null)[]>): number {
    return restoreStation(this.d, this.k, latest);
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
    return defaultIsland(this.d.dgKw, this.d.essKw);
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
    const d = this.d;
    const k = this.k;
    const h = dtSec / 3600;
    const lt = wallClock(cfg.timezone, t);
    const w: Weather = weatherAt(cfg.seed, cfg.lat, cfg.lon, t, d.tilt, d.azimuth);
    if (this.startedAt === null) this.startedAt = t;
    this.uptimeS += dtSec;

    // PV available per inverter: the array's losses and optics (pv-losses.ts), temperature, then clipping at the rating
    const losses = pvLossFactor(cfg.seed, t, cfg.pvEpisode) * opticalFactor(cfg.seed, w);
    const pvAvail = d.inverters.map((inv) => {
      if (inverterOut(cfg.seed, inv.id, t)) return 0;
      const dc =
        inv.ratedKw * num(inv.params.dcAcRatio, 1.2) * (w.poa / 1000) * losses * (1 + (num(inv.params.tempCoeffPctPerC, -0.35) / 100) * (w.moduleC - 25));
      const derate = 0.955 + 0.03 * rand(cfg.seed, inv.id, 61);
      const peak = num(inv.params.efficiency, 0.985);
      return clamp(dc * inverterEfficiency(peak, (dc * peak) / (inv.ratedKw || 1)) * derate, 0, inv.ratedKw);
    });
    let pv = pvAvail.reduce((a, b) => a + b, 0);
    const feeders = d.loads.map((ld) =>
      feederPower(hash32(cfg.seed, ld.id), cfg.siteType, num(ld.params.baseKw, ld.ratedKw * 0.3), num(ld.params.peakKw, ld.ratedKw), lt.minutes, lt.weekday, t),
    );
    const pileS = d.piles.map((p) => this.pileAt(p, lt, t));
    let load = feeders.reduce((a, b) => a + b, 0);
    let pile = pileS.reduce((a, b) => a + b.p, 0);

    const gridState = this.gridStateAt(t);
    const hasEss = d.clusters.length > 0 && d.essKw > 0;
    const socMin = hasEss ? Math.min(...d.clusters.map((c) => c.soc)) : 0;
    const socMax = hasEss ? Math.max(...d.clusters.map((c) => c.soc)) : 0;
    const ps = gridState === 0 ? this.activePeakShaving(lt.date) : null;
    const pcsOn = hasEss && (ps !== null || gridState !== 0);
    const aux = pcsOn
      ? d.pcs.reduce((a, x) => a + num(x.params.standbyLossKw, x.ratedKw * 0.003), 0) + 0.0015 * d.essKwh * (1 + Math.max(0, w.ambientC - 25) * 0.06)
      : 0;

    // energy room by SOC limits (kW over this step, AC side)
    const isl0 = this.activeIsland(lt.date);
    const lim = gridState === 0 ? (ps ? { lower: ps.socLower, upper: ps.socUpper } : { lower: 0, upper: 100 }) : { lower: isl0.socLower, upper: isl0.socUpper };
    const maxDis = hasEss ? Math.max(0, (((socMin - lim.lower) / 100) * d.essKwh * d.etaBat * d.etaPcs) / h) : 0;
    const maxChg = hasEss ? Math.max(0, (((lim.upper - socMax) / 100) * d.essKwh) / (d.etaBat * d.etaPcs) / h) : 0;
    const dischargeable = Math.min(d.essKw, maxDis);
    const chargeable = Math.min(d.essKw, maxChg);

    let pEss = 0; // + discharge, - charge (AC)
    let gen = 0;
    let grid = 0;
    let curtail = 1;
    const genSteps: GenStep[] = d.gens.map(() => ({ onlineSec: 0, idleSec: 0, transitions: [] as [GenState, GenState][] }));

    if (gridState === 0) {
      const net = load + pile + aux - pv;
      if (ps && hasEss) pEss = peakShavingPower(ps, lt.minutes, net, d.essKw, chargeable, dischargeable);
      grid = net - pEss;
      for (let i = 0; i < d.gens.length; i++) genSteps[i] = d.gens[i]!.sm.advance(dtSec, false);
    } else {
      const island = islandDispatch(
        d,
        isl0,
        dtSec,
        this.genWanted,
        { pvAvail, feeders, pileS, pv, load, pile, aux, hasEss, socMin, socMax, chargeable, dischargeable },
        genSteps,
      );
      ({ gen, pEss, pv, load, pile, curtail } = island);
      this.genWanted = island.genWanted;
      grid = 0;
    }

    // integrate storage: every cluster takes power in proportion to its capacity (same SOC change)
    if (hasEss) {
      const eta = d.oneWayEfficiency(pEss);
      const dE = (pEss > 0 ? -(pEss * h) / eta : -pEss * h * eta) - (Math.abs(pEss) > 0.05 * d.essKw ? d.dcAuxKw * h : 0);
      const capTot = d.essKwh;
      for (const c of d.clusters) {
        const share = c.capKwh / capTot;
        c.heat(pEss * share, w.ambientC, dtSec);
        c.integrate(dE * share, dtSec);
      }
    }
    const charge = pEss < 0 ? -pEss * h : 0;
    const discharge = pEss > 0 ? pEss * h : 0;
    k.pcsCharge += charge;
    k.pcsDischarge += discharge;
    k.pcsAux += aux * h;
    const imp = grid > 0 ? grid * h : 0;
    const exp = grid < 0 ? -grid * h : 0;
    k.gridImport += imp;
    k.gridExport += exp;

    // generators: share output by online time, fuel from the load-dependent curve plus idle burn
    let fuel = 0;
    const onlineTot = d.gens.reduce((a, g, i) => a + g.dev.ratedKw * genSteps[i]!.onlineSec, 0);
    const genTransitions: StepResult['genTransitions'] = [];
    d.gens.forEach((g, i) => {
      const st = genSteps[i]!;
      for (const [from, to] of st.transitions) genTransitions.push({ id: g.dev.id, from, to });
      const share = onlineTot > 0 ? (g.dev.ratedKw * st.onlineSec) / onlineTot : 0;
      fuel += g.integrate(gen * share, st, dtSec, w.ambientC);
    });

    // counters of PV, loads, piles
    let pvSum = 0;
    let limited = false;
    d.inverters.forEach((inv, i) => {
      const p = pvAvail[i]! * curtail;
      pvSum += p;
      limited ||= pvInverterState(p, curtail) === 2;
      k.pvTotal.set(inv.id, (k.pvTotal.get(inv.id) ?? 0) + p * h);
    });
    d.loads.forEach((ld, i) => k.loadTotal.set(ld.id, (k.loadTotal.get(ld.id) ?? 0) + feeders[i]! * h));
    d.piles.forEach((pl, i) => k.pileTotal.set(pl.id, (k.pileTotal.get(pl.id) ?? 0) + pileS[i]!.p * h));

    const energy: EnergyDelta = {
      pv: pvSum * h,
      charge,
      discharge,
      load: (load + pile) * h,
      gridImport: imp,
      gridExport: exp,
      generator: gen * h,
      fuel,
      pile: pile * h,
      losses: aux * h,
    };
    const soc = this.soc();
    const flows: StationFlows = { pvKw: pvSum, loadKw: load + pile, essKw: pEss, gridKw: grid, generatorKw: gen, chargingKw: pile, soc };
    const gatewayOnline = this.gatewayOnlineAt(t);
    const run = { startedAt: this.startedAt, uptimeS: this.uptimeS };
    const devices = !withDevices
      ? []
      : deviceSamples(cfg, d, k, run, t, w, { pvAvail, curtail, feeders, pileS, pEss, grid, gridState, pcsOn, aux, gatewayOnline, lim, ps });
    return { t, flows, energy, gridState, gatewayOnline, devices, genTransitions, weather: w, pvLimitedS: limited ? dtSec : 0 };
  }

  /** Which period of the tariff in force applies at t (for strategies and tests). */
  tariffSlotAt(t: number) {
    const lt = wallClock(this.cfg.timezone, t);
    return slotAt(tariffInForce(this.cfg.tariffs, lt.date), lt.monthNo, lt.minutes);
  }
}
