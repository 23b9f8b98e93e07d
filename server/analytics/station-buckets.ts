import type { Queryable } from '../db/db';
import type { Pricing } from '../money';
import { ensureDays, sumDays } from './days';
import { mergeFigures, type Figures } from './figures';
import type { StationRating } from './sources';

// Stored day figures of stations per local day, month or year: the same station_days the
// analytics center reads (ensured fresh first), so a station-month is one number everywhere
// (overview, analysis, reports, exports).

export type StationBucketBy = 'day' | 'month' | 'year';

/** station → bucket ('YYYY-MM-DD', 'YYYY-MM' or 'YYYY') → figures; buckets without intervals absent. */
export const stationBuckets = async (
  db: Queryable, stations: readonly StationRating[], fromDate: string, toDate: string, by: StationBucketBy,
  opts: { now: number; pricing: Map<number, Pricing> },
): Promise<Map<number, Map<string, Figures>>> => {
  if (stations.length === 0) return new Map();
  await ensureDays(db, stations, fromDate, toDate, opts);
  const sums = await sumDays(db, stations.map((s) => s.id), fromDate, toDate, by === 'day' ? 'day' : 'month');
  if (by !== 'year') return sums.byStation;
  const out = new Map<number, Map<string, Figures>>();
  for (const [id, months] of sums.byStation) {
    const years = new Map<string, Figures>();
    for (const [m, f] of [...months].sort(([a], [b]) => a.localeCompare(b))) {
      const y = m.slice(0, 4);
      const acc = years.get(y);
      if (acc) mergeFigures(acc, f);
      else years.set(y, { ...f });
    }
    out.set(id, years);
  }
  return out;
};
