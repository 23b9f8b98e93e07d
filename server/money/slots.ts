import { minutesOf } from '../../protocol/actions/tariffs';
import type { Period, Tariff } from './types';

// A tariff's season for a month as sorted minute ranges of the local day, built once per
// tariff and month (a year of intervals touches at most 12 per tariff).

export interface SlotRange {
  from: number;
  to: number;
  period: Period;
  fromGridPrice: number;
  feedInPrice: number;
}

const built = new WeakMap<Tariff, Map<number, SlotRange[]>>();

/** The tariff in force on a local date: the latest whose effective date is on or before it. */
export const tariffOn = (tariffs: readonly Tariff[], date: string): Tariff | null => {
  let hit: Tariff | null = null;
  for (const t of tariffs) if (t.effectiveDate <= date && (!hit || t.effectiveDate >= hit.effectiveDate)) hit = t;
  return hit;
};

/** Slots of the season holding `monthNo` (1-12), ascending; empty when there is none. */
export const slotsFor = (tariff: Tariff, monthNo: number): SlotRange[] => {
  let byMonth = built.get(tariff);
  if (!byMonth) built.set(tariff, (byMonth = new Map()));
  let ranges = byMonth.get(monthNo);
  if (!ranges) {
    const season = tariff.seasons.find((s) => s.months.includes(monthNo));
    ranges = (season?.slots ?? [])
      .map((s) => ({
        from: minutesOf(s.start),
        to: minutesOf(s.end),
        period: s.period,
        fromGridPrice: Number(s.fromGridPrice),
        feedInPrice: Number(s.feedInPrice),
      }))
      .sort((a, b) => a.from - b.from);
    byMonth.set(monthNo, ranges);
  }
  return ranges;
};
