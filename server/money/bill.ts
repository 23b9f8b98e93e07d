import { dayHours } from '../../protocol/site-time';
import { localReader } from './local-clock';
import { priceInterval } from './interval';
import { tariffOn } from './slots';
import { PERIOD_ORDER, emptyMoney, toCents, type DayBill, type MeteredInterval, type MoneyAcc, type Pricing } from './types';

// A station-local day's bill (docs/tariffs.md): the one function that prices metered energy for
// the preview, the station overview's income and the energy reports. Past days are never
// re-priced because a day is always priced with the tariff version whose effective date covers
// it, and versions on or before the station's today cannot change.

const toBill = (date: string, pricing: Pricing, acc: MoneyAcc, intervals: number): DayBill => {
  const tariff = tariffOn(pricing.tariffs, date);
  const periods = PERIOD_ORDER.map((period) => {
    const p = acc.periods[period];
    return { period, ...p, amount: p.importCost - p.feedInRevenue };
  });
  return {
    date,
    hours: dayHours(pricing.timezone, date),
    tariffId: tariff?.id ?? null,
    tariffName: tariff?.name ?? null,
    intervals,
    importKwh: periods.reduce((a, p) => a + p.importKwh, acc.dynamic.importKwh),
    exportKwh: periods.reduce((a, p) => a + p.exportKwh, acc.dynamic.exportKwh),
    gridCost: acc.gridCost,
    feedInRevenue: acc.feedInRevenue,
    savings: acc.savings,
    fuelCost: acc.fuelCost,
    fuelLitres: acc.fuelLitres,
    periods,
    dynamic: acc.dynamic,
    missing: acc.missing,
    total: toCents(acc.gridCost - acc.feedInRevenue),
    fuelCostTotal: toCents(acc.fuelCost),
    income: acc.savings + acc.feedInRevenue - acc.fuelCost,
  };
};

/** Every local day with intervals, ascending, each priced under its own tariff version. */
export const priceRange = (intervals: readonly MeteredInterval[], pricing: Pricing): DayBill[] => {
  const days = new Map<string, { acc: MoneyAcc; n: number }>();
  const read = localReader(pricing.timezone);
  for (const iv of intervals) {
    const lt = read(iv.bucket);
    let d = days.get(lt.date);
    if (!d) days.set(lt.date, (d = { acc: emptyMoney(), n: 0 }));
    priceInterval(d.acc, iv, pricing, lt);
    d.n++;
  }
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, d]) => toBill(date, pricing, d.acc, d.n));
};

/** One local day's bill; intervals outside that day are ignored. */
export const priceDay = (intervals: readonly MeteredInterval[], pricing: Pricing, date: string): DayBill => {
  const acc = emptyMoney();
  let n = 0;
  const read = localReader(pricing.timezone);
  for (const iv of intervals) {
    const lt = read(iv.bucket);
    if (lt.date !== date) continue;
    priceInterval(acc, iv, pricing, lt);
    n++;
  }
  return toBill(date, pricing, acc, n);
};

/** Total of many days: the exact amounts summed, then rounded once. */
export const sumBills = (bills: readonly DayBill[]): { total: number; income: number; fuelCostTotal: number } => {
  let net = 0;
  let income = 0;
  let fuel = 0;
  for (const b of bills) {
    net += b.gridCost - b.feedInRevenue;
    income += b.income;
    fuel += b.fuelCost;
  }
  return { total: toCents(net), income, fuelCostTotal: toCents(fuel) };
};
