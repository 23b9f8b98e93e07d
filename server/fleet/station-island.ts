import type { GenStep } from './generator';
import type { PileSession } from './schedules';
import { clamp, num, type StationDevices } from './station-parts';
import type { IslandParams } from './station-types';

// One step of an islanded station (grid off or switching, station.ts): the generators start and
// stop on SOC and load, then carry the load with the battery; what is left over curtails PV, and
// what is missing sheds charging piles first, then feeders.

/** The step's powers (kW) before the island balances them. */
export interface IslandInputs {
  pvAvail: number[];
  /** feeder powers, scaled down in place when load is shed */
  feeders: number[];
  /** pile sessions, scaled down in place when load is shed */
  pileS: PileSession[];
  pv: number;
  load: number;
  pile: number;
  aux: number;
  hasEss: boolean;
  socMin: number;
  socMax: number;
  chargeable: number;
  dischargeable: number;
}

export interface IslandBalance {
  genWanted: boolean;
  gen: number;
  pEss: number;
  pv: number;
  load: number;
  pile: number;
  curtail: number;
}

/** Balances one island step; `genSteps` receives every generator's step. */
export function islandDispatch(d: StationDevices, isl: IslandParams, dtSec: number, genWanted: boolean, x: IslandInputs, genSteps: GenStep[]): IslandBalance {
  let { pv, load, pile } = x;
  const { pvAvail, feeders, pileS, aux, hasEss, socMin, socMax, chargeable, dischargeable } = x;
  let pEss = 0;
  let gen = 0;
  let curtail = 1;
  const net = load + pile + aux - pv;
  if (d.gens.length > 0) {
    if (!hasEss) genWanted = net > 0;
    else if (socMin <= isl.socLower + 5 || net > dischargeable * 0.95) genWanted = true;
    else if (socMax >= isl.socUpper - 3 && net < d.essKw * 0.8) genWanted = false;
  }
  let avail = 0;
  let minLoad = 0;
  d.gens.forEach((g, i) => {
    const st = g.sm.advance(dtSec, genWanted);
    genSteps[i] = st;
    const frac = st.onlineSec / dtSec;
    avail += g.dev.ratedKw * frac;
    minLoad += g.dev.ratedKw * frac * (num(g.dev.params.minLoadPct, 30) / 100);
  });
  if (avail > 0) {
    const optimal = Math.min(avail, isl.optimalGeneratorPowerKw * (avail / (d.dgKw || 1)));
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
  return { genWanted, gen, pEss, pv, load, pile, curtail };
}
