import { z } from 'zod';
import { actionsOn } from '../action';
import { REPORT_CADENCES, REPORT_DELIVERY_STATUSES, REPORT_GRANULARITIES, REPORT_KINDS } from '../codes';
import { id, ok, recordById } from './common';
import { reportRequest } from './report-shapes';

// Scheduled reports: a report of a provider, a provider's stations or one station, e-mailed
// with its XLSX and PDF after every full ISO week or month (local time of the station), and
// the record of each delivery.

const email = z.string().trim().max(254).regex(z.regexes.email);

export const reportSchedule = z.object({
  scheduleId: z.number().int(),
  report: z.enum(REPORT_KINDS),
  orgId: z.number().int().nullable(),
  stationId: z.number().int().nullable(),
  items: z.array(z.string()),
  granularity: z.enum(REPORT_GRANULARITIES),
  cadence: z.enum(REPORT_CADENCES),
  recipients: z.array(z.string()),
  enabled: z.boolean(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** when the next e-mail goes out (ISO instant, local time of the report's first station); null when disabled */
  nextRunAt: z.string().nullable(),
});

export const reportDelivery = z.object({
  /** '2026-W47' (ISO week) or '2026-11' */
  periodKey: z.string(),
  /** 'sending' while a process builds and sends it */
  status: z.enum(REPORT_DELIVERY_STATUSES),
  error: z.string().nullable(),
  claimedAt: z.string(),
  sentAt: z.string().nullable(),
});

const live = actionsOn('energystorage', 'fleet');

export const reportScheduleActions = {
  saveReportSchedule: live.write('operations.export', {
    summary: 'Creates (no scheduleId) or replaces a scheduled report: e-mailed with XLSX and PDF to 1–20 recipients after every full week or month.',
    request: z.object({
      scheduleId: id.optional(),
      report: z.enum(REPORT_KINDS),
      orgId: id.optional(),
      stationId: id.optional(),
      granularity: z.enum(REPORT_GRANULARITIES).default('day'),
      cadence: z.enum(REPORT_CADENCES),
      items: reportRequest.shape.items,
      recipients: z.array(email).min(1).max(20),
      enabled: z.boolean().default(true),
    }),
    response: reportSchedule,
  }),
  deleteReportSchedule: live.write('operations.export', recordById('Deletes a scheduled report and its delivery record.', 'scheduleId', ok)),
  queryReportSchedules: live.read('operations.export', {
    summary: "Scheduled reports of the caller's organisation (every one for the platform), newest first.",
    request: z.object({}),
    response: z.object({ dataList: z.array(reportSchedule) }),
  }),
  queryReportDeliveries: live.read(
    'operations.export',
    recordById(
      'Deliveries of one scheduled report, newest period first: sent, or failed with the reason.',
      'scheduleId',
      z.object({ dataList: z.array(reportDelivery) }),
    ),
  ),
} as const;
