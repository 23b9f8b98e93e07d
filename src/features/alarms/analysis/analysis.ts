// Alarm analysis: the UTC-day window of a preset (queryAlarmAnalysis counts per UTC day) and the
// category order of the stacked days (most severe first).
import { ALARM_CATEGORIES_BY_SEVERITY, type AlarmCategory } from '../../../../protocol/codes';
import { addDateDays, dateKey, dateStart, dayEnd } from '../../../../protocol/site-time';

export const ANALYSIS_DAYS = [7, 30, 90] as const;
export const CATEGORY_ORDER = ALARM_CATEGORIES_BY_SEVERITY;
export type Category = AlarmCategory;

/** `days` whole UTC days ending with today's: [from, to). */
export function analysisWindow(days: number, now: number): { from: string; to: string } {
  const end = dayEnd('UTC', now);
  const from = dateStart('UTC', addDateDays(dateKey('UTC', now), 1 - days));
  return { from: new Date(from).toISOString(), to: new Date(end).toISOString() };
}
