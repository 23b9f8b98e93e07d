import { wallClock } from '../../protocol/site-time';
import type { LocalReading } from './local-clock';
import { slotsFor, tariffOn, type SlotRange } from './slots';
import { INTERVAL_MINUTES, type MeteredInterval, type MoneyAcc, type OilWindow, type Pricing, type QuarterPrice } from './types';

// Prices one metered interval: the tariff in force on its local date, the season of its local
// month, split at slot edges by its local wall-clock minutes; fuel at the price whose window
// holds the interval's start.

/** The fuel price record whose window [start, end) holds t, or null (no price in force). */
export const oilWindowAt = (oil: readonly OilWindow[], t: number): OilWindow | null => {
  for (const o of oil) if (o.start <= t && t < o.end) return o;
  return null;
};

/** Litres burnt in an interval: metered when the genset reports them, else energy ÷ kWh per litre. */
const litresOf = (iv: MeteredInterval, oil: OilWindow | null): number =>
  iv.fuel > 0 ? iv.fuel : iv.generator > 0 && oil?.kwhPerLitre ? iv.generator / oil.kwhPerLitre : 0;

const addSlotShare = (acc: MoneyAcc, iv: MeteredInterval, slot: SlotRange, share: number): void => {
  const imp = iv.gridImport * share;
  const exp = iv.gridExport * share;
  const p = acc.periods[slot.period];
  p.importKwh += imp;
  p.exportKwh += exp;
  p.importCost += imp * slot.fromGridPrice;
  p.feedInRevenue += exp * slot.feedInPrice;
  acc.gridCost += imp * slot.fromGridPrice;
  acc.feedInRevenue += exp * slot.feedInPrice;
  acc.savings += (iv.load - iv.gridImport) * share * slot.fromGridPrice;
};

/** The whole interval at a feed's price: kept apart from the time-of-use periods. */
const addDynamic = (acc: MoneyAcc, iv: MeteredInterval, [imp, exp]: QuarterPrice): void => {
  const d = acc.dynamic;
  d.importKwh += iv.gridImport;
  d.exportKwh += iv.gridExport;
  d.importCost += iv.gridImport * imp;
  d.feedInRevenue += iv.gridExport * exp;
  acc.gridCost += iv.gridImport * imp;
  acc.feedInRevenue += iv.gridExport * exp;
  acc.savings += (iv.load - iv.gridImport) * imp;
};

export const priceInterval = (acc: MoneyAcc, iv: MeteredInterval, pricing: Pricing, lt: LocalReading = wallClock(pricing.timezone, iv.bucket)): void => {
  const tariff = tariffOn(pricing.tariffs, lt.date);
  const feedId = tariff?.charges?.dynamic?.feedId;
  // a version with a feed: its interval price where the feed has one; otherwise the time-of-use
  // price below, and the interval is flagged (never priced at zero)
  const dynamic = feedId === undefined ? undefined : pricing.feeds?.get(feedId)?.get(iv.bucket);
  if (dynamic) addDynamic(acc, iv, dynamic);
  else if (tariff) {
    if (feedId !== undefined) acc.missing.push(iv.bucket);
    // the quarter split at slot edges by wall-clock minutes; energy taken as even within it
    const a = lt.minutes;
    const b = a + INTERVAL_MINUTES;
    for (const r of slotsFor(tariff, lt.monthNo)) {
      if (r.to <= a) continue;
      if (r.from >= b) break;
      const share = ((r.to < b ? r.to : b) - (r.from > a ? r.from : a)) / INTERVAL_MINUTES;
      if (share > 0) addSlotShare(acc, iv, r, share);
    }
  }
  const oil = oilWindowAt(pricing.oil, iv.bucket);
  const litres = litresOf(iv, oil);
  acc.fuelLitres += litres;
  if (oil) acc.fuelCost += litres * oil.pricePerLitre;
};
