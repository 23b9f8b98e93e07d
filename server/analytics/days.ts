import { createHash } from 'node:crypto';
import { addDateDays, addMonthKey, dateKey, dateStart } from '../../protocol/site-time';
import type { Queryable } from '../db/db';
import type { Pricing } from '../money';
import { FIGURE_KEYS, byLocalDay, emptyFigures, summarize, type FigureKey, type Figures } from './figures';
import { curtailmentOf, loadInputs, type StationRating } from './sources';

// Stored day figures (station_days). Before a range is read, the days missing, priced under
// tariffs or fuel prices that changed since, or computed before the day after ended (late
// frames) are computed from the intervals and stored; then the range is summed per chart bucket
// in SQL, so a platform year is a few hundred rows.

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const COLS = FIGURE_KEYS.map(snake);

/** Bumped when the way a day's figures are computed changes (2: litres derived from generator
 *  energy when not metered; 4: curtailment from the inverters' reported state), so days stored
 *  before are computed again. */
const FIGURES_VERSION = 4;
/** A short fingerprint of what prices a station's days. */
export const pricingSig = (p: Pricing): string =>
  createHash('sha1')
    .update(JSON.stringify([FIGURES_VERSION, p.timezone, p.tariffs, p.oil]))
    .digest('base64url')
    .slice(0, 16);

export interface EnsureOptions {
  now: number;
  pricing: Map<number, Pricing>;
}

/**
 * What this process knows of a station's stored days under one pricing: the months whose every
 * day is stored fresh and can no longer change (ended two days before the station's today), and
 * their sums. A pricing change drops it. Bounded: a year of a large fleet stays well under it.
 */
export interface Memo {
  sig: string;
  verified: Set<string>;
  months: Map<string, { f: Figures | null; last: string }>;
}
const memos = new WeakMap<Queryable, Map<number, Memo>>();
const MEMO_STATIONS = 20_000;

export const memoOf = (db: Queryable, stationId: number, sig: string): Memo => {
  let all = memos.get(db);
  if (!all) memos.set(db, (all = new Map()));
  let m = all.get(stationId);
  if (!m || m.sig !== sig) {
    if (all.size > MEMO_STATIONS) all.clear();
    all.set(stationId, (m = { sig, verified: new Set(), months: new Map() }));
  }
  return m;
};

const lastOfMonth = (month: string): string => addDateDays(`${addMonthKey(month, 1)}-01`, -1);
/** Months wholly inside local dates a..b. */
export const wholeMonths = (a: string, b: string): string[] => {
  const out: string[] = [];
  for (let m = a.slice(0, 7); m <= b.slice(0, 7); m = addMonthKey(m, 1)) if (`${m}-01` >= a && lastOfMonth(m) <= b) out.push(m);
  return out;
};
/** Months that can no longer change for a station: ended two days before its today. */
const settled = (s: StationRating, now: number) => addDateDays(dateKey(s.timezone, now), -2);

/** Computes and stores what is not stored fresh of local dates `fromDate`..`toDate` (up to each station's today). */
export const ensureDays = async (db: Queryable, stations: readonly StationRating[], fromDate: string, toDate: string, opts: EnsureOptions): Promise<void> => {
  const sigs = new Map(stations.map((s) => [s.id, pricingSig(opts.pricing.get(s.id)!)]));
  // per station the dates still to check: the range minus its leading and trailing verified months
  const spans = stations.flatMap((s) => {
    const memo = memoOf(db, s.id, sigs.get(s.id)!);
    let first = fromDate;
    let last = [toDate, dateKey(s.timezone, opts.now)].sort()[0]!;
    while (first <= last && memo.verified.has(first.slice(0, 7)) && first.endsWith('-01')) first = `${addMonthKey(first.slice(0, 7), 1)}-01`;
    while (first <= last && memo.verified.has(last.slice(0, 7)) && last === lastOfMonth(last.slice(0, 7))) last = addDateDays(`${last.slice(0, 7)}-01`, -1);
    return first <= last ? [{ s, first, last }] : [];
  });
  if (spans.length) {
    const stale = await db.query<{ id: number; day: string }>(
      `SELECT u.sid AS id, g.d::date::text AS day
       FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[]) AS u(sid, tz, sig, first, last)
       CROSS JOIN LATERAL generate_series(u.first::date, u.last::date, interval '1 day') AS g(d)
       LEFT JOIN station_days sd ON sd.station_id = u.sid AND sd.day = g.d::date
       WHERE sd.station_id IS NULL OR sd.pricing_sig <> u.sig OR sd.computed_at < ((g.d::date + 2)::timestamp AT TIME ZONE u.tz)`,
      [spans.map((x) => x.s.id), spans.map((x) => x.s.timezone), spans.map((x) => sigs.get(x.s.id)!), spans.map((x) => x.first), spans.map((x) => x.last)],
    );
    const todo = new Map<number, string[]>();
    for (const r of stale) (todo.get(r.id) ?? todo.set(r.id, []).get(r.id)!).push(r.day);
    if (todo.size)
      await computeDays(
        db,
        stations.filter((s) => todo.has(s.id)),
        todo,
        opts,
        sigs,
      );
  }
  for (const s of stations) {
    const memo = memoOf(db, s.id, sigs.get(s.id)!);
    const done = settled(s, opts.now);
    for (const m of wholeMonths(fromDate, toDate)) if (lastOfMonth(m) <= done) memo.verified.add(m);
  }
};

