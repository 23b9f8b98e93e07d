import type { z } from 'zod';
import type { ReportItem, reportResponse } from '../../protocol/actions/report-shapes';
import { isMixedCurrency, joinCurrencies } from '../../protocol/currency';
import { addDateDays, dateKey, dateStart, dayHours } from '../../protocol/site-time';
import { stationBuckets, type StationBucketBy } from '../analytics/station-buckets';
import { loadRatings, type StationRating } from '../analytics/sources';
import type { Queryable } from '../db/db';
import { loadPricingMany } from '../money';
import { ENERGY, ITEMS, addAcc, addFigures, emptyAcc, isMoney, unitOf, type Acc } from './items';

// Builds a report answer: per entity (a provider, a station, or the one station of a site
// report) and per local day / month / year bucket, the chosen items; then the totals row.

export type ReportAnswer = z.input<typeof reportResponse>;
/** A report row's subject; `currency` is its providers' (one code, or several joined). */
export interface Entity {
  key: string;
  label: string;
  stationIds: number[];
  currency: string;
}
export interface ReportQuery {
  from: string;
  to: string;
  granularity: StationBucketBy;
  items: ReportItem[];
}

const QUARTER = 900_000;
const bucketOf = (date: string, by: StationBucketBy) => (by === 'day' ? date : by === 'month' ? date.slice(0, 7) : date.slice(0, 4));

/** Bucket labels of the range, ascending. */
export const bucketLabels = (from: string, to: string, by: StationBucketBy): string[] => {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDateDays(d, 1)) {
    const b = bucketOf(d, by);
    if (out.at(-1) !== b) out.push(b);
  }
  return out;
};

const hoursCache = new Map<string, number>();
const hoursOf = (tz: string, date: string): number => {
  const k = `${tz}|${date}`;
  let h = hoursCache.get(k);
  if (h === undefined) {
    if (hoursCache.size > 200_000) hoursCache.clear();
    hoursCache.set(k, (h = dayHours(tz, date)));
  }
  return h;
};

/**
 * Expected 15-minute intervals per bucket: the local days from operation up to now that have
 * data. A day with none (before the history starts, a station not yet reporting) is unknown, not
 * 0 % available: its cell reads "no data".
 */
const expectedOf = (s: StationRating, opDate: string, q: ReportQuery, now: number, withData: ReadonlySet<string>): Map<string, number> => {
  const out = new Map<string, number>();
  const today = dateKey(s.timezone, now);
  const first = opDate > q.from ? opDate : q.from;
  const last = today < q.to ? today : q.to;
  for (let d = first; d <= last; d = addDateDays(d, 1)) {
    if (!withData.has(d)) continue;
    const n = d === today ? Math.floor((now - dateStart(s.timezone, d)) / QUARTER) : hoursOf(s.timezone, d) * 4;
    const b = bucketOf(d, q.granularity);
    out.set(b, (out.get(b) ?? 0) + n);
  }
  return out;
};

const alarmCounts = async (db: Queryable, stations: readonly StationRating[], q: ReportQuery): Promise<Map<number, Map<string, number>>> => {
  const out = new Map<number, Map<string, number>>();
  if (stations.length === 0) return out;
  const a = Math.min(...stations.map((s) => dateStart(s.timezone, q.from)));
  const b = Math.max(...stations.map((s) => dateStart(s.timezone, addDateDays(q.to, 1))));
  const rows = await db.query<{ id: number; d: string; n: number }>(
    `SELECT a.station_id AS id, to_char(a.happen_time AT TIME ZONE s.timezone, 'YYYY-MM-DD') AS d, count(*)::int AS n
     FROM alarms a JOIN stations s ON s.id = a.station_id
     WHERE a.station_id = ANY($1::int[]) AND a.happen_time >= to_timestamp($2 / 1000.0) AND a.happen_time < to_timestamp($3 / 1000.0)
     GROUP BY 1, 2`,
    [stations.map((s) => s.id), a, b],
  );
  for (const r of rows) {
    if (r.d < q.from || r.d > q.to) continue;
    const m = out.get(r.id) ?? out.set(r.id, new Map()).get(r.id)!;
    const k = bucketOf(r.d, q.granularity);
    m.set(k, (m.get(k) ?? 0) + r.n);
  }
  return out;
};

