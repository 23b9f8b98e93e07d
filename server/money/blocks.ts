import { localReader } from './local-clock';
import { tariffOn } from './slots';
import type { MeteredInterval, Pricing } from './types';

// Tiered (block) energy rates (docs/tariffs.md, "Tiered rates"): a billing month's import is
// counted in time order from the month's start on the station's clock; each kWh imported after
// the month's cumulative import passed a tier's `fromKwh` pays that tier's adder on top of its
// time-of-use price. The tiers are those of the version in force on each interval's local date,
// while the count runs across the whole month whatever version is in force, so a version taking
// effect mid-month starts at the month's cumulative import, not at zero. An interval that
// crosses a tier's edge is split at the edge.

export interface BlockLine {
  /** 1-based position of the tier in its version's list */
  tier: number;
  fromKwh: number;
  adderPerKwh: number;
  /** kWh of the month billed in this tier (under versions with this tier's edge and adder) */
  kwh: number;
  /** kWh × adder, full precision */
  amount: number;
}

/**
 * The tier lines of one billing month: `intervals` are that month's metered intervals of one
 * station, in time order. One line per tier of every version in force during the month (a tier
 * with no kWh shows 0); the same tier of two versions with the same edge and adder is one line.
 */
export const priceBlocks = (intervals: readonly MeteredInterval[], pricing: Pricing): BlockLine[] => {
  const read = localReader(pricing.timezone);
  const lines = new Map<string, BlockLine>();
  let cumulative = 0;
  for (const iv of intervals) {
    const blocks = tariffOn(pricing.tariffs, read(iv.bucket).date)?.charges?.blocks ?? [];
    const before = cumulative;
    cumulative += iv.gridImport;
    blocks.forEach((b, i) => {
      const key = `${i}|${b.fromKwh}|${b.adderPerKwh}`;
      const line = lines.get(key) ?? lines.set(key, { tier: i + 1, fromKwh: b.fromKwh, adderPerKwh: b.adderPerKwh, kwh: 0, amount: 0 }).get(key)!;
      // the part of this interval's import that lies between this tier's edge and the next one's
      const upTo = blocks[i + 1]?.fromKwh ?? Infinity;
      const kwh = Math.max(0, Math.min(cumulative, upTo) - Math.max(before, b.fromKwh));
      line.kwh += kwh;
      line.amount += kwh * b.adderPerKwh;
    });
  }
  return [...lines.values()].sort((a, b) => a.tier - b.tier || a.fromKwh - b.fromKwh || a.adderPerKwh - b.adderPerKwh);
};
