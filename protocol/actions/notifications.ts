import { z } from 'zod';
import { actionsOn } from '../action';
import { ALARM_CATEGORIES, ALARM_TYPES, DELIVERY_KINDS, DELIVERY_OUTCOMES, DELIVERY_STATUSES, DEVICE_TYPES } from '../codes';
import { empty, id, isoTime, length, ok, page, pageOf, recordById } from './common';

// Alarm notifications (docs/notifications.md): each account's rules of which alarms reach it on
// which channels and when, a test-send, and the delivery log administrators read.

export const NOTIFICATION_CHANNELS = ['email', 'webhook', 'push', 'sms'] as const;
/** What a webhook rule can be told of; e-mail, SMS and push carry alarms only. */
export const WEBHOOK_EVENTS = ['alarm', 'dispatch.result', 'report.ready'] as const;

/**
 * What a rule chooses, alike where the server keeps it and where the console edits it: its name,
 * whether it is on, the alarms it matches (empty lists: all) and the channels and webhook events it is told on.
 */
export interface RuleChoices {
  name: string;
  enabled: boolean;
  categories: string[];
  alarmTypes: string[];
  deviceTypes: string[];
  stationIds: number[];
  channels: (typeof NOTIFICATION_CHANNELS)[number][];
  events: (typeof WEBHOOK_EVENTS)[number][];
}

/** 'HH:MM' on the recipient's clock */
const wallTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');

export const notificationRule = z.object({
  ruleId: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  /** empty: every category, type, device type, station (of the account's data scope) */
  categories: z.array(z.enum(ALARM_CATEGORIES)),
  alarmTypes: z.array(z.enum(ALARM_TYPES)),
  deviceTypes: z.array(z.enum(DEVICE_TYPES)),
  stationIds: z.array(z.number().int()),
  channels: z.array(z.enum(NOTIFICATION_CHANNELS)),
  /** the event types its webhook gets (other channels: alarms only) */
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  /** null: the account's own e-mail address */
  email: z.string().nullable(),
  webhookUrl: z.string().nullable(),
  /** SMS: null: the account's own mobile number */
  mobile: z.string().nullable(),
  /** the signing secret: answered once, when it is made (a new webhook rule, or rotateSecret); else null */
  webhookSecret: z.string().nullable(),
  hasWebhookSecret: z.boolean(),
  /** both null: no quiet hours */
  quietFrom: z.string().nullable(),
  quietTo: z.string().nullable(),
  /** the recipient's IANA zone, in which quiet hours are read */
  zone: z.string(),
  /** null: each alarm at once; else one message per this many minutes */
  digestMinutes: z.number().int().nullable(),
  /** the language of the messages: the console's when the rule was saved */
  locale: z.string(),
  updatedAt: z.string(),
});

export const saveNotificationRuleRequest = z.object({
  ruleId: id.optional(),
  name: z.string().trim().min(1).max(100),
  enabled: z.boolean().default(true),
  categories: z.array(z.enum(ALARM_CATEGORIES)).max(10).default([]),
  alarmTypes: z.array(z.enum(ALARM_TYPES)).max(10).default([]),
  deviceTypes: z.array(z.enum(DEVICE_TYPES)).max(20).default([]),
  stationIds: z.array(id).max(500).default([]),
  channels: z.array(z.enum(NOTIFICATION_CHANNELS)).min(1).max(4),
  /** the event types the webhook gets; anything but `alarm` needs the webhook channel */
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(3).default(['alarm']),
  email: z.string().trim().max(254).regex(z.regexes.email).optional(),
  webhookUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
  /** SMS: `+` and 6–15 digits; absent: the account's own mobile number */
  mobile: z
    .string()
    .trim()
    .regex(/^\+\d{6,15}$/, '+ and 6 to 15 digits')
    .optional(),
  rotateSecret: z.boolean().default(false),
  quietFrom: wallTime.optional(),
  quietTo: wallTime.optional(),
  zone: z.string().trim().min(1).max(64).default('UTC'),
  digestMinutes: z.number().int().min(1).max(1440).optional(),
});

/** A role's default rule: no addresses, no webhook (each account is told at its own e-mail, mobile, browsers). */
const ROLE_RULE_CHANNELS = ['email', 'push', 'sms'] as const;

const saveRoleNotificationRuleRequest = saveNotificationRuleRequest
  .omit({ email: true, webhookUrl: true, mobile: true, rotateSecret: true, events: true })
  .extend({
    roleId: id,
    channels: z.array(z.enum(ROLE_RULE_CHANNELS)).min(1).max(3),
  });

/** One of the reader's roles' rules as the reader sees it: read-only, with the role's name and whether the reader muted it. */
const roleNotificationRule = notificationRule.extend({ roleId: z.number().int(), roleName: z.string(), muted: z.boolean() });

export const deliveryAttempt = z.object({
  at: z.string(),
  /** `replayed`: an administrator put the dead delivery back to pending (`by` names who) */
  outcome: z.enum(DELIVERY_OUTCOMES),
  error: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  replica: z.string(),
  by: z.string().nullable(),
});

