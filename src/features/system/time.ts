// Times on the system screens, in the viewer's zone: `YYYY-MM-DD HH:mm:ss`, and the time-range
// presets of the audit log and the message view as [from, to) instants computed when asked, so
// a rolling preset follows the clock.
import { addDateDays, dateStart, dayStart, formatWall, viewerZone } from '../../../protocol/site-time';
import type { TKey } from '../../i18n/i18n';

export const RANGES = ['all', 'today', '7d', '30d', 'custom'] as const;
export type Range = (typeof RANGES)[number];
export const RANGE_KEY = {
  all: 'system:range.all', today: 'system:range.today', '7d': 'system:range.d7', '30d': 'system:range.d30', custom: 'system:range.custom',
} as const satisfies Record<Range, TKey>;

const DAY = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function rangeOf(range: Range, now: number, custom: { from: string; to: string } = { from: '', to: '' }): { from?: string; to?: string } {
  const zone = viewerZone();
  const iso = (ms: number) => new Date(ms).toISOString();
  switch (range) {
    case 'today':
      return { from: iso(dayStart(zone, now)) };
    case '7d':
      return { from: iso(now - 7 * DAY) };
    case '30d':
      return { from: iso(now - 30 * DAY) };
    case 'custom':
      return {
        ...(DATE.test(custom.from) ? { from: iso(dateStart(zone, custom.from)) } : {}),
        ...(DATE.test(custom.to) ? { to: iso(dateStart(zone, addDateDays(custom.to, 1))) } : {}),
      };
    default:
      return {};
  }
}

/** '-' for none. */
export const fmtLocal = (v: string | number | null): string => {
  if (v === null) return '-';
  const ms = new Date(v).getTime();
  return Number.isNaN(ms) ? '-' : formatWall(viewerZone(), ms);
};
