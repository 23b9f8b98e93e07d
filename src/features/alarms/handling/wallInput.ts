// `datetime-local` values read in a given zone (a maintenance window is planned in its station's
// local time, whatever the viewer's clock says). Conversions go through protocol/site-time.ts, so
// a reading skipped or repeated by a DST change maps the way the rest of the platform maps it.
import { formatWall, wallTimeMs, type Zone } from '../../../../protocol/site-time';

/** The `datetime-local` value (`YYYY-MM-DDTHH:mm`) of instant `ms` on the wall clock of `zone`. */
export const toWallInput = (zone: Zone, ms: number): string => formatWall(zone, ms).slice(0, 16).replace(' ', 'T');

const INPUT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The instant a `datetime-local` value names on the wall clock of `zone`; NaN when it is not one. */
export function fromWallInput(zone: Zone, v: string): number {
  const m = INPUT.exec(v);
  if (!m) return Number.NaN;
  const [h, min, sec] = [Number(m[2]), Number(m[3]), Number(m[4] ?? 0)];
  if (h > 23 || min > 59 || sec > 59) return Number.NaN;
  return wallTimeMs(zone, m[1]!, h * 60 + min) + sec * 1000;
}

/** Like fromWallInput, but a value still reading as `kept` (the time it was filled with) gives
 *  `kept` itself: saving an unchanged start does not cut its seconds off. */
export const instantOfInput = (zone: Zone, v: string, kept: number | null): number =>
  kept !== null && toWallInput(zone, kept) === v ? kept : fromWallInput(zone, v);