export const notificationDelivery = z.object({
  deliveryId: z.number().int(),
  accountId: z.number().int().nullable(),
  recipient: z.string(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  address: z.string(),
  kind: z.enum(DELIVERY_KINDS),
  alarmId: z.number().int().nullable(),
  alarmIds: z.array(z.number().int()),
  status: z.enum(DELIVERY_STATUSES),
  /** attempts made, the one under way included */
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** when it is (or was last) due */
  dueAt: z.string(),
  sentAt: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  attemptLog: z.array(deliveryAttempt),
});

/** base64url, as PushSubscription.getKey() gives it once encoded */
const b64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'base64url');

export const pushSubscriptionRequest = z.object({
  /** the push service's URL for this browser: always https (a browser's push service is) */
  endpoint: z.url({ protocol: /^https$/ }).max(2000),
  keys: z.object({ p256dh: b64url(80, 100), auth: b64url(16, 32) }),
});

/** What one channel's receiver said to a test message. */
const testResult = z.object({ channel: z.enum(NOTIFICATION_CHANNELS), address: z.string(), outcome: z.enum(['sent', 'failed']), error: z.string().nullable() });

const alarms = actionsOn('alarm', 'fleet');

export const notificationActions = {
  queryNotificationRules: alarms.read('@session', {
    summary:
      "The caller's own notification rules, oldest first, and whether the server can send SMS (SMS_GATEWAY_URL is set): only then may a rule ask for it.",
    request: empty,
    response: z.object({ dataList: z.array(notificationRule), roleRules: z.array(roleNotificationRule), smsAvailable: z.boolean() }),
  }),
  queryRoleNotificationRules: alarms.read(
    'system.role',
    recordById(
      "One role's default notification rules (they tell every account holding the role), oldest first, and whether the server can send SMS.",
      'roleId',
      z.object({ dataList: z.array(notificationRule), smsAvailable: z.boolean() }),
    ),
  ),
  saveRoleNotificationRule: alarms.write('system.role.edit', {
    summary:
      "Creates (no ruleId) or replaces one of a role's default notification rules: the filters, channels (e-mail, push, SMS), quiet hours and digest of an account's rule, without addresses; stations must be in the caller's data scope.",
    request: saveRoleNotificationRuleRequest,
    response: notificationRule,
  }),
  deleteRoleNotificationRule: alarms.write('system.role.edit', {
    summary: "Deletes one of a role's default notification rules.",
    request: z.object({ roleId: id, ruleId: id }),
    response: z.null(),
  }),
  muteRoleNotificationRule: alarms.write('@session', {
    summary: "Turns one of the caller's role's default rules off (muted) or on again for the caller alone.",
    request: z.object({ ruleId: id, muted: z.boolean() }),
    response: z.null(),
  }),
  saveNotificationRule: alarms.write('@session', {
    summary:
      "Creates (no ruleId) or replaces one of the caller's notification rules. Stations must be in the caller's data scope; a webhook needs its URL; SMS needs the gateway configured and a number (the rule's or the account's); quiet hours need both ends and a known zone.",
    request: saveNotificationRuleRequest,
    response: notificationRule,
  }),
  deleteNotificationRule: alarms.write(
    '@session',
    recordById("Deletes one of the caller's notification rules; deliveries already made stay in the log.", 'ruleId', ok),
  ),
  testNotificationRule: alarms.write(
    '@session',
    recordById(
      "Sends a test message on each channel of one of the caller's rules now, ignoring quiet hours, and answers what each receiver said.",
      'ruleId',
      z.object({ results: z.array(testResult) }),
    ),
  ),
  queryPushKey: alarms.read('@session', {
    summary: "The server's VAPID public key (base64url), which a browser subscribes to Web Push with.",
    request: empty,
    response: z.object({ publicKey: z.string() }),
  }),
  savePushSubscription: alarms.write('@session', {
    summary: "Keeps this browser's push subscription for the caller: rules with the push channel then reach it. The same endpoint again replaces the old keys.",
    request: pushSubscriptionRequest,
    response: z.null(),
  }),
  deletePushSubscription: alarms.write('@session', {
    summary: "Forgets one of the caller's push subscriptions (this browser turned push off); an unknown endpoint answers notFound.",
    request: z.object({ endpoint: z.string().min(1).max(2000) }),
    response: z.null(),
  }),
  queryNotificationDeliveries: alarms.read('system.audit', {
    summary:
      "The delivery log, newest first: every notification to accounts of the caller's organisations (all for the platform) with each attempt's outcome; filters by account, channel, status, kind, alarm and time.",
    request: z.object({
      accountId: id.optional(),
      channel: z.enum(NOTIFICATION_CHANNELS).optional(),
      status: z.enum(DELIVERY_STATUSES).optional(),
      kind: z.enum(DELIVERY_KINDS).optional(),
      alarmId: id.optional(),
      /** created at, inclusive */
      from: isoTime.optional(),
      /** created at, exclusive */
      to: isoTime.optional(),
      page,
      length,
    }),
    response: pageOf(notificationDelivery),
  }),
  replayNotificationDeliveries: alarms.write('system.account.edit', {
    summary:
      "Sends dead deliveries again (also needs system.audit, the delivery log's permission): each goes back to pending, due now, under the same id (the same webhook event id and e-mail Message-ID), with a fresh retry budget. Only dead ones (deliveryIds.<i> notDead otherwise); another organisation's answers notFound.",
    request: z.object({ deliveryIds: z.array(id).min(1).max(100) }),
    response: z.object({ replayed: z.number().int() }),
  }),
} as const;
