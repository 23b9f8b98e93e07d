// Alarm analysis figures the server does not aggregate (codes in, numbers out): the UTC-day
// window of a preset (queryAlarmAnalysis counts per UTC day), per-day counts by category and the
// most frequent rules, both from the range's records.

export const ANALYSIS_DAYS = [7, 30, 90] as const;
export const CATEGORY_ORDER = ['fault', 'protection', 'alarm', 'event'] as const;
export type Category = (typeof CATEGORY_ORDER)[number];

const DAY = 86_400_000;

/** `days` whole UTC days ending with today's: [from, to). */
export function analysisWindow(days: number, now: number): { from: string; to: string } {
  const end = Math.floor(now / DAY) * DAY + DAY;
  return { from: new Date(end - days * DAY).toISOString(), to: new Date(end).toISOString() };
}

export interface RecordLite {
  happenTime: string;
  alarmCategory: string;
  alarmRuleCode: string;
  alarmRuleName: string;
}

/** Counts per UTC day (`YYYY-MM-DD`) and category. */
export function perDayByCategory(records: readonly RecordLite[]): Map<string, Record<Category, number>> {
  const out = new Map<string, Record<Category, number>>();
  for (const r of records) {
    const day = new Date(r.happenTime).toISOString().slice(0, 10);
    let m = out.get(day);
    if (!m) out.set(day, (m = { fault: 0, protection: 0, alarm: 0, event: 0 }));
    if (r.alarmCategory in m) m[r.alarmCategory as Category] += 1;
  }
  return out;
}

/** The `n` most frequent rules, most first (ties by code, so the order is stable). */
export function topRules(records: readonly RecordLite[], n = 10): Array<{ code: string; name: string; count: number }> {
  const m = new Map<string, { code: string; name: string; count: number }>();
  for (const r of records) {
    const x = m.get(r.alarmRuleCode);
    if (x) x.count += 1;
    else m.set(r.alarmRuleCode, { code: r.alarmRuleCode, name: r.alarmRuleName, count: 1 });
  }
  return [...m.values()].sort((a, b) => b.count - a.count || a.code.localeCompare(b.code)).slice(0, n);
}
