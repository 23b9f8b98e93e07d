import type { Queryable } from '../db/db';
import { addDateDays, dateKey, dateStart } from '../../protocol/site-time';
import { addInterval, emptyTotals, loadIntervals, loadPricingMany, type EnergyTotals, type Interval, type Pricing } from './energy';

// Per-station daily energy and income for the homepage, overview and matrix (docs/fleet.md).
// Past days are computed once from the 15-minute intervals and kept for `ttlMs` (a tariff or
// oil-price edit shows after at most that long); yesterday and today are recomputed on every
// read, so late frames and the running interval count at once. Many stations are read with a
// handful of queries, not a few per station.

interface Entry {
  at: number;
  pricing: Pricing;
  days: Map<string, EnergyTotals>;
}
export interface StationTz {
  id: number;
  timezone: string;
}

const byDay = (intervals: readonly Interval[], pricing: Pricing, into: Map<string, EnergyTotals>, fromDate = ''): void => {
  const fresh = new Map<string, EnergyTotals>();
  for (const iv of intervals) {
    const d = dateKey(pricing.timezone, iv.bucket);
    if (d < fromDate) continue;
    let acc = fresh.get(d);
    if (!acc) fresh.set(d, (acc = emptyTotals(d)));
    addInterval(acc, iv, pricing);
  }
  for (const [d, v] of fresh) into.set(d, v);
};

const group = <T extends { stationId: number }>(rows: T[]): Map<number, T[]> => {
  const m = new Map<number, T[]>();
  for (const r of rows) (m.get(r.stationId) ?? m.set(r.stationId, []).get(r.stationId)!).push(r);
  return m;
};

export class DailyEnergy {
  private readonly cache = new Map<number, Entry>();
  private reloading: Promise<void> | null = null;
  constructor(private readonly ttlMs = 10 * 60_000) {}

  /** Loads every station's days (at start, so the first homepage is fast). */
  async warm(db: Queryable, stations: readonly StationTz[], now: number): Promise<void> {
    this.invalidate();
    await this.daysMany(db, stations, now);
  }

  invalidate(stationId?: number): void {
    if (stationId === undefined) this.cache.clear();
    else this.cache.delete(stationId);
  }

  /** Every day with data of each station (local dates). */
  async daysMany(db: Queryable, stations: readonly StationTz[], now: number): Promise<Map<number, Map<string, EnergyTotals>>> {
    // never loaded: now; expired: answer from the cache (today and yesterday are fresh anyway)
    // and reload the past days in the background
    const stale = stations.filter((s) => !this.cache.has(s.id));
    const fresh = stations.filter((s) => this.cache.has(s.id));
    const expired = fresh.filter((s) => {
      const e = this.cache.get(s.id)!;
      return now - e.at > this.ttlMs || now < e.at;
    });
    if (expired.length && !this.reloading) {
      this.reloading = (async () => {
        const copy = new DailyEnergy(this.ttlMs);
        await copy.daysMany(db, expired, now);
        for (const s of expired) this.cache.set(s.id, copy.cache.get(s.id)!);
      })()
        .catch(() => undefined)
        .finally(() => (this.reloading = null));
    }
    if (stale.length) {
      const pricing = await loadPricingMany(db, stale);
      const all = group(
        await loadIntervals(
          db,
          stale.map((s) => s.id),
          0,
          now + 86_400_000,
        ),
      );
      for (const s of stale) {
        const e: Entry = { at: now, pricing: pricing.get(s.id)!, days: new Map() };
        byDay(all.get(s.id) ?? [], e.pricing, e.days);
        this.cache.set(s.id, e);
      }
    }
    if (fresh.length) {
      // yesterday and today of each station, from one query reaching back far enough for every zone
      const since = Math.min(...fresh.map((s) => dateStart(s.timezone, addDateDays(dateKey(s.timezone, now), -1))));
      const recent = group(
        await loadIntervals(
          db,
          fresh.map((s) => s.id),
          since,
          now + 86_400_000,
        ),
      );
      for (const s of fresh) {
        const e = this.cache.get(s.id)!;
        const yesterday = addDateDays(dateKey(s.timezone, now), -1);
        byDay(recent.get(s.id) ?? [], e.pricing, e.days, yesterday);
      }
    }
    return new Map(stations.map((s) => [s.id, this.cache.get(s.id)!.days]));
  }

  async days(db: Queryable, stationId: number, timezone: string, now: number): Promise<Map<string, EnergyTotals>> {
    return (await this.daysMany(db, [{ id: stationId, timezone }], now)).get(stationId)!;
  }
}

export const sumTotals = (period: string, list: Iterable<EnergyTotals>): EnergyTotals => {
  const out = emptyTotals(period);
  for (const x of list) for (const k of Object.keys(out) as (keyof EnergyTotals)[]) if (k !== 'period') (out[k] as number) += x[k] as number;
  return out;
};
