import { addDateDays, dateKey, dateStart } from '../../protocol/site-time';
import type { Queryable } from '../db/db';
import type { Pricing } from '../money';
import { ensureDays, memoOf, pricingSig, sumDays, wholeMonths, type Buckets } from './days';
import { byLocalHour, summarize, sumFigures, type Figures } from './figures';
import { bucketsOf, type Granularity, type Period, type Range } from './period';
import { curtailmentOf, loadInputs, type StationRating } from './sources';

// Loads what an analysis answer is built from: for each station of the scope, its figures per
// chart bucket (in order: storage windows walk them) and over the whole range, for the period and
// for its comparison.

export interface Slice {
  range: Range;
  buckets: string[];
  /** station → bucket → figures (buckets without data absent) */
  byBucket: Map<number, Map<string, Figures>>;
  /** station → figures of the whole range */
  totals: Map<number, Figures>;
  /** station → its buckets with data, ascending */
  steps: Map<number, [string, Figures][]>;
  /** local days of the range up to the last one with any data (utilisation divides by them) */
  dayCount: number;
}

export interface Loaded {
  stations: StationRating[];
  period: Period;
  slice: Slice;
  compare: Slice | null;
  pricing: Map<number, Pricing>;
  /** the range reaches a day not yet over at one of the stations: its figures still change */
  provisional: boolean;
}

const hourly = async (
  db: Queryable,
  stations: readonly StationRating[],
  r: Range,
  pricing: Map<number, Pricing>,
): Promise<Map<number, Map<string, Figures>>> => {
  const from = Math.min(...stations.map((s) => dateStart(s.timezone, r.from)));
  const to = Math.max(...stations.map((s) => dateStart(s.timezone, addDateDays(r.to, 1))));
  const [steps, weather] = await loadInputs(db, stations, from, to);
  const out = new Map<number, Map<string, Figures>>();
  for (const s of stations) {
    const a = dateStart(s.timezone, r.from);
    const b = dateStart(s.timezone, addDateDays(r.to, 1));
    const own = (steps.get(s.id) ?? []).filter((x) => x.bucket < b);
    const inp = {
      pricing: pricing.get(s.id)!,
      gamma: s.gamma,
      weather: (s.weatherId !== null && weather.get(s.weatherId)) || new Map(),
      curtailment: curtailmentOf(s),
    };
    out.set(s.id, summarize(own, inp, a, byLocalHour(s.timezone)));
  }
  return out;
};

const sliceOf = async (
  db: Queryable,
  stations: readonly StationRating[],
  r: Range,
  g: Granularity,
  pricing: Map<number, Pricing>,
  now: number,
): Promise<Slice> => {
  await ensureDays(db, stations, r.from, r.to, { now, pricing });
  const ids = stations.map((s) => s.id);
  const sums = g === 'month' ? await monthSums(db, stations, r, pricing) : await sumDays(db, ids, r.from, r.to, 'day');
  const byBucket = g === 'hour' && stations.length ? await hourly(db, stations, r, pricing) : sums.byStation;
  const slice: Slice = { range: r, buckets: bucketsOf(r, g), byBucket, totals: new Map(), steps: new Map(), dayCount: 0 };
  for (const id of ids) {
    const list = [...(byBucket.get(id) ?? new Map<string, Figures>())].sort(([a], [b]) => a.localeCompare(b));
    slice.steps.set(id, list);
    // the stored days make the totals, also when the chart is per hour
    slice.totals.set(id, sumFigures([...(sums.byStation.get(id) ?? new Map<string, Figures>())].sort(([a], [b]) => a.localeCompare(b)).map(([, f]) => f)));
  }
  slice.dayCount = sums.lastDay ? Math.round((Date.parse(sums.lastDay) - Date.parse(r.from)) / 86_400_000) + 1 : 0;
  return slice;
};

/**
 * Month sums of a range: months that can no longer change come from the memo; from the first
 * month some station lacks, the stored days are summed in SQL, and settled months join the memo.
 */
const monthSums = async (db: Queryable, stations: readonly StationRating[], r: Range, pricing: Map<number, Pricing>): Promise<Buckets> => {
  const whole = new Set(wholeMonths(r.from, r.to));
  const memos = new Map(stations.map((s) => [s.id, memoOf(db, s.id, pricingSig(pricing.get(s.id)!))]));
  const cached = (id: number, m: string) => (whole.has(m) && memos.get(id)!.verified.has(m) ? memos.get(id)!.months.get(m) : undefined);
  const months = bucketsOf(r, 'month');
  const gap = months.find((m) => stations.some((s) => !cached(s.id, m)));
  const got =
    gap === undefined
      ? null
      : await sumDays(
          db,
          stations.map((s) => s.id),
          [r.from, `${gap}-01`].sort()[1]!,
          r.to,
          'month',
        );
  const out: Buckets = { byStation: new Map(), last: new Map(), lastDay: got?.lastDay ?? '' };
  for (const s of stations) {
    const memo = memos.get(s.id)!;
    const mine = new Map<string, Figures>();
    for (const m of months) {
      if (gap !== undefined && m >= gap) {
        const f = got!.byStation.get(s.id)?.get(m);
        if (f) mine.set(m, f);
        if (whole.has(m) && memo.verified.has(m)) memo.months.set(m, { f: f ?? null, last: got!.last.get(s.id)?.get(m) ?? '' });
        continue;
      }
      const hit = cached(s.id, m)!;
      if (hit.f) mine.set(m, hit.f);
      if (hit.last > out.lastDay) out.lastDay = hit.last;
    }
    out.byStation.set(s.id, mine);
  }
  return out;
};

export const loadAnalysis = async (db: Queryable, stations: StationRating[], period: Period, now: number, pricing: Map<number, Pricing>): Promise<Loaded> => {
  const [slice, compare] = await Promise.all([
    sliceOf(db, stations, period, period.granularity, pricing, now),
    period.compare ? sliceOf(db, stations, period.compare, period.granularity, pricing, now) : null,
  ]);
  // the earliest zone's today: a range reaching it is still open somewhere in the scope
  const today = stations.map((s) => dateKey(s.timezone, now)).sort()[0] ?? dateKey('UTC', now);
  return { stations, period, slice, compare, pricing, provisional: period.to >= today };
};

/** Each station's figures over extra local dates (PV's 30-day baselines). */
export const totalsOver = async (
  db: Queryable,
  stations: readonly StationRating[],
  r: Range,
  pricing: Map<number, Pricing>,
  now: number,
): Promise<Map<number, Figures>> => {
  await ensureDays(db, stations, r.from, r.to, { now, pricing });
  const sums = await sumDays(
    db,
    stations.map((s) => s.id),
    r.from,
    r.to,
    'all',
  );
  return new Map([...sums.byStation].map(([id, m]) => [id, m.get('') ?? sumFigures([])]));
};
