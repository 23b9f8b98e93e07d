import type { Queryable } from '../db/db';
import type { AlarmRow } from './store';

/** AlarmRow columns over a resolving CTE `up a` joined to `devices d`; station name and resolver
 *  are filled from memory by the caller. */
export const RESOLVED_COLUMNS = `a.id, a.provider_id AS "providerId", a.station_id AS "stationId", '' AS "stationName",
  a.device_id AS "deviceId", d.name AS "deviceName", a.device_type AS "deviceType", a.rule_code AS "ruleCode",
  a.category, a.type, a.status, a.content, a.params, a.happen_time AS "happenTime",
  a.recovery_time AS "recoveryTime", a.resolved_by AS "resolvedById", '' AS "resolvedBy",
  a.dedup_key AS "dedupKey", a.occurrences, a.acked_by AS "ackedById", a.acked_by_name AS "ackedBy",
  a.acked_at AS "ackedAt", a.ack_note AS "ackNote", a.assignee_id AS "assigneeId",
  (SELECT coalesce(nullif(contact, ''), account) FROM accounts WHERE id = a.assignee_id) AS "assigneeName",
  a.shelved, a.in_maintenance AS "inMaintenance"`;

interface Pending {
  id: number;
  accountId: number;
  at: Date;
  /** the caller's provider, or 0 for any (platform) */
  provider: number;
  done: (row: AlarmRow | undefined) => void;
  fail: (e: unknown) => void;
}

/**
 * Group commit for hand resolutions: every resolution that arrives within one turn of the event
 * loop goes into one statement (update + audit rows) and so one commit. Under load the commit,
 * not the work, bounds throughput; alone a request waits only for the next `setImmediate`.
 * A row is answered to the first request for its id; a duplicate in the same batch gets
 * `undefined`, exactly as if it came second.
 */
export class ResolveBatch {
  private pending: Pending[] = [];
  private scheduled = false;

  constructor(private readonly db: Queryable) {}

  resolve(id: number, accountId: number, at: Date, provider: number): Promise<AlarmRow | undefined> {
    return new Promise((done, fail) => {
      this.pending.push({ id, accountId, at, provider, done, fail });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    this.scheduled = false;
    const first = new Map<number, Pending>();
    for (const p of batch) if (!first.has(p.id)) first.set(p.id, p);
    const items = [...first.values()];
    try {
      const rows = await this.db.query<AlarmRow>(
        `WITH v AS (SELECT * FROM unnest($1::bigint[], $2::int[], $3::timestamptz[], $4::int[]) AS v(id, acct, at, provider)),
         up AS (
           UPDATE alarms a SET status = 2, recovery_time = greatest(a.happen_time, v.at), resolved_by = v.acct
           FROM v WHERE a.id = v.id AND a.status = 1 AND (v.provider = 0 OR a.provider_id = v.provider)
           RETURNING a.id, a.provider_id, a.station_id, a.device_id, a.device_type, a.rule_code, a.category, a.type,
                     a.status, a.content, a.params, a.happen_time, a.recovery_time, a.resolved_by, a.dedup_key,
                     a.occurrences, a.acked_by, a.acked_by_name, a.acked_at, a.ack_note, a.assignee_id,
                     a.shelved, a.in_maintenance, v.at),
         au AS (
           INSERT INTO audit_log(at, account_id, action, target, detail)
           SELECT up.at, up.resolved_by, 'resolveAlarm', 'alarm:' || up.id, '{"outcome":"resolved"}'::jsonb FROM up)
         SELECT ${RESOLVED_COLUMNS}
         FROM up a LEFT JOIN devices d ON d.id = a.device_id`,
        [items.map((p) => p.id), items.map((p) => p.accountId), items.map((p) => p.at), items.map((p) => p.provider)],
      );
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      for (const p of batch) p.done(first.get(p.id) === p ? byId.get(p.id) : undefined);
    } catch (e) {
      for (const p of batch) p.fail(e);
    }
  }
}
