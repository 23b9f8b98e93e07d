import { addDateDays, addMonthKey, dateKey, dateStart, monthKey, nextMonthStart, type Zone } from '../../protocol/site-time';

// The last full period of a schedule at a moment, in a zone: the previous ISO week (Monday to
// Sunday, key '2026-W47') or the previous calendar month (key '2026-11').

export interface SchedulePeriod {
  key: string;
  from: string;
  to: string;
}

const DAY = 86_400_000;
const utcOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** ISO 8601 week key of the week starting on a Monday: the year and week of its Thursday. */
export const isoWeekKey = (monday: string): string => {
  const thursday = new Date(utcOf(monday) + 3 * DAY);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
};

export const lastFullPeriod = (cadence: 'weekly' | 'monthly', zone: Zone, now: number): SchedulePeriod => {
  if (cadence === 'monthly') {
    const month = monthKey(zone, now);
    const key = addMonthKey(month, -1);
    return { key, from: `${key}-01`, to: addDateDays(`${month}-01`, -1) };
  }
  const today = dateKey(zone, now);
  const weekday = (new Date(utcOf(today)).getUTCDay() + 6) % 7;
  const monday = addDateDays(today, -weekday);
  const from = addDateDays(monday, -7);
  return { key: isoWeekKey(from), from, to: addDateDays(monday, -1) };
};

/**
 * When the runner (a pass every minute) sends a schedule next: at its next pass while the last
 * full period has no delivery, else when the period under way has ended (next local Monday or
 * first of the month, 00:00).
 */
export const nextRunAt = (cadence: 'weekly' | 'monthly', zone: Zone, now: number, lastPeriodDone: boolean): number => {
  if (!lastPeriodDone) return Math.ceil((now + 1) / 60_000) * 60_000;
  if (cadence === 'monthly') return nextMonthStart(zone, now);
  const today = dateKey(zone, now);
  const weekday = (new Date(utcOf(today)).getUTCDay() + 6) % 7;
  return dateStart(zone, addDateDays(today, 7 - weekday));
};
