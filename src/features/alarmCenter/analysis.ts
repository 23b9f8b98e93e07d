// Alarm analysis: the UTC-day window of a preset (queryAlarmAnalysis counts per UTC day) and the
// category order of the stacked days.

export const ANALYSIS_DAYS = [7, 30, 90] as const;
export const CATEGORY_ORDER = ['fault', 'protection', 'alarm', 'event'] as const;
export type Category = (typeof CATEGORY_ORDER)[number];

const DAY = 86_400_000;

/** `days` whole UTC days ending with today's: [from, to). */
export function analysisWindow(days: number, now: number): { from: string; to: string } {
  const end = Math.floor(now / DAY) * DAY + DAY;
  return { from: new Date(end - days * DAY).toISOString(), to: new Date(end).toISOString() };
}
