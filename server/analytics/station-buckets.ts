import type { Queryable } from '../db/db';
import type { Pricing } from '../money';
import { ensureDays } from './days';
import { emptyFigures, type FigureKey, type Figures } from './figures';
import type { StationRating } from './sources';

// Stored day figures of stations per local day, month or year: the same station_days the
// analytics center reads (ensured fresh first), so a station-month is one number everywhere
// (overview, analysis, reports, exports). Only the additive figures asked for are summed: a
// platform year by day is 20 000+ rows, and summing every stored column of each costs seconds.

export type StationBucketBy = 'day' | 'month' | 'year';
const BUCKET_SQL: Record<StationBucketBy, string> = { day: 'day::text', month: "to_char(day, 'YYYY-MM')", year: "to_char(day, 'YYYY')" };
const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * group → bucket ('YYYY-MM-DD', 'YYYY-MM' or 'YYYY') → figures (only `keys` and `intervals`
 * filled; buckets without intervals absent). `groupOf` names each station's group (a provider's
 * stations summed together in SQL); by default each station is its own group, named by its id.
 */
export const stationBuckets = async (
  db: Queryable,
  stations: readonly StationRating[],
  fromDate: string,
  toDate: string,
  by: StationBucketBy,
  keys: readonly FigureKey[],
  opts: { now: number; pricing: Map<number, Pricing>; groupOf?: ReadonlyMap<number, string> },
): Promise<Map<string, Map<string, Figures>>> => {
  const group = (id: number) => opts.groupOf?.get(id) ?? String(id);
  const out = new Map<string, Map<string, Figures>>(stations.map((s) => [group(s.id), new Map()]));
  if (stations.length === 0) return out;
  await ensureDays(db, stations, fromDate, toDate, opts);
  const cols = [...new Set<FigureKey>(['intervals', ...keys])];
  const rows = await db.query<Record<string, number | string>>(
    `SELECT g.grp AS g, ${BUCKET_SQL[by]} AS b, ${cols.map((k) => `sum(${snake(k)})::float8 AS "${k}"`).join(', ')}
     FROM station_days JOIN unnest($1::int[], $4::text[]) AS g(sid, grp) ON g.sid = station_id
     WHERE station_id = ANY($1::int[]) AND day >= $2::date AND day <= $3::date AND intervals > 0 GROUP BY 1, 2`,
    [stations.map((s) => s.id), fromDate, toDate, stations.map((s) => group(s.id))],
  );
  for (const r of rows) {
    const f = emptyFigures();
    for (const k of cols) f[k] = Number(r[k] ?? 0);
    out.get(String(r.g))?.set(String(r.b), f);
  }
  return out;
};
