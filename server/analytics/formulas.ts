// The analytics figures (docs/analytics.md), each by its standard definition, as pure functions
// of energies and series. A figure whose denominator is zero or unknown is null, never 0: an
// empty period must not read as "0 % efficient".

import type { EnergyDelta } from '../telemetry/energy-flows';

const ratio = (num: number, den: number): number | null => (den > 0 && Number.isFinite(num) ? num / den : null);

// ───────────────────────────── PV (IEC 61724-1) ─────────────────────────────

/** Final yield Yf = E_AC / P_STC, kWh/kWp: the specific yield. */
export const specificYield = (pvKwh: number, kwp: number): number | null => ratio(pvKwh, kwp);

/** Reference yield Yr = H_POA / G_ref with G_ref = 1 kW/m²: numerically the irradiation in kWh/m², in hours. */
export const referenceYield = (poaKwhM2: number): number => poaKwhM2 / 1;

/** Performance ratio PR = Yf / Yr from plane-of-array irradiation. */
export const performanceRatio = (pvKwh: number, kwp: number, poaKwhM2: number): number | null => {
  const yf = specificYield(pvKwh, kwp);
  return yf === null ? null : ratio(yf, referenceYield(poaKwhM2));
};

/** Default power temperature coefficient of crystalline silicon, 1/K. */
export const GAMMA_C_SI = -0.0035;

/**
 * One irradiance sample's contribution to the temperature-corrected reference irradiation:
 * G·Δt scaled by (1 + γ·(T_cell − 25 °C)), kWh/m². Summed over a period it replaces H_POA in Yr,
 * so the corrected PR no longer moves with the season's module temperature.
 */
export const correctedIrradiation = (poaWm2: number, cellC: number, hours: number, gamma = GAMMA_C_SI): number =>
  (poaWm2 / 1000) * hours * (1 + gamma * (cellC - 25));

// ───────────────────────────── storage ─────────────────────────────

/** Equivalent full cycles = ((E_ch + E_dis) / 2) / C_nominal. */
export const equivalentFullCycles = (chargeKwh: number, dischargeKwh: number, capacityKwh: number): number | null =>
  ratio((chargeKwh + dischargeKwh) / 2, capacityKwh);

/**
 * Utilisation = E_dis / (P_rated × hours): the share of the period's discharge the converter could
 * have delivered at its rating. The converter never runs above its rating, so this stays within
 * 100 % by physics (E_dis / (C_nominal × days) did not: two cycles a day read 200 %).
 */
export const utilisation = (dischargeKwh: number, ratedKw: number, hours: number): number | null => ratio(dischargeKwh, ratedKw * hours);

/** One step of a storage energy series: energies of the step and the SOC (%) at its end. */
export interface SocStep {
  chargeKwh: number;
  dischargeKwh: number;
  socEnd: number | null;
}
export interface RoundTrip {
  value: number | null;
  /** sameSoc: a window starting and ending at the same SOC; socCorrected: E_dis / (E_ch − ΔSOC·C) */
  method: 'sameSoc' | 'socCorrected';
  /** steps of the window used (from the first) */
  steps: number;
  chargeKwh: number;
  dischargeKwh: number;
}

/**
 * Round-trip efficiency over `steps` starting at `startSoc` (%). The longest window from the start
 * that ends within `tolerancePct` of the start SOC gives E_dis / E_ch directly; without one, the
 * whole series is used and the charge corrected by the energy still stored: E_ch − ΔSOC·C.
 * When the SOC at the start is unknown (the first metered day), the window starts after the first
 * step with a known SOC: uncorrected energies would credit the battery's initial charge as
 * efficiency (above 100 %).
 */
export const roundTripEfficiency = (all: readonly SocStep[], startSoc: number | null, capacityKwh: number, tolerancePct = 1): RoundTrip => {
  const known = startSoc === null ? all.findIndex((s) => s.socEnd !== null) : -1;
  if (startSoc === null && known < 0) return { value: null, method: 'socCorrected', steps: 0, chargeKwh: 0, dischargeKwh: 0 };
  const steps = known >= 0 ? all.slice(known + 1) : all;
  startSoc = known >= 0 ? all[known]!.socEnd : startSoc;
  let ch = 0;
  let dis = 0;
  let best: RoundTrip | null = null;
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i]!;
    ch += s.chargeKwh;
    dis += s.dischargeKwh;
    if (startSoc !== null && s.socEnd !== null && Math.abs(s.socEnd - startSoc) <= tolerancePct && ch > 0)
      best = { value: dis / ch, method: 'sameSoc', steps: i + 1, chargeKwh: ch, dischargeKwh: dis };
  }
  if (best) return best;
  const endSoc = [...steps].reverse().find((s) => s.socEnd !== null)?.socEnd ?? null;
  const delta = startSoc !== null && endSoc !== null ? ((endSoc - startSoc) / 100) * capacityKwh : 0;
  return { value: ratio(dis, ch - delta), method: 'socCorrected', steps: steps.length, chargeKwh: ch, dischargeKwh: dis };
};

