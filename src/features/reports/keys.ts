// The report screens' codes mapped to the keys of their labels (see src/i18n/codeKeys.ts for why
// maps). Codes the server sends are keyed by their protocol type, so a new code without a label
// fails the build.
import {
  BILL_DIRECTIONS,
  REPORT_CADENCES,
  REPORT_DELIVERY_STATUSES,
  REPORT_GRANULARITIES,
  REPORT_ITEMS,
  REPORT_KINDS,
  SHARE_STATUSES,
  type ReportItem,
} from '../../../protocol/codes';
import type { BillDetail, ShareItem } from '../../../streams/reports/reads';
import type { Delivery, Schedule } from '../../../streams/reports/schedules';
import type { TKey } from '../../i18n/i18n';
import { PERIOD_KEY, keysOf, labelOf } from '../../i18n/codeKeys';
import { FORM_ERROR_CODES, type FormErrorCode } from './form';
import { SCHEDULE_ERROR_CODES, type ScheduleErrorCode } from './schedule-form';

export const REPORT_TITLE_KEY = keysOf('reports:title', REPORT_KINDS) satisfies Record<Schedule['report'], TKey>;
export const GRANULARITY_KEY = keysOf('reports:form.granularities', REPORT_GRANULARITIES) satisfies Record<Schedule['granularity'], TKey>;
export const CADENCE_KEY = keysOf('reports:schedules.cadences', REPORT_CADENCES) satisfies Record<Schedule['cadence'], TKey>;
export const DELIVERY_STATUS_KEY = keysOf('reports:schedules.statuses', REPORT_DELIVERY_STATUSES) satisfies Record<Delivery['status'], TKey>;
export const SHARE_STATUS_KEY = keysOf('reports:share.statuses', SHARE_STATUSES) satisfies Record<ShareItem['status'], TKey>;
export const BILL_DIRECTION_KEY = keysOf('reports:bills.directions', BILL_DIRECTIONS) satisfies Record<BillDetail['lines'][number]['direction'], TKey>;

export const REPORT_ITEM_KEY = keysOf('reports:items', REPORT_ITEMS) satisfies Record<ReportItem, TKey>;

export const FORM_ERROR_KEY = keysOf('reports:errors', FORM_ERROR_CODES) satisfies Record<FormErrorCode, TKey>;

export const SCHEDULE_ERROR_KEY = keysOf('reports:schedules.errors', SCHEDULE_ERROR_CODES) satisfies Record<ScheduleErrorCode, TKey>;

/** Column headings, in the order the tables show them. */
export const SCHEDULE_COLUMN_KEYS = [
  'reports:schedules.columns.report',
  'reports:schedules.columns.cadence',
  'reports:schedules.columns.recipients',
  'reports:schedules.columns.formats',
  'reports:schedules.columns.nextRun',
  'reports:schedules.columns.createdBy',
] as const satisfies readonly TKey[];
export const DELIVERY_COLUMN_KEYS = [
  'reports:schedules.deliveries.periodKey',
  'reports:schedules.deliveries.status',
  'reports:schedules.deliveries.claimedAt',
  'reports:schedules.deliveries.sentAt',
] as const satisfies readonly TKey[];
export const SHARE_COLUMN_KEYS = [
  'reports:share.period',
  'reports:share.createdBy',
  'reports:share.createdAt',
  'reports:share.expiresAt',
  'reports:share.status',
] as const satisfies readonly TKey[];
export const BILL_COLUMN_KEYS = [
  'reports:bills.month',
  'reports:bills.importKwh',
  'reports:bills.exportKwh',
  'reports:bills.gridAmount',
  'reports:bills.fuelCost',
  'reports:bills.chargesAmount',
  'reports:bills.amount',
] as const satisfies readonly TKey[];
export const BILL_LINE_COLUMN_KEYS = [
  'reports:bills.period',
  'reports:bills.direction',
  'reports:bills.quantity',
  'reports:bills.price',
  'reports:bills.amount',
] as const satisfies readonly TKey[];

/** A bill line's tariff period in the reader's language: a demand line's periods (or all hours);
 *  the diesel, capacity and fixed lines have none (a dash). */
export const billPeriodText = (period: string, allHours: string, sep: string): string =>
  period === 'diesel' || period === 'capacity' || period === 'fixed'
    ? '—'
    : period === 'all'
      ? allHours
      : period
          .split(',')
          .map((p) => labelOf(PERIOD_KEY, p))
          .join(sep);
