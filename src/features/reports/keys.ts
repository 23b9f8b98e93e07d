// The report screens' codes mapped to the keys of their labels (see src/i18n/codeKeys.ts for why
// maps). Codes the server sends are keyed by their protocol type, so a new code without a label
// fails the build.
import type { ReportItem } from '../../../protocol/actions/report-shapes';
import type { BillDetail, ShareItem } from '../../../streams/reports/reads';
import type { Delivery, Schedule } from '../../../streams/reports/schedules';
import type { TKey } from '../../i18n/i18n';
import { PERIOD_KEY, labelOf } from '../../i18n/codeKeys';
import type { FormErrorCode } from './form';
import type { ScheduleErrorCode } from './schedule-form';

export const REPORT_TITLE_KEY = { platform: 'reports:title.platform', service: 'reports:title.service', site: 'reports:title.site' } as const satisfies Record<
  Schedule['report'],
  TKey
>;
export const GRANULARITY_KEY = {
  day: 'reports:form.granularities.day',
  month: 'reports:form.granularities.month',
  year: 'reports:form.granularities.year',
} as const satisfies Record<Schedule['granularity'], TKey>;
export const CADENCE_KEY = { weekly: 'reports:schedules.cadences.weekly', monthly: 'reports:schedules.cadences.monthly' } as const satisfies Record<
  Schedule['cadence'],
  TKey
>;
export const DELIVERY_STATUS_KEY = {
  sending: 'reports:schedules.statuses.sending',
  sent: 'reports:schedules.statuses.sent',
  failed: 'reports:schedules.statuses.failed',
} as const satisfies Record<Delivery['status'], TKey>;
export const SHARE_STATUS_KEY = {
  active: 'reports:share.statuses.active',
  expired: 'reports:share.statuses.expired',
  revoked: 'reports:share.statuses.revoked',
} as const satisfies Record<ShareItem['status'], TKey>;
export const BILL_DIRECTION_KEY = {
  import: 'reports:bills.directions.import',
  export: 'reports:bills.directions.export',
  fuel: 'reports:bills.directions.fuel',
  tier: 'reports:bills.directions.tier',
  demand: 'reports:bills.directions.demand',
  capacity: 'reports:bills.directions.capacity',
  fixed: 'reports:bills.directions.fixed',
} as const satisfies Record<BillDetail['lines'][number]['direction'], TKey>;

export const REPORT_ITEM_KEY = {
  pvKwh: 'reports:items.pvKwh',
  chargeKwh: 'reports:items.chargeKwh',
  dischargeKwh: 'reports:items.dischargeKwh',
  loadKwh: 'reports:items.loadKwh',
  gridImportKwh: 'reports:items.gridImportKwh',
  gridExportKwh: 'reports:items.gridExportKwh',
  generatorKwh: 'reports:items.generatorKwh',
  fuelLitres: 'reports:items.fuelLitres',
  chargingPileKwh: 'reports:items.chargingPileKwh',
  income: 'reports:items.income',
  savings: 'reports:items.savings',
  fuelCost: 'reports:items.fuelCost',
  availabilityPct: 'reports:items.availabilityPct',
  alarmCount: 'reports:items.alarmCount',
} as const satisfies Record<ReportItem, TKey>;

export const FORM_ERROR_KEY = {
  selectDataItem: 'reports:errors.selectDataItem',
  fromRequired: 'reports:errors.fromRequired',
  toRequired: 'reports:errors.toRequired',
  stationRequired: 'reports:errors.stationRequired',
  timeError: 'reports:errors.timeError',
  rangeTooLong: 'reports:errors.rangeTooLong',
  failed: 'reports:errors.failed',
} as const satisfies Record<FormErrorCode, TKey>;

export const SCHEDULE_ERROR_KEY = {
  selectDataItem: 'reports:schedules.errors.selectDataItem',
  stationRequired: 'reports:schedules.errors.stationRequired',
  recipientsRequired: 'reports:schedules.errors.recipientsRequired',
  tooManyRecipients: 'reports:schedules.errors.tooManyRecipients',
  invalidEmail: 'reports:schedules.errors.invalidEmail',
} as const satisfies Record<ScheduleErrorCode, TKey>;

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
