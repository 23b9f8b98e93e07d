import type { z } from 'zod';
import type { reportDelivery, reportSchedule } from '../../protocol/actions/report-schedules';
import type { ReportItem } from '../../protocol/actions/report-shapes';
import type { Queryable } from '../db/db';
import type { ReportKind } from './scope';

// Rows of scheduled reports and their deliveries.

export type ScheduleRow = Omit<z.input<typeof reportSchedule>, 'nextRunAt'> & { tenantOrgId: number; createdById: number; locale: string };
export type DeliveryRow = z.input<typeof reportDelivery>;
export interface ScheduleInput {
  report: ReportKind;
  orgId?: number;
  stationId?: number;
  items: ReportItem[];
  granularity: 'day' | 'month' | 'year';
  cadence: 'weekly' | 'monthly';
  recipients: string[];
  enabled: boolean;
}

const SELECT = `SELECT r.id::int AS "scheduleId", r.org_id AS "tenantOrgId", r.report, r.scope_org_id AS "orgId", r.station_id AS "stationId",
    r.items, r.granularity, r.cadence, r.recipients, r.enabled, r.locale, r.created_by AS "createdById", a.account AS "createdBy", r.created_at AS "createdAt"
  FROM report_schedules r JOIN accounts a ON a.id = r.created_by`;

type Raw = Omit<ScheduleRow, 'createdAt'> & { createdAt: Date | string };
const iso = (t: Date | string) => new Date(t).toISOString();
const toRow = (r: Raw): ScheduleRow => ({ ...r, createdAt: iso(r.createdAt) });

export const scheduleById = async (db: Queryable, id: number): Promise<ScheduleRow | null> => {
  const [r] = await db.query<Raw>(`${SELECT} WHERE r.id = $1`, [id]);
  return r ? toRow(r) : null;
};

/** Schedules of one organisation, or every one (null). */
export const listSchedules = async (db: Queryable, tenantOrgId: number | null): Promise<ScheduleRow[]> =>
  (await db.query<Raw>(`${SELECT} WHERE $1::int IS NULL OR r.org_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT 500`, [tenantOrgId])).map(toRow);

export const enabledSchedules = async (db: Queryable): Promise<ScheduleRow[]> => (await db.query<Raw>(`${SELECT} WHERE r.enabled ORDER BY r.id`)).map(toRow);

/** Inserts (id null) or replaces a schedule; answers its id. */
export const saveSchedule = async (
  db: Queryable,
  id: number | null,
  s: ScheduleInput,
  o: { tenantOrgId: number; accountId: number; locale: string; now: number },
): Promise<number> => {
  const values = [s.report, s.orgId ?? null, s.stationId ?? null, s.items, s.granularity, s.cadence, s.recipients, s.enabled, o.locale, o.accountId];
  if (id !== null) {
    await db.query(
      `UPDATE report_schedules SET report = $2, scope_org_id = $3, station_id = $4, items = $5, granularity = $6, cadence = $7,
         recipients = $8, enabled = $9, locale = $10, created_by = $11 WHERE id = $1`,
      [id, ...values],
    );
    return id;
  }
  const [r] = await db.query<{ id: number }>(
    `INSERT INTO report_schedules (report, scope_org_id, station_id, items, granularity, cadence, recipients, enabled, locale, created_by, org_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, to_timestamp($12 / 1000.0)) RETURNING id::int AS id`,
    [...values, o.tenantOrgId, o.now],
  );
  return r!.id;
};

export const deleteSchedule = async (db: Queryable, id: number): Promise<void> => {
  await db.query('DELETE FROM report_schedules WHERE id = $1', [id]);
};

/** Claims a period for this process: true only for the one process whose insert wins. */
export const claimDelivery = async (db: Queryable, scheduleId: number, periodKey: string, now: number): Promise<boolean> =>
  (
    await db.query(
      `INSERT INTO report_deliveries (schedule_id, period_key, status, claimed_at) VALUES ($1, $2, 'sending', to_timestamp($3 / 1000.0))
     ON CONFLICT (schedule_id, period_key) DO NOTHING RETURNING schedule_id`,
      [scheduleId, periodKey, now],
    )
  ).length === 1;

export const finishDelivery = async (db: Queryable, scheduleId: number, periodKey: string, error: string | null, now: number): Promise<void> => {
  await db.query(
    `UPDATE report_deliveries SET status = $3, error = $4, sent_at = CASE WHEN $4::text IS NULL THEN to_timestamp($5 / 1000.0) END
     WHERE schedule_id = $1 AND period_key = $2`,
    [scheduleId, periodKey, error === null ? 'sent' : 'failed', error, now],
  );
};

type RawDelivery = Omit<DeliveryRow, 'claimedAt' | 'sentAt'> & { claimedAt: Date | string; sentAt: Date | string | null };
export const listDeliveries = async (db: Queryable, scheduleId: number): Promise<DeliveryRow[]> =>
  (
    await db.query<RawDelivery>(
      `SELECT period_key AS "periodKey", status, error, claimed_at AS "claimedAt", sent_at AS "sentAt"
     FROM report_deliveries WHERE schedule_id = $1 ORDER BY claimed_at DESC, period_key DESC LIMIT 200`,
      [scheduleId],
    )
  ).map((d) => ({ ...d, claimedAt: iso(d.claimedAt), sentAt: d.sentAt === null ? null : iso(d.sentAt) }));

/** Of (schedule, period) pairs, those that have a delivery row (sending, sent or failed). */
export const deliveredPeriods = async (db: Queryable, pairs: readonly { scheduleId: number; periodKey: string }[]): Promise<Set<string>> => {
  if (pairs.length === 0) return new Set();
  const rows = await db.query<{ id: number; key: string }>(
    `SELECT d.schedule_id::int AS id, d.period_key AS key FROM report_deliveries d
     JOIN unnest($1::int[], $2::text[]) AS p(id, key) ON p.id = d.schedule_id AND p.key = d.period_key`,
    [pairs.map((p) => p.scheduleId), pairs.map((p) => p.periodKey)],
  );
  return new Set(rows.map((r) => `${r.id}:${r.key}`));
};
