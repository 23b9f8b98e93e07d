// Codes the store and the server speak (categories, device types, states, …) mapped to the keys
// of their labels. Each map is checked against the catalogue by the compiler (`satisfies`), so a
// code without a label, or a label key that does not exist, fails the build.
import type { AlarmEvent } from '../../protocol/actions/alarm-handling';
import type { AlarmType, DeviceType, GatewayReason, Period } from '../../protocol/codes';
import type { ErrorCodeName } from '../../protocol/errors';
import type { Age } from '../../streams/home/homepage';
import type { AlarmCategory, Language } from '../../streams/types';
import { t, type TKey } from './i18n';

/** The key of `code` in `map`, or undefined for a code the map does not know (newer server). */
export const keyOf = <M extends Record<string, TKey>>(map: M, code: string | number): M[keyof M] | undefined =>
  Object.hasOwn(map, code) ? map[code as keyof M] : undefined;

/** The label of `code`, or the code itself when the map does not know it. */
export function labelOf(map: Record<string, TKey>, code: string | number): string {
  const key: TKey | undefined = keyOf(map, code);
  return key === undefined ? String(code) : t(key);
}

/** a data age as a phrase ("38 s ago", "38 秒前") per unit */
export const AGE_KEY = { s: 'home:trend.ago.s', min: 'home:trend.ago.min', h: 'home:trend.ago.h' } as const satisfies Record<Age['unit'], TKey>;

export const LANGUAGE_KEY = { zh: 'app.language.zh', en: 'app.language.en' } as const satisfies Record<Language, TKey>;

export const ALARM_CATEGORY_KEY = {
  event: 'alarms:category.event',
  protection: 'alarms:category.protection',
  alarm: 'alarms:category.alarm',
  fault: 'alarms:category.fault',
} as const satisfies Record<AlarmCategory, TKey>;

export const ALARM_STATUS_KEY = { unresolved: 'alarms:status.unresolved', resolved: 'alarms:status.resolved' } as const satisfies Record<string, TKey>;

export const ALARM_TYPE_KEY = {
  fault: 'station:alarmLog.types.fault',
  alert: 'station:alarmLog.types.alert',
  event: 'station:alarmLog.types.event',
} as const satisfies Record<AlarmType, TKey>;

/** An alarm's timeline entries; `assigned` names the assignee ({{name}}). */
export const TIMELINE_EVENT_KEY = {
  raised: 'alarms:handling.events.raised',
  acked: 'alarms:handling.events.acked',
  assigned: 'alarms:handling.events.assigned',
  unassigned: 'alarms:handling.events.unassigned',
  commented: 'alarms:handling.events.commented',
  recovered: 'alarms:handling.events.recovered',
  resolved: 'alarms:handling.events.resolved',
} as const satisfies Record<AlarmEvent, TKey>;

/** Alarm record status: 1 open, 2 recovered. */
export const ALARM_RECORD_STATUS_KEY = { 1: 'station:alarmLog.statuses.1', 2: 'station:alarmLog.statuses.2' } as const satisfies Record<number, TKey>;

export const DEVICE_TYPE_KEY = {
  pv_inverter: 'station:types.pv_inverter',
  pcs: 'station:types.pcs',
  battery_cluster: 'station:types.battery_cluster',
  generator: 'station:types.generator',
  charging_pile: 'station:types.charging_pile',
  load: 'station:types.load',
  gateway: 'station:types.gateway',
  weather_station: 'station:types.weather_station',
  meter: 'station:types.meter',
} as const satisfies Record<DeviceType, TKey>;

export const ALARM_RANGE_KEY = {
  all: 'alarmCenter:list.ranges.all',
  today: 'alarmCenter:list.ranges.today',
  '7d': 'alarmCenter:list.ranges.7d',
  '30d': 'alarmCenter:list.ranges.30d',
  custom: 'alarmCenter:list.ranges.custom',
} as const satisfies Record<string, TKey>;

export const ANALYSIS_RANGE_KEY = {
  7: 'alarmCenter:analysis.ranges.d7',
  30: 'alarmCenter:analysis.ranges.d30',
  90: 'alarmCenter:analysis.ranges.d90',
} as const satisfies Record<number, TKey>;

/** Protocol error codes (protocol/errors.ts) by name. */
export const ERROR_KEY = {
  ok: 'errors.ok',
  badRequest: 'errors.badRequest',
  badSignature: 'errors.badSignature',
  staleTimestamp: 'errors.staleTimestamp',
  replay: 'errors.replay',
  unknownAccessKey: 'errors.unknownAccessKey',
  missingField: 'errors.missingField',
  unknownAction: 'errors.unknownAction',
  crossSite: 'errors.crossSite',
  unauthenticated: 'errors.unauthenticated',
  forbidden: 'errors.forbidden',
  notFound: 'errors.notFound',
  wrongCredentials: 'errors.wrongCredentials',
  wrongCode: 'errors.wrongCode',
  codeExpired: 'errors.codeExpired',
  accountDisabled: 'errors.accountDisabled',
  sendCodeFailed: 'errors.sendCodeFailed',
  wrongPassword: 'errors.wrongPassword',
  validationFailed: 'errors.validationFailed',
  conflict: 'errors.conflict',
  rateLimited: 'errors.rateLimited',
  internal: 'errors.internal',
} as const satisfies Record<ErrorCodeName, TKey>;

/** Tariff periods (sharp, peak, flat, valley): one name each wherever a period shows. */
export const PERIOD_KEY = {
  sharp: 'tariffs:period.sharp',
  peak: 'tariffs:period.peak',
  flat: 'tariffs:period.flat',
  valley: 'tariffs:period.valley',
} as const satisfies Record<Period, TKey>;

/** Why a gateway command failed (protocol/codes.ts GATEWAY_REASONS). */
export const GATEWAY_REASON_KEY = {
  controllerBusy: 'modes:gatewayReason.controllerBusy',
  invalidParameters: 'modes:gatewayReason.invalidParameters',
  failed: 'modes:gatewayReason.failed',
  ackTimeout: 'modes:gatewayReason.ackTimeout',
  notDelivered: 'modes:gatewayReason.notDelivered',
  serverShutdown: 'modes:gatewayReason.serverShutdown',
} as const satisfies Record<GatewayReason, TKey>;

/** A gateway reason in the reader's language; a code this console does not know, with its code. */
export function gatewayReasonText(code: string): string {
  const key = keyOf(GATEWAY_REASON_KEY, code);
  return key === undefined ? t('modes:gatewayReason.unknown', { code }) : t(key);
}

/** Why an export job failed, when the server names a reason the console knows (other reasons are shown as given). */
export const EXPORT_FAILURE_KEY = { writerStopped: 'reports:export.reasons.writerStopped' } as const satisfies Record<string, TKey>;