const computeDays = async (
  db: Queryable,
  stations: readonly StationRating[],
  todo: Map<number, string[]>,
  opts: EnsureOptions,
  sigs: Map<number, string>,
): Promise<void> => {
  const spans = stations.map((s) => {
    const days = todo.get(s.id)!.sort();
    return { s, from: dateStart(s.timezone, days[0]!), to: dateStart(s.timezone, addDateDays(days.at(-1)!, 1)) };
  });
  const from = Math.min(...spans.map((x) => x.from));
  const to = Math.max(...spans.map((x) => x.to));
  const [steps, weather] = await loadInputs(db, stations, from, to);
  const rows: { stationId: number; day: string; f: Figures }[] = [];
  for (const { s, from: a } of spans) {
    const inp = {
      pricing: opts.pricing.get(s.id)!,
      gamma: s.gamma,
      weather: (s.weatherId !== null && weather.get(s.weatherId)) || new Map(),
      curtailment: curtailmentOf(s),
    };
    const got = summarize(steps.get(s.id) ?? [], inp, a, byLocalDay(s.timezone));
    for (const day of todo.get(s.id)!) rows.push({ stationId: s.id, day, f: got.get(day) ?? emptyFigures() });
  }
  await writeDays(db, rows, sigs, opts.now);
};

const CHUNK = 2000;
const writeDays = async (
  db: Queryable,
  rows: readonly { stationId: number; day: string; f: Figures }[],
  sigs: Map<number, string>,
  now: number,
): Promise<void> => {
  const list = COLS.map((c, k) => `$${k + 5}::float8[]`).join(', ');
  const sql = `INSERT INTO station_days (station_id, day, pricing_sig, computed_at, ${COLS.join(', ')})
    SELECT u.sid, u.d::date, u.sig, to_timestamp($4 / 1000.0), ${COLS.map((c) => `u.${c}`).join(', ')}
    FROM unnest($1::int[], $2::text[], $3::text[], ${list}) AS u(sid, d, sig, ${COLS.join(', ')})
    ON CONFLICT (station_id, day) DO UPDATE SET pricing_sig = excluded.pricing_sig, computed_at = excluded.computed_at,
      ${COLS.map((c) => `${c} = excluded.${c}`).join(', ')}`;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    const params: unknown[] = [part.map((r) => r.stationId), part.map((r) => r.day), part.map((r) => sigs.get(r.stationId) ?? ''), now];
    for (const k of FIGURE_KEYS) params.push(part.map((r) => (Number.isFinite(r.f[k]) ? r.f[k] : null)));
    await db.query(sql, params);
  }
};

/** Stores day figures as given, priced under `pricing` (benchmarks seed a year of days this way). */
export const storeDays = (
  db: Queryable,
  rows: readonly { stationId: number; day: string; f: Figures }[],
  pricing: Map<number, Pricing>,
  now: number,
): Promise<void> => writeDays(db, rows, new Map([...pricing].map(([id, p]) => [id, pricingSig(p)])), now);

export type BucketBy = 'day' | 'month' | 'all';
const BUCKET_SQL: Record<BucketBy, string> = { day: 'day::text', month: "to_char(day, 'YYYY-MM')", all: "''" };
const FIRST_LAST: Partial<Record<FigureKey, string>> = {
  peakKw: 'max(peak_kw)',
  // the earliest of equal peaks, as the interval scan keeps: without it a tie (a month of zero
  // load) came back in whatever order the rows were read, a different time on each read
  peakAt: '(array_agg(peak_at ORDER BY peak_kw DESC NULLS LAST, peak_at))[1]',
  socStart: '(array_agg(soc_start ORDER BY day))[1]',
  socEnd: '(array_agg(soc_end ORDER BY day DESC) FILTER (WHERE soc_end IS NOT NULL))[1]',
};
const AGG = FIGURE_KEYS.map((k, i) => `${FIRST_LAST[k] ?? `sum(${COLS[i]})`} AS "${k}"`).join(', ');

export interface Buckets {
  byStation: Map<number, Map<string, Figures>>;
  /** station → bucket → its last day with data */
  last: Map<number, Map<string, string>>;
  lastDay: string;
}

/** Stored figures of local dates `fromDate`..`toDate` summed per station and bucket (days without intervals left out). */
export const sumDays = async (db: Queryable, ids: readonly number[], fromDate: string, toDate: string, by: BucketBy): Promise<Buckets> => {
  const out: Buckets = { byStation: new Map(ids.map((id) => [id, new Map()])), last: new Map(ids.map((id) => [id, new Map()])), lastDay: '' };
  if (ids.length === 0) return out;
  const rows = await db.query<Record<FigureKey, number | null> & { id: number; b: string; last: string }>(
    `SELECT station_id AS id, ${BUCKET_SQL[by]} AS b, max(day)::text AS last, ${AGG}
     FROM station_days WHERE station_id = ANY($1::int[]) AND day >= $2::date AND day <= $3::date AND intervals > 0 GROUP BY 1, 2`,
    [ids, fromDate, toDate],
  );
  for (const r of rows) {
    const f = emptyFigures();
    for (const k of FIGURE_KEYS) {
      const x = r[k];
      f[k] = x === null || x === undefined ? NaN : Number(x);
    }
    out.byStation.get(r.id)?.set(r.b, f);
    out.last.get(r.id)?.set(r.b, r.last);
    if (r.last > out.lastDay) out.lastDay = r.last;
  }
  return out;
};
