// Alarm center helpers (codes in, text out): the time-range presets as [from, to) instants in the
// viewer's zone and the viewer-local time format.
import { viewerZone, type Zone } from '../../../../protocol/site-time';
import { rangeOf, type RangePreset } from '../../../lib/timeRange';

export { dateInputMs, RANGE_PRESETS, rangeOf, type RangePreset } from '../../../lib/timeRange';

/**
 * A preset's window when each station's days are its own: the union of the zones' windows goes
 * to the server (one range per request), `keep` narrows the answer to the alarms inside their
 * own station's day. With one zone this is `rangeOf` in it and `keep` keeps everything.
 */
export function rangeAcross(
  preset: RangePreset,
  now: number,
  custom: { from: string; to: string },
  zones: readonly Zone[],
): { range: { from?: string; to?: string }; keep: ((zone: Zone | undefined, happenMs: number) => boolean) | null } {
  if (zones.length <= 1) return { range: rangeOf(preset, now, custom, zones[0] ?? viewerZone()), keep: null };
  const per = new Map(zones.map((z) => [z, rangeOf(preset, now, custom, z)] as const));
  const ms = (v: string | undefined, dflt: number) => (v ? Date.parse(v) : dflt);
  let from = Infinity;
  let to = -Infinity;
  for (const r of per.values()) {
    from = Math.min(from, ms(r.from, -Infinity));
    to = Math.max(to, ms(r.to, Infinity));
  }
  const range = {
    ...(Number.isFinite(from) ? { from: new Date(from).toISOString() } : {}),
    ...(Number.isFinite(to) ? { to: new Date(to).toISOString() } : {}),
  };
  const keep = (zone: Zone | undefined, happenMs: number): boolean => {
    const r = zone ? per.get(zone) : undefined;
    return !r || (happenMs >= ms(r.from, -Infinity) && happenMs < ms(r.to, Infinity));
  };
  return { range, keep };
}
