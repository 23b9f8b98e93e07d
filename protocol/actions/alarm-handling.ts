import { z } from 'zod';
import { actionsOn } from '../action';
import { ALARM_EVENTS, WINDOW_STATES } from '../codes';
import { id, isoTime, nonEmpty, ok } from './common';

// Alarm handling in a network operations centre (docs/alarms.md, "Alarm handling"):
// acknowledgement with a note, assignment, comments and a per-alarm timeline; shelving a rule on
// a station or a device for a while; maintenance windows per station. Every write is audited and
// answers the alarm's or the item's new state; the changes reach every console as pushes
// (protocol/push.ts: `change`, `silent`, `stationMaintenancePush`).

/** Longest shelf: one week. Shelves end by themselves at `until` (server clock). */
export const MAX_SHELVE_MINUTES = 7 * 24 * 60;
/** Longest maintenance window: 31 days. */
export const MAX_MAINTENANCE_DAYS = 31;

export type { AlarmEvent } from '../codes';

/** The account an alarm is assigned to (an account of the alarm's provider); null: nobody. */
const assignee = {
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
};

/** The handling state every alarm record and push carries. */
export const alarmHandlingState = {
  /** who acknowledged (contact person, else login name); null while unacknowledged */
  ackedBy: z.string().nullable(),
  /** ISO 8601; null while unacknowledged */
  ackedAt: z.string().nullable(),
  ackNote: z.string().nullable(),
  ...assignee,
  /** raised while its rule was shelved on the station or device: no pop-up, no sound */
  shelved: z.boolean(),
  /** raised inside a maintenance window of its station: no pop-up, no sound */
  inMaintenance: z.boolean(),
};

/** The station a record belongs to (its provider decides who may see it). */
export const stationFields = {
  serviceProviderId: z.number().int(),
  stationId: z.number().int(),
  stationName: z.string(),
};

/** The device a record concerns; null: the station itself (for a shelf, every device of it). */
export const deviceFields = {
  deviceId: z.number().int().nullable(),
  deviceName: z.string().nullable(),
};

/** The rule a record concerns: its stable code (the console translates rule names by it) and name. */
export const ruleFields = {
  alarmRuleCode: z.string(),
  alarmRuleName: z.string(),
};

/** Who set a shelf or a maintenance window up, and when. */
const createdFields = {
  createdBy: z.string(),
  createdAt: z.string(),
};

export const timelineEntry = z.object({
  event: z.enum(ALARM_EVENTS),
  /** ISO 8601 */
  at: z.string(),
  /** account id; null for what the device did (raised, recovered) */
  byId: z.number().int().nullable(),
  /** contact person, else login name; null for the device */
  by: z.string().nullable(),
  /** the acknowledgement note or the comment text */
  text: z.string().nullable(),
  /** for assigned: the assignee */
  ...assignee,
});

export const shelfRecord = z.object({
  shelfId: z.number().int(),
  ...stationFields,
  /** null: every device of the station (and the station itself) */
  ...deviceFields,
  ...ruleFields,
  reason: z.string(),
  ...createdFields,
  /** ISO 8601: the shelf ends by itself then */
  until: z.string(),
});

export const maintenanceWindowRecord = z.object({
  windowId: z.number().int(),
  ...stationFields,
  start: z.string(),
  end: z.string(),
  reason: z.string(),
  /** empty: the whole station; else only these devices' alarms are in maintenance */
  deviceIds: z.array(z.number().int()),
  ...createdFields,
  /** set when ended early: `end` is then the time it was ended */
  endedBy: z.string().nullable(),
  /** planned: start in the future; active: now inside [start, end); ended: end passed */
  state: z.enum(WINDOW_STATES),
});

/** The alarm after a handling write: id and the handling state. */
const handledAlarm = z.object({ alarmId: z.number().int(), alarmStatus: z.number().int(), ...alarmHandlingState });

const reason = nonEmpty(300);

const alarms = actionsOn('alarm');
const station = actionsOn('energystorage');

