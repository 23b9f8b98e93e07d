import { formatWall, wallClock } from '../../protocol/site-time';
import { peakDemand } from '../money/demand';
import { monthDemandLines } from './month-peak';
import type { StationMonth } from './read';

// The peak alarm's condition (docs/strategies.md, "Peak alarm"): the current demand window (the
// tariff's first demand charge's window, aligned to the station's wall clock; 15 minutes without
// one) is on its way past the month's peak. Its average import so far (kWh metered since the
// window began ÷ the time elapsed) is compared with margin % of the reference: the month's peak
// before this window, or the administrator's target kW when one is set. A window that does not
// count for the charge (outside its periods) never raises.

export interface PeakWindowState {
  active: boolean;
  windowStart: number;
  windowEnd: number;
  averageKw: number;
  referenceKw: number | null;
  thresholdKw: number | null;
  marginPct: number;
  /** the window's start on the station's clock, 'YYYY-MM-DD HH:MM' */
  windowLocal: string;
}

const MINUTE = 60_000;

export const peakWindowState = (m: StationMonth, now: number): PeakWindowState | null => {
  const marginPct = m.alarm.marginPct;
  if (marginPct === null) return null;
  const zone = m.pricing.timezone;
  const probe = monthDemandLines([], m.pricing, m.station, m.month)[0]!.charge;
  const w = probe.windowMinutes;
  const minuteNow = Math.floor(now / MINUTE) * MINUTE;
  const windowStart = minuteNow - (Math.floor(wallClock(zone, now).minutes) % w) * MINUTE;
  const windowEnd = windowStart + w * MINUTE;
  const before = m.intervals.filter((iv) => iv.bucket < windowStart);
  const inWindow = m.intervals.filter((iv) => iv.bucket >= windowStart && iv.bucket < windowEnd);
  const monthPeak = monthDemandLines(before, m.pricing, m.station, m.month)[0]!.peak?.kw ?? null;
  const referenceKw = m.alarm.targetKw ?? monthPeak;
  const kwh = inWindow.reduce((a, iv) => a + iv.gridImport, 0);
  const elapsedH = Math.max(MINUTE, now - windowStart) / 3_600_000;
  const averageKw = kwh / elapsedH;
  // a window outside the charge's periods has no peak to exceed
  const counts = inWindow.length > 0 && peakDemand(inWindow, m.pricing, probe) !== null;
  const thresholdKw = referenceKw === null ? null : (referenceKw * marginPct) / 100;
  const active = counts && thresholdKw !== null && averageKw >= thresholdKw;
  return { active, windowStart, windowEnd, averageKw, referenceKw, thresholdKw, marginPct, windowLocal: formatWall(zone, windowStart).slice(0, 16) };
};
