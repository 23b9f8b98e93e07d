import { Scope } from '../auth/scope';
import { loadPrincipal } from '../auth/sessions';
import type { Db, Queryable } from '../db/db';
import type { Registry } from '../registry';
import { alarmById, type AlarmRow } from '../alarms/store';
import { enqueue, type Channel, type DeliveryKind } from './outbox';
import { enabledRules, type RuleRow } from './rules';
import { planRecordEvent, type Batch } from './record-events';
import { holdsForStorm } from './storm';
import { afterQuiet, digestWindowEnd } from './timing';

// Turns alarm changes (rows the alarms trigger wrote to notification_events) into deliveries.
// A batch of events is taken with FOR UPDATE SKIP LOCKED and deleted in the same transaction as
// the deliveries it made, so a crash plans it again from scratch and two replicas never plan one
// event at once; the dedupe keys would make a second planning harmless anyway.
//
// raised  → every enabled rule that matches the alarm, within its account's data scope now;
// cleared → everyone told of the raise (or about to be), on the same channel;
// acked   → webhooks of those told (systems follow the alarm's state; people need not hear it).
// A flapping alarm (raised again and again within minutes) is told once per window with its
// count: its further raises go into one message per rule and channel, and their clearing is not
// sent (the message says how often it came and went).

export interface PlannerDeps {
  db: Pick<Db, 'tx'>;
  registry: Registry;
  clock: () => number;
  /** how long a gateway-offline or device communication alarm waits for the rest of its storm */
  stormGraceMs: number;
  /** a raise with `count` or more earlier raises of the same rule and device in the last `minutes` flaps (count 0: never) */
  flap?: { count: number; minutes: number };
}

interface EventRow {
  id: number;
  alarmId: number | null;
  kind: 'raised' | 'cleared' | 'acked' | 'dispatch' | 'report';
  /** a dispatch or report event: the record it tells of (record-events.ts) */
  ref: string | null;
  at: Date;
}
interface Recipient {
  accountId: number;
  name: string;
  orgId: number | null;
  email: string | null;
  mobile: string | null;
  scope: Scope | null;
}

export const dedupeKey = (alarmId: number, accountId: number, channel: Channel, kind: DeliveryKind) => `${alarmId}:${accountId}:${channel}:${kind}`;

const matches = (r: RuleRow, a: AlarmRow): boolean =>
  (r.categories.length === 0 || r.categories.includes(a.category)) &&
  (r.alarmTypes.length === 0 || r.alarmTypes.includes(a.type)) &&
  (r.deviceTypes.length === 0 || r.deviceTypes.includes(a.deviceType)) &&
  (r.stationIds.length === 0 || r.stationIds.includes(a.stationId));

/** A push delivery goes to every browser the account has subscribed when it is sent. */
export const PUSH_ADDRESS = 'subscribed browsers';

/** Where a rule sends on a channel: its own address, the account's e-mail or mobile number, or nowhere. */
export const addressOf = (r: RuleRow, channel: Channel, account: { email: string | null; mobile: string | null }): string | null =>
  channel === 'email' ? (r.email ?? account.email) : channel === 'webhook' ? r.webhookUrl : channel === 'sms' ? (r.mobile ?? account.mobile) : PUSH_ADDRESS;

/** Plans up to `limit` events; answers how many. */
export const planEvents = (deps: PlannerDeps, limit = 200): Promise<number> =>
  deps.db.tx(async (q) => {
    const events = await q.query<EventRow>(
      'SELECT id, alarm_id AS "alarmId", kind, ref, at FROM notification_events ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED',
      [limit],
    );
    if (events.length === 0) return 0;
    const now = deps.clock();
    const rules = await enabledRules(q);
    const recipients = new Map<number, Recipient>();
    const recipient = async (accountId: number): Promise<Recipient> => {
      let r = recipients.get(accountId);
      if (!r) {
        const p = await loadPrincipal(q, accountId);
        const [acct] = await q.query<{ email: string | null; mobile: string | null }>('SELECT email, mobile FROM accounts WHERE id = $1', [accountId]);
        r = {
          accountId,
          name: p ? p.contact || p.account : String(accountId),
          orgId: p?.orgId ?? null,
          email: acct?.email ?? null,
          mobile: acct?.mobile ?? null,
          scope: p && p.status === 1 ? new Scope(p, deps.registry) : null,
        };
        recipients.set(accountId, r);
      }
      return r;
    };
    const batch: Batch<Recipient> = { q, rules, account: recipient, now };
    for (const e of events) {
      if (e.alarmId === null || e.kind === 'dispatch' || e.kind === 'report') {
        if (e.ref) await planRecordEvent(batch, deps.registry, e.ref, e.at);
        continue;
      }
      const alarm = await alarmById(q, e.alarmId);
      if (!alarm) continue;
      if (e.kind === 'raised') await planRaise(batch, deps, alarm);
      else await planFollowUp(batch, alarm, e.kind);
    }
    await q.query('DELETE FROM notification_events WHERE id = ANY($1::bigint[])', [events.map((e) => e.id)]);
    return events.length;
  });

