import { z } from 'zod';
import { BILL_DIRECTIONS, PERIODS, REPORT_GRANULARITIES, REPORT_ITEMS } from '../codes';
import { id, isoDate } from './common';
import { currencies, currencyCode } from '../currency';
import { zoneName } from '../zone';

// Shapes shared by the report, export, share and bill actions.

export { REPORT_ITEMS, type ReportItem } from '../codes';

export const reportRequest = z.object({
  orgId: id.optional(),
  stationId: id.optional(),
  granularity: z.enum(REPORT_GRANULARITIES),
  from: isoDate,
  to: isoDate,
  /** at least one data item (SPEC §5: 'Please Select Data Item'); missing or empty answers issue 'selectDataItem' */
  items: z
    .array(z.enum(REPORT_ITEMS))
    .default([])
    .refine((a) => a.length > 0, 'selectDataItem'),
});
export const reportResponse = z.object({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(REPORT_GRANULARITIES),
  /** the providers' currency (ISO 4217), or several codes joined by '/' (protocol/currency.ts):
   *  then money has no totals, each row's money being in the row's own currency */
  currency: currencies,
  /** the chosen items, in the order asked; `units[i]` is the unit of `columns[i]` (money: `currency`) */
  columns: z.array(z.string()),
  units: z.array(z.string()),
  /** entity (provider / station; '' for the site report) then period, ascending */
  rows: z.array(z.object({ key: z.string(), label: z.string(), period: z.string(), currency: currencyCode, values: z.array(z.number().nullable()) })),
  totals: z.array(z.number().nullable()),
  /** the first period not yet over at one of the report's stations (it and later ones, and the
   *  totals, are provisional: their figures still change until it ends); null when all are final */
  openFrom: z.string().nullable(),
});

export const billId = z.string().regex(/^\d+-\d{4}-\d{2}$/);
export const billSummary = z.object({
  billId: z.string(),
  month: z.string(),
  currency: currencyCode,
  /** the month is not over in the station's zone: a provisional bill whose figures still change */
  provisional: z.boolean(),
  /** grid: Σ import × price − export × feed-in price, rounded once */
  gridAmount: z.number(),
  fuelCost: z.number(),
  /** the month's tiered-rate adders, demand, capacity and fixed charges, rounded once (0 for a tariff of energy prices only) */
  chargesAmount: z.number(),
  /** gridAmount + fuelCost + chargesAmount */
  amount: z.number(),
  importKwh: z.number(),
  exportKwh: z.number(),
});
/** A demand charge's month: its highest window and the ratchet's floor (the bill, and peak shaving's month so far). */
export const demandPeak = z.object({
  windowMinutes: z.number().int(),
  /** the time-of-use periods whose windows count (peak-period demand); null: every window */
  periods: z.array(z.enum(PERIODS)).nullable(),
  /** the month's own highest window average; null when no window counted */
  peakKw: z.number().nullable(),
  /** start of that window: ISO-8601 UTC, and the station's wall clock 'YYYY-MM-DD HH:mm' (zone: the station's) */
  peakAt: z.string().nullable(),
  peakLocal: z.string().nullable(),
  /** the ratchet's floor (percent of the highest earlier peak), 0 without a ratchet */
  ratchetKw: z.number(),
  /** windows with missing intervals, averaged as if those were zero */
  incompleteWindows: z.number().int(),
});
/** How a demand line's billed kW came about (docs/tariffs.md, "Bill make-up"). */
export const billDemand = demandPeak.extend({
  ratchet: z.object({ percent: z.number(), months: z.number().int() }).nullable(),
});
export const billLine = z.object({
  /** sharp / peak / flat / valley (time-of-use energy), 'dynamic' (energy at a feed's interval prices), 'diesel', 'tier<N>' (tiered rates), 'all' or the periods joined by ',' (demand), 'capacity', 'fixed' */
  period: z.string(),
  direction: z.enum(BILL_DIRECTIONS),
  quantity: z.number(),
  /** kWh, L, kW (billed demand), kVA (contracted capacity), month (fixed fee) */
  unit: z.string(),
  /** average price over the month (4 decimals): amount ÷ quantity */
  price: z.number(),
  /** export lines are negative (feed-in revenue) */
  amount: z.number(),
  /** demand lines only */
  demand: billDemand.optional(),
  /** tier lines only: the tier's position (1-based) and the month's cumulative import it starts at;
   *  quantity = the kWh billed in it, price = its adder per kWh */
  tier: z.object({ tier: z.number().int(), fromKwh: z.number() }).optional(),
});
export const billDetail = billSummary.extend({
  stationId: z.number().int(),
  stationName: z.string(),
  timezone: zoneName,
  tariffNames: z.array(z.string()),
  /** local days of the month with metered intervals */
  days: z.number().int(),
  lines: z.array(billLine),
  /** intervals of the month under a version with a price feed where the feed had no price: priced
   *  at time-of-use, never at zero. `first`: the first few on the station's clock ('YYYY-MM-DD HH:mm') */
  dynamicMissing: z
    .object({ intervals: z.number().int(), first: z.array(z.string()) })
    .nullable()
    .default(null),
  total: z.number(),
});
