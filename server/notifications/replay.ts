import type { Queryable } from '../db/db';

// Dead-letter replay: a dead delivery goes back to pending, due now, under the same id (so a
// webhook's X-Event-Id, an SMS id and an e-mail's Message-ID stay the same and a receiver can
// drop a repeat). Its attempt count starts over, so it gets the full retry budget again; the
// attempt log keeps every earlier attempt and gains a `replayed` entry naming who replayed it.

export interface ReplayTarget {
  id: number;
  status: string;
  accountId: number | null;
}

/** The deliveries of `ids` visible to a reader of `orgIds` (null: every organisation). */
export const replayTargets = async (db: Queryable, ids: number[], orgIds: number[] | null): Promise<Map<number, ReplayTarget>> => {
  const rows = await db.query<ReplayTarget>(
    `SELECT d.id::int AS id, d.status, d.account_id AS "accountId" FROM notification_deliveries d
     WHERE d.id = ANY($1::bigint[])
       AND ($2::int[] IS NULL OR d.account_id IN (SELECT id FROM accounts WHERE org_id = ANY($2::int[])))`,
    [ids, orgIds],
  );
  return new Map(rows.map((r) => [Number(r.id), r]));
};

/** Puts the dead deliveries of `ids` back to pending, due `now`; answers the ids it moved. */
export const replayDead = async (db: Queryable, ids: number[], now: Date, actor: string): Promise<number[]> => {
  const rows = await db.query<{ id: number }>(
    `WITH up AS (
       UPDATE notification_deliveries SET status = 'pending', due_at = $2, attempts = 0, lease_owner = NULL
       WHERE id = ANY($1::bigint[]) AND status = 'dead' RETURNING id)
     INSERT INTO notification_attempts (delivery_id, at, outcome, error, replica, actor)
     SELECT id, $2, 'replayed', NULL, 'console', $3 FROM up RETURNING delivery_id::int AS id`,
    [ids, now, actor],
  );
  return rows.map((r) => Number(r.id));
};
