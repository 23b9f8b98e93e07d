import { Scope } from '../auth/scope';
import { loadPrincipal } from '../auth/sessions';
import type { Db, Queryable } from '../db/db';
import type { Registry } from '../registry';
import { alarmById, type AlarmRow } from '../alarms/store';
import { langOf } from './messages';
import { enqueue, type Channel } from './outbox';
import { PUSH_ADDRESS } from './planner';
import { onShift } from './oncall-shifts';
import { scheduleById, type OncallTier, type ScheduleRow } from './oncall-store';
import { coveringGateway, holdsForStorm, isCommAlarm } from './storm';

// Escalation (docs/notifications.md, "Escalation"): every replica sweeps in its poll for open,
// unacknowledged alarms of a schedule's stations whose age has reached a tier's minutes, and
// plans that tier: the accounts of the shift in force when it fell due, plus the enabled holders
// of its roles, each within its own data scope, on the tier's channels. A tier planned for an
// alarm is a row of oncall_escalations written in the transaction that stores its deliveries, so
// two replicas (or a restart) plan it once; the deliveries' dedupe keys would make a second
// planning harmless anyway. An acknowledged or cleared alarm is not swept, so no later tier comes.

export interface EscalationDeps {
  db: Pick<Db, 'tx' | 'query'>;
  registry: Registry;
  clock: () => number;
  stormGraceMs: number;
}

interface Due {
  alarmId: number;
  scheduleId: number;
  tier: number;
}

/** Tiers (1-based) due and not planned yet; a schedule sees only alarms raised after it was made. */
const DUE = `
  SELECT a.id AS "alarmId", s.id AS "scheduleId", t.ord::int AS tier
  FROM oncall_schedules s
  CROSS JOIN LATERAL jsonb_array_elements(s.tiers) WITH ORDINALITY AS t(v, ord)
  JOIN alarms a ON a.status = 1 AND a.acked_at IS NULL AND NOT a.shelved AND NOT a.in_maintenance
    AND a.happen_time >= s.created_at
    AND a.happen_time <= $1::timestamptz - (t.v->>'afterMinutes')::int * interval '1 minute'
  JOIN stations st ON st.id = a.station_id
  WHERE s.enabled
    AND (cardinality(s.station_ids) = 0 OR a.station_id = ANY(s.station_ids))
    AND (s.provider_id IS NULL OR a.provider_id = s.provider_id)
    AND (s.customer_id IS NULL OR st.customer_id = s.customer_id)
    AND (cardinality(s.categories) = 0 OR a.category = ANY(s.categories))
    AND NOT EXISTS (SELECT 1 FROM oncall_escalations e WHERE e.alarm_id = a.id AND e.schedule_id = s.id AND e.tier = t.ord)
  ORDER BY a.happen_time, a.id, s.id, t.ord
  LIMIT $2`;

export const escalationKey = (alarmId: number, accountId: number, channel: Channel, tier: number) => `${alarmId}:${accountId}:${channel}:escalated:${tier}`;

/** Plans up to `limit` due tiers; answers how many deliveries were made. */
export const sweepEscalations = async (deps: EscalationDeps, limit = 100): Promise<number> => {
  const now = deps.clock();
  const due = await deps.db.query<Due>(DUE, [new Date(now), limit]);
  let made = 0;
  for (const d of due) made += await deps.db.tx((q) => planTier(q, deps, d, now));
  return made;
};

const planTier = async (q: Queryable, deps: EscalationDeps, d: Due, now: number): Promise<number> => {
  const alarm = await alarmById(q, d.alarmId);
  // a gateway or communication alarm waits for its storm like its first notice does: next sweep
  if (alarm && holdsForStorm(alarm) && now < alarm.happenTime.getTime() + deps.stormGraceMs) return 0;
  const marked = await q.query(
    'INSERT INTO oncall_escalations (alarm_id, schedule_id, tier, planned_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING tier',
    [d.alarmId, d.scheduleId, d.tier, new Date(now)],
  );
  // another replica planned it
  if (marked.length === 0) return 0;
  const schedule = await scheduleById(q, d.scheduleId);
  const tier = schedule?.tiers[d.tier - 1];
  // acknowledged or cleared since the sweep read it, or a device alarm folded into its gateway's storm
  if (!alarm || !schedule || !tier || alarm.status !== 1 || alarm.ackedAt) return 0;
  if (isCommAlarm(alarm) && (await coveringGateway(q, alarm, deps.stormGraceMs)) !== null) return 0;
  const made = await planDeliveries(q, deps, alarm, schedule, tier, d.tier, now);
  await q.query('UPDATE oncall_escalations SET deliveries = $4 WHERE alarm_id = $1 AND schedule_id = $2 AND tier = $3', [
    d.alarmId,
    d.scheduleId,
    d.tier,
    made,
  ]);
  return made;
};

interface Person {
  id: number;
  name: string;
  email: string | null;
  mobile: string | null;
  pushes: number;
}

const planDeliveries = async (q: Queryable, deps: EscalationDeps, alarm: AlarmRow, s: ScheduleRow, tier: OncallTier, tierNo: number, now: number) => {
  // the shift in force when the tier fell due, not when a late sweep got to it
  const dueAt = alarm.happenTime.getTime() + tier.afterMinutes * 60_000;
  const named = onShift(tier, s.zone, dueAt);
  if (named.accountIds.length === 0 && named.roleIds.length === 0) return 0;
  const people = await q.query<Person>(
    `SELECT a.id, coalesce(nullif(a.contact, ''), a.account) AS name, a.email, a.mobile,
       (SELECT count(*)::int FROM push_subscriptions p WHERE p.account_id = a.id) AS pushes
     FROM accounts a WHERE a.status = 1 AND (a.id = ANY($1::int[]) OR a.role_id = ANY($2::int[])) ORDER BY a.id`,
    [named.accountIds, named.roleIds],
  );
  let made = 0;
  for (const p of people) {
    const principal = await loadPrincipal(q, p.id);
    if (!principal || !new Scope(principal, deps.registry).hasStation(alarm.stationId)) continue;
    for (const channel of tier.channels) {
      const address = channel === 'email' ? p.email : channel === 'sms' ? p.mobile : p.pushes > 0 ? PUSH_ADDRESS : null;
      if (!address) continue;
      const added = await enqueue(
        q,
        {
          dedupeKey: escalationKey(alarm.id, p.id, channel, tierNo),
          ruleId: null,
          accountId: p.id,
          recipient: p.name,
          channel,
          address,
          kind: 'escalated',
          alarmId: alarm.id,
          dueAt: new Date(now),
          detail: { tier: tierNo, afterMinutes: tier.afterMinutes, scheduleId: s.scheduleId, schedule: s.name, lang: langOf(s.locale) },
        },
        new Date(now),
      );
      if (added) made++;
    }
  }
  return made;
};
