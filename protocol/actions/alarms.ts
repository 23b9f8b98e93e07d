import { z } from 'zod';
import { actionsOn } from '../action';
import { ALARM_CATEGORIES, ALARM_TYPES, DEVICE_TYPES } from '../codes';
import { alarmPush } from '../push';
import { alarmHandlingState, deviceFields, ruleFields, stationFields } from './alarm-handling';
import { id, isoTime, page, pageOf, recordById } from './common';

/** SPEC §3 alarm: status 1 unresolved, 2 resolved; type fault/alert/event; category drives sound. */
export { ALARM_TYPES } from '../codes';

export const alarmRecord = z.object({
  alarmId: z.number().int(),
  ...stationFields,
  ...deviceFields,
  deviceType: z.string(),
  /** the rule code is stable (e.g. 'cellOverTemp') */
  ...ruleFields,
  alarmCategory: z.enum(ALARM_CATEGORIES),
  alarmType: z.enum(ALARM_TYPES),
  alarmStatus: z.number().int().min(1).max(2),
  content: z.string(),
  params: z.record(z.string(), z.unknown()),
  happenTime: z.string(),
  recoveryTime: z.string().nullable(),
  /** times the condition was raised while this alarm stayed open (a flapping condition bumps it) */
  occurrences: z.number().int(),
  /** account that resolved it by hand; null while open or when the device recovered by itself */
  resolvedBy: z.string().nullable(),
  /** acknowledgement, assignment, shelved / in maintenance (protocol/actions/alarm-handling.ts) */
  ...alarmHandlingState,
});

export const alarmFilter = z.object({
  alarmStatus: z.number().int().min(1).max(2).optional(),
  /** narrows to one service provider in scope; absent = every provider in scope */
  orgId: id.optional(),
  stationId: id.optional(),
  /** fuzzy (case-insensitive substring) match on the station name */
  stationName: z.string().trim().max(100).optional(),
  deviceType: z.enum(DEVICE_TYPES).optional(),
  alarmType: z.enum(ALARM_TYPES).optional(),
  alarmCategory: z.enum(ALARM_CATEGORIES).optional(),
  /** substring of the content, the rule name or code, or the device name */
  keyword: z.string().trim().max(100).optional(),
  /** rule codes whose name in the reader's language contains the keyword (the console knows the
   *  translations): matched as the keyword is, so a zh search finds English-stored alarms */
  keywordRuleCodes: z.array(z.string().trim().min(1).max(64)).max(100).optional(),
  /** happen time, inclusive */
  from: isoTime.optional(),
  /** happen time, exclusive */
  to: isoTime.optional(),
  /** true: only alarms assigned to the caller */
  assignedToMe: z.boolean().optional(),
  /** false: unacknowledged only (the header badge); true: acknowledged only */
  acked: z.boolean().optional(),
});

const listPerm = ['alarm.alarmList', 'alarmLog.alarmLog', 'message.list', 'homepage.index'] as const;

const alarms = actionsOn('alarm');

export const alarmActions = {
  fuzzyAlarmRecord: alarms.read('@session', {
    summary: 'Alarm records in scope, filtered, newest first; totalCount drives the header badge (SPEC §7: alarmStatus 1, page 1, length 1000).',
    request: z.object({ alarmRecordVo: alarmFilter.default({}), page, length: z.number().int().min(1).max(1000).default(20) }),
    response: pageOf(alarmRecord),
  }),
  queryAlarmById: alarms.read(listPerm, recordById('One alarm record.', 'alarmId', alarmRecord)),
  resolveAlarm: alarms.write('alarm.resolve', {
    summary: 'Mark an unresolved alarm resolved by hand (recovery time = now); resolving a resolved alarm is a no-op.',
    request: z.object({ alarmId: id }),
    response: z.object({ alarmId: z.number().int(), alarmStatus: z.number().int(), recoveryTime: z.string().nullable() }),
  }),
  queryAlarmsSince: alarms.read('@session', {
    summary:
      "Alarms with id greater than afterId in scope (oldest first, at most 500), as push messages with their current status: a console catches up after a reconnect. With afterChangeId, also the handling changes (ack, assignment, comment) after that cursor, as pushes of the changed alarms' current state, oldest first (at most 500).",
    request: z.object({
      afterId: z.number().int().min(0),
      orgId: id.optional(),
      limit: z.number().int().min(1).max(500).default(500),
      /** change cursor (the `lastChangeId` of the previous answer); absent: no changes, only the current cursor */
      afterChangeId: z.number().int().min(0).optional(),
    }),
    /** dataList items have the push shape (protocol/push.ts), so a console replays them through parseAlarmPush */
    response: z.object({
      dataList: z.array(alarmPush),
      lastId: z.number().int(),
      more: z.boolean(),
      /** pushes with `change` acked/assigned/unassigned/commented and `silent: true`, one per change */
      changes: z.array(alarmPush),
      lastChangeId: z.number().int(),
      moreChanges: z.boolean(),
    }),
  }),
  queryAlarmAnalysis: alarms.read('alarm.alarmAnalysis', {
    summary:
      'Alarm counts over [from, to) (at most 366 days): by category, type, status (unresolved/resolved), device type, per UTC day (every day, zeros included, split by category), the top 10 stations and rules, mean recovery minutes.',
    request: z.object({ orgId: id.optional(), stationId: id.optional(), from: isoTime, to: isoTime }),
    response: z.object({
      total: z.number().int(),
      byCategory: z.record(z.string(), z.number().int()),
      byType: z.record(z.string(), z.number().int()),
      byStatus: z.record(z.string(), z.number().int()),
      byDeviceType: z.record(z.string(), z.number().int()),
      perDay: z.array(z.object({ day: z.string(), count: z.number().int(), byCategory: z.record(z.string(), z.number().int()) })),
      topStations: z.array(z.object({ stationId: z.number().int(), stationName: z.string(), count: z.number().int() })),
      topRules: z.array(z.object({ ruleCode: z.string(), ruleName: z.string(), count: z.number().int() })),
      meanRecoveryMinutes: z.number().nullable(),
    }),
  }),
} as const;
