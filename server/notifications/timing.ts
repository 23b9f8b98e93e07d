import { addDateDays, dateKey, minuteOfDay, wallTimeMs } from '../../protocol/site-time';

// When a delivery may go out: quiet hours are read on the recipient's wall clock (the rule's
// zone), so "22:00–07:00" stays the night across a DST change; a digest collects alarms into
// windows of N minutes counted from the epoch, so every replica names the same window.

export interface QuietHours {
  /** minutes of the day; from > to spans midnight */
  quietFrom: number | null;
  quietTo: number | null;
  zone: string;
}

/** Whether `ms` falls in the quiet hours [from, to) of `q`. */
export const inQuiet = (q: QuietHours, ms: number): boolean => {
  if (q.quietFrom === null || q.quietTo === null || q.quietFrom === q.quietTo) return false;
  const m = minuteOfDay(q.zone, ms);
  return q.quietFrom < q.quietTo ? m >= q.quietFrom && m < q.quietTo : m >= q.quietFrom || m < q.quietTo;
};

/** `ms`, or the end of the quiet hours it falls in. */
export const afterQuiet = (q: QuietHours, ms: number): number => {
  if (!inQuiet(q, ms)) return ms;
  const date = dateKey(q.zone, ms);
  const today = wallTimeMs(q.zone, date, q.quietTo!);
  return today > ms ? today : wallTimeMs(q.zone, addDateDays(date, 1), q.quietTo!);
};

/** End of the digest window of `minutes` holding `ms` (the instant its message is due). */
export const digestWindowEnd = (minutes: number, ms: number): number => {
  const w = minutes * 60_000;
  return Math.floor(ms / w) * w + w;
};

export { isZone } from '../../protocol/zone';
