import type { z } from 'zod';
import type { monthDemand } from '../../protocol/actions/peak-demand';
import { kwh, money as round4 } from '../analytics/wire';
import { peakDemand, type DemandLine } from '../money/demand';
import { byLocalMonth, priceMonths } from '../money/months';
import type { MeteredInterval, Pricing } from '../money';
import { demandPeakWire } from '../reports/bill-charges';

// A month's demand so far, priced by the bill's own functions (server/money/months.ts): each
// demand charge of the version the month pays, its peak (when, on the station's clock), the
// ratchet's floor, the billed kW and the amount. A tariff without a demand charge still shows the
// month's peak over 15-minute windows, with no price.

export type MonthDemand = z.input<typeof monthDemand>;

const FALLBACK = { pricePerKw: 0, windowMinutes: 15 } as const;

const toWire = (d: DemandLine, zone: string, priced: boolean): MonthDemand => ({
  ...demandPeakWire(d, zone),
  billedKw: kwh(d.billedKw),
  pricePerKw: priced ? d.charge.pricePerKw : null,
  amount: priced ? round4(d.amount) : null,
});

/** The demand lines of `month` from intervals covering it and its ratchet's earlier months. */
export const monthDemandLines = (
  intervals: readonly MeteredInterval[],
  pricing: Pricing,
  station: { capacityKva: number | null },
  month: string,
): DemandLine[] => {
  const [c] = priceMonths(intervals, pricing, station, [month]);
  if (c && c.demand.length) return c.demand;
  const own = byLocalMonth(intervals, pricing.timezone).get(month) ?? [];
  const peak = peakDemand(own, pricing, FALLBACK);
  return [{ charge: FALLBACK, peak, ratchetKw: 0, billedKw: peak?.kw ?? 0, amount: 0 }];
};

/** Whether the lines are a tariff's demand charges (not the unpriced 15-minute fallback). */
export const isCharged = (lines: readonly DemandLine[]): boolean => lines[0]?.charge !== FALLBACK;

export const demandWire = (lines: readonly DemandLine[], zone: string): MonthDemand[] => {
  const priced = isCharged(lines);
  return lines.map((d) => toWire(d, zone, priced));
};
