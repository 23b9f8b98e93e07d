// The report screens' codes mapped to the keys of their labels (see src/i18n/codeKeys.ts for why
// maps). Codes the server sends are keyed by their protocol type, so a new code without a label
// fails the build.
import { REPORT_ITEMS, type ReportItem } from '../../../protocol/actions/report-shapes';
import type { BillDetail, ShareItem } from '../../../streams/reports/reads';
import type { Delivery, Schedule } from '../../../streams/reports/schedules';
import type { TKey } from '../../i18n/i18n';
import { PERIOD_KEY, keysUnder, labelOf } from '../../i18n/codeKeys';
import type { FormErrorCode } from './form';
import type { ScheduleErrorCode } from './schedule-form';

export const REPORT_TITLE_KEY = { platform: 'reports:title.platform', service: 'reports:title.service', site: 'reports:title.site' } as const satisfies Record<
  Schedule['report'],
  TKey
>;
export const GRANULARITY_KEY = keysUnder('reports:form.granularities.', ['day', 'month', 'year']) satisfies Record<Schedule['granularity'], TKey>;
export const CADENCE_KEY = { weekly: 'reports:schedules.cadences.weekly', monthly: 'reports:schedules.cadences.monthly' } as const satisfies Record<
  Schedule['cadence'],
  TKey
>;
export const DELIVERY_STATUS_KEY = keysUnder('reports:schedules.statuses.', ['sending', 'sent', 'failed']) satisfies Record<Delivery['status'], TKey>;
export const SHARE_STATUS_KEY = keysUnder('reports:share.statuses.', ['active', 'expired', 'revoked']) satisfies Record<ShareItem['status'], TKey>;
export const BILL_DIRECTION_KEY = keysUnder('reports:bills.directions.', ['import', 'export', 'fuel', 'tier', 'demand', 'capacity', 'fixed']) satisfies Record<
  BillDetail['lines'][number]['direction'],
  TKey
>;

export const REPORT_ITEM_KEY = keysUnder('reports:items.', REPORT_ITEMS) satisfies Record<ReportItem, TKey>;

export const FORM_ERROR_KEY = keysUnder('reports:errors.', [
  'selectDataItem',
  'fromRequired',
  'toRequired',
  'stationRequired',
  'timeError',
  'rangeTooLong',
  'failed',
]) satisfies Record<FormErrorCode, TKey>;

export const SCHEDULE_ERROR_KEY = keysUnder('reports:schedules.errors.', [
  'selectDataItem',
  'stationRequired',
  'recipientsRequired',
  'tooManyRecipients',
  'invalidEmail',
]) satisfies Record<ScheduleErrorCode, TKey>;

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
