// Time ranges the console's filters offer (all, today, the last 7 or 30 days, custom dates) as
// [from, to) instants, computed when asked so a rolling preset follows the clock, in the viewer's
// zone unless a zone is given. Times are written by src/lib/dateTime.ts.
import { addDateDays, addLocalDays, dateStart, dayStart, viewerZone, type Zone } from '../../protocol/site-time';

export const RANGE_PRESETS = ['all', 'today', '7d', '30d', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

const DATE_INPUT = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` (a date input's value) as the start of the local day it names; null when malformed. */
export const dateInputMs = (v: string, zone: Zone = viewerZone()): number | null => (DATE_INPUT.test(v) ? dateStart(zone, v) : null);

/**
 * The happen-time window of a preset, computed at request time so a re-read moves with the clock.
 * `to` stays open for the rolling presets so a newly raised alarm is in range. Custom dates are
 * whole local days, the end day included.
 */
export function rangeOf(
  preset: RangePreset,
  now: number,
  custom: { from: string; to: string } = { from: '', to: '' },
  zone: Zone = viewerZone(),
): { from?: string; to?: string } {
  const iso = (ms: number) => new Date(ms).toISOString();
  switch (preset) {
    case 'today':
      return { from: iso(dayStart(zone, now)) };
    // the same wall time 7 or 30 local days back: a week across a DST change is 167 or 169 hours
    case '7d':
      return { from: iso(addLocalDays(zone, now, -7)) };
    case '30d':
      return { from: iso(addLocalDays(zone, now, -30)) };
    case 'custom': {
      const f = dateInputMs(custom.from, zone);
      const t = DATE_INPUT.test(custom.to) ? dateStart(zone, addDateDays(custom.to, 1)) : null;
      return { ...(f !== null ? { from: iso(f) } : {}), ...(t !== null ? { to: iso(t) } : {}) };
    }
    default:
      return {};
  }
}
