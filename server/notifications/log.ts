import type { Queryable } from '../db/db';
import { offsetOf, Where } from '../db/list-query';
import { DELIVERY_COLUMNS, type DeliveryRow } from './outbox';

// The delivery log: deliveries newest first with every attempt at each, for administrators
// (queryNotificationDeliveries). A tenant reads those to accounts of its own organisations.

export interface LogFilter {
  /** null: every organisation (the platform) */
  orgIds: number[] | null;
  accountId?: number;
  channel?: string;
  status?: string;
  kind?: string;
  alarmId?: number;
  from?: string;
  to?: string;
  page: number;
  length: number;
}

interface AttemptRow {
  deliveryId: number;
  at: Date;
  outcome: 'sent' | 'failed' | 'suppressed' | 'interrupted' | 'replayed';
  error: string | null;
  durationMs: number | null;
  replica: string;
  by: string | null;
}

const detailOf = ({ body: _body, ...rest }: Record<string, unknown>) => rest;
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export const readLog = async (db: Queryable, f: LogFilter) => {
  const w = new Where();
  const p = (v: unknown) => w.p(v);
  if (f.orgIds) w.add(`d.account_id IN (SELECT id FROM accounts WHERE org_id = ANY(${p(f.orgIds)}::int[]))`);
  if (f.accountId !== undefined) w.add(`d.account_id = ${p(f.accountId)}`);
  if (f.channel) w.add(`d.channel = ${p(f.channel)}`);
  if (f.status) w.add(`d.status = ${p(f.status)}`);
  if (f.kind) w.add(`d.kind = ${p(f.kind)}`);
  if (f.alarmId !== undefined) w.add(`(d.alarm_id = ${p(f.alarmId)} OR ${p(f.alarmId)}::bigint = ANY(d.alarm_ids))`);
  if (f.from) w.add(`d.created_at >= ${p(f.from)}::timestamptz`);
  if (f.to) w.add(`d.created_at < ${p(f.to)}::timestamptz`);
  const where = w.sql;
  const vals = w.vals;
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM notification_deliveries d ${where}`, vals);
  const rows = await db.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM notification_deliveries d ${where} ORDER BY d.created_at DESC, d.id DESC LIMIT ${p(f.length)} OFFSET ${p(offsetOf(f.page, f.length))}`,
    vals,
  );
  const attempts = rows.length
    ? await db.query<AttemptRow>(
        `SELECT delivery_id AS "deliveryId", at, outcome, error, duration_ms AS "durationMs", replica, actor AS by FROM notification_attempts
       WHERE delivery_id = ANY($1::bigint[]) ORDER BY id`,
        [rows.map((r) => r.id)],
      )
    : [];
  return {
    totalCount: count?.n ?? 0,
    dataList: rows.map((r) => ({
      deliveryId: r.id,
      accountId: r.accountId,
      recipient: r.recipient,
      channel: r.channel,
      address: r.address,
      kind: r.kind,
      alarmId: r.alarmId,
      alarmIds: r.alarmIds,
      status: r.status,
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: iso(r.createdAt)!,
      dueAt: iso(r.dueAt)!,
      sentAt: iso(r.sentAt),
      // a report's body holds its download link: the log names the record, not the link
      detail: detailOf(r.detail),
      attemptLog: attempts.filter((a) => a.deliveryId === r.id).map(({ deliveryId: _d, at, ...a }) => ({ ...a, at: iso(at)! })),
    })),
  };
};
