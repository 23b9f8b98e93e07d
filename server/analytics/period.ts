import { addDateDays, addMonthKey } from '../../protocol/site-time';

// A requested period as local dates, its chart buckets and its comparison period.

export type PeriodKind = 'day' | 'month' | 'year' | 'custom';
export type Granularity = 'hour' | 'day' | 'month';
export interface Range {
  from: string;
  to: string;
}
export interface Period extends Range {
  granularity: Granularity;
  compare: Range | null;
}

export const MAX_CUSTOM_DAYS = 366;
/** a custom range up to this many days is charted per day, longer ones per month */
const DAILY_UP_TO = 62;

const lastOfMonth = (month: string): string => addDateDays(`${addMonthKey(month, 1)}-01`, -1);
export const daysBetween = (a: string, b: string): number => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000) + 1;

/** The same date a year earlier (29 February → 28 February). */
export const yearBefore = (date: string): string => {
  const y = `${Number(date.slice(0, 4)) - 1}${date.slice(4)}`;
  return y.endsWith('-02-29') ? y.replace('-02-29', '-02-28') : y;
};

const rangeOf = (kind: PeriodKind, date: string, to: string | undefined): Range => {
  if (kind === 'day') return { from: date, to: date };
  if (kind === 'month') return { from: `${date.slice(0, 7)}-01`, to: lastOfMonth(date.slice(0, 7)) };
  if (kind === 'year') return { from: `${date.slice(0, 4)}-01-01`, to: `${date.slice(0, 4)}-12-31` };
  return { from: date, to: to ?? date };
};

const previousOf = (kind: PeriodKind, r: Range): Range => {
  if (kind === 'month') {
    const m = addMonthKey(r.from.slice(0, 7), -1);
    return { from: `${m}-01`, to: lastOfMonth(m) };
  }
  if (kind === 'year') return rangeOf('year', yearBefore(r.from), undefined);
  const n = daysBetween(r.from, r.to);
  return { from: addDateDays(r.from, -n), to: addDateDays(r.from, -1) };
};

export const resolvePeriod = (kind: PeriodKind, date: string, to: string | undefined, compare: 'none' | 'previous' | 'lastYear'): Period => {
  const r = rangeOf(kind, date, to);
  const granularity: Granularity = kind === 'day' ? 'hour' : kind === 'year' || daysBetween(r.from, r.to) > DAILY_UP_TO ? 'month' : 'day';
  const cmp =
    compare === 'none'
      ? null
      : compare === 'previous'
        ? previousOf(kind, r)
        : kind === 'month'
          ? rangeOf('month', yearBefore(r.from), undefined)
          : { from: yearBefore(r.from), to: yearBefore(r.to) };
  return { ...r, granularity, compare: cmp };
};

/** Bucket labels of a range: 'YYYY-MM-DD HH', 'YYYY-MM-DD' or 'YYYY-MM'. */
export const bucketsOf = (r: Range, g: Granularity): string[] => {
  const out: string[] = [];
  if (g === 'month') {
    for (let m = r.from.slice(0, 7); m <= r.to.slice(0, 7); m = addMonthKey(m, 1)) out.push(m);
    return out;
  }
  for (let d = r.from; d <= r.to; d = addDateDays(d, 1)) {
    if (g === 'day') out.push(d);
    else for (let h = 0; h < 24; h++) out.push(`${d} ${String(h).padStart(2, '0')}`);
  }
  return out;
};
