import { z } from 'zod';
import { ALARM_CATEGORIES } from './codes';

// Push channel (SPEC §7): one alarm topic per org, and one per station under its provider's
// tree. `queryPushCredentials` lists the topics a session may read: org-wide accounts get their
// org topics (the console follows the current org's), station-scoped accounts get exactly
// the topics of their stations (docs/broker.md).

export const TOPIC_ROOT = 'ems';
export const orgAlarmTopic = (orgId: number): string => `${TOPIC_ROOT}/org/${orgId}/alarm`;
/** Matches only well-formed org alarm topics; returns the org id. */
export const parseOrgAlarmTopic = (topic: string): number | null => {
  const m = /^ems\/org\/([1-9]\d{0,9})\/alarm$/.exec(topic);
  return m ? Number(m[1]) : null;
};

/** A station's alarm topic, inside its service provider's tree: `ems/org/<providerId>/station/<stationId>/alarm`. */
export const stationAlarmTopic = (providerId: number, stationId: number): string => `${TOPIC_ROOT}/org/${providerId}/station/${stationId}/alarm`;
/** Matches only well-formed station alarm topics; returns the provider (org) and station ids. */
export const parseStationAlarmTopic = (topic: string): { orgId: number; stationId: number } | null => {
  const m = /^ems\/org\/([1-9]\d{0,9})\/station\/([1-9]\d{0,9})\/alarm$/.exec(topic);
  return m ? { orgId: Number(m[1]), stationId: Number(m[2]) } : null;
};

export { ACTION_WAY, ALARM_CATEGORIES, type AlarmCategory } from './codes';

/** What an alarm push reports: a new alarm, its recovery or resolution, or a handling change. */
export const ALARM_CHANGES = ['raised', 'resolved', 'acked', 'assigned', 'unassigned', 'commented'] as const;
export type AlarmChange = (typeof ALARM_CHANGES)[number];

export const alarmPush = z.object({
  /** stable alarm id, also the cursor for `queryAlarmsSince` after a reconnect */
  alarmId: z.number().int().positive(),
  orgId: z.number().int().positive(),
  stationId: z.number().int().positive(),
  actionWay: z.union([z.literal(35002), z.literal(35003)]),
  stationName: z.string(),
  monitoredObjectName: z.string(),
  alarmRuleName: z.string(),
  /** the rule's code, so a console can name the rule in its reader's language */
  alarmRuleCode: z.string().optional(),
  alarmCategory: z.enum(ALARM_CATEGORIES),
  /** ISO 8601 with offset */
  happenTime: z.string(),
  /** resolved pushes let badges count down; absent means a new, unresolved alarm */
  status: z.enum(['unresolved', 'resolved']).default('unresolved'),
  /** what this push reports; absent (older servers): 'raised' when unresolved, else 'resolved' */
  change: z.enum(ALARM_CHANGES).optional(),
  // Fields below are always sent by this server; optional so older messages (and replays) parse.
  /** true: do not pop up, do not sound (every change but a raise, and a shelved or in-maintenance raise); absent: false */
  silent: z.boolean().optional(),
  // The alarm's handling state after the change (protocol/actions/alarm-handling.ts); absent: null / false.
  ackedBy: z.string().nullable().optional(),
  ackedAt: z.string().nullable().optional(),
  ackNote: z.string().nullable().optional(),
  assigneeId: z.number().int().nullable().optional(),
  assigneeName: z.string().nullable().optional(),
  shelved: z.boolean().optional(),
  inMaintenance: z.boolean().optional(),
});
export type AlarmPush = z.infer<typeof alarmPush>;

export type PushParse = { ok: true; message: AlarmPush } | { ok: false; reason: 'notJson' | 'invalidShape'; detail: string };

/** Malformed pushes are reported, never thrown (SPEC §8). */
// one decoder for every push: a storm parses 2,000 a second
const utf8 = new TextDecoder();

export const parseAlarmPush = (payload: string | Uint8Array): PushParse => {
  let raw: unknown;
  try {
    raw = JSON.parse(typeof payload === 'string' ? payload : utf8.decode(payload));
  } catch (e) {
    return { ok: false, reason: 'notJson', detail: String(e) };
  }
  const r = alarmPush.safeParse(raw);
  return r.success
    ? { ok: true, message: r.data }
    : { ok: false, reason: 'invalidShape', detail: r.error.issues.map((i) => i.path.join('.') + ':' + i.code).join(',') };
};

/**
 * A station's maintenance state changed (a window was saved or ended), on the same alarm topics
 * as the alarm pushes. `parseAlarmPush` rejects it (no alarmId); `parsePush` tells the two apart.
 * A console marks the station in maintenance while now is inside [start, end), so a window
 * planned ahead needs no second push when it begins.
 */
export const stationMaintenancePush = z.object({
  kind: z.literal('stationMaintenance'),
  orgId: z.number().int().positive(),
  stationId: z.number().int().positive(),
  windowId: z.number().int().positive(),
  /** ISO 8601 */
  start: z.string(),
  end: z.string(),
  /** empty: the whole station */
  deviceIds: z.array(z.number().int()),
  /** false: the window was ended early or cancelled */
  active: z.boolean(),
});
export type StationMaintenancePush = z.infer<typeof stationMaintenancePush>;

export type AnyPushParse =
  | { ok: true; kind: 'alarm'; message: AlarmPush }
  | { ok: true; kind: 'stationMaintenance'; message: StationMaintenancePush }
  | { ok: false; reason: 'notJson' | 'invalidShape'; detail: string };

/** Either push of an alarm topic; malformed ones are reported, never thrown. */
export const parsePush = (payload: string | Uint8Array): AnyPushParse => {
  const text = typeof payload === 'string' ? payload : utf8.decode(payload);
  if (text.includes('"stationMaintenance"')) {
    try {
      const r = stationMaintenancePush.safeParse(JSON.parse(text));
      if (r.success) return { ok: true, kind: 'stationMaintenance', message: r.data };
    } catch {
      // falls through to the alarm parser, which reports it
    }
  }
  const a = parseAlarmPush(text);
  return a.ok ? { ok: true, kind: 'alarm', message: a.message } : a;
};
