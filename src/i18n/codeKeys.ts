// Codes the store and the server speak (categories, device types, states, …) mapped to the keys
// of their labels. A key is never built in a `t()` call (eslint forbids it): it is built only here,
// by `keysOf`, whose type is the exact key of each code, so the compiler checks every one against
// the catalogue (a code without its key in locales/en fails the build), and each map `satisfies
// Record<Code, TKey>`, so a code missing from the list fails too. Maps whose keys do not follow
// their codes are written out, checked the same way.
import {
  ALARM_CATEGORIES,
  ALARM_EVENTS,
  ALARM_TYPES,
  DEVICE_TYPES,
  GATEWAY_REASONS,
  PERIODS,
  type AlarmEvent,
  type AlarmType,
  type DeviceType,
  type GatewayReason,
  type Period,
} from '../../protocol/codes';
import { ErrorCode, type ErrorCodeName } from '../../protocol/errors';
import { AGE_UNITS, type Age } from '../../streams/home/homepage';
import { LANGUAGES, type AlarmCategory, type Language } from '../../streams/types';
import { RANGE_PRESETS, type RangePreset } from '../lib/timeRange';
import { t, type TFn, type TKey } from './i18n';

type Keyed<P extends string, C extends string | number> = { readonly [K in C]: `${P}.${K}` };
/** The keys `prefix.code` no catalogue holds (never, when every code has its label). */
type Unlabelled<P extends string, C extends string | number> = Exclude<`${P}.${C}`, TKey>;

/** Each code mapped to its key `prefix.code`; a code whose key is not in the catalogue fails the
 *  build, naming the key ("key missing from the catalogue"). */
export const keysOf = <const P extends string, const C extends string | number>(
  prefix: P,
  codes: readonly C[] & ([Unlabelled<P, C>] extends [never] ? unknown : { 'key missing from the catalogue': Unlabelled<P, C> }),
): Keyed<P, C> => Object.fromEntries(codes.map((c) => [c, `${prefix}.${c}`])) as Keyed<P, C>;

/** The key of `code` in `map`, or undefined for a code the map does not know (newer server). */
export const keyOf = <M extends Record<string, TKey>>(map: M, code: string | number): M[keyof M] | undefined =>
  Object.hasOwn(map, code) ? map[code as keyof M] : undefined;

/** A code list as the choices of a drop-down or a radio group, each named in the reader's language. */
export const choicesOf = <C extends string | number>(codes: readonly C[], keys: { readonly [K in C]: TKey }, tr: TFn): { value: C; label: string }[] =>
  codes.map((value) => {
    const key: TKey = keys[value];
    return { value, label: tr(key) };
  });

/** The label of `code`, or the code itself when the map does not know it. */
export function labelOf(map: Record<string, TKey>, code: string | number): string {
  const key: TKey | undefined = keyOf(map, code);
  return key === undefined ? String(code) : t(key);
}

/** a data age as a phrase ("38 s ago", "38 秒前") per unit */
export const AGE_KEY = keysOf('home:trend.ago', AGE_UNITS) satisfies Record<Age['unit'], TKey>;

export const LANGUAGE_KEY = keysOf('app.language', LANGUAGES) satisfies Record<Language, TKey>;

export const ALARM_CATEGORY_KEY = keysOf('alarms:category', ALARM_CATEGORIES) satisfies Record<AlarmCategory, TKey>;

export const ALARM_STATUS_KEY = { unresolved: 'alarms:status.unresolved', resolved: 'alarms:status.resolved' } as const satisfies Record<string, TKey>;

export const ALARM_TYPE_KEY = keysOf('station:alarmLog.types', ALARM_TYPES) satisfies Record<AlarmType, TKey>;

/** An alarm's timeline entries; `assigned` names the assignee ({{name}}). */
export const TIMELINE_EVENT_KEY = keysOf('alarms:handling.events', ALARM_EVENTS) satisfies Record<AlarmEvent, TKey>;

/** Alarm record status: 1 open, 2 recovered. */
export const ALARM_RECORD_STATUS_KEY = { 1: 'station:alarmLog.statuses.1', 2: 'station:alarmLog.statuses.2' } as const satisfies Record<number, TKey>;

export const DEVICE_TYPE_KEY = keysOf('station:types', DEVICE_TYPES) satisfies Record<DeviceType, TKey>;

export const ALARM_RANGE_KEY = keysOf('alarmCenter:list.ranges', RANGE_PRESETS) satisfies Record<RangePreset, TKey>;

export const ANALYSIS_RANGE_KEY = {
  7: 'alarmCenter:analysis.ranges.d7',
  30: 'alarmCenter:analysis.ranges.d30',
  90: 'alarmCenter:analysis.ranges.d90',
} as const satisfies Record<number, TKey>;

/** Protocol error codes (protocol/errors.ts) by name. */
export const ERROR_KEY = keysOf('errors', Object.keys(ErrorCode) as ErrorCodeName[]) satisfies Record<ErrorCodeName, TKey>;

/** Tariff periods (sharp, peak, flat, valley): one name each wherever a period shows. */
export const PERIOD_KEY = keysOf('tariffs:period', PERIODS) satisfies Record<Period, TKey>;

/** Why a gateway command failed (protocol/codes.ts GATEWAY_REASONS). */
export const GATEWAY_REASON_KEY = keysOf('modes:gatewayReason', GATEWAY_REASONS) satisfies Record<GatewayReason, TKey>;

/** A gateway reason in the reader's language; a code this console does not know, with its code. */
export function gatewayReasonText(code: string): string {
  const key = keyOf(GATEWAY_REASON_KEY, code);
  return key === undefined ? t('modes:gatewayReason.unknown', { code }) : t(key);
}

/** Why an export job failed, when the server names a reason the console knows (other reasons are shown as given). */
export const EXPORT_FAILURE_KEY = { writerStopped: 'reports:export.reasons.writerStopped' } as const satisfies Record<string, TKey>;
