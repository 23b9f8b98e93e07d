import { isMixedCurrency, joinCurrencies } from '../../protocol/currency';
import type { Figures } from './figures';
import type { Loaded, Slice } from './query';
import type { StationRating } from './sources';

// Rounding for the wire and the parts every analysis answer shares (frame, chart series).

const round = (x: number, k: number): number => Math.round(x * k) / k;
/** energies to Wh */
export const kwh = (x: number): number => round(x, 1000);
/** money to 1/100 cent */
export const money = (x: number): number => round(x, 10_000);
/** a ratio as a percentage with 2 decimals; null stays null */
export const pct = (x: number | null): number | null => (x === null || !Number.isFinite(x) ? null : round(x * 100, 100));
export const fixed = (x: number | null, k = 1000): number | null => (x === null || !Number.isFinite(x) ? null : round(x, k));

/** unit 'money': in the stations' currency, which the answer names in its place */
export interface SeriesDef {
  key: string;
  unit: string;
  of: (parts: readonly { s: StationRating; f: Figures }[]) => number | null;
}

/** The currency of money over these stations: theirs, or every code joined when they differ. */
export const currencyOfRatings = (stations: readonly StationRating[]): string => joinCurrencies(stations.map((s) => s.currency));

/** Money summed over stations, or null when their currencies differ (nothing converts). */
export const moneyOver = (mixed: boolean, x: number): number | null => (mixed ? null : money(x));

/** Per bucket, the stations that had data in it. */
const partsPerBucket = (slice: Slice, stations: readonly StationRating[]) =>
  slice.buckets.map((b) =>
    stations.flatMap((s) => {
      const f = slice.byBucket.get(s.id)?.get(b);
      return f && f.intervals > 0 ? [{ s, f }] : [];
    }),
  );

/** The frame of an answer: range, buckets, comparison and the chart series (null where no station had data). */
export const frameOf = (l: Loaded, stations: readonly StationRating[], defs: readonly SeriesDef[]) => {
  const now = partsPerBucket(l.slice, stations);
  const before = l.compare ? partsPerBucket(l.compare, stations) : null;
  const currency = currencyOfRatings(stations);
  // money of different currencies is never added: such a scope has no money series
  const values = (per: typeof now, d: SeriesDef) =>
    per.map((parts) => (parts.length && !(d.unit === 'money' && isMixedCurrency(currency)) ? d.of(parts) : null));
  return {
    from: l.slice.range.from,
    to: l.slice.range.to,
    granularity: l.period.granularity,
    buckets: l.slice.buckets,
    compare: l.compare ? { from: l.compare.range.from, to: l.compare.range.to, buckets: l.compare.buckets } : null,
    currency,
    stationCount: stations.length,
    provisional: l.provisional,
    series: defs.map((d) => ({ key: d.key, unit: d.unit === 'money' ? currency : d.unit, values: values(now, d), compare: before ? values(before, d) : null })),
  };
};

/** Each station with its figures over a slice (stations without data carry empty figures). */
export const stationParts = (slice: Slice, stations: readonly StationRating[]) => stations.map((s) => ({ s, f: slice.totals.get(s.id)! }));
