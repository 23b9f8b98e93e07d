import { z } from 'zod';
import { PERIODS } from '../codes';
import { id, isoDate } from './common';
import { currencies, currencyCode } from '../currency';

// Analytics center (docs/analytics.md): PV, energy storage and energy usage over a scope (the
// platform, a service provider, one station) and a period of the stations' local days. Rates are
// percentages; energies kWh; money in `currency`. null = not computable (no data, no capacity).

const num = z.number();
const opt = num.nullable();

export const analysisRequest = z.object({
  /** a service provider; absent = every provider in the caller's scope */
  orgId: id.optional(),
  /** one station (of `orgId` when both are given) */
  stationId: id.optional(),
  period: z.enum(['day', 'month', 'year', 'custom']),
  /** day / month / year: any local date inside the period; custom: the first day */
  date: isoDate,
  /** custom only: the last day, inclusive (at most 366 days) */
  to: isoDate.optional(),
  compare: z.enum(['none', 'previous', 'lastYear']).default('none'),
});

/** The three analyses, as an export names them. */
export const ANALYSIS_KINDS = ['pv', 'ess', 'usage'] as const;
export type AnalysisKind = (typeof ANALYSIS_KINDS)[number];
/** An analysis as a workbook: the same request, which analysis, and the file format. */
export const analysisExportRequest = analysisRequest.extend({ analysis: z.enum(ANALYSIS_KINDS), format: z.enum(['xlsx']) });

/** One chart line: a value per bucket, and the comparison period's value at the same position. */
const series = z.object({ key: z.string(), unit: z.string(), values: z.array(opt), compare: z.array(opt).nullable() });

const frame = {
  from: isoDate,
  to: isoDate,
  /** bucket size of `buckets` and the series: hour for a day, day for a month or a custom range up to 62 days, else month */
  granularity: z.enum(['hour', 'day', 'month']),
  /** 'YYYY-MM-DD HH' | 'YYYY-MM-DD' | 'YYYY-MM' (stations' local time) */
  buckets: z.array(z.string()),
  compare: z.object({ from: isoDate, to: isoDate, buckets: z.array(z.string()) }).nullable(),
  /** the stations' providers' currency (ISO 4217), or several codes joined by '/' (protocol/currency.ts):
   *  then money series and totals are null */
  currency: currencies,
  stationCount: z.number().int(),
  /** the range reaches a day not yet over at one of the stations: its figures are provisional */
  provisional: z.boolean(),
  series: z.array(series),
};
/** a station's row; its money is in its own provider's `currency` */
const stationKey = { stationId: id, stationName: z.string(), serviceProviderId: id, currency: currencyCode };

export const pvTotals = z.object({
  pvKwh: num,
  capacityKwp: num,
  specificYield: opt,
  irradiationKwhM2: opt,
  prPct: opt,
  prTempCorrectedPct: opt,
});
export const pvAnalysis = z.object({
  ...frame,
  totals: pvTotals,
  compareTotals: pvTotals.nullable(),
  stations: z.array(
    pvTotals.extend({
      ...stationKey,
      /** PR over the 30 local days before the period */
      pr30dPct: opt,
      /** the period's PR is more than 5 % (relative) below pr30dPct */
      prDropped: z.boolean(),
      /** 1 = best; null when the figure is null */
      rankPr: z.number().int().nullable(),
      rankYield: z.number().int().nullable(),
    }),
  ),
});

export const essTotals = z.object({
  chargeKwh: num,
  dischargeKwh: num,
  capacityKwh: num,
  rtePct: opt,
  /** sameSoc: the window starts and ends at the same SOC; socCorrected: E_dis / (E_ch − ΔSOC·C) */
  rteMethod: z.enum(['sameSoc', 'socCorrected']),
  /** measured at the converter's AC side (PCS counters) */
  rteBasis: z.literal('ac'),
  efc: opt,
  utilisationPct: opt,
  chargeFromGridKwh: num,
  chargeFromPvKwh: num,
  dischargeToLoadKwh: num,
  dischargeExportedKwh: num,
  /** money: in `currency`; null when the stations' currencies differ (never added across them) */
  dischargeValue: opt,
  chargeCost: opt,
  netArbitrage: opt,
  /** demand charges the stations' months would have paid without storage − those they paid, each month shared by its metered days in the period */
  demandSavings: opt,
  /** netArbitrage + demandSavings */
  netRevenue: opt,
});
export const sohCluster = z.object({
  deviceId: id,
  stationId: id,
  name: z.string(),
  /** UTC days */
  days: z.array(z.string()),
  values: z.array(num),
  latestPct: opt,
  /** least-squares trend, percentage points per year */
  trendPctPerYear: opt,
});
export const essAnalysis = z.object({
  ...frame,
  totals: essTotals,
  compareTotals: essTotals.nullable(),
  soh: z.array(sohCluster),
  stations: z.array(essTotals.extend({ ...stationKey, sohPct: opt })),
});

export const touRow = z.object({
  period: z.enum(PERIODS),
  importKwh: num,
  exportKwh: num,
  importCost: opt,
  feedInRevenue: opt,
  amount: opt,
});
export const usageTotals = z.object({
  consumptionKwh: num,
  loadKwh: num,
  fromPvKwh: num,
  fromEssKwh: num,
  fromGridKwh: num,
  fromGeneratorKwh: num,
  pvKwh: num,
  gridImportKwh: num,
  gridExportKwh: num,
  generatorKwh: num,
  selfConsumptionPct: opt,
  selfSufficiencyPct: opt,
  /** highest 15-minute average demand, kW; for several stations the sum of each one's peak */
  peakKw: opt,
  peakAt: z.string().nullable(),
  loadFactorPct: opt,
  /** money: in `currency`; null when the stations' currencies differ (never added across them) */
  fuelLitres: num,
  fuelCost: opt,
  gridCost: opt,
  feedInRevenue: opt,
  income: opt,
  tou: z.array(touRow),
});
export const usageAnalysis = z.object({
  ...frame,
  totals: usageTotals,
  compareTotals: usageTotals.nullable(),
  stations: z.array(usageTotals.omit({ tou: true }).extend(stationKey)),
});
