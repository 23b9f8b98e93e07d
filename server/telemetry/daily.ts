import type { Queryable } from '../db/db';
import { localMidnight, localTime } from '../fleet/time';
import { account, addInterval, emptyTotals, loadIntervals, loadPricing, type EnergyTotals, type Pricing } from './energy';

// Per-station daily energy and income for the homepage, overview and matrix (docs/fleet.md).
// Past days are computed once from the 15-minute intervals and kept for `ttlMs` (a tariff or
// oil-price edit shows after at most that long); yesterday and today are recomputed on every
// read, so late frames and the running interval count at once.

interface Entry { at: number; pricing: Pricing; days: Map<string, EnergyTotals> }

export class DailyEnergy {
  private readonly cache = new Map<number, Entry>();
  constructor(private readonly ttlMs = 10 * 60_000) {}

  invalidate(stationId?: number): void {
    if (stationId === undefined) this.cache.clear();
    else this.cache.delete(stationId);
  }

  /** Every day with data of a station, local dates, ascending. */
  async days(db: Queryable, stationId: number, timezone: string, now: number): Promise<Map<string, EnergyTotals>> {
    let e = this.cache.get(stationId);
    if (!e || now - e.at > this.ttlMs || now < e.at) {
      const pricing = await loadPricing(db, stationId, timezone);
      const intervals = await loadIntervals(db, [stationId], 0, now + 86_400_000);
      const { rows } = account(intervals, pricing, 'day');
      e = { at: now, pricing, days: new Map(rows.map((r) => [r.period, r])) };
      this.cache.set(stationId, e);
      return e.days;
    }
    // refresh yesterday and today
    const today = localTime(timezone, now).date;
    const from = localMidnight(timezone, today) - 86_400_000;
    const intervals = await loadIntervals(db, [stationId], from, now + 86_400_000);
    const fresh = new Map<string, EnergyTotals>();
    for (const iv of intervals) {
      const d = localTime(timezone, iv.bucket).date;
      let acc = fresh.get(d);
      if (!acc) fresh.set(d, (acc = emptyTotals(d)));
      addInterval(acc, iv, e.pricing);
    }
    for (const [d, v] of fresh) e.days.set(d, v);
    return e.days;
  }
}

export const sumTotals = (period: string, list: Iterable<EnergyTotals>): EnergyTotals => {
  const out = emptyTotals(period);
  for (const x of list)
    for (const k of Object.keys(out) as (keyof EnergyTotals)[]) if (k !== 'period') (out[k] as number) += x[k] as number;
  return out;
};