const planRaise = async ({ q, rules, account, now }: Batch<Recipient>, deps: PlannerDeps, alarm: AlarmRow): Promise<void> => {
  // a shelved rule or a station in maintenance does not pop up on a console either
  if (alarm.shelved || alarm.inMaintenance) return;
  // communication alarms are the storm's to fold (one message per gateway outage)
  const flapping = deps.flap && deps.flap.count > 0 && !holdsForStorm(alarm) && (await earlierRaises(q, alarm, deps.flap.minutes)) >= deps.flap.count;
  const held = holdsForStorm(alarm) ? Math.max(now, alarm.happenTime.getTime() + deps.stormGraceMs) : now;
  // a role's rule tells an account only on a channel none of its own rules (read first) or an
  // earlier role rule took for this alarm: one message per account and channel, its own rule's
  const told = new Set<string>();
  for (const rule of rules) {
    if (rule.accountId === null || !rule.events.includes('alarm') || !matches(rule, alarm)) continue;
    const who = await account(rule.accountId);
    if (!who.scope?.hasStation(alarm.stationId)) continue;
    for (const channel of rule.channels) {
      const address = addressOf(rule, channel, who);
      if (!address || (rule.roleId !== null && told.has(`${who.accountId}:${channel}`))) continue;
      told.add(`${who.accountId}:${channel}`);
      if (rule.digestMinutes !== null) {
        await addToDigest(q, rule, who, channel, address, alarm.id, now, rule.digestMinutes, 'digest');
        continue;
      }
      if (flapping) {
        await addToDigest(
          q,
          rule,
          who,
          channel,
          address,
          alarm.id,
          now,
          deps.flap!.minutes,
          `flap:${alarm.stationId}:${alarm.deviceId ?? 0}:${alarm.ruleCode}`,
        );
        continue;
      }
      await enqueue(
        q,
        {
          dedupeKey: dedupeKey(alarm.id, who.accountId, channel, 'raised'),
          ruleId: rule.ruleId,
          accountId: who.accountId,
          recipient: who.name,
          channel,
          address,
          kind: 'raised',
          alarmId: alarm.id,
          dueAt: new Date(afterQuiet(rule, held)),
        },
        new Date(now),
      );
    }
  }
};

/** Raises of the same rule on the same device at the same station in the `minutes` before this one. */
const earlierRaises = async (q: Queryable, alarm: AlarmRow, minutes: number): Promise<number> => {
  const [r] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM alarms
     WHERE station_id = $1 AND rule_code = $2 AND device_id IS NOT DISTINCT FROM $3::bigint AND id <> $4
       AND happen_time > $5 AND happen_time <= $6`,
    [alarm.stationId, alarm.ruleCode, alarm.deviceId, alarm.id, new Date(alarm.happenTime.getTime() - minutes * 60_000), alarm.happenTime],
  );
  return r?.n ?? 0;
};

/**
 * Adds an alarm to the open message of a window of `minutes` (made when it is the first): a
 * rule's digest, or (`key` flap:…) the repeats of one flapping alarm.
 */
const addToDigest = async (
  q: Queryable,
  rule: RuleRow,
  who: Recipient,
  channel: Channel,
  address: string,
  alarmId: number,
  now: number,
  minutes: number,
  key: string,
) => {
  let end = digestWindowEnd(minutes, now);
  // a window whose message is already being sent is closed: the alarm goes into the next one
  for (let i = 0; i < 3; i++, end += minutes * 60_000) {
    const rows = await q.query(
      `INSERT INTO notification_deliveries AS d (dedupe_key, rule_id, account_id, recipient, channel, address, kind, alarm_ids, due_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'digest', ARRAY[$7::bigint], $8, $9)
       ON CONFLICT (dedupe_key) DO UPDATE SET alarm_ids = d.alarm_ids || $7::bigint
         WHERE d.status = 'pending' AND NOT ($7::bigint = ANY(d.alarm_ids))
       RETURNING id`,
      [
        // a role's rule tells each of its accounts: one digest each
        `${key}:${rule.ruleId}:${rule.roleId === null ? '' : `a${who.accountId}:`}${channel}:${end}`,
        rule.ruleId,
        who.accountId,
        who.name,
        channel,
        address,
        alarmId,
        new Date(afterQuiet(rule, end)),
        new Date(now),
      ],
    );
    if (rows.length > 0) return;
  }
};

/** A cleared or acknowledged notice to everyone who was told of the raise (or is about to be). */
const planFollowUp = async ({ q, rules, now }: Batch, alarm: AlarmRow, kind: 'cleared' | 'acked'): Promise<void> => {
  // escalated recipients were told too: they hear of the clearing (in their schedule's language)
  const told = await q.query<{
    ruleId: number | null;
    accountId: number;
    recipient: string;
    channel: Channel;
    address: string;
    dueAt: Date | null;
    lang: string | null;
  }>(
    `SELECT DISTINCT ON (account_id, channel) rule_id AS "ruleId", account_id AS "accountId", recipient, channel, address,
       CASE WHEN status = 'sent' THEN NULL ELSE due_at END AS "dueAt", detail->>'lang' AS lang
     FROM notification_deliveries
     WHERE ((alarm_id = $1 AND kind IN ('raised', 'escalated')) OR (kind = 'digest' AND $1 = ANY(alarm_ids) AND dedupe_key NOT LIKE 'flap:%'))
       AND status IN ('pending', 'sending', 'sent') AND account_id IS NOT NULL
     ORDER BY account_id, channel, id`,
    [alarm.id],
  );
  const byId = new Map(rules.map((r) => [r.ruleId, r]));
  for (const t of told) {
    if (kind === 'acked' && t.channel !== 'webhook') continue;
    const rule = t.ruleId === null ? undefined : byId.get(t.ruleId);
    // never before the notice it follows (a raise still held for a storm or quiet hours)
    const due = Math.max(now, t.dueAt?.getTime() ?? now);
    await enqueue(
      q,
      {
        dedupeKey: dedupeKey(alarm.id, t.accountId, t.channel, kind),
        ruleId: t.ruleId,
        accountId: t.accountId,
        recipient: t.recipient,
        channel: t.channel,
        address: t.address,
        kind,
        alarmId: alarm.id,
        dueAt: new Date(rule ? afterQuiet(rule, due) : due),
        detail: t.ruleId === null && t.lang ? { lang: t.lang } : undefined,
      },
      new Date(now),
    );
  }
};