export const alarmHandlingActions = {
  ackAlarm: alarms.write('alarm.ack', {
    summary:
      'Acknowledge an unresolved alarm with an optional note (who and when are recorded); acknowledging an acknowledged alarm changes nothing; a resolved alarm answers conflict. Pushes change "acked" (consoles stop its sound).',
    request: z.object({ alarmId: id, note: z.string().trim().max(500).optional() }),
    response: handledAlarm,
  }),
  assignAlarm: alarms.write('alarm.assign', {
    summary: 'Assign an alarm to an enabled account that can see its station (null: unassign). Pushes change "assigned" or "unassigned".',
    /** null or absent: unassign (the signed form drops null fields, so absent is how null arrives) */
    request: z.object({ alarmId: id, assigneeId: id.nullable().optional() }),
    response: handledAlarm,
  }),
  queryAlarmAssignees: alarms.read('alarm.assign', {
    summary:
      "The accounts one alarm can be assigned to, by name: the enabled accounts of the caller's organisations that can see its station (the rule assignAlarm checks).",
    request: z.object({ alarmId: id }),
    response: z.object({ dataList: z.array(z.object({ userId: z.number().int(), name: z.string() })) }),
  }),
  commentAlarm: alarms.write(['alarm.ack', 'alarm.assign'], {
    summary: 'Add a comment to an alarm\'s timeline. Pushes change "commented".',
    request: z.object({ alarmId: id, text: nonEmpty(1000) }),
    response: timelineEntry,
  }),
  queryAlarmTimeline: alarms.read(['alarm.alarmList', 'alarmLog.alarmLog', 'message.list', 'homepage.index'], {
    summary: 'What happened to one alarm, oldest first: raised, acknowledged, assigned, commented, recovered or resolved, with who and when.',
    request: z.object({ alarmId: id }),
    response: z.object({ dataList: z.array(timelineEntry) }),
  }),
  shelveAlarmRule: alarms.write('alarm.shelve', {
    summary:
      'Shelve an alarm rule on a station (every device) or one device of it for `minutes` (1 to one week): new occurrences are stored and listed as shelved, pushed silent. Shelving a shelved rule replaces its end and reason.',
    request: z.object({
      stationId: id,
      deviceId: id.optional(),
      /** the alarm's `alarmRuleCode` */
      alarmRuleCode: z.string().trim().min(1).max(64),
      minutes: z.number().int().min(1).max(MAX_SHELVE_MINUTES),
      reason,
    }),
    response: shelfRecord,
  }),
  unshelveAlarmRule: alarms.write('alarm.shelve', {
    summary: 'End a shelf now; ending an expired or ended shelf changes nothing.',
    request: z.object({ shelfId: id }),
    response: ok,
  }),
  queryShelves: alarms.read(['alarm.alarmList', 'alarm.shelve'], {
    summary: 'Active shelves in scope (until in the future), soonest end first, with who set them and why.',
    request: z.object({ orgId: id.optional(), stationId: id.optional() }),
    response: z.object({ dataList: z.array(shelfRecord) }),
  }),
  saveMaintenanceWindow: station.write('station.maintenance', {
    summary:
      'Plan (or, with windowId, change) a maintenance window of a station: alarms raised inside [start, end) are stored as in maintenance and pushed silent; deviceIds narrows it to some devices of the station. end after start, at most 31 days, end in the future.',
    request: z.object({
      windowId: id.optional(),
      stationId: id,
      start: isoTime,
      end: isoTime,
      reason,
      deviceIds: z.array(id).max(500).optional(),
    }),
    response: maintenanceWindowRecord,
  }),
  endMaintenanceWindow: station.write('station.maintenance', {
    summary: 'End a window now (a planned one is cancelled: its end becomes its start); ending an ended window changes nothing.',
    request: z.object({ windowId: id }),
    response: maintenanceWindowRecord,
  }),
  queryMaintenanceWindows: station.read(['monitorStation.list', 'monitorStation.detail', 'homepage.index', 'station.maintenance'], {
    summary:
      'Active and planned maintenance windows in scope, soonest start first; optionally one provider or station; `includeEnded` adds those ended in the last 30 days.',
    request: z.object({ orgId: id.optional(), stationId: id.optional(), includeEnded: z.boolean().default(false) }),
    response: z.object({ dataList: z.array(maintenanceWindowRecord) }),
  }),
} as const;
