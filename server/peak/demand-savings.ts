import { addDateDays, addMonthKey, dateKey } from '../../protocol/site-time';
import type { Queryable } from '../db/db';
import type { Pricing } from '../money';
import { byLocalMonth, priceMonths, ratchetReach } from '../money/months';
import { loadStoredIntervals, withoutStorage, type StoredInterval } from './storage';

// Demand-charge savings of a storage station (docs/analytics.md, "Net revenue"): per billing
// month, the demand charges the month would have paid without storage (the battery taken out
// interval by interval, ratchet months included) minus those it paid, both by the bill's own
// functions (server/money/months.ts). A period gets each month's saving in proportion to the
// month's metered days that fall inside it, so days and custom ranges add up to the month.

interface StationZoneCap {
  id: number;
  timezone: string;
  capacityKva?: number | null;
}

const demandTotal = (intervals: readonly StoredInterval[], pricing: Pricing, month: string): number =>
  (priceMonths(intervals, pricing, { capacityKva: null }, [month])[0]?.demand ?? []).reduce((a, d) => a + d.amount, 0);

/** Saving of each month of `months` (unrounded), from intervals covering them and their ratchet months. */
export const monthSavings = (intervals: readonly StoredInterval[], pricing: Pricing, months: readonly string[]): Map<string, number> => {
  const bare = withoutStorage(intervals);
  return new Map(months.map((m) => [m, demandTotal(bare, pricing, m) - demandTotal(intervals, pricing, m)]));
};

/** Whether any tariff version of the station charges demand: only those need their intervals read. */
const chargesDemand = (pricing: Pricing): boolean => pricing.tariffs.some((t) => (t.charges?.demand?.length ?? 0) > 0);

/** Each station's demand-charge saving over local dates `from`..`to` (0 without a demand charge). */
export const demandSavingsOver = async (
  db: Queryable,
  stations: readonly StationZoneCap[],
  pricing: Map<number, Pricing>,
  range: { from: string; to: string },
  now: number,
): Promise<Map<number, number>> => {
  const out = new Map<number, number>();
  for (const s of stations) {
    const p = pricing.get(s.id);
    if (!p || !chargesDemand(p)) {
      out.set(s.id, 0);
      continue;
    }
    const today = dateKey(s.timezone, now);
    const first = range.from.slice(0, 7);
    const last = [range.to, today].sort()[0]!.slice(0, 7);
    const months: string[] = [];
    for (let m = first; m <= last; m = addMonthKey(m, 1)) months.push(m);
    const lastDay = [addDateDays(`${addMonthKey(last, 1)}-01`, -1), today].sort()[0]!;
    const intervals = (await loadStoredIntervals(db, s, `${addMonthKey(first, -ratchetReach(p))}-01`, lastDay)).filter((iv) => iv.bucket <= now);
    const saved = monthSavings(intervals, p, months);
    const days = new Map<string, { all: Set<string>; inside: Set<string> }>();
    for (const [m, ivs] of byLocalMonth(intervals, s.timezone)) {
      if (!saved.has(m)) continue;
      const d = { all: new Set<string>(), inside: new Set<string>() };
      for (const iv of ivs) {
        const day = dateKey(s.timezone, iv.bucket);
        d.all.add(day);
        if (day >= range.from && day <= range.to) d.inside.add(day);
      }
      days.set(m, d);
    }
    let total = 0;
    for (const [m, v] of saved) {
      const d = days.get(m);
      if (d && d.all.size) total += (v * d.inside.size) / d.all.size;
    }
    out.set(s.id, total);
  }
  return out;
};
