// One alarm record as the cells a reader sees, on screen and in the CSV (they agree): times in
// the row's zone, and the header says which zone (each station's own, or the viewer's).
import type { TFn } from '../../../i18n/i18n';
import { ALARM_CATEGORY_KEY, ALARM_RECORD_STATUS_KEY, ALARM_TYPE_KEY, DEVICE_TYPE_KEY, labelOf } from '../../../i18n/codeKeys';
import { alarmContent } from '../../../lib/alarmText';
import type { AlarmRecord } from '../../../../streams/alarms/records';
import type { Zone } from '../../../../protocol/site-time';
import { formatDateTime } from '../../../lib/dateTime';

export const typeLabel = (x: string): string => labelOf(DEVICE_TYPE_KEY, x);
/** an alarm type's colour on a phone card: faults red, alerts amber */
export const typeTone = (type: AlarmRecord['alarmType']): string =>
  type === 'fault' ? 'text-red-700 dark:text-red-400' : type === 'alert' ? 'text-amber-700 dark:text-amber-400' : 'text-slate-600 dark:text-slate-300';
/** an alarm state's colour: open red, resolved green */
export const stateTone = (open: boolean): string => (open ? 'text-red-700 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-400');
/** The data attributes a row or card of the alarm list carries, which the tests read. */
export const alarmMarks = (r: AlarmRecord) => ({
  'data-alarm': r.alarmId,
  'data-station': r.stationId,
  'data-status': r.alarmStatus,
  'data-category': r.alarmCategory,
  'data-rule': r.alarmRuleCode,
});
const statusKey = (s: number) => ALARM_RECORD_STATUS_KEY[s === 2 ? 2 : 1];

/** The cells before the two times (a row on screen draws its times itself). */
export const textCellsOf = (t: TFn, r: AlarmRecord): string[] => [
  r.stationName,
  typeLabel(r.deviceType),
  r.deviceName ?? '-',
  t(ALARM_CATEGORY_KEY[r.alarmCategory]),
  t(ALARM_TYPE_KEY[r.alarmType]),
  t(statusKey(r.alarmStatus)),
  alarmContent(r),
];

export const cellsOf = (t: TFn, r: AlarmRecord, zone: Zone): string[] => [
  ...textCellsOf(t, r),
  formatDateTime(r.happenTime, zone),
  formatDateTime(r.recoveryTime, zone),
];

/** Screen header; `viewer` is the zone named when times are the viewer's, null in station mode. */
export const headOf = (t: TFn, viewer: Zone | null): string[] => [
  t('station:alarmLog.site'),
  t('station:alarmLog.equipmentType'),
  t('station:alarmLog.deviceName'),
  t('alarmCenter:list.category'),
  t('station:alarmLog.type'),
  t('station:alarmLog.status'),
  t('station:alarmLog.content'),
  viewer ? t('alarmCenter:list.alarmTimeIn', { zone: viewer }) : t('alarms:handling.alarmTimeStation'),
  viewer ? t('alarmCenter:list.recoveryTimeIn', { zone: viewer }) : t('alarms:handling.recoveryTimeStation'),
];

/** CSV: the screen's columns, the zone of each row's times, and who handled it. */
export const csvHeadOf = (t: TFn, viewer: Zone | null): string[] => [
  ...headOf(t, viewer),
  t('alarms:handling.timeZone'),
  t('alarms:handling.acked'),
  t('alarms:handling.acked') + ' · ' + t('alarms:handling.note'),
  t('alarms:handling.assignee'),
];
export const csvCellsOf = (t: TFn, r: AlarmRecord, zone: Zone): string[] => [
  ...cellsOf(t, r, zone),
  zone,
  r.ackedAt ? t('alarms:handling.byAt', { by: r.ackedBy ?? '-', at: formatDateTime(r.ackedAt, zone) }) : '',
  r.ackNote ?? '',
  r.assigneeName ?? '',
];
