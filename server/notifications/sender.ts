import type { Queryable } from '../db/db';
import type { Registry } from '../registry';
import { alarmById, type AlarmRow } from '../alarms/store';
import type { Channels } from './channels';
import { langOf, renderAlarm, renderDigest, renderTest, type AlarmView, type Lang, type Rendered } from './messages';
import { renderEscalated, smsEscalated, type Escalation } from './escalation-text';
import { randomUUID } from 'node:crypto';
import { backoffMs, claim, claimedNow, finish, type Channel, type Claimed, type Outcome } from './outbox';
import { ruleById, type RuleRow } from './rules';
import { coveringGateway, GATEWAY_OFFLINE, isCommAlarm, suppressedBy } from './storm';
import { alarmPayload, occurredAt } from './webhook-body';
import { pushToBrowsers } from './push-send';
import { smsAlarm, smsDigest, smsTest } from './sms-text';
import type { Vapid } from './vapid';

// Sends what is due: claims a batch, sends each delivery on its channel (in parallel: a slow
// receiver holds up only its own row), and records the outcome. A failure is tried again after a
// growing pause, up to `maxAttempts` attempts, then the delivery is dead.

export interface SenderDeps {
  db: Queryable;
  registry: Registry;
  channels: Channels;
  clock: () => number;
  /** this process, as named in the log and the lease */
  owner: string;
  leaseMs: number;
  maxAttempts: number;
  stormGraceMs: number;
  /** the VAPID key pair push messages are signed with (read or made once) */
  vapid: () => Promise<Vapid>;
  backoff?: (attempts: number) => number;
}

const reasonOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Claims and sends one batch; answers how many deliveries it claimed. */
export const sendDue = async (deps: SenderDeps, limit = 50): Promise<number> => {
  const batch = await claim(deps.db, deps.owner, new Date(deps.clock()), deps.leaseMs, limit);
  const look = lookups(deps.db);
  await Promise.all(batch.map((d) => sendOne(deps, d, look)));
  return batch.length;
};

/** Sends a test message on one channel now; answers its outcome. */
export const sendNow = async (
  deps: SenderDeps,
  to: { ruleId: number; accountId: number; recipient: string; channel: Channel; address: string },
): Promise<{ status: string; error: string | null }> => {
  const now = new Date(deps.clock());
  const d = await claimedNow(deps.db, { ...to, dedupeKey: `test:${randomUUID()}`, kind: 'test', alarmId: null, dueAt: now }, deps.owner, now);
  await sendOne(deps, d, lookups(deps.db));
  const [r] = await deps.db.query<{ status: string; error: string | null }>('SELECT status, last_error AS error FROM notification_deliveries WHERE id = $1', [
    d.id,
  ]);
  return r!;
};

/** A batch's rules and alarms, each read once: its deliveries share most of them (one alarm on
 *  several channels and to several people), and 50 sends reading each their own held the pool. */
const lookups = (db: Queryable) => {
  const once = <T>(m: Map<number, Promise<T>>, id: number, read: () => Promise<T>): Promise<T> => {
    if (!m.has(id)) m.set(id, read());
    return m.get(id)!;
  };
  const rules = new Map<number, Promise<RuleRow | null>>();
  const alarms = new Map<number, Promise<AlarmRow | null>>();
  return { rule: (id: number) => once(rules, id, () => ruleById(db, id)), alarm: (id: number) => once(alarms, id, () => alarmById(db, id)) };
};
type Lookups = ReturnType<typeof lookups>;

const sendOne = async (deps: SenderDeps, d: Claimed, look: Lookups): Promise<void> => {
  const t0 = Date.now();
  let outcome: Outcome;
  try {
    outcome = await attempt(deps, d, look);
  } catch (e) {
    // a test answers at once: it is not tried again
    const retry = d.kind !== 'test' && !(e instanceof FatalError) && d.attempts < deps.maxAttempts;
    outcome = { outcome: 'failed', error: reasonOf(e), retryAt: retry ? new Date(deps.clock() + (deps.backoff ?? backoffMs)(d.attempts)) : null };
  }
  await finish(deps.db, d.id, deps.owner, new Date(deps.clock()), Date.now() - t0, outcome);
};

const viewOf = (reg: Registry, alarm: AlarmRow, suppressed?: number): AlarmView => ({
  alarm,
  zone: reg.stations.get(alarm.stationId)?.timezone ?? 'UTC',
  suppressed,
});

