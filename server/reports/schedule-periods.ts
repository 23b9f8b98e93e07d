import { addDateDays, addMonthKey, dateKey, monthKey, type Zone } from '../../protocol/site-time';

// The last full period of a schedule at a moment, in a zone: the previous ISO week (Monday to
// Sunday, key '2026-W47') or the previous calendar month (key '2026-11').

export interface SchedulePeriod { key: string; from: string; to: string }

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
