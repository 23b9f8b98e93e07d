import { z } from 'zod';
import { id, isoDate } from './common';

// Shapes shared by the report, export, share and bill actions.

export const REPORT_ITEMS = [
  'pvKwh', 'chargeKwh', 'dischargeKwh', 'loadKwh', 'gridImportKwh', 'gridExportKwh', 'generatorKwh', 'fuelLitres', 'chargingPileKwh',
  'income', 'savings', 'fuelCost', 'availabilityPct', 'alarmCount',
] as const;
export type ReportItem = (typeof REPORT_ITEMS)[number];

export const reportRequest = z.object({
  orgId: id.optional(),
  stationId: id.optional(),
  granularity: z.enum(['day', 'month', 'year']),
  from: isoDate,
  to: isoDate,
  /** at least one data item (SPEC §5: 'Please Select Data Item'); missing or empty answers issue 'selectDataItem' */
  items: z.array(z.enum(REPORT_ITEMS)).default([]).refine((a) => a.length > 0, 'selectDataItem'),
});
export const reportResponse = z.object({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(['day', 'month', 'year']),
  /** the providers' currency (ISO 4217), or several codes joined by '/' (protocol/currency.ts):
   *  then money has no totals, each row's money being in the row's own currency */
  currency: z.string(),
  /** the chosen items, in the order asked; `units[i]` is the unit of `columns[i]` (money: `currency`) */
  columns: z.array(z.string()),
  units: z.array(z.string()),
  /** entity (provider / station; '' for the site report) then period, ascending */
  rows: z.array(z.object({ key: z.string(), label: z.string(), period: z.string(), currency: z.string(), values: z.array(z.number().nullable()) })),
  totals: z.array(z.number().nullable()),
});


export const billId = z.string().regex(/^\d+-\d{4}-\d{2}$/);
export const billSummary = z.object({
  billId: z.string(), month: z.string(), currency: z.string(),
  /** grid: Σ import × price − export × feed-in price, rounded once */
  gridAmount: z.number(),
  fuelCost: z.number(),
  /** gridAmount + fuelCost */
  amount: z.number(),
  importKwh: z.number(), exportKwh: z.number(),
});
export const billLine = z.object({
  /** sharp / peak / flat / valley, or 'diesel' */
  period: z.string(),
  direction: z.enum(['import', 'export', 'fuel']),
  quantity: z.number(),
  unit: z.string(),
  /** average price over the month (4 decimals): amount ÷ quantity */
  price: z.number(),
  /** export lines are negative (feed-in revenue) */
  amount: z.number(),
});
export const billDetail = billSummary.extend({
  stationId: z.number().int(), stationName: z.string(), timezone: z.string(),
  tariffNames: z.array(z.string()),
  /** local days of the month with metered intervals */
  days: z.number().int(),
  lines: z.array(billLine),
  total: z.number(),
});