/** One attempt: suppressed (storm control), or sent; throws when the channel refused. */
const attempt = async (deps: SenderDeps, d: Claimed, look: Lookups): Promise<Outcome> => {
  const rule = d.ruleId === null ? null : await look.rule(d.ruleId);
  // an escalation (and the clearing that follows it) has no rule: it carries its schedule's language
  const lang: Lang | null = rule ? langOf(rule.locale) : d.detail.lang === 'zh' || d.detail.lang === 'en' ? d.detail.lang : null;
  if (!lang) throw new FatalError('the rule was deleted');
  if (d.kind === 'test') {
    if (!rule) throw new FatalError('the rule was deleted');
    await send(
      deps,
      d,
      rule,
      { ...renderTest(lang, rule.name), sms: smsTest(lang, rule.name) },
      { type: 'test', occurredAt: new Date(deps.clock()).toISOString(), ruleName: rule.name },
    );
    return { outcome: 'sent' };
  }
  if (d.kind === 'dispatch' || d.kind === 'report') {
    // made when planned (record-events.ts): the same body on every redelivery
    const body = d.detail.body as Record<string, unknown> | undefined;
    if (!body || d.channel !== 'webhook') throw new FatalError('the event has no body');
    await send(deps, d, rule, { subject: '', text: '', sms: '' }, body);
    return { outcome: 'sent' };
  }
  if (d.kind === 'digest') {
    const alarms = (await Promise.all(d.alarmIds.map((id) => look.alarm(id)))).filter((a): a is AlarmRow => a !== null);
    const views = alarms.sort((a, b) => a.happenTime.getTime() - b.happenTime.getTime()).map((a) => viewOf(deps.registry, a));
    await send(
      deps,
      d,
      rule,
      { ...renderDigest(lang, views), sms: smsDigest(lang, views) },
      {
        type: 'alarm.digest',
        occurredAt: new Date(d.dueAt).toISOString(),
        alarms: views.map(alarmPayload),
      },
    );
    return { outcome: 'sent' };
  }
  const alarm = d.alarmId === null ? null : await look.alarm(d.alarmId);
  if (!alarm) throw new FatalError('the alarm no longer exists');
  const view = viewOf(deps.registry, alarm);
  if (d.kind === 'raised' && isCommAlarm(alarm)) {
    const gw = await coveringGateway(deps.db, alarm, deps.stormGraceMs);
    if (gw !== null) return { outcome: 'suppressed', detail: { gatewayAlarmId: gw } };
  }
  if (d.kind === 'cleared' || d.kind === 'acked') {
    // a follow-up of a raise (or escalation) nobody was told of (suppressed, or never delivered) is not news
    const told = await deps.db.query<{ status: string }>(
      `SELECT status FROM notification_deliveries WHERE alarm_id = $1 AND account_id = $2 AND channel = $3 AND kind IN ('raised', 'escalated')`,
      [alarm.id, d.accountId ?? 0, d.channel],
    );
    if (told.length > 0 && !told.some((t) => t.status === 'sent')) return { outcome: 'suppressed', detail: { raise: told[0]!.status } };
  }
  if (d.kind === 'escalated') {
    // acknowledged or cleared before it went out: nobody needs to hear of it any more
    const stop = alarm.ackedAt ? 'acknowledged' : alarm.status !== 1 ? 'cleared' : null;
    if (stop) return { outcome: 'suppressed', detail: { stoppedBy: stop, reason: `the alarm was ${stop} before this was sent` } };
    const e = d.detail as unknown as Escalation;
    const texts = { ...renderEscalated(lang, e, view), sms: smsEscalated(lang, e, view) };
    await send(deps, d, rule, texts, { type: 'alarm.escalated', occurredAt: new Date(d.createdAt).toISOString(), tier: e.tier, alarm: alarmPayload(view) });
    return { outcome: 'sent' };
  }
  if (d.kind === 'raised' && alarm.ruleCode === GATEWAY_OFFLINE)
    view.suppressed = await suppressedBy(deps.db, alarm, deps.stormGraceMs, new Date(deps.clock()));
  const kind = d.kind;
  await send(
    deps,
    d,
    rule,
    { ...renderAlarm(lang, kind, view), sms: smsAlarm(lang, kind, view) },
    {
      type: `alarm.${kind}`,
      occurredAt: occurredAt(alarm, kind),
      alarm: alarmPayload(view),
      ...(view.suppressed ? { suppressedDeviceAlarms: view.suppressed } : {}),
    },
  );
  return { outcome: 'sent' };
};

/** The e-mail's (and push's) subject and text, and the one line an SMS carries. */
type Texts = Rendered & { sms: string };

const send = async (deps: SenderDeps, d: Claimed, rule: RuleRow | null, { sms, ...text }: Texts, body: Record<string, unknown>): Promise<void> => {
  if (d.channel === 'sms') {
    // the delivery's id, the same on every redelivery, lets the gateway drop a repeat
    await deps.channels.sms({ to: d.address, text: sms, id: `ntf_${d.id}` });
    return;
  }
  if (d.channel === 'email') {
    await deps.channels.email({ to: d.address, ...text, messageId: `<notification-${d.id}@ems.local>` });
    return;
  }
  if (d.channel === 'push') {
    const missing = await pushToBrowsers(deps, d, text, body);
    if (missing) throw new FatalError(missing);
    return;
  }
  if (!rule?.webhookSecret) throw new FatalError('the rule has no webhook secret');
  await deps.channels.webhook({ url: d.address, secret: rule.webhookSecret, eventId: `ntf_${d.id}`, body });
};

/** A failure that no retry can mend. */
class FatalError extends Error {}
