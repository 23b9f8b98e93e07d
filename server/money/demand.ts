import type { Period } from '../../protocol/codes';
import { localReader } from './local-clock';
import { slotsFor, tariffOn } from './slots';
import { INTERVAL_MINUTES, toCents, type MeteredInterval, type Pricing } from './types';

// The monthly parts of a two-part tariff (docs/tariffs.md, "Demand, capacity and fixed
// charges"): a demand charge per kW of the billing month's highest average import over fixed
// 15-, 30- or 60-minute windows (all hours, or only the windows starting in given time-of-use
// periods), an optional ratchet, a capacity charge per kVA of the station's contracted capacity
// and a fixed fee. Windows are aligned to the station's wall clock, as a utility's demand meter
// is; on the night the clocks go back the repeated hour's windows are two distinct windows.

export interface DemandCharge {
  pricePerKw: number;
  windowMinutes: 15 | 30 | 60;
  /** only windows starting in these periods count (peak-period demand); absent: every window */
  periods?: readonly Period[];
  /** billed demand is at least `percent` % of the highest actual demand of the previous `months` months */
  ratchet?: { percent: number; months: number };
}

export interface MonthlyCharges {
  demand?: readonly DemandCharge[];
  /** per kVA of the station's contracted (or transformer) capacity, per month */
  capacityPricePerKva?: number;
  fixedMonthlyFee?: number;
}

export interface PeakDemand {
  kw: number;
  /** start of the window (epoch ms) */
  at: number;
  /** windows of the month with fewer metered intervals than they span: their average counts the missing ones as zero */
  incompleteWindows: number;
}

export interface DemandLine {
  charge: DemandCharge;
  /** the month's actual peak, null when no interval counted */
  peak: PeakDemand | null;
  /** the ratchet's floor from earlier months, 0 without a ratchet */
  ratchetKw: number;
  billedKw: number;
  amount: number;
}

export interface MonthlyBill {
  demand: DemandLine[];
  capacity: { kva: number; amount: number } | null;
  fixedFee: number;
  /** the sum of the lines above, to the cent */
  total: number;
}

const MINUTE = 60_000;

/**
 * The highest average import demand (kW) of `intervals` (one billing month of one station, in
 * time order) over windows of `charge.windowMinutes`, counting only windows that start in
 * `charge.periods` under the tariff in force on their local date.
 */
export const peakDemand = (intervals: readonly MeteredInterval[], pricing: Pricing, charge: DemandCharge): PeakDemand | null => {
  const read = localReader(pricing.timezone);
  const windows = new Map<number, { kwh: number; n: number; counts: boolean }>();
  for (const iv of intervals) {
    const lt = read(iv.bucket);
    const offset = lt.minutes % charge.windowMinutes;
    const start = iv.bucket - offset * MINUTE;
    let w = windows.get(start);
    if (!w) {
      const startMinute = lt.minutes - offset;
      windows.set(start, (w = { kwh: 0, n: 0, counts: !charge.periods || inPeriods(pricing, lt.date, lt.monthNo, startMinute, charge.periods) }));
    }
    w.kwh += iv.gridImport;
    w.n++;
  }
  let best: PeakDemand | null = null;
  let incomplete = 0;
  const full = charge.windowMinutes / INTERVAL_MINUTES;
  for (const [at, w] of windows) {
    if (!w.counts) continue;
    if (w.n < full) incomplete++;
    const kw = w.kwh / (charge.windowMinutes / 60);
    if (!best || kw > best.kw || (kw === best.kw && at < best.at)) best = { kw, at, incompleteWindows: 0 };
  }
  return best && { ...best, incompleteWindows: incomplete };
};

const inPeriods = (pricing: Pricing, date: string, monthNo: number, minute: number, periods: readonly Period[]): boolean => {
  const tariff = tariffOn(pricing.tariffs, date);
  if (!tariff) return false;
  const slot = slotsFor(tariff, monthNo).find((r) => minute >= r.from && minute < r.to);
  return slot !== undefined && periods.includes(slot.period);
};

/** The demand billed: the actual peak, raised to the ratchet's share of the highest of the previous months. */
export const billedDemand = (actualKw: number, charge: DemandCharge, previousPeaksKw: readonly number[]): { billedKw: number; ratchetKw: number } => {
  const r = charge.ratchet;
  const ratchetKw = r ? (Math.max(0, ...previousPeaksKw.slice(0, r.months)) * r.percent) / 100 : 0;
  return { billedKw: Math.max(actualKw, ratchetKw), ratchetKw };
};

/**
 * A billing month's demand, capacity and fixed charges. `previousPeaks[i]` lists, most recent
 * month first, the actual peaks (kW) of charge i in earlier months (for its ratchet). The
 * capacity charge and the fixed fee are monthly amounts: February pays the same as March.
 */
export const priceMonthlyCharges = (
  intervals: readonly MeteredInterval[],
  pricing: Pricing,
  charges: MonthlyCharges,
  station: { capacityKva: number | null },
  previousPeaks: readonly (readonly number[])[] = [],
): MonthlyBill => {
  const demand = (charges.demand ?? []).map((charge, i): DemandLine => {
    const peak = peakDemand(intervals, pricing, charge);
    const { billedKw, ratchetKw } = billedDemand(peak?.kw ?? 0, charge, previousPeaks[i] ?? []);
    return { charge, peak, ratchetKw, billedKw, amount: billedKw * charge.pricePerKw };
  });
  const capacity =
    charges.capacityPricePerKva !== undefined && station.capacityKva !== null
      ? { kva: station.capacityKva, amount: station.capacityKva * charges.capacityPricePerKva }
      : null;
  const fixedFee = charges.fixedMonthlyFee ?? 0;
  const total = toCents(demand.reduce((a, d) => a + d.amount, 0) + (capacity?.amount ?? 0) + fixedFee);
  return { demand, capacity, fixedFee, total };
};
