import { StationModel, type IslandParams, type PeakShavingParams, type StationConfig } from '../fleet/station';
import { priceRange, sumBills, toCents, type Pricing } from '../money';
import type { StoredInterval } from '../peak/storage';

// A predicted day (docs/strategies.md): the station's own models (PV forecast, load profile,
// battery, generator, tariff) run the next 24 hours twice from the same state, once under a
// candidate strategy and once under what the station runs now, and both days are priced by the
// same money functions as the bills. Pure: the caller supplies the configuration and the pricing.

export type StrategyDraft = { kind: 'peakShaving'; params: PeakShavingParams } | { kind: 'island'; params: IslandParams };

export interface PredictedRun {
  soc: (number | null)[];
  gridKw: number[];
  essKw: number[];
  importKwh: number;
  exportKwh: number;
  cost: number;
}

export interface PredictedDay {
  start: number;
  stepMinutes: number;
  candidate: PredictedRun;
  inForce: PredictedRun;
  difference: number;
  /** the candidate's quarter hours as metered energy, with the battery's charge and discharge */
  candidateIntervals: StoredInterval[];
}

const QUARTER_MS = 15 * 60_000;
/** Model sub-steps per quarter hour: 5-minute steps follow period edges closely enough. */
const SUBSTEPS = 3;
const r2 = (x: number) => Math.round(x * 100) / 100;

/** The configuration with the candidate in force for any date and its mode switched on. */
export const withCandidate = (cfg: StationConfig, draft: StrategyDraft): StationConfig => {
  const c = structuredClone(cfg);
  const always = { startDate: '0001-01-01', endDate: '9999-12-31' };
  if (draft.kind === 'peakShaving') {
    c.peakShaving = { ...always, params: draft.params };
    c.modes.peakShaving = true;
  } else {
    c.island = { ...always, params: draft.params };
    c.modes.island = true;
  }
  return c;
};

/** One run of `hours` from `start` (quarter-hour aligned) from a given SOC, and its quarter hours as metered energy. */
export const runDay = (
  cfg: StationConfig,
  start: number,
  startSoc: number | null,
  pricing: Pricing,
  hours = 24,
): { run: PredictedRun; metered: StoredInterval[] } => {
  const model = new StationModel(structuredClone(cfg), startSoc ?? undefined);
  const quarters = hours * 4;
  const dtSec = QUARTER_MS / SUBSTEPS / 1000;
  const out: PredictedRun = { soc: [], gridKw: [], essKw: [], importKwh: 0, exportKwh: 0, cost: 0 };
  const metered: StoredInterval[] = [];
  for (let q = 0; q < quarters; q++) {
    const bucket = start + q * QUARTER_MS;
    const iv: StoredInterval = { bucket, gridImport: 0, gridExport: 0, load: 0, generator: 0, fuel: 0, charge: 0, discharge: 0 };
    let grid = 0;
    let ess = 0;
    for (let k = 1; k <= SUBSTEPS; k++) {
      const r = model.step(bucket + (k * QUARTER_MS) / SUBSTEPS, dtSec, false);
      iv.gridImport += r.energy.gridImport;
      iv.gridExport += r.energy.gridExport;
      iv.load += r.energy.load;
      iv.generator += r.energy.generator;
      iv.fuel += r.energy.fuel;
      iv.charge += r.energy.charge;
      iv.discharge += r.energy.discharge;
      grid += r.flows.gridKw / SUBSTEPS;
      ess += r.flows.essKw / SUBSTEPS;
    }
    metered.push(iv);
    const soc = model.soc();
    out.soc.push(soc === null ? null : r2(soc));
    out.gridKw.push(r2(grid));
    out.essKw.push(r2(ess));
    out.importKwh += iv.gridImport;
    out.exportKwh += iv.gridExport;
  }
  const sum = sumBills(priceRange(metered, pricing));
  out.cost = toCents(sum.total + sum.fuelCostTotal);
  out.importKwh = r2(out.importKwh);
  out.exportKwh = r2(out.exportKwh);
  return { run: out, metered };
};

/** The next 24 hours from the quarter hour after `now`, under the candidate and under `inForce`. */
export const predictDay = (inForce: StationConfig, draft: StrategyDraft, now: number, startSoc: number | null, pricing: Pricing): PredictedDay => {
  const start = Math.ceil(now / QUARTER_MS) * QUARTER_MS;
  const candidate = runDay(withCandidate(inForce, draft), start, startSoc, pricing);
  const current = runDay(inForce, start, startSoc, pricing).run;
  return {
    start,
    stepMinutes: 15,
    candidate: candidate.run,
    inForce: current,
    difference: toCents(candidate.run.cost - current.cost),
    candidateIntervals: candidate.metered,
  };
};
