import { monthKey } from '../../protocol/site-time';
import { toCents } from '../money';
import type { DemandLine } from '../money/demand';
import type { Period } from '../money';
import type { StationMonth } from './read';
import { monthDemandLines, isCharged } from './month-peak';
import { withoutStorage, type StoredInterval } from './storage';

// The month's demand with and without storage once a predicted day is added to what the month
// has metered so far (docs/strategies.md, "Peak demand"): the same pricing as the bill over
// both, the predicted quarters that fall in the month only. Null when the tariff charges no
// demand.

export interface DemandCase {
  peakKw: number | null;
  peakAt: number | null;
  billedKw: number;
  amount: number;
}
export interface PredictedDemand {
  month: string;
  windowMinutes: number;
  periods: Period[] | null;
  withStorage: DemandCase;
  withoutStorage: DemandCase;
  /** demand charges without storage − with storage, to the cent */
  saved: number;
}

const caseOf = (lines: readonly DemandLine[]): DemandCase => ({
  peakKw: lines[0]!.peak?.kw ?? null,
  peakAt: lines[0]!.peak?.at ?? null,
  billedKw: lines[0]!.billedKw,
  amount: toCents(lines.reduce((a, d) => a + d.amount, 0)),
});

export const predictedDemand = (m: StationMonth, day: readonly StoredInterval[]): PredictedDemand | null => {
  const first = day[0]?.bucket ?? Infinity;
  const inMonth = day.filter((iv) => monthKey(m.pricing.timezone, iv.bucket) === m.month);
  const all = [...m.intervals.filter((iv) => iv.bucket < first), ...inMonth];
  const withLines = monthDemandLines(all, m.pricing, m.station, m.month);
  if (!isCharged(withLines)) return null;
  const withoutLines = monthDemandLines(withoutStorage(all), m.pricing, m.station, m.month);
  const w = caseOf(withLines);
  const wo = caseOf(withoutLines);
  const c = withLines[0]!.charge;
  return {
    month: m.month,
    windowMinutes: c.windowMinutes,
    periods: c.periods ? [...c.periods] : null,
    withStorage: w,
    withoutStorage: wo,
    saved: toCents(wo.amount - w.amount),
  };
};
