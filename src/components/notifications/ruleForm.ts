// The rule form of an account's rules and a role's defaults (src/features/notifications,
// src/features/system): its values, the checks the page makes before sending (each naming its field), the
// request a save sends, and where the server's field issues go. Empty choice lists mean "all".
import type { NotificationRule, SaveNotificationRule } from '../../../streams/notifications/rules';
import type { CommandError } from '../../../streams/commands/command';
import type { TKey } from '../../i18n/i18n';
import type { RuleChoices } from '../../../protocol/actions/notifications';
import { viewerZone } from '../../../protocol/site-time';
import { isHhMm, isZone } from '../form/checks';

export type Channel = SaveNotificationRule['channels'][number];

export const CHANNEL_KEY = {
  email: 'notifications:channel.email',
  webhook: 'notifications:channel.webhook',
  push: 'notifications:channel.push',
  sms: 'notifications:channel.sms',
} as const satisfies Record<NotificationRule['channels'][number], TKey>;

export type WebhookEvent = NotificationRule['events'][number];

/** What a webhook can be told of (other channels carry alarms only). */
export const EVENT_KEY = {
  alarm: 'notifications:event.alarm',
  'dispatch.result': 'notifications:event.dispatchResult',
  'report.ready': 'notifications:event.reportReady',
} as const satisfies Record<WebhookEvent, TKey>;

export interface RuleValues extends RuleChoices {
  email: string;
  webhookUrl: string;
  mobile: string;
  rotateSecret: boolean;
  quietFrom: string;
  quietTo: string;
  zone: string;
  digest: boolean;
  digestMinutes: string;
}

export type RuleField = 'name' | 'channels' | 'events' | 'email' | 'webhookUrl' | 'mobile' | 'quietFrom' | 'quietTo' | 'zone' | 'digestMinutes' | 'stationIds';

export const emptyRule = (): RuleValues => ({
  name: '',
  enabled: true,
  categories: [],
  alarmTypes: [],
  deviceTypes: [],
  stationIds: [],
  channels: ['email'],
  events: ['alarm'],
  email: '',
  webhookUrl: '',
  mobile: '',
  rotateSecret: false,
  quietFrom: '',
  quietTo: '',
  zone: viewerZone(),
  digest: false,
  digestMinutes: '15',
});

export const valuesOf = (r: NotificationRule): RuleValues => ({
  name: r.name,
  enabled: r.enabled,
  categories: [...r.categories],
  alarmTypes: [...r.alarmTypes],
  deviceTypes: [...r.deviceTypes],
  stationIds: [...r.stationIds],
  channels: [...r.channels],
  events: [...r.events],
  email: r.email ?? '',
  webhookUrl: r.webhookUrl ?? '',
  mobile: r.mobile ?? '',
  rotateSecret: false,
  quietFrom: r.quietFrom ?? '',
  quietTo: r.quietTo ?? '',
  zone: r.zone,
  digest: r.digestMinutes !== null,
  digestMinutes: String(r.digestMinutes ?? 15),
});

const MOBILE = /^\+\d{6,15}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const isHttpUrl = (u: string) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol);

