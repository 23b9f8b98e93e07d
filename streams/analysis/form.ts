// The analytics toolbar's state and the request it stands for. Dates are the stations' local
// calendar dates (YYYY-MM-DD), never instants: the server resolves each station's own day.
import type { Req } from '../api/client';

export const PERIODS = ['day', 'month', 'year', 'custom'] as const;
export type Period = (typeof PERIODS)[number];
export const COMPARES = ['none', 'previous', 'lastYear'] as const;
export type Compare = (typeof COMPARES)[number];
/** the server's longest custom range, inclusive */
export const MAX_CUSTOM_DAYS = 366;

export interface AnalysisForm {
  /** null: every station of the scope */
  stationId: number | null;
  period: Period;
  /** a date inside the day, month or year; for custom the first day */
  date: string;
  /** custom only: the last day */
  to: string;
  compare: Compare;
}

const DAY = 86_400_000;
const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const ms = (date: string): number => Date.parse(`${date}T00:00:00Z`);

/** Today's calendar date where the viewer is (the default of the date inputs). */
export function today(now: number, offsetMinutes = new Date(now).getTimezoneOffset()): string {
  return iso(now - offsetMinutes * 60_000);
}

export function defaultForm(now: number): AnalysisForm {
  const d = today(now);
  return { stationId: null, period: 'month', date: d, to: d, compare: 'none' };
}

/** Inclusive days between two dates (negative when reversed). */
export const daysBetween = (from: string, to: string): number => Math.round((ms(to) - ms(from)) / DAY) + 1;

/** A custom range the server accepts: ordered and at most MAX_CUSTOM_DAYS long. */
export const customRangeValid = (from: string, to: string): boolean => {
  const n = daysBetween(from, to);
  return Number.isFinite(n) && n >= 1 && n <= MAX_CUSTOM_DAYS;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The request payload of a form in a scope (0 = the caller's whole scope); null when incomplete. */
export function analysisRequest(scope: number, f: AnalysisForm): Req<'queryPvAnalysis'> | null {
  if (!DATE.test(f.date) || Number.isNaN(ms(f.date))) return null;
  if (f.period === 'custom' && (!DATE.test(f.to) || !customRangeValid(f.date, f.to))) return null;
  return {
    ...(scope > 0 ? { orgId: scope } : {}),
    ...(f.stationId !== null ? { stationId: f.stationId } : {}),
    period: f.period,
    date: f.date,
    ...(f.period === 'custom' ? { to: f.to } : {}),
    compare: f.compare,
  };
}
