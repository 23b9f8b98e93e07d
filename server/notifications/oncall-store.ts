import type { z } from 'zod';
import { oncallTier } from '../../protocol/actions/oncall';
import type { Queryable } from '../db/db';
import type { Registry } from '../registry';

// On-call schedules of organisations (docs/notifications.md, "Escalation"). The tiers are one
// JSONB value, parsed with the action's own schema when read, so a row edited by hand that no
// longer fits is skipped by the sweep rather than half-understood.

export type OncallTier = z.output<typeof oncallTier>;

export interface ScheduleRow {
  scheduleId: number;
  orgId: number;
  name: string;
  zone: string;
  stationIds: number[];
  categories: string[];
  enabled: boolean;
  tiers: OncallTier[];
  locale: string;
  createdAt: Date;
  updatedAt: Date;
}

export type ScheduleInput = Pick<ScheduleRow, 'name' | 'zone' | 'stationIds' | 'categories' | 'enabled' | 'tiers'>;

const COLUMNS = `id AS "scheduleId", org_id AS "orgId", name, zone, station_ids AS "stationIds", categories, enabled, tiers, locale,
  created_at AS "createdAt", updated_at AS "updatedAt"`;

const parsed = (r: ScheduleRow): ScheduleRow | null => {
  const tiers = oncallTier.array().safeParse(r.tiers);
  return tiers.success ? { ...r, tiers: tiers.data } : null;
};

/** Schedules of `orgId` (null: every organisation), oldest first. */
export const schedulesOf = async (db: Queryable, orgId: number | null): Promise<ScheduleRow[]> =>
  (await db.query<ScheduleRow>(`SELECT ${COLUMNS} FROM oncall_schedules WHERE $1::int IS NULL OR org_id = $1 ORDER BY id`, [orgId])).flatMap(
    (r) => parsed(r) ?? [],
  );

export const scheduleById = async (db: Queryable, id: number): Promise<ScheduleRow | null> => {
  const [r] = await db.query<ScheduleRow>(`SELECT ${COLUMNS} FROM oncall_schedules WHERE id = $1`, [id]);
  return r ? parsed(r) : null;
};

/** Which stations "every station of the organisation" means: a provider's, a customer's, or all (the platform). */
const coverage = (reg: Registry, orgId: number): { providerId: number | null; customerId: number | null } => {
  const org = reg.orgs.get(orgId);
  if (org?.orgType === 3) return { providerId: reg.providerOf(orgId), customerId: orgId };
  if (org?.orgType === 2) return { providerId: orgId, customerId: null };
  return { providerId: null, customerId: null };
};

/** Creates (no id) or replaces a schedule of `orgId`; answers its id. */
export const saveSchedule = async (
  db: Queryable,
  reg: Registry,
  scheduleId: number | null,
  orgId: number,
  s: ScheduleInput,
  locale: string,
  now: Date,
): Promise<number> => {
  const { providerId, customerId } = coverage(reg, orgId);
  const vals = [s.name, s.zone, s.stationIds, providerId, customerId, s.categories, s.enabled, JSON.stringify(s.tiers), locale, now];
  if (scheduleId === null) {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO oncall_schedules (name, zone, station_ids, provider_id, customer_id, categories, enabled, tiers, locale, created_at, updated_at, org_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11) RETURNING id`,
      [...vals, orgId],
    );
    return row!.id;
  }
  await db.query(
    `UPDATE oncall_schedules SET name = $1, zone = $2, station_ids = $3, provider_id = $4, customer_id = $5, categories = $6, enabled = $7,
       tiers = $8, locale = $9, updated_at = $10 WHERE id = $11`,
    [...vals, scheduleId],
  );
  return scheduleId;
};

export const deleteSchedule = async (db: Queryable, id: number): Promise<void> => {
  await db.query('DELETE FROM oncall_schedules WHERE id = $1', [id]);
};