/** What is wrong before sending, by field (the first problem of each). */
export function checkRule(v: RuleValues): Partial<Record<RuleField, TKey>> {
  const out: Partial<Record<RuleField, TKey>> = {};
  if (!v.name.trim() || v.name.trim().length > 100) out.name = 'notifications:issue.name';
  if (v.channels.length === 0) out.channels = 'notifications:issue.channels';
  if (v.channels.includes('email') && v.email.trim() && !EMAIL.test(v.email.trim())) out.email = 'notifications:issue.email';
  if (v.channels.includes('webhook') && !isHttpUrl(v.webhookUrl.trim())) out.webhookUrl = 'notifications:issue.webhookUrl';
  if (v.channels.includes('webhook') && v.events.length === 0) out.events = 'notifications:issue.events';
  // empty: the account's own number (the server says when it has none)
  if (v.channels.includes('sms') && v.mobile.trim() && !MOBILE.test(v.mobile.trim())) out.mobile = 'notifications:issue.mobile';
  const from = v.quietFrom.trim();
  const to = v.quietTo.trim();
  if (from && !isHhMm(from)) out.quietFrom = 'notifications:issue.quietTime';
  if (to && !isHhMm(to)) out.quietTo = 'notifications:issue.quietTime';
  if (from && !to) out.quietTo ??= 'notifications:issue.quietBoth';
  if (to && !from) out.quietFrom ??= 'notifications:issue.quietBoth';
  if (!isZone(v.zone.trim())) out.zone = 'notifications:issue.zone';
  if (v.digest && !/^\d+$/.test(v.digestMinutes.trim())) out.digestMinutes = 'notifications:issue.digestMinutes';
  else if (v.digest && (Number(v.digestMinutes) < 1 || Number(v.digestMinutes) > 1440)) out.digestMinutes = 'notifications:issue.digestMinutes';
  return out;
}

export function toRequest(v: RuleValues, ruleId: number | null): SaveNotificationRule {
  const email = v.email.trim();
  const url = v.webhookUrl.trim();
  const mobile = v.mobile.trim();
  return {
    ...(ruleId !== null ? { ruleId } : {}),
    name: v.name.trim(),
    enabled: v.enabled,
    categories: v.categories as SaveNotificationRule['categories'],
    alarmTypes: v.alarmTypes as SaveNotificationRule['alarmTypes'],
    deviceTypes: v.deviceTypes as SaveNotificationRule['deviceTypes'],
    stationIds: v.stationIds,
    channels: v.channels,
    // only a webhook chooses its events: without one a rule is told of alarms
    ...(v.channels.includes('webhook') ? { events: v.events } : {}),
    ...(v.channels.includes('email') && email ? { email } : {}),
    ...(v.channels.includes('webhook') && url ? { webhookUrl: url } : {}),
    ...(v.channels.includes('sms') && mobile ? { mobile } : {}),
    rotateSecret: v.rotateSecret,
    ...(v.quietFrom.trim() && v.quietTo.trim() ? { quietFrom: v.quietFrom.trim(), quietTo: v.quietTo.trim() } : {}),
    zone: v.zone.trim(),
    ...(v.digest ? { digestMinutes: Number(v.digestMinutes) } : {}),
  };
}

const SERVER_ISSUE: Record<RuleField, TKey> = {
  name: 'notifications:issue.name',
  channels: 'notifications:issue.channels',
  events: 'notifications:issue.events',
  email: 'notifications:issue.email',
  webhookUrl: 'notifications:issue.webhookUrl',
  mobile: 'notifications:issue.mobile',
  quietFrom: 'notifications:issue.quietBoth',
  quietTo: 'notifications:issue.quietBoth',
  zone: 'notifications:issue.zone',
  digestMinutes: 'notifications:issue.digestMinutes',
  stationIds: 'notifications:issue.stations',
};

/** The server's refusal of a field (`stationIds.3` counts for `stationIds`), as a text key. */
export function serverIssue(e: CommandError | null, field: RuleField): TKey | null {
  const f = e?.fields.find((x) => x.path === field || x.path.startsWith(`${field}.`));
  if (!f) return null;
  if (field === 'quietFrom' || field === 'quietTo') return f.issue === 'required' ? 'notifications:issue.quietBoth' : 'notifications:issue.quietTime';
  if (field === 'mobile' && f.issue === 'required') return 'notifications:issue.mobileRequired';
  if (field === 'events' && f.issue === 'webhookOnly') return 'notifications:issue.eventsWebhookOnly';
  if (field === 'channels' && f.issue === 'smsUnavailable') return 'notifications:issue.smsUnavailable';
  return SERVER_ISSUE[field];
}

/** Field issues the form has no field for (shown under the form). */
export const unplacedIssues = (e: CommandError | null): boolean =>
  !!e && e.fields.some((f) => !(Object.keys(SERVER_ISSUE) as string[]).some((k) => f.path === k || f.path.startsWith(`${k}.`)));
