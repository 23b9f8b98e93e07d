import type { Queryable } from '../db/db';

// The outbox of deliveries (docs/notifications.md, "Delivery guarantees"). Rows are claimed with
// FOR UPDATE SKIP LOCKED, so replicas polling at once each take different rows, and carry a lease:
// a claimed row's due time becomes the end of the lease, so a replica that dies mid-send leaves a
// row any replica takes over once the lease has run out. Finishing checks the lease owner, so a
// replica that comes back late cannot overwrite its successor's outcome.

export type Channel = 'email' | 'webhook' | 'push' | 'sms';
export type DeliveryKind = 'raised' | 'cleared' | 'acked' | 'digest' | 'test' | 'escalated' | 'dispatch' | 'report';
export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'dead' | 'suppressed';

export interface NewDelivery {
  dedupeKey: string;
  ruleId: number | null;
  accountId: number | null;
  recipient: string;
  channel: Channel;
  address: string;
  kind: DeliveryKind;
  alarmId: number | null;
  dueAt: Date;
  detail?: Record<string, unknown>;
}

/** A stored delivery: what was planned, and where its sending stands. */
export interface DeliveryRow extends Omit<NewDelivery, 'detail'> {
  id: number;
  alarmIds: number[];
  status: DeliveryStatus;
  attempts: number;
  leaseOwner: string | null;
  lastError: string | null;
  detail: Record<string, unknown>;
  createdAt: Date;
  sentAt: Date | null;
}

export const DELIVERY_COLUMNS = `d.id, d.dedupe_key AS "dedupeKey", d.rule_id AS "ruleId", d.account_id AS "accountId", d.recipient,
  d.channel, d.address, d.kind, d.alarm_id AS "alarmId", d.alarm_ids AS "alarmIds", d.status, d.attempts, d.due_at AS "dueAt",
  d.lease_owner AS "leaseOwner", d.last_error AS "lastError", d.detail, d.created_at AS "createdAt", d.sent_at AS "sentAt"`;

/** Adds a delivery unless one with its dedupe key exists; answers whether it was added. */
export const enqueue = async (db: Queryable, d: NewDelivery, now: Date): Promise<boolean> => {
  const rows = await db.query(
    `INSERT INTO notification_deliveries (dedupe_key, rule_id, account_id, recipient, channel, address, kind, alarm_id, due_at, detail, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
    [d.dedupeKey, d.ruleId, d.accountId, d.recipient, d.channel, d.address, d.kind, d.alarmId, d.dueAt, JSON.stringify(d.detail ?? {}), now],
  );
  return rows.length > 0;
};

/** A delivery made and claimed by `owner` at once (a test-send): sent now, not polled for. */
export const claimedNow = async (db: Queryable, d: NewDelivery, owner: string, now: Date): Promise<Claimed> => {
  const [row] = await db.query<Claimed>(
    `INSERT INTO notification_deliveries AS d (dedupe_key, rule_id, account_id, recipient, channel, address, kind, alarm_id, due_at, detail, created_at,
       status, lease_owner, attempts)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'sending', $12, 1)
     RETURNING ${DELIVERY_COLUMNS}, false AS interrupted`,
    [d.dedupeKey, d.ruleId, d.accountId, d.recipient, d.channel, d.address, d.kind, d.alarmId, d.dueAt, JSON.stringify(d.detail ?? {}), now, owner],
  );
  return row!;
};

export interface Claimed extends DeliveryRow {
  /** the row was 'sending' under a lease that ran out: its last attempt was interrupted */
  interrupted: boolean;
}

/** Claims up to `limit` due rows for `owner` until `now + leaseMs`; each claim counts as an attempt. */
export const claim = async (db: Queryable, owner: string, now: Date, leaseMs: number, limit: number): Promise<Claimed[]> => {
  const rows = await db.query<Claimed>(
    `WITH c AS (
       SELECT id, status FROM notification_deliveries
       WHERE status IN ('pending', 'sending') AND due_at <= $1
       ORDER BY due_at, id LIMIT $4 FOR UPDATE SKIP LOCKED)
     UPDATE notification_deliveries d
       SET status = 'sending', lease_owner = $2, due_at = $3, attempts = d.attempts + 1
     FROM c WHERE d.id = c.id
     RETURNING ${DELIVERY_COLUMNS}, c.status = 'sending' AS interrupted`,
    [now, owner, new Date(now.getTime() + leaseMs), limit],
  );
  if (rows.some((r) => r.interrupted)) {
    const lost = rows.filter((r) => r.interrupted);
    await db.query(
      `INSERT INTO notification_attempts (delivery_id, at, outcome, error, replica)
       SELECT unnest($1::bigint[]), $2, 'interrupted', 'the lease ran out before an outcome was recorded', $3`,
      [lost.map((r) => r.id), now, owner],
    );
  }
  return rows.sort((a, b) => a.id - b.id);
};

export type Outcome =
  { outcome: 'sent' } | { outcome: 'suppressed'; detail: Record<string, unknown> } | { outcome: 'failed'; error: string; retryAt: Date | null };

/**
 * Records the outcome of `owner`'s attempt at `id` and moves the row on: sent, suppressed, back to
 * pending until `retryAt`, or dead when there is none. Answers false when the lease was lost
 * (another replica took the row over), in which case nothing is written.
 */
export const finish = async (db: Queryable, id: number, owner: string, now: Date, durationMs: number, o: Outcome): Promise<boolean> => {
  const status = o.outcome === 'failed' ? (o.retryAt ? 'pending' : 'dead') : o.outcome;
  // a suppression may say why (an escalation whose alarm was acknowledged): the log shows it as the attempt's reason
  const reason = o.outcome === 'failed' ? o.error : o.outcome === 'suppressed' && typeof o.detail.reason === 'string' ? o.detail.reason : null;
  const error = reason?.slice(0, 500) ?? null;
  const rows = await db.query(
    `WITH up AS (
       UPDATE notification_deliveries SET status = $3, last_error = coalesce($4, last_error), lease_owner = NULL,
         due_at = coalesce($5, due_at), sent_at = CASE WHEN $3 = 'sent' THEN $6::timestamptz ELSE sent_at END,
         detail = detail || $7::jsonb
       WHERE id = $1 AND status = 'sending' AND lease_owner = $2 RETURNING id)
     INSERT INTO notification_attempts (delivery_id, at, outcome, error, duration_ms, replica)
     SELECT id, $6, $8, $4, $9, $2 FROM up RETURNING delivery_id`,
    [
      id,
      owner,
      status,
      error,
      o.outcome === 'failed' ? o.retryAt : null,
      now,
      JSON.stringify(o.outcome === 'suppressed' ? o.detail : {}),
      o.outcome,
      Math.round(durationMs),
    ],
  );
  return rows.length > 0;
};

/** Pause before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min … at most an hour. */
export const backoffMs = (attempts: number): number => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));
