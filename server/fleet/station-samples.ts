import { fractal, rand } from './noise';
import type { PileSession } from './schedules';
import type { Weather } from './solar';
import type { StationCounters, StationDevices } from './station-parts';
import type { DeviceSample, PeakShavingParams, StationConfig } from './station-types';

// Every device's points after one step of the station model (station.ts), in POINTS order: the
// step's powers shared out over the devices, their counters and a little measurement noise.

/** What the step worked out, as the devices report it. */
export interface StepOutcome {
  pvAvail: number[];
  curtail: number;
  feeders: number[];
  pileS: PileSession[];
  pEss: number;
  grid: number;
  gridState: 0 | 1 | 2;
  pcsOn: boolean;
  aux: number;
  gatewayOnline: boolean;
  lim: { lower: number; upper: number };
  ps: PeakShavingParams | null;
}

/** Since when the model runs (ms, null before its first step) and for how long (s). */
export interface StationRun {
  startedAt: number | null;
  uptimeS: number;
}

/** A PV inverter's state code (PV_STATES): standby without output, curtailed when held more than 1 % below what the sun allows. */
export const pvInverterState = (p: number, curtail: number): 0 | 1 | 2 => (p < 0.05 ? 0 : curtail < 0.99 ? 2 : 1);

export function deviceSamples(
  cfg: StationConfig,
  d: StationDevices,
  k: StationCounters,
  run: StationRun,
  t: number,
  w: Weather,
  x: StepOutcome,
): DeviceSample[] {
  const out: DeviceSample[] = [];
  const n = (salt: number, amp: number) => amp * fractal(cfg.seed, t, [10 * 60_000, 60_000], salt);
  if (d.gateway)
    out.push({
      id: d.gateway.id,
      type: 'gateway',
      on: x.gatewayOnline,
      s: null,
      v: [x.gatewayOnline ? 1 : 0, 12 + 8 * rand(cfg.seed, Math.floor(t / 5000), 71), run.uptimeS],
    });
  if (d.meter) {
    const freq = x.gridState === 0 ? 50 + n(73, 0.03) : 0;
    out.push({
      id: d.meter.id,
      type: 'meter',
      on: true,
      s: x.gridState,
      v: [x.grid, x.gridState === 0 ? 400 + n(79, 4) : 0, freq, x.gridState, k.gridImport, k.gridExport],
    });
  }
  d.inverters.forEach((inv, i) => {
    const p = x.pvAvail[i]! * x.curtail;
    const state = pvInverterState(p, x.curtail);
    out.push({
      id: inv.id,
      type: 'pv_inverter',
      on: true,
      s: state,
      v: [p, p > 0 ? 600 + 80 * (w.poa / 1000) - 2 * (w.moduleC - 25) : 0, w.ambientC + 5 + 20 * (p / (inv.ratedKw || 1)), state, k.pvTotal.get(inv.id) ?? 0],
    });
  });
  if (d.weather) out.push({ id: d.weather.id, type: 'weather_station', on: true, s: null, v: [w.ghi, w.poa, w.ambientC, w.moduleC, w.windMs] });
  const initPhase = run.startedAt !== null && t - run.startedAt < 60_000;
  const essState = initPhase ? 0 : x.pcsOn ? 1 : 2;
  d.pcs.forEach((pcs) => {
    const share = d.essKw > 0 ? pcs.ratedKw / d.essKw : 0;
    out.push({
      id: pcs.id,
      type: 'pcs',
      on: true,
      s: x.pcsOn ? 1 : 0,
      v: [
        x.pEss * share,
        x.pcsOn ? 1 : 0,
        essState,
        30 + (15 * Math.abs(x.pEss)) / (d.essKw || 1) + n(83, 1),
        x.aux * share,
        k.pcsCharge * share,
        k.pcsDischarge * share,
        k.pcsAux * share,
      ],
    });
  });
  const capTot = d.essKwh || 1;
  d.clusters.forEach((c, j) => {
    const p = (x.pEss * c.capKwh) / capTot;
    const r = c.readings(p, n, 89 + 5 * j);
    const spread = r.cellVmax - r.cellVmin;
    const state =
      r.cellVmin <= c.cellVmin + 0.05
        ? 6
        : c.soc <= 5
          ? 5
          : r.cellTmax > 45 || spread > 0.08
            ? 3
            : c.soc >= x.lim.upper - 0.5
              ? 1
              : c.soc <= x.lim.lower + 0.5
                ? 2
                : 0;
    out.push({
      id: c.dev.id,
      type: 'battery_cluster',
      on: true,
      s: state,
      v: [c.soc, p, r.v, r.i, r.cellVmax, r.cellVmin, r.cellTmax, r.cellTmin, state, c.soh],
    });
  });
  for (const g of d.gens) out.push({ id: g.dev.id, type: 'generator', on: true, s: g.state, v: g.values() });
  d.piles.forEach((pl, i) => {
    const s = x.pileS[i]!;
    const state = s.p > 0.01 ? 1 : 0;
    out.push({ id: pl.id, type: 'charging_pile', on: true, s: state, v: [state, s.p, s.sessionKwh, s.vehicleSoc, k.pileTotal.get(pl.id) ?? 0] });
  });
  d.loads.forEach((ld, i) => out.push({ id: ld.id, type: 'load', on: true, s: null, v: [x.feeders[i]!, k.loadTotal.get(ld.id) ?? 0] }));
  return out;
}
