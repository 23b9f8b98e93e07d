import { z } from 'zod';
import { action } from '../action';
import { id, isoDate } from './common';

// Operations reports and analytics (built with the fleet; they read the energy accounting).
export const REPORT_ITEMS = ['pvKwh', 'chargeKwh', 'dischargeKwh', 'loadKwh', 'gridImportKwh', 'gridExportKwh', 'generatorKwh', 'fuelLitres', 'chargingPileKwh', 'income'] as const;

const reportRequest = z.object({
  orgId: id.optional(),
  stationId: id.optional(),
  granularity: z.enum(['day', 'month', 'year']),
  from: isoDate,
  to: isoDate,
  /** at least one data item (SPEC §5: 'Please Select Data Item') */
  items: z.array(z.enum(REPORT_ITEMS)).min(1, 'selectDataItem'),
});
const reportResponse = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.object({ key: z.string(), label: z.string(), values: z.array(z.number().nullable()) })),
  totals: z.array(z.number().nullable()),
});

const analysisRequest = z.object({ orgId: id.optional(), stationId: id.optional(), from: isoDate, to: isoDate, granularity: z.enum(['day', 'month']) });
const analysisSeries = z.object({ key: z.string(), unit: z.string(), values: z.array(z.number().nullable()) });
const analysisResponse = z.object({ periods: z.array(z.string()), series: z.array(analysisSeries), kpis: z.record(z.string(), z.number().nullable()) });

export const reportActions = {
  queryPlatformReport: action({
    endpoint: 'energystorage', permission: 'operations.platformReport', kind: 'read', stage: 'fleet',
    summary: 'Platform report: one row per service provider.', request: reportRequest, response: reportResponse,
  }),
  queryServiceReport: action({
    endpoint: 'energystorage', permission: 'operations.serviceReport', kind: 'read', stage: 'fleet',
    summary: 'Service-provider report: one row per station of a provider.', request: reportRequest, response: reportResponse,
  }),
  querySiteReport: action({
    endpoint: 'energystorage', permission: 'operations.siteReport', kind: 'read', stage: 'fleet',
    summary: 'Site report: one row per period of one station.', request: reportRequest, response: reportResponse,
  }),
  exportReport: action({
    endpoint: 'energystorage', permission: 'operations.export', kind: 'write', stage: 'fleet',
    summary: 'Export a report as CSV; also answers a share token that opens the public month/year report pages.',
    request: reportRequest.extend({ report: z.enum(['platform', 'service', 'site']) }),
    response: z.object({ fileName: z.string(), csv: z.string(), shareToken: z.string() }),
  }),
  queryReportByShareToken: action({
    endpoint: 'energystorage', permission: null, kind: 'read', stage: 'fleet',
    summary: 'The public month/year report pages (report.monthReport, report.yearReport) read a shared report by its token.',
    request: z.object({ shareToken: z.string().min(20).max(200) }),
    response: reportResponse.extend({ title: z.string(), from: z.string(), to: z.string() }),
  }),
  queryPvAnalysis: action({
    endpoint: 'energystorage', permission: 'analysis.photovoltaic', kind: 'read', stage: 'fleet',
    summary: 'PV analysis: yield, specific yield, performance ratio, irradiation per period.', request: analysisRequest, response: analysisResponse,
  }),
  queryEssAnalysis: action({
    endpoint: 'energystorage', permission: 'analysis.energyStorage', kind: 'read', stage: 'fleet',
    summary: 'ESS analysis: charge, discharge, round-trip efficiency, equivalent cycles, income per period.', request: analysisRequest, response: analysisResponse,
  }),
  queryEnergyUsageAnalysis: action({
    endpoint: 'energystorage', permission: 'analysis.energyUsage', kind: 'read', stage: 'fleet',
    summary: 'Load analysis: consumption by source (PV, ESS, grid, generator), peak demand, load factor per period.', request: analysisRequest, response: analysisResponse,
  }),
  queryBillList: action({
    endpoint: 'energystorage', permission: ['operations.siteReport', 'overviewStations.overviewStations'], kind: 'read', stage: 'fleet',
    summary: 'Monthly bills of a station (energy by tariff period, prices, amounts).',
    request: z.object({ stationId: id, year: z.number().int().min(2000).max(2100) }),
    response: z.object({ dataList: z.array(z.object({ billId: z.string(), month: z.string(), amount: z.number(), currency: z.string() })) }),
  }),
  queryBillDetail: action({
    endpoint: 'energystorage', permission: ['operations.siteReport', 'overviewStations.overviewStations'], kind: 'read', stage: 'fleet',
    summary: 'One monthly bill line by line (period, energy, price, amount), downloadable as CSV.',
    request: z.object({ billId: z.string().regex(/^\d+-\d{4}-\d{2}$/) }),
    response: z.object({
      billId: z.string(), stationId: z.number().int(), month: z.string(), currency: z.string(),
      lines: z.array(z.object({ period: z.string(), direction: z.enum(['import', 'export', 'fuel']), quantity: z.number(), unit: z.string(), price: z.number(), amount: z.number() })),
      total: z.number(),
    }),
  }),
} as const;