/** Least-squares slope of a SOH series, percentage points per day (negative: fading). */
export const sohSlopePerDay = (points: readonly { day: number; soh: number }[]): number | null => {
  if (points.length < 2) return null;
  const n = points.length;
  const mx = points.reduce((a, p) => a + p.day, 0) / n;
  const my = points.reduce((a, p) => a + p.soh, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.day - mx) * (p.soh - my);
    sxx += (p.day - mx) ** 2;
  }
  return sxx > 0 ? sxy / sxx : null;
};

/** One interval's energy flows, kWh. */
export type Flows = Pick<EnergyDelta, 'pv' | 'charge' | 'discharge' | 'load' | 'gridImport' | 'gridExport' | 'generator'>;

/**
 * Where one interval's storage energy came from and went: charge from PV up to the PV surplus
 * over the load, the rest from the grid; discharge to the load up to what PV and genset left
 * uncovered, the rest exported.
 */
export const storageSplit = (f: Flows) => {
  const pvSurplus = Math.max(0, f.pv - f.load);
  const chargeFromPv = Math.min(f.charge, pvSurplus);
  const uncovered = Math.max(0, f.load - f.pv - f.generator);
  const dischargeToLoad = Math.min(f.discharge, uncovered);
  return { chargeFromPv, chargeFromGrid: f.charge - chargeFromPv, dischargeToLoad, dischargeExported: f.discharge - dischargeToLoad };
};

/** Values energy at an interval's prices: kWh at the import price plus kWh at the feed-in price, USD. */
export type Valuer = (atImportPrice: number, atFeedInPrice: number) => number;

/**
 * Net arbitrage revenue of one interval: discharge valued at the import price it avoided or the
 * feed-in price it earned, minus charge from the grid at the import price and from PV at the
 * feed-in price given up. `value` holds the interval's prices (the tariff in force).
 */
export const netArbitrage = (f: Flows, value: Valuer): { dischargeValue: number; chargeCost: number; net: number } => {
  const s = storageSplit(f);
  const dischargeValue = f.discharge > 0 ? value(s.dischargeToLoad, s.dischargeExported) : 0;
  const chargeCost = f.charge > 0 ? value(s.chargeFromGrid, s.chargeFromPv) : 0;
  return { dischargeValue, chargeCost, net: dischargeValue - chargeCost };
};

// ───────────────────────────── energy usage ─────────────────────────────

/** Consumption E_cons = E_import + E_PV + E_DG + E_dis − E_export − E_ch (never below 0). */
export const consumption = (f: Flows): number => Math.max(0, f.gridImport + f.pv + f.generator + f.discharge - f.gridExport - f.charge);

/**
 * Consumption of one interval by source: PV first (what it did not export or store), then the
 * storage's discharge to the load, the genset, and the grid for the rest. The parts sum to
 * `consumption(f)`.
 */
export const consumptionBySource = (f: Flows): { pv: number; ess: number; generator: number; grid: number } => {
  const total = consumption(f);
  const pv = Math.min(total, Math.max(0, f.pv - f.gridExport - storageSplit(f).chargeFromPv));
  const ess = Math.min(total - pv, storageSplit(f).dischargeToLoad);
  const generator = Math.min(total - pv - ess, f.generator);
  return { pv, ess, generator, grid: total - pv - ess - generator };
};

/** Self-consumption rate = 1 − E_export / E_PV. */
export const selfConsumption = (pvKwh: number, exportKwh: number): number | null => {
  const r = ratio(exportKwh, pvKwh);
  return r === null ? null : Math.max(0, 1 - r);
};

/** Self-sufficiency rate = 1 − min(1, E_import / E_cons). */
export const selfSufficiency = (importKwh: number, consumptionKwh: number): number | null => {
  const r = ratio(importKwh, consumptionKwh);
  return r === null ? null : 1 - Math.min(1, r);
};

/** Load factor = average load / peak load over `hours`. */
export const loadFactor = (consumptionKwh: number, hours: number, peakKw: number): number | null => {
  const avg = ratio(consumptionKwh, hours);
  return avg === null ? null : ratio(avg, peakKw);
};
