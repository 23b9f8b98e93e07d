// What the trend overlays on its time axis besides alarms: the tariff periods in force (sharp,
// peak, flat, valley as bands, in the station's local time, day by day with the tariff and season
// of that day) and the station's strategy issuance and mode-switch records as marks.
import { minutesOf } from '../../../../protocol/actions/tariffs';
import { PERIODS } from '../../../../protocol/codes';
import { addDateDays, dateKey, dateStart, wallTimeMs } from '../../../../protocol/site-time';
import type { Res } from '../../../../streams/api/client';
import type { TrendBand, TrendMarker } from '../../../widgets/trend/TrendChart';

export type Tariff = NonNullable<Res<'queryStationTariffs'>['active']>;
export type Distribution = Res<'queryDistributionRecords'>['dataList'][number];
export type SwitchRecord = Res<'querySwitchRecords'>['dataList'][number];
export type Period = Tariff['seasons'][number]['slots'][number]['period'];

export const PERIOD_COLORS: Record<Period, string> = { sharp: '#dc2626', peak: '#f97316', flat: '#0ea5e9', valley: '#16a34a' };
export const PERIOD_ORDER: readonly Period[] = PERIODS;
export const ISSUE_COLOR = '#7c3aed';
export const SWITCH_COLOR = '#0891b2';
/** beyond this span a day's bands are a few pixels wide: none are drawn */
export const MAX_BAND_SPAN_MS = 62 * 86_400_000;

/**
 * Tariff periods over [fromMs, toMs]: for every local day, the tariff with the latest effective
 * date on or before it and its season for that month; neighbouring slots of one period merge.
 * Times in ms.
 */
export function tariffPeriods(
  tariffs: readonly Tariff[],
  fromMs: number,
  toMs: number,
  timeZone: string,
): Array<{ from: number; to: number; period: Period; tariff: string }> {
  if (!(toMs > fromMs) || toMs - fromMs > MAX_BAND_SPAN_MS || tariffs.length === 0) return [];
  const sorted = [...tariffs].sort((a, b) => (a.effectiveDate < b.effectiveDate ? 1 : -1));
  const out: Array<{ from: number; to: number; period: Period; tariff: string }> = [];
  for (let date = dateKey(timeZone, fromMs); dateStart(timeZone, date) < toMs; date = addDateDays(date, 1)) {
    const m = Number(date.slice(5, 7));
    const tariff = sorted.find((t) => t.effectiveDate.slice(0, 10) <= date);
    const season = tariff?.seasons.find((s) => s.months.includes(m));
    if (!tariff || !season) continue;
    for (const slot of [...season.slots].sort((a, b) => minutesOf(a.start) - minutesOf(b.start))) {
      const a = Math.max(fromMs, wallTimeMs(timeZone, date, minutesOf(slot.start)));
      const b = Math.min(toMs, wallTimeMs(timeZone, date, minutesOf(slot.end)));
      if (!(b > a)) continue;
      const last = out[out.length - 1];
      if (last && last.period === slot.period && last.tariff === tariff.name && last.to === a) last.to = b;
      else out.push({ from: a, to: b, period: slot.period, tariff: tariff.name });
    }
  }
  return out;
}

export const tariffBands = (periods: ReturnType<typeof tariffPeriods>, label: (p: Period) => string): TrendBand[] =>
  periods.map((p) => ({ from: p.from / 1000, to: p.to / 1000, color: PERIOD_COLORS[p.period], label: `${p.tariff} · ${label(p.period)}` }));

/** Issuance and mode-switch marks inside [fromMs, toMs], oldest first. */
export function strategyMarks(
  dist: readonly Distribution[],
  switches: readonly SwitchRecord[],
  fromMs: number,
  toMs: number,
  label: { issue: (d: Distribution) => string; switch: (s: SwitchRecord) => string },
): TrendMarker[] {
  const inRange = (iso: string) => {
    const t = Date.parse(iso);
    return t >= fromMs && t <= toMs;
  };
  return [
    ...dist.filter((d) => inRange(d.issuedAt)).map((d) => ({ t: Date.parse(d.issuedAt) / 1000, color: ISSUE_COLOR, label: label.issue(d), solid: true })),
    ...switches.filter((s) => inRange(s.time)).map((s) => ({ t: Date.parse(s.time) / 1000, color: SWITCH_COLOR, label: label.switch(s), solid: true })),
  ].sort((a, b) => a.t - b.t);
}
