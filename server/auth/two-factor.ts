import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db';
import { hashToken } from './sessions';
import { checkTotp, hashRecoveryCode, newRecoveryCodes } from './totp';

// Storage of second factors, recovery codes and sign-in challenges (docs/accounts.md).

export const CHALLENGE_TTL_MS = 5 * 60_000;

export interface SecondFactor {
  secret: string;
  confirmed: boolean;
  lastTimeStep: number;
}

export const secondFactorOf = async (db: Queryable, accountId: number): Promise<SecondFactor | null> => {
  const [row] = await db.query<{ secret: string; confirmed_at: Date | null; last_time_step: string | number }>(
    'SELECT secret, confirmed_at, last_time_step FROM two_factor WHERE account_id = $1',
    [accountId],
  );
  return row ? { secret: row.secret, confirmed: row.confirmed_at !== null, lastTimeStep: Number(row.last_time_step) } : null;
};

/** Whether the account's role asks for a second factor. */
export const roleRequiresTwoFactor = async (db: Queryable, accountId: number): Promise<boolean> => {
  const [row] = await db.query<{ r: boolean }>('SELECT r.requires_two_factor AS r FROM accounts a JOIN roles r ON r.id = a.role_id WHERE a.id = $1', [
    accountId,
  ]);
  return row?.r ?? false;
};

/** Stores a new unconfirmed secret; a confirmed one is never replaced here (false then). */
export const saveUnconfirmed = async (db: Queryable, accountId: number, secret: string, now: Date): Promise<boolean> => {
  const rows = await db.query(
    `INSERT INTO two_factor(account_id, secret, created_at) VALUES ($1,$2,$3)
     ON CONFLICT (account_id) DO UPDATE SET secret = EXCLUDED.secret, created_at = EXCLUDED.created_at, last_time_step = 0
       WHERE two_factor.confirmed_at IS NULL
     RETURNING account_id`,
    [accountId, secret, now],
  );
  return rows.length > 0;
};

/** Checks a TOTP code and spends its time step (a code is good once, even under concurrency). */
export const spendTotp = async (db: Queryable, accountId: number, f: SecondFactor, code: string, now: Date): Promise<boolean> => {
  const step = await checkTotp(f.secret, code, now, f.lastTimeStep);
  if (step === null) return false;
  const won = await db.query('UPDATE two_factor SET last_time_step = $2 WHERE account_id = $1 AND last_time_step < $2 RETURNING account_id', [accountId, step]);
  return won.length > 0;
};

export const spendRecoveryCode = async (db: Queryable, accountId: number, code: string, now: Date): Promise<boolean> => {
  const used = await db.query(
    'UPDATE two_factor_recovery_codes SET used_at = $3 WHERE account_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING account_id',
    [accountId, hashRecoveryCode(accountId, code), now],
  );
  return used.length > 0;
};

/** Marks the factor confirmed and issues fresh recovery codes (the old ones die); answers them. */
export const confirmFactor = async (db: Queryable, accountId: number, now: Date): Promise<string[]> => {
  const codes = newRecoveryCodes();
  await db.query('UPDATE two_factor SET confirmed_at = $2 WHERE account_id = $1', [accountId, now]);
  await db.query('DELETE FROM two_factor_recovery_codes WHERE account_id = $1', [accountId]);
  await db.query('INSERT INTO two_factor_recovery_codes(account_id, code_hash) SELECT $1, unnest($2::text[])', [
    accountId,
    codes.map((c) => hashRecoveryCode(accountId, c)),
  ]);
  return codes;
};

export const recoveryCodesLeft = async (db: Queryable, accountId: number): Promise<number> => {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM two_factor_recovery_codes WHERE account_id = $1 AND used_at IS NULL', [
    accountId,
  ]);
  return row?.n ?? 0;
};

/** Removes the factor, its recovery codes and open challenges; answers whether there was one. */
export const removeFactor = async (db: Queryable, accountId: number): Promise<boolean> => {
  await db.query('DELETE FROM two_factor_recovery_codes WHERE account_id = $1', [accountId]);
  await db.query('DELETE FROM sign_in_challenges WHERE account_id = $1', [accountId]);
  return (await db.query('DELETE FROM two_factor WHERE account_id = $1 RETURNING account_id', [accountId])).length > 0;
};

// ───────────────────────────── challenges ─────────────────────────────

export interface Challenge {
  tokenHash: string;
  accountId: number;
  throttleKey: string;
  /** the first factor, for the audit trail */
  method: 'password' | 'phone';
  device: string | null;
}

export const openChallenge = async (db: Queryable, c: Omit<Challenge, 'tokenHash'>, now: Date): Promise<{ challenge: string; expiresAt: Date }> => {
  const challenge = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
  await db.query('DELETE FROM sign_in_challenges WHERE expires_at < $1', [now]);
  await db.query('INSERT INTO sign_in_challenges(token_hash, account_id, throttle_key, method, device, created_at, expires_at) VALUES ($1,$2,$3,$4,$5,$6,$7)', [
    hashToken(challenge),
    c.accountId,
    c.throttleKey,
    c.method,
    c.device,
    now,
    expiresAt,
  ]);
  return { challenge, expiresAt };
};

/** A live (unused, unexpired) challenge, or null. */
export const liveChallenge = async (db: Queryable, challenge: string, now: Date): Promise<Challenge | null> => {
  const [row] = await db.query<Challenge>(
    `SELECT token_hash AS "tokenHash", account_id AS "accountId", throttle_key AS "throttleKey", method, device
     FROM sign_in_challenges WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2`,
    [hashToken(challenge), now],
  );
  return row ?? null;
};

/** Spends a challenge; false when another request already did. */
export const spendChallenge = async (db: Queryable, tokenHash: string, now: Date): Promise<boolean> =>
  (await db.query('UPDATE sign_in_challenges SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL RETURNING token_hash', [tokenHash, now])).length > 0;
