// Alarm center helpers (codes in, text out): the time-range presets as [from, to) instants in the
// viewer's zone and the viewer-local time format.
import { addDateDays, dateStart, dayStart, formatWall, viewerZone, type Zone } from '../../../protocol/site-time';

export const RANGE_PRESETS = ['all', 'today', '7d', '30d', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

const DAY = 86_400_000;

const DATE_INPUT = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` (a date input's value) as the start of the local day it names; null when malformed. */
export const dateInputMs = (v: string, zone: Zone = viewerZone()): number | null => (DATE_INPUT.test(v) ? dateStart(zone, v) : null);

/**
 * The happen-time window of a preset, computed at request time so a re-read moves with the clock.
 * `to` stays open for the rolling presets so a newly raised alarm is in range. Custom dates are
 * whole local days, the end day included.
 */
export function rangeOf(preset: RangePreset, now: number, custom: { from: string; to: string } = { from: '', to: '' }, zone: Zone = viewerZone()): { from?: string; to?: string } {
  const iso = (ms: number) => new Date(ms).toISOString();
  switch (preset) {
    case 'today':
      return { from: iso(dayStart(zone, now)) };
    case '7d':
      return { from: iso(now - 7 * DAY) };
    case '30d':
      return { from: iso(now - 30 * DAY) };
    case 'custom': {
      const f = dateInputMs(custom.from, zone);
      const t = DATE_INPUT.test(custom.to) ? dateStart(zone, addDateDays(custom.to, 1)) : null;
      return { ...(f !== null ? { from: iso(f) } : {}), ...(t !== null ? { to: iso(t) } : {}) };
    }
    default:
      return {};
  }
}

/** `YYYY-MM-DD HH:mm:ss` in the viewer's zone; '-' for none. */
export const fmtLocal = (v: string | number | null, zone: Zone = viewerZone()): string => {
  if (v === null) return '-';
  const ms = new Date(v).getTime();
  return Number.isNaN(ms) ? '-' : formatWall(zone, ms);
};

/**
 * A preset's window when each station's days are its own: the union of the zones' windows goes
 * to the server (one range per request), `keep` narrows the answer to the alarms inside their
 * own station's day. With one zone this is `rangeOf` in it and `keep` keeps everything.
 */
export function rangeAcross(preset: RangePreset, now: number, custom: { from: string; to: string }, zones: readonly Zone[]): { range: { from?: string; to?: string }; keep: ((zone: Zone | undefined, happenMs: number) => boolean) | null } {
  if (zones.length <= 1) return { range: rangeOf(preset, now, custom, zones[0] ?? viewerZone()), keep: null };
  const per = new Map(zones.map((z) => [z, rangeOf(preset, now, custom, z)] as const));
  const ms = (v: string | undefined, dflt: number) => (v ? Date.parse(v) : dflt);
  let from = Infinity;
  let to = -Infinity;
  for (const r of per.values()) {
    from = Math.min(from, ms(r.from, -Infinity));
    to = Math.max(to, ms(r.to, Infinity));
  }
  const range = { ...(Number.isFinite(from) ? { from: new Date(from).toISOString() } : {}), ...(Number.isFinite(to) ? { to: new Date(to).toISOString() } : {}) };
  const keep = (zone: Zone | undefined, happenMs: number): boolean => {
    const r = zone ? per.get(zone) : undefined;
    return !r || (happenMs >= ms(r.from, -Infinity) && happenMs < ms(r.to, Infinity));
  };
  return { range, keep };
}
