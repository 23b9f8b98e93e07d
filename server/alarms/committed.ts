import type { Queryable } from '../db/db';
import { ALARM_COLUMNS, ALARM_JOINS, type AlarmRow } from './store';

// A raise or recovery whose statement failed may still have committed: the connection can drop
// after the commit and before the answer. Retrying it blindly would count a new alarm as a second
// occurrence of itself (and never push it), or find nothing open to recover (and never push the
// recovery). Before a retry the durable path asks what the database already holds for it.

export interface ChangeKey {
  active: boolean;
  dedupKey: string;
  time: Date;
}

/**
 * What an earlier attempt of `c` committed: the row to push (it created the alarm, or resolved
 * it), null (it committed as one more occurrence of an open alarm: nothing to push), or
 * undefined (nothing of it is stored: write it).
 */
export async function committedEarlier(db: Queryable, c: ChangeKey): Promise<AlarmRow | null | undefined> {
  if (c.active) {
    // a raise keeps the first occurrence's happen time and stamps a repeat's as lastRaisedAt
    const [row] = await db.query<AlarmRow>(
      `SELECT ${ALARM_COLUMNS} FROM alarms a ${ALARM_JOINS}
       WHERE a.dedup_key = $1 AND a.status = 1 AND (a.happen_time = $2::timestamptz OR a.params->>'lastRaisedAt' = $3)`,
      [c.dedupKey, c.time, c.time.toISOString()],
    );
    if (!row) return undefined;
    return row.happenTime.getTime() === c.time.getTime() && row.occurrences === 1 ? row : null;
  }
  const [open] = await db.query<{ id: number }>('SELECT id FROM alarms WHERE dedup_key = $1 AND status = 1', [c.dedupKey]);
  if (open) return undefined;
  const [row] = await db.query<AlarmRow>(
    `SELECT ${ALARM_COLUMNS} FROM alarms a ${ALARM_JOINS}
     WHERE a.dedup_key = $1 AND a.status = 2 AND a.recovery_time = greatest(a.happen_time, $2::timestamptz)
     ORDER BY a.id DESC LIMIT 1`,
    [c.dedupKey, c.time],
  );
  return row ?? undefined;
}
