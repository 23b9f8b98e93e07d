import { randomBytes } from 'node:crypto';
import { minutesOf } from '../../protocol/actions/tariffs';
import type { z } from 'zod';
import type { saveNotificationRuleRequest } from '../../protocol/actions/notifications';
import { authed, type Ctx, type Handlers } from '../api/context';
import { audit } from '../api/audit';
import { ActionError, invalid } from '../api/errors';
import type { Registry } from '../registry';
import type { Principal } from '../auth/scope';
import { readLog } from './log';
import { replayDead, replayTargets } from './replay';
import { deleteRule, ruleById, rulesOf, saveRule, type RuleRow } from './rules';
import { isZone } from './timing';
import { roleRulesFor } from './role-rules';
import type { Channel } from './outbox';

// Handlers of the notification actions (protocol/actions/notifications.ts). Rules are the caller's
// own: another account's rule answers notFound like a missing one.

const hhmm = (m: number | null) => (m === null ? null : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
const minutes = (s: string | undefined) => (s === undefined ? null : minutesOf(s));

type SaveRequest = z.output<typeof saveNotificationRuleRequest>;
type BasicsRequest = Pick<
  SaveRequest,
  'name' | 'enabled' | 'categories' | 'alarmTypes' | 'deviceTypes' | 'stationIds' | 'quietFrom' | 'quietTo' | 'zone' | 'digestMinutes'
>;

/** What an account's rule and a role's take alike from their request: filters, channels, quiet hours, digest. */
export const ruleBasics = (q: BasicsRequest & { channels: readonly string[] }) => ({
  name: q.name,
  enabled: q.enabled,
  categories: q.categories,
  alarmTypes: q.alarmTypes,
  deviceTypes: q.deviceTypes,
  stationIds: [...new Set(q.stationIds)],
  channels: [...new Set(q.channels)] as Channel[],
  quietFrom: minutes(q.quietFrom),
  quietTo: minutes(q.quietTo),
  zone: q.zone,
  digestMinutes: q.digestMinutes ?? null,
});

export const view = (r: RuleRow, secret: string | null = null) => ({
  ruleId: r.ruleId,
  name: r.name,
  enabled: r.enabled,
  categories: r.categories as never[],
  alarmTypes: r.alarmTypes as never[],
  deviceTypes: r.deviceTypes as never[],
  stationIds: r.stationIds,
  channels: r.channels,
  events: r.events,
  email: r.email,
  webhookUrl: r.webhookUrl,
  mobile: r.mobile,
  webhookSecret: secret,
  hasWebhookSecret: r.webhookSecret !== null,
  quietFrom: hhmm(r.quietFrom),
  quietTo: hhmm(r.quietTo),
  zone: r.zone,
  digestMinutes: r.digestMinutes,
  locale: r.locale,
  updatedAt: new Date(r.updatedAt).toISOString(),
});

const ownRule = async (ctx: Ctx, ruleId: number): Promise<RuleRow> => {
  const r = await ruleById(ctx.services.db, ruleId);
  if (!r || r.accountId !== authed(ctx).me.accountId) throw new ActionError('notFound');
  return r;
};

const accountAddresses = async (ctx: Ctx) =>
  (
    await ctx.services.db.query<{ email: string | null; mobile: string | null }>('SELECT email, mobile FROM accounts WHERE id = $1', [authed(ctx).me.accountId])
  )[0] ?? { email: null, mobile: null };

/** The checks an account's rule and a role's share: stations in the caller's scope, SMS only with a gateway, quiet hours, zone. */
export const checkFilters = (
  q: Pick<z.output<typeof saveNotificationRuleRequest>, 'stationIds' | 'quietFrom' | 'quietTo' | 'zone'> & { channels: readonly string[] },
  ctx: Ctx,
) => {
  const { scope } = authed(ctx);
  const bad = q.stationIds.findIndex((id) => !scope.hasStation(id));
  if (bad >= 0) invalid([{ path: `stationIds.${bad}`, issue: 'notFound' }]);
  // without a gateway an SMS rule would only fill the log with dead deliveries
  if (q.channels.includes('sms') && !ctx.services.notifications.smsAvailable)
    invalid([{ path: `channels.${q.channels.indexOf('sms')}`, issue: 'smsUnavailable' }]);
  if ((q.quietFrom === undefined) !== (q.quietTo === undefined)) invalid([{ path: q.quietFrom === undefined ? 'quietFrom' : 'quietTo', issue: 'required' }]);
  if (!isZone(q.zone)) invalid([{ path: 'zone', issue: 'invalidFormat' }]);
};

const checkRule = async (q: z.output<typeof saveNotificationRuleRequest>, ctx: Ctx) => {
  checkFilters(q, ctx);
  if (q.channels.includes('webhook') && !q.webhookUrl) invalid([{ path: 'webhookUrl', issue: 'required' }]);
  // dispatch results and reports are for systems: only a webhook carries them
  const notAlarm = q.events.findIndex((e) => e !== 'alarm');
  if (notAlarm >= 0 && !q.channels.includes('webhook')) invalid([{ path: `events.${notAlarm}`, issue: 'webhookOnly' }]);
  if (q.channels.includes('sms') && !q.mobile && !(await accountAddresses(ctx)).mobile) invalid([{ path: 'mobile', issue: 'required' }]);
};

/** Organisations whose accounts' deliveries an administrator reads: its own and those below it. */
const orgsUnder = (reg: Registry, me: Principal): number[] | null => {
  if (me.orgType === 1) return null;
  const under = (id: number): boolean => {
    for (let o = reg.orgs.get(id), n = 0; o && n < 10; o = o.parentId === null ? undefined : reg.orgs.get(o.parentId), n++) if (o.id === me.orgId) return true;
    return false;
  };
  return [...reg.orgs.keys()].filter(under);
};

export const notificationHandlers: Handlers = {
  queryNotificationRules: async (_q, ctx) => ({
    dataList: (await rulesOf(ctx.services.db, authed(ctx).me.accountId)).map((r) => view(r)),
    roleRules: (await roleRulesFor(ctx.services.db, authed(ctx).me.accountId)).map((r) => ({
      ...view(r),
      roleId: r.roleId!,
      roleName: r.roleName,
      muted: r.muted,
    })),
    smsAvailable: ctx.services.notifications.smsAvailable,
  }),

  saveNotificationRule: async (q, ctx) => {
    const { me } = authed(ctx);
    const before = q.ruleId === undefined ? null : await ownRule(ctx, q.ruleId);
    await checkRule(q, ctx);
    const needsSecret = q.channels.includes('webhook') && (q.rotateSecret || !before?.webhookSecret);
    const secret = needsSecret ? randomBytes(24).toString('base64url') : null;
    const input = {
      ...ruleBasics(q),
      events: [...new Set(q.events)],
      email: q.email ?? null,
      webhookUrl: q.webhookUrl ?? null,
      mobile: q.channels.includes('sms') ? (q.mobile ?? null) : null,
    };
    const id = await saveRule(ctx.services.db, before?.ruleId ?? null, { accountId: me.accountId }, input, String(ctx.locale), secret, ctx.now);
    // the secret is a credential: never in the audit trail
    await audit(ctx.services.db, ctx, me.accountId, 'saveNotificationRule', `notificationRule:${id}`, { ...input, rotatedSecret: secret !== null });
    return view((await ruleById(ctx.services.db, id))!, secret);
  },

  deleteNotificationRule: async ({ ruleId }, ctx) => {
    const { me } = authed(ctx);
    await ownRule(ctx, ruleId);
    await deleteRule(ctx.services.db, ruleId, { accountId: me.accountId });
    await audit(ctx.services.db, ctx, me.accountId, 'deleteNotificationRule', `notificationRule:${ruleId}`, {});
    return null;
  },

  testNotificationRule: async ({ ruleId }, ctx) => {
    const { me } = authed(ctx);
    const rule = await ownRule(ctx, ruleId);
    const results = await ctx.services.notifications.test(rule, { accountId: me.accountId, name: me.contact || me.account, ...(await accountAddresses(ctx)) });
    await audit(ctx.services.db, ctx, me.accountId, 'testNotificationRule', `notificationRule:${ruleId}`, {
      results: results.map((r) => `${r.channel}:${r.outcome}`),
    });
    return { results };
  },

  queryNotificationDeliveries: async (q, ctx) => {
    const { me } = authed(ctx);
    return readLog(ctx.services.db, { ...q, orgIds: orgsUnder(ctx.services.registry, me) });
  },

  replayNotificationDeliveries: async ({ deliveryIds }, ctx) => {
    const { me } = authed(ctx);
    // replaying is editing what the log shows: both the log's permission and the edit one
    if (!me.permissions.has('system.audit')) throw new ActionError('forbidden');
    const ids = [...new Set(deliveryIds)];
    const found = await replayTargets(ctx.services.db, ids, orgsUnder(ctx.services.registry, me));
    // another organisation's delivery answers like a missing one
    if (ids.some((id) => !found.has(id))) throw new ActionError('notFound');
    const notDead = deliveryIds.findIndex((id) => found.get(id)!.status !== 'dead');
    if (notDead >= 0) invalid([{ path: `deliveryIds.${notDead}`, issue: 'notDead' }]);
    const replayed = await replayDead(ctx.services.db, ids, ctx.now, me.contact || me.account);
    await audit(ctx.services.db, ctx, me.accountId, 'replayNotificationDeliveries', `notificationDeliveries:${replayed.join(',')}`, { deliveryIds: replayed });
    return { replayed: replayed.length };
  },
};
