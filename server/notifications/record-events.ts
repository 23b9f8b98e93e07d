import { formatWall } from '../../protocol/site-time';
import type { Scope } from '../auth/scope';
import type { Queryable } from '../db/db';
import type { Registry } from '../registry';
import { distributionSql, switchSql, type DistributionRow, type SwitchRow } from '../strategies/records';
import { enqueue } from './outbox';
import type { RuleRow } from './rules';

// Webhook events that are not alarms (docs/notifications.md, "Webhooks"): a dispatch result (a
// strategy issuance or a mode switch closed by the gateway or its timeout) and a report ready
// (an export job done, a scheduled report sent). A trigger on each record wrote the event in the
// change's transaction; here it becomes one webhook delivery per rule that asked for its type and
// may see it. The body is made now and kept with the delivery, so every redelivery carries the
// same one (the records change no more once closed, but an export job is swept after a while).

export type RecordEventType = 'dispatch.result' | 'report.ready';

export interface Hearer {
  accountId: number;
  name: string;
  orgId: number | null;
  scope: Scope | null;
}

/** What the planning of one batch of events shares: its transaction, the enabled rules, each account as the batch first looked it up, and the time. */
export interface Batch<A extends Hearer = Hearer> {
  q: Queryable;
  rules: RuleRow[];
  account: (accountId: number) => Promise<A>;
  now: number;
}

interface Made {
  type: RecordEventType;
  occurredAt: Date;
  /** the organisation whose report it is (report events) */
  orgId: number | null;
  stationId: number | null;
  payload: Record<string, unknown>;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

const station = (reg: Registry, stationId: number, at: Date) => {
  const zone = reg.stations.get(stationId)?.timezone ?? 'UTC';
  return { stationName: reg.stations.get(stationId)?.name ?? String(stationId), stationZone: zone, stationTime: formatWall(zone, at.getTime()) };
};

/** A command record's outcome as a dispatch.result event, dated when the gateway answered. */
const dispatchResult = (
  reg: Registry,
  kind: 'strategy' | 'switch',
  r: Pick<DistributionRow, 'id' | 'stationId' | 'status' | 'reason' | 'operator'>,
  what: Record<string, unknown>,
  issuedAt: Date,
  ackedAt: Date,
): Made => {
  const dispatch = {
    kind,
    recordId: r.id,
    stationId: r.stationId,
    ...what,
    ok: r.status === 1,
    reason: r.reason,
    issuedAt: iso(issuedAt),
    ackedAt: iso(ackedAt),
    operator: r.operator,
  };
  return { type: 'dispatch.result', occurredAt: ackedAt, orgId: null, stationId: r.stationId, payload: { dispatch: withStation(reg, dispatch, ackedAt) } };
};

/** The event a `ref` (`strategy:12`, `switch:7`, `export:<job>`, `schedule:<id>:<period>`) tells of; null when the record is gone. */
const make = async (q: Queryable, reg: Registry, ref: string, at: Date): Promise<Made | null> => {
  const [kind, id, period] = ref.split(':') as [string, string, string | undefined];
  if (kind === 'strategy') {
    const [d] = await q.query<DistributionRow>(`${distributionSql(false)} WHERE d.id = $1`, [Number(id)]);
    if (!d) return null;
    return dispatchResult(reg, 'strategy', d, { strategyId: d.strategyId }, d.issuedAt, d.ackedAt ?? at);
  }
  if (kind === 'switch') {
    const [s] = await q.query<SwitchRow>(`${switchSql} WHERE r.id = $1`, [Number(id)]);
    if (!s) return null;
    // a switch record keeps no answer time: the event's own (the commit that closed it) is it
    return dispatchResult(reg, 'switch', s, { operation: s.operation }, s.at, at);
  }
  if (kind === 'export') {
    const [j] = await q.query<{ about: Record<string, unknown> | null; token: string | null; expires: Date | null; finished: Date | null; orgId: number }>(
      `SELECT j.about, j.token, j.token_expires AS expires, j.finished_at AS finished, a.org_id AS "orgId"
       FROM export_jobs j JOIN accounts a ON a.id = j.account_id WHERE j.id = $1 AND j.status = 'done'`,
      [id],
    );
    if (!j?.about) return null;
    const stationId = typeof j.about.stationId === 'number' ? j.about.stationId : null;
    const report = {
      kind: 'export',
      jobId: id,
      report: j.about.report,
      format: j.about.format,
      period: j.about.period ?? null,
      ...(stationId !== null ? { stationId } : {}),
      // relative, as the console's own link: the receiver knows the server it subscribed to
      downloadUrl: j.token ? `/api/export/${j.token}` : null,
      expiresAt: iso(j.expires),
    };
    return { type: 'report.ready', occurredAt: j.finished ?? at, orgId: j.orgId, stationId, payload: { report } };
  }
  if (kind === 'schedule') {
    const [s] = await q.query<{ orgId: number; report: string; stationId: number | null; sentAt: Date | null }>(
      `SELECT s.org_id AS "orgId", s.report, s.station_id AS "stationId", d.sent_at AS "sentAt"
       FROM report_deliveries d JOIN report_schedules s ON s.id = d.schedule_id WHERE d.schedule_id = $1 AND d.period_key = $2`,
      [Number(id), period],
    );
    if (!s) return null;
    const report = {
      kind: 'schedule',
      scheduleId: Number(id),
      report: s.report,
      format: 'xlsx+pdf',
      period: period!,
      ...(s.stationId !== null ? { stationId: s.stationId } : {}),
    };
    return { type: 'report.ready', occurredAt: s.sentAt ?? at, orgId: s.orgId, stationId: s.stationId, payload: { report } };
  }
  return null;
};

const withStation = (reg: Registry, d: { stationId: number } & Record<string, unknown>, at: Date) => {
  const { stationName, stationZone, stationTime } = station(reg, d.stationId, at);
  const { operator, ...rest } = d;
  return { ...rest, stationName, stationZone, stationTime, operator };
};

/** May this rule's account hear of it: dispatch results of stations in its data scope (and filter), reports of its organisation. */
const hears = (rule: RuleRow, who: Hearer, e: Made): boolean => {
  if (!who.scope) return false;
  if (e.stationId !== null && (!who.scope.hasStation(e.stationId) || (rule.stationIds.length > 0 && !rule.stationIds.includes(e.stationId)))) return false;
  return e.type === 'dispatch.result' || (e.orgId !== null && who.orgId === e.orgId);
};

/** Plans one record event: a webhook delivery to each own rule that wants its type and may see it. */
export const planRecordEvent = async ({ q, rules, account, now }: Batch, reg: Registry, ref: string, at: Date): Promise<void> => {
  const e = await make(q, reg, ref, at);
  if (!e) return;
  for (const rule of rules) {
    // a role's rule has no webhook: it speaks for many accounts
    if (rule.accountId === null || rule.roleId !== null || !rule.webhookUrl || !rule.channels.includes('webhook') || !rule.events.includes(e.type)) continue;
    const who = await account(rule.accountId);
    if (!hears(rule, who, e)) continue;
    await enqueue(
      q,
      {
        dedupeKey: `${ref}:${rule.ruleId}:webhook`,
        ruleId: rule.ruleId,
        accountId: who.accountId,
        recipient: who.name,
        channel: 'webhook',
        address: rule.webhookUrl,
        kind: e.type === 'dispatch.result' ? 'dispatch' : 'report',
        alarmId: null,
        dueAt: new Date(now),
        detail: { ref, body: { type: e.type, occurredAt: e.occurredAt.toISOString(), ...e.payload } },
      },
      new Date(now),
    );
  }
};
