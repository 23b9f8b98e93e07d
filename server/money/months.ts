import { addMonthKey } from '../../protocol/site-time';
import { priceBlocks, type BlockLine } from './blocks';
import { peakDemand, priceMonthlyCharges, type DemandCharge, type MonthlyBill } from './demand';
import { localReader } from './local-clock';
import { tariffOn } from './slots';
import { toCents, type MeteredInterval, type Pricing, type Tariff } from './types';

// The monthly charges of billing months (docs/tariffs.md, "Bill make-up"). A month is billed by
// the demand, capacity and fixed charges of the tariff version in force on its first local day
// (or, when none was yet, on its first metered day): that version is already fixed when the
// month begins, so adding or editing a pending version never re-prices a month, not even the
// current one. A ratchet compares with the same charge's actual peaks of the earlier months,
// computed from their own metered intervals. Tiered energy rates (blocks.ts) are the exception:
// they follow the version in force at each interval, as the energy prices do.

export interface MonthCharges extends MonthlyBill {
  month: string;
  /** the version whose charges the month pays, null when no tariff was in force */
  tariff: Pick<Tariff, 'id' | 'name'> | null;
  /** the tiered energy rates' adders, one line per tier */
  blocks: BlockLine[];
}

/** Intervals grouped by the station-local month of their start ('YYYY-MM'), in time order. */
export const byLocalMonth = (intervals: readonly MeteredInterval[], zone: string): Map<string, MeteredInterval[]> => {
  const read = localReader(zone);
  const out = new Map<string, MeteredInterval[]>();
  for (const iv of intervals) {
    const m = read(iv.bucket).date.slice(0, 7);
    (out.get(m) ?? out.set(m, []).get(m)!).push(iv);
  }
  return out;
};

/** The longest ratchet look-back (months) of any version: how far before a month the intervals must reach. */
export const ratchetReach = (pricing: Pricing): number =>
  Math.max(0, ...pricing.tariffs.flatMap((t) => (t.charges?.demand ?? []).map((d) => d.ratchet?.months ?? 0)));

/**
 * The charges of each of `months`, from `intervals` that cover those months and the
 * `ratchetReach` months before them (earlier months only feed the ratchet).
 */
export const priceMonths = (
  intervals: readonly MeteredInterval[],
  pricing: Pricing,
  station: { capacityKva: number | null },
  months: readonly string[],
): MonthCharges[] => {
  const grouped = byLocalMonth(intervals, pricing.timezone);
  // an earlier month's actual peak under one window and set of periods is the same for every
  // later month's ratchet, whichever version's charge asks (each version read from the database
  // carries its own copy of a charge)
  const peaks = new Map<string, Map<string, number>>();
  const actualPeak = (charge: DemandCharge, m: string, own: readonly MeteredInterval[]): number => {
    const key = `${charge.windowMinutes}|${charge.periods?.join(',') ?? 'all'}`;
    const byMonth = peaks.get(key) ?? peaks.set(key, new Map()).get(key)!;
    let kw = byMonth.get(m);
    if (kw === undefined) byMonth.set(m, (kw = peakDemand(own, pricing, charge)?.kw ?? 0));
    return kw;
  };
  return months.map((month) => {
    const own = grouped.get(month) ?? [];
    const firstDay = own.length ? localReader(pricing.timezone)(own[0]!.bucket).date : `${month}-01`;
    const tariff = tariffOn(pricing.tariffs, `${month}-01`) ?? tariffOn(pricing.tariffs, firstDay);
    const charges = tariff?.charges ?? {};
    const previous = (charges.demand ?? []).map((charge) => {
      if (!charge.ratchet) return [];
      const prior: number[] = [];
      for (let k = 1; k <= charge.ratchet.months; k++) {
        const earlier = grouped.get(addMonthKey(month, -k));
        if (earlier?.length) prior.push(actualPeak(charge, addMonthKey(month, -k), earlier));
      }
      return prior;
    });
    const bill = priceMonthlyCharges(own, pricing, charges, station, previous);
    const blocks = priceBlocks(own, pricing);
    // the month's charges are rounded once, over the exact amounts of every line
    const exact = bill.demand.reduce((a, d) => a + d.amount, 0) + (bill.capacity?.amount ?? 0) + bill.fixedFee;
    const total = toCents(blocks.reduce((a, b) => a + b.amount, exact));
    return { month, tariff: tariff && { id: tariff.id, name: tariff.name }, ...bill, blocks, total };
  });
};
