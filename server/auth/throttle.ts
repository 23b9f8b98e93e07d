import type { Queryable } from '../db/db';
import { ActionError } from '../api/errors';

/** At most `max` events per key within `windowMs`; the window may not exceed WINDOW_MS. */
export interface ThrottleLimit {
  max: number;
  windowMs: number;
}

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60_000;
const SIGN_IN: ThrottleLimit = { max: MAX_FAILURES, windowMs: WINDOW_MS };

/** Refuses further attempts on a key with `max` events (by default 5 failures) in the window
 *  (by default 15 minutes). Kept in the database so a restart does not reset an attack's
 *  budget, and every replica counts the same events. */
export const assertNotThrottled = async (db: Queryable, key: string, now: Date, limit: ThrottleLimit = SIGN_IN): Promise<void> => {
  const since = new Date(now.getTime() - limit.windowMs);
  const rows = await db.query<{ n: number; oldest: Date | null }>(
    'SELECT count(*)::int AS n, min(at) AS oldest FROM (SELECT at FROM login_failures WHERE account_key = $1 AND at > $2 ORDER BY at DESC LIMIT $3) f',
    [key, since, limit.max],
  );
  const r = rows[0];
  if (r && r.n >= limit.max && r.oldest) {
    const retryAfter = Math.max(1, Math.ceil((r.oldest.getTime() + limit.windowMs - now.getTime()) / 1000));
    throw new ActionError('rateLimited', { retryAfterSeconds: retryAfter }, retryAfter);
  }
};

/** Counts one event on a key (a failed attempt; an API token's call). Events older than the
 *  longest window are dropped on the way. */
export const recordFailure = async (db: Queryable, key: string, now: Date): Promise<void> => {
  await db.query('INSERT INTO login_failures(account_key, at) VALUES ($1, $2)', [key, now]);
  await db.query('DELETE FROM login_failures WHERE at < $1', [new Date(now.getTime() - WINDOW_MS)]);
};

export const clearFailures = async (db: Queryable, key: string): Promise<void> => {
  await db.query('DELETE FROM login_failures WHERE account_key = $1', [key]);
};
