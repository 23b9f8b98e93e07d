// The trend's x range: a preset window ending now that follows the clock (re-read every 15 s,
// whole days counted on the station's clock), or a fixed window a zoom, pan or shift chose.
import { useCallback, useEffect, useRef, useState } from 'react';
import { addLocalDays } from '../../../../protocol/site-time';
import { keysOf } from '../../../i18n/codeKeys';

export const PRESETS = [
  { id: 'h1', hours: 1 },
  { id: 'h6', hours: 6 },
  { id: 'd1', days: 1 },
  { id: 'd7', days: 7 },
  { id: 'd30', days: 30 },
] as const;
type PresetId = (typeof PRESETS)[number]['id'];
/** each preset button's label (`station:trend.h1`, …) */
export const PRESET_KEY = keysOf(
  'station:trend',
  PRESETS.map((p) => p.id),
);
export interface TrendRange {
  from: number;
  to: number;
  /** following now, and by which preset */
  live: boolean;
  preset: PresetId | null;
}

/** A preset's window ending now: hours back, or the same wall time whole days back on the station's clock (a DST week is 167 or 169 hours). */
export function presetRange(id: PresetId, now: number, zone: string): TrendRange {
  const p = PRESETS.find((x) => x.id === id)!;
  return { from: 'days' in p ? addLocalDays(zone, now, -p.days) : now - p.hours * 3_600_000, to: now, live: true, preset: id };
}
const LIVE_REFRESH_MS = 15_000;

/** The range, set by a preset, a zoom (seconds, as the chart gives them) or a shift; `timeZone` is the zone the latest answer named. */
export function useTrendRange(timeZone: string) {
  const [range, setRange] = useState<TrendRange>(() => presetRange('h6', Date.now(), 'UTC'));
  // the live refresh reads the zone the latest answer named
  const zoneRef = useRef(timeZone);
  useEffect(() => {
    zoneRef.current = timeZone;
  }, [timeZone]);
  useEffect(() => {
    if (!range.live) return;
    const id = setInterval(() => setRange((r) => (r.live && r.preset ? presetRange(r.preset, Date.now(), zoneRef.current) : r)), LIVE_REFRESH_MS);
    return () => clearInterval(id);
  }, [range.live]);
  const onRange = useCallback((min: number, max: number) => setRange({ from: min * 1000, to: max * 1000, live: false, preset: null }), []);
  return { range, setRange, onRange };
}
