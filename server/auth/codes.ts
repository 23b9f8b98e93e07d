import { createHash, randomInt } from 'node:crypto';
import type { Queryable } from '../db/db';
import { ActionError } from '../api/errors';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_TRIES = 5;
export const RESEND_AFTER_S = 60;

type Channel = 'sms' | 'email';
type Purpose = 'login' | 'reset';
const digest = (target: string, code: string) => createHash('sha256').update(`${target}\n${code}`).digest('hex');

/** Issues a fresh 6-digit code (older open codes for the same target die). Null when a code
 *  was issued less than RESEND_AFTER_S ago. */
export const issueCode = async (db: Queryable, channel: Channel, target: string, purpose: Purpose, now: Date): Promise<string | null> => {
  const [recent] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM verification_codes WHERE channel=$1 AND target=$2 AND purpose=$3 AND created_at > $4',
    [channel, target, purpose, new Date(now.getTime() - RESEND_AFTER_S * 1000)],
  );
  if (recent && recent.n > 0) return null;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.query('UPDATE verification_codes SET used_at=$4 WHERE channel=$1 AND target=$2 AND purpose=$3 AND used_at IS NULL', [channel, target, purpose, now]);
  await db.query('INSERT INTO verification_codes(channel, target, purpose, code_hash, created_at, expires_at) VALUES ($1,$2,$3,$4,$5,$6)', [
    channel,
    target,
    purpose,
    digest(target, code),
    now,
    new Date(now.getTime() + CODE_TTL_MS),
  ]);
  return code;
};

/** Consumes a code: single use, expires after 10 min, dead after 5 wrong tries. */
export const consumeCode = async (db: Queryable, channel: Channel, target: string, purpose: Purpose, code: string, now: Date): Promise<void> => {
  const [row] = await db.query<{ id: number; code_hash: string; attempts: number; expires_at: Date }>(
    `SELECT id, code_hash, attempts, expires_at FROM verification_codes
     WHERE channel=$1 AND target=$2 AND purpose=$3 AND used_at IS NULL ORDER BY created_at DESC LIMIT 1`,
    [channel, target, purpose],
  );
  if (!row || row.expires_at <= now || row.attempts >= CODE_MAX_TRIES) throw new ActionError('codeExpired');
  if (row.code_hash !== digest(target, code)) {
    await db.query('UPDATE verification_codes SET attempts = attempts + 1 WHERE id = $1', [row.id]);
    throw new ActionError('wrongCode', { triesLeft: Math.max(0, CODE_MAX_TRIES - row.attempts - 1) });
  }
  // Conditional update: two concurrent uses of one code cannot both succeed.
  const used = await db.query('UPDATE verification_codes SET used_at=$2 WHERE id=$1 AND used_at IS NULL RETURNING id', [row.id, now]);
  if (used.length === 0) throw new ActionError('codeExpired');
};
