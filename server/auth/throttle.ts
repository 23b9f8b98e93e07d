import type { Queryable } from '../db/db';
import { ActionError } from '../api/errors';

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60_000;

/** Refuses further attempts on a key with 5 failures in the last 15 minutes. Kept in the
 *  database so a restart does not reset an attack's budget. */
export const assertNotThrottled = async (db: Queryable, key: string, now: Date): Promise<void> => {
  const since = new Date(now.getTime() - WINDOW_MS);
  const rows = await db.query<{ n: number; oldest: Date | null }>(
    'SELECT count(*)::int AS n, min(at) AS oldest FROM (SELECT at FROM login_failures WHERE account_key = $1 AND at > $2 ORDER BY at DESC LIMIT $3) f',
    [key, since, MAX_FAILURES],
  );
  const r = rows[0];
  if (r && r.n >= MAX_FAILURES && r.oldest) {
    const retryAfter = Math.max(1, Math.ceil((r.oldest.getTime() + WINDOW_MS - now.getTime()) / 1000));
    throw new ActionError('rateLimited', { retryAfterSeconds: retryAfter }, retryAfter);
  }
};

export const recordFailure = async (db: Queryable, key: string, now: Date): Promise<void> => {
  await db.query('INSERT INTO login_failures(account_key, at) VALUES ($1, $2)', [key, now]);
  await db.query('DELETE FROM login_failures WHERE at < $1', [new Date(now.getTime() - WINDOW_MS)]);
};

export const clearFailures = async (db: Queryable, key: string): Promise<void> => {
  await db.query('DELETE FROM login_failures WHERE account_key = $1', [key]);
};
