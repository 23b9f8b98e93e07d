import { z } from 'zod';
import { actionsOn } from '../action';
import type { Permission } from '../permissions';
import { id } from './common';
import { analysisExportRequest, analysisRequest, essAnalysis, pvAnalysis, usageAnalysis } from './analysis';
import { exportJob, reportFileActions } from './report-files';
import { billDetail, billId, billSummary, reportRequest, reportResponse } from './report-shapes';

// Operations reports and analytics (built with the fleet; they read the energy accounting).

const live = actionsOn('energystorage', 'fleet');

/** The three reports, one row per provider, station or period, answer alike under their own permission. */
const report = (permission: Permission, summary: string) => live.read(permission, { summary, request: reportRequest, response: reportResponse });

/** The three analyses answer the same request, each under its own permission. */
const analysis = <Res extends z.ZodType>(permission: Permission, summary: string, response: Res) =>
  live.read(permission, { summary, request: analysisRequest, response });

export const reportActions = {
  queryPlatformReport: report('operations.platformReport', 'Platform report: one row per service provider.'),
  queryServiceReport: report('operations.serviceReport', 'Service-provider report: one row per station of a provider.'),
  querySiteReport: report('operations.siteReport', 'Site report: one row per period of one station.'),
  queryReportByShareToken: live.read(null, {
    summary:
      'The public month/year report pages (report.monthReport, report.yearReport) read a shared report by its token; a foreign, expired or revoked token answers notFound.',
    request: z.object({ shareToken: z.string().min(20).max(200) }),
    response: reportResponse.extend({ title: z.string(), stationName: z.string(), kind: z.enum(['month', 'year']), expiresAt: z.string() }),
  }),
  ...reportFileActions,
  queryPvAnalysis: analysis(
    'analysis.photovoltaic',
    'PV analysis: yield, specific yield, performance ratio (IEC 61724, plane-of-array) and its temperature-corrected value, irradiation, station ranking.',
    pvAnalysis,
  ),
  queryEssAnalysis: analysis(
    'analysis.energyStorage',
    'ESS analysis: charge, discharge, round-trip efficiency, equivalent full cycles, utilisation, SOH per cluster, net arbitrage revenue.',
    essAnalysis,
  ),
  queryEnergyUsageAnalysis: analysis(
    'analysis.energyUsage',
    'Energy usage: consumption by source, self-consumption, self-sufficiency, peak demand, load factor, energy and cost per tariff period, fuel cost.',
    usageAnalysis,
  ),
  exportAnalysis: live.write(['analysis.photovoltaic', 'analysis.energyStorage', 'analysis.energyUsage'], {
    summary:
      "An analysis as XLSX (figures, chart, tables, parameters; the analysis' own permission is required); answers the finished job: GET its downloadUrl.",
    request: analysisExportRequest,
    response: exportJob,
  }),
  queryBillList: live.read(['operations.siteReport', 'overviewStations.overviewStations'], {
    summary: 'Monthly bills of a station (grid amount by tariff period, diesel fuel cost, total), the months of a year up to the current one.',
    request: z.object({ stationId: id, year: z.number().int().min(2000).max(2100) }),
    response: z.object({ dataList: z.array(billSummary) }),
  }),
  queryBillDetail: live.read(['operations.siteReport', 'overviewStations.overviewStations'], {
    summary: 'One monthly bill line by line (tariff period, energy, average price, amount; diesel fuel), downloadable as PDF and XLSX (exportBill).',
    request: z.object({ billId: billId }),
    response: billDetail,
  }),
} as const;
