import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { API_TOKEN_PREFIX, type apiToken } from '../../protocol/actions/api-tokens';
import type { Queryable } from '../db/db';
import { hashToken } from '../auth/sessions';

// API tokens at rest: the SHA-256 of the secret and its first characters, never the secret.

export type ApiTokenOut = z.input<typeof apiToken>;

export interface NewToken {
  accountId: number;
  name: string;
  kind: 'personal' | 'service';
  permissions: readonly string[];
  dataScope: 'org' | 'stations';
  scopeStationIds: readonly number[];
  expiresAt: Date;
}

/** What a holder sees of the secret: the prefix and four characters. */
const HINT_LENGTH = API_TOKEN_PREFIX.length + 4;

const SELECT = `
  SELECT t.id AS "tokenId", t.name, t.kind, t.hint, t.permissions, t.data_scope AS "dataScope",
         t.scope_station_ids AS "scopeStationIds", t.account_id AS "accountId", a.account,
         t.created_at AS "createdAt", t.expires_at AS "expiresAt", t.revoked_at AS "revokedAt",
         t.last_used_at AS "lastUsedAt", t.last_used_ip AS "lastUsedIp", a.org_id AS "orgId"
  FROM api_tokens t JOIN accounts a ON a.id = t.account_id`;

interface Row extends Omit<ApiTokenOut, 'createdAt' | 'expiresAt' | 'revokedAt' | 'lastUsedAt' | 'status'> {
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  orgId: number;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const out = (r: Row, now: Date): ApiTokenOut & { orgId: number } => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  expiresAt: r.expiresAt.toISOString(),
  revokedAt: iso(r.revokedAt),
  lastUsedAt: iso(r.lastUsedAt),
  status: r.revokedAt ? 'revoked' : r.expiresAt <= now ? 'expired' : 'active',
});

/** Stores a new token; the secret is returned here and nowhere else. */
export const insertToken = async (q: Queryable, t: NewToken, now: Date): Promise<{ secret: string; tokenId: number }> => {
  const secret = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO api_tokens(account_id, name, kind, token_hash, hint, permissions, data_scope, scope_station_ids, created_at, expires_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) RETURNING id`,
    [t.accountId, t.name, t.kind, hashToken(secret), secret.slice(0, HINT_LENGTH), t.permissions, t.dataScope, t.scopeStationIds, now, t.expiresAt],
  );
  return { secret, tokenId: row!.id };
};

export const tokenById = async (q: Queryable, tokenId: number, now: Date): Promise<(ApiTokenOut & { orgId: number }) | null> => {
  const [r] = await q.query<Row>(`${SELECT} WHERE t.id = $1`, [tokenId]);
  return r ? out(r, now) : null;
};

/** Tokens of the given accounts (`accountIds`) or of every account of the given orgs, newest first. */
export const listTokens = async (q: Queryable, by: { accountId: number } | { orgIds: number[] }, now: Date): Promise<ApiTokenOut[]> => {
  const rows =
    'accountId' in by
      ? await q.query<Row>(`${SELECT} WHERE t.account_id = $1 ORDER BY t.id DESC`, [by.accountId])
      : await q.query<Row>(`${SELECT} WHERE a.org_id = ANY($1::int[]) ORDER BY t.id DESC`, [by.orgIds]);
  return rows.map((r) => {
    const { orgId: _, ...rest } = out(r, now);
    return rest;
  });
};

/** Revokes a live token; false when it was already revoked. */
export const revokeToken = async (q: Queryable, tokenId: number, by: number, now: Date): Promise<boolean> => {
  const rows = await q.query<{ id: number }>('UPDATE api_tokens SET revoked_at = $2, revoked_by = $3 WHERE id = $1 AND revoked_at IS NULL RETURNING id', [
    tokenId,
    now,
    by,
  ]);
  return rows.length > 0;
};
