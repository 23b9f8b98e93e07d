import { z } from 'zod';
import { actionsOn } from '../action';
import { REPORT_KINDS, SHARE_STATUSES } from '../codes';
import { id, isoDate, recordById } from './common';
import { billId, reportRequest } from './report-shapes';

// Report files (XLSX, CSV, PDF) built as jobs with progress and cancel, downloaded outside the
// signed envelope with a short-lived token (docs/reports.md); share links of one station's
// month or year for the public report pages.

export const EXPORT_FORMATS = ['xlsx', 'csv', 'pdf'] as const;
const EXPORT_PERMISSIONS = ['operations.export', 'operations.siteReport', 'overviewStations.overviewStations'] as const;

export const exportJob = z.object({
  jobId: z.string(),
  status: z.enum(['running', 'done', 'failed', 'cancelled']),
  /** 0..1 */
  progress: z.number(),
  rowsDone: z.number().int(),
  rowsTotal: z.number().int(),
  fileName: z.string(),
  /** GET this (no signature; the token is the credential, valid `downloadExpiresAt`) once done */
  downloadUrl: z.string().nullable(),
  downloadExpiresAt: z.string().nullable(),
  bytes: z.number().int().nullable(),
  error: z.string().nullable(),
});

const shareItem = z.object({
  shareId: z.number().int(),
  stationId: z.number().int(),
  stationName: z.string(),
  kind: z.enum(['month', 'year']),
  period: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  status: z.enum(SHARE_STATUSES),
});

const live = actionsOn('energystorage', 'fleet');

export const reportFileActions = {
  exportReport: live.write('operations.export', {
    summary: 'Starts an export of a report (platform, service or site) as XLSX, CSV or PDF; poll queryExportJob, then GET its downloadUrl.',
    request: reportRequest.extend({ report: z.enum(REPORT_KINDS), format: z.enum(EXPORT_FORMATS) }),
    response: exportJob,
  }),
  exportBill: live.write(['operations.siteReport', 'overviewStations.overviewStations'], {
    summary: 'Starts a download of one monthly bill as PDF or XLSX (bill.downloadDetail); poll queryExportJob.',
    request: z.object({ billId, format: z.enum(['xlsx', 'pdf']) }),
    response: exportJob,
  }),
  queryExportJob: live.read(EXPORT_PERMISSIONS, {
    summary: "Progress of one of the caller's export jobs; another account's job answers notFound.",
    request: z.object({ jobId: z.string().min(10).max(100) }),
    response: exportJob,
  }),
  cancelExportJob: live.write(EXPORT_PERMISSIONS, {
    summary: 'Cancels a running export job of the caller (a finished one stays as it is).',
    request: z.object({ jobId: z.string().min(10).max(100) }),
    response: exportJob,
  }),
  createReportShare: live.write('operations.export', {
    summary: "A share link of one station's month or year for the public report pages: a random token (shown only now), an expiry; revocable.",
    request: z.object({
      stationId: id,
      kind: z.enum(['month', 'year']),
      /** any date inside the month or year */
      date: isoDate,
      expiresInDays: z.number().int().min(1).max(365).default(30),
    }),
    response: shareItem.extend({ shareToken: z.string() }),
  }),
  revokeReportShare: live.write('operations.export', recordById('Revokes a share link at once.', 'shareId', shareItem)),
  queryReportShareList: live.read('operations.export', {
    summary: 'Share links of a station (or every station in scope), newest first, with who made them and their status.',
    request: z.object({ stationId: id.optional() }),
    response: z.object({ dataList: z.array(shareItem) }),
  }),
} as const;