/** Local days of the range each station has metered intervals on (stored by stationBuckets before). */
const daysWithData = async (db: Queryable, ids: readonly number[], q: ReportQuery): Promise<Map<number, Set<string>>> => {
  const out = new Map<number, Set<string>>();
  const rows = await db.query<{ id: number; d: string }>(
    'SELECT station_id AS id, day::text AS d FROM station_days WHERE station_id = ANY($1::int[]) AND day >= $2::date AND day <= $3::date AND intervals > 0',
    [ids, q.from, q.to],
  );
  for (const r of rows) (out.get(r.id) ?? out.set(r.id, new Set()).get(r.id)!).add(r.d);
  return out;
};

/** Each entity's accumulators per bucket: stored figures summed per entity in SQL, then each station's expected intervals and alarms. */
const entityAccs = async (db: Queryable, entities: readonly Entity[], q: ReportQuery, now: number): Promise<Map<string, Map<string, Acc>>> => {
  const groupOf = new Map<number, string>();
  for (const e of entities) for (const id of e.stationIds) groupOf.set(id, e.key);
  const ids = [...groupOf.keys()];
  const stations = await loadRatings(db, ids);
  const ops = new Map(
    (await db.query<{ id: number; op: string }>('SELECT id, operation_date::text AS op FROM stations WHERE id = ANY($1::int[])', [ids])).map((r) => [
      r.id,
      r.op,
    ]),
  );
  const pricing = await loadPricingMany({ db }, stations);
  const [figs, alarms] = await Promise.all([
    stationBuckets(db, stations, q.from, q.to, q.granularity, ENERGY, { now, pricing, groupOf }),
    alarmCounts(db, stations, q),
  ]);
  const out = new Map<string, Map<string, Acc>>(entities.map((e) => [e.key, new Map()]));
  const at = (key: string, b: string) => {
    const m = out.get(key)!;
    return m.get(b) ?? m.set(b, emptyAcc()).get(b)!;
  };
  for (const [key, buckets] of figs) for (const [b, f] of buckets) addFigures(at(key, b), f);
  const withData = await daysWithData(db, ids, q);
  for (const s of stations) {
    const key = groupOf.get(s.id)!;
    for (const [b, n] of expectedOf(s, ops.get(s.id) ?? q.from, q, now, withData.get(s.id) ?? new Set())) at(key, b).expected += n;
    for (const [b, n] of alarms.get(s.id) ?? []) at(key, b).alarms += n;
  }
  return out;
};

const valuesOf = (a: Acc, items: readonly ReportItem[]) => items.map((i) => ITEMS[i].of(a));

export const buildReport = async (db: Queryable, entities: readonly Entity[], q: ReportQuery, now: number): Promise<ReportAnswer> => {
  const accs = await entityAccs(db, entities, q, now);
  const total = emptyAcc();
  const rows: ReportAnswer['rows'] = [];
  // buckets that have begun at one of the report's stations (no rows for the future: the
  // furthest zone on Earth is a day ahead of most stations)
  const zones = await db.query<{ tz: string }>('SELECT DISTINCT timezone AS tz FROM stations WHERE id = ANY($1::int[])', [
    entities.flatMap((e) => e.stationIds),
  ]);
  const todays = zones.map((z) => dateKey(z.tz, now)).sort();
  const today = todays.at(-1) ?? dateKey('UTC', now);
  const buckets = bucketLabels(q.from, q.to, q.granularity).filter((b) => b <= bucketOf(today, q.granularity));
  // a bucket holding the earliest station's today has not closed anywhere it matters: provisional
  const open = bucketOf(todays[0] ?? today, q.granularity);
  const openFrom = buckets.find((b) => b >= open) ?? null;
  for (const e of entities) {
    for (const b of buckets) {
      const a = accs.get(e.key)?.get(b) ?? emptyAcc();
      addAcc(total, a);
      rows.push({ key: `${e.key}:${b}`, label: e.label, period: b, currency: e.currency, values: valuesOf(a, q.items) });
    }
  }
  const currency = joinCurrencies(entities.map((e) => e.currency));
  // money of different currencies is never added: such a report has no money totals
  const totals = valuesOf(total, q.items).map((v, i) => (isMixedCurrency(currency) && isMoney(q.items[i]!) ? null : v));
  return {
    from: q.from,
    to: q.to,
    granularity: q.granularity,
    currency,
    columns: [...q.items],
    units: q.items.map((i) => unitOf(i, currency)),
    rows,
    totals,
    openFrom,
  };
};
