// Codes the store and the server speak (categories, device types, states, …) mapped to the keys
// of their labels. Each map is checked against the catalogue by the compiler (`satisfies`), so a
// code without a label, or a label key that does not exist, fails the build.
import type { AlarmEvent } from '../../protocol/actions/alarm-handling';
import {
  ALARM_CATEGORIES,
  ALARM_TYPES,
  DEVICE_TYPES,
  GATEWAY_REASONS,
  PERIODS,
  type AlarmType,
  type DeviceType,
  type GatewayReason,
  type Period,
} from '../../protocol/codes';
import { ErrorCode, type ErrorCodeName } from '../../protocol/errors';
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

/** The table of a code list whose label keys are the codes themselves under one prefix, in the
 *  order of the list (filters and legends show a table's codes in that order). */
export function keysUnder<const P extends string, const C extends string | number>(prefix: P, codes: readonly C[]) {
  return Object.fromEntries(codes.map((c) => [c, `${prefix}${c}`])) as { readonly [K in C]: `${P}${K}` };
}

/** a data age as a phrase ("38 s ago", "38 秒前") per unit */
export const AGE_KEY = { s: 'home:trend.ago.s', min: 'home:trend.ago.min', h: 'home:trend.ago.h' } as const satisfies Record<Age['unit'], TKey>;

export const LANGUAGE_KEY = { zh: 'app.language.zh', en: 'app.language.en' } as const satisfies Record<Language, TKey>;

export const ALARM_CATEGORY_KEY = keysUnder('alarms:category.', ALARM_CATEGORIES) satisfies Record<AlarmCategory, TKey>;

export const ALARM_STATUS_KEY = { unresolved: 'alarms:status.unresolved', resolved: 'alarms:status.resolved' } as const satisfies Record<string, TKey>;

export const ALARM_TYPE_KEY = keysUnder('station:alarmLog.types.', ALARM_TYPES) satisfies Record<AlarmType, TKey>;

// written again here: the protocol module of ALARM_EVENTS brings the request schemas with it
const TIMELINE_EVENTS = ['raised', 'acked', 'assigned', 'unassigned', 'commented', 'recovered', 'resolved'] as const satisfies readonly AlarmEvent[];
/** An alarm's timeline entries; `assigned` names the assignee ({{name}}). */
export const TIMELINE_EVENT_KEY = keysUnder('alarms:handling.events.', TIMELINE_EVENTS) satisfies Record<AlarmEvent, TKey>;

/** Alarm record status: 1 open, 2 recovered. */
export const ALARM_RECORD_STATUS_KEY = keysUnder('station:alarmLog.statuses.', [1, 2]) satisfies Record<number, TKey>;

export const DEVICE_TYPE_KEY = keysUnder('station:types.', DEVICE_TYPES) satisfies Record<DeviceType, TKey>;

export const ALARM_RANGE_KEY = keysUnder('alarmCenter:list.ranges.', ['all', 'today', '7d', '30d', 'custom']) satisfies Record<string, TKey>;

export const ANALYSIS_RANGE_KEY = {
  7: 'alarmCenter:analysis.ranges.d7',
  30: 'alarmCenter:analysis.ranges.d30',
  90: 'alarmCenter:analysis.ranges.d90',
} as const satisfies Record<number, TKey>;

/** Protocol error codes (protocol/errors.ts) by name. */
export const ERROR_KEY = keysUnder('errors.', Object.keys(ErrorCode) as ErrorCodeName[]) satisfies Record<ErrorCodeName, TKey>;

/** Tariff periods (sharp, peak, flat, valley): one name each wherever a period shows. */
export const PERIOD_KEY = keysUnder('tariffs:period.', PERIODS) satisfies Record<Period, TKey>;

/** Why a gateway command failed (protocol/codes.ts GATEWAY_REASONS). */
export const GATEWAY_REASON_KEY = keysUnder('modes:gatewayReason.', GATEWAY_REASONS) satisfies Record<GatewayReason, TKey>;

/** A gateway reason in the reader's language; a code this console does not know, with its code. */
export function gatewayReasonText(code: string): string {
  const key = keyOf(GATEWAY_REASON_KEY, code);
  return key === undefined ? t('modes:gatewayReason.unknown', { code }) : t(key);
}

/** Why an export job failed, when the server names a reason the console knows (other reasons are shown as given). */
export const EXPORT_FAILURE_KEY = { writerStopped: 'reports:export.reasons.writerStopped' } as const satisfies Record<string, TKey>;
