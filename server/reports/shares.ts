import { createHash, randomBytes } from 'node:crypto';
import { addDateDays, addMonthKey } from '../../protocol/site-time';
import type { Queryable } from '../db/db';

// Share links: a random token (32 bytes, base64url) whose SHA-256 is stored with the station,
// the month or year, the maker and the expiry. A lookup answers only a live link; a foreign,
// expired or revoked token finds nothing.

export interface ShareRow {
  shareId: number;
  stationId: number;
  stationName: string;
  kind: 'month' | 'year';
  period: string;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  status: 'active' | 'expired' | 'revoked';
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Local dates of a shared period ('YYYY-MM' or 'YYYY'). */
export const periodRange = (kind: 'month' | 'year', period: string): { from: string; to: string } =>
  kind === 'month' ? { from: `${period}-01`, to: addDateDays(`${addMonthKey(period, 1)}-01`, -1) } : { from: `${period}-01-01`, to: `${period}-12-31` };

const SELECT = `SELECT r.id::int AS "shareId", r.station_id AS "stationId", s.name AS "stationName", r.kind, r.period,
    a.account AS "createdBy", r.created_at AS "createdAt", r.expires_at AS "expiresAt", r.revoked_at AS "revokedAt"
  FROM report_shares r JOIN stations s ON s.id = r.station_id JOIN accounts a ON a.id = r.created_by`;

type Raw = Omit<ShareRow, 'status' | 'createdAt' | 'expiresAt' | 'revokedAt'> & {
  createdAt: Date | string;
  expiresAt: Date | string;
  revokedAt: Date | string | null;
};
const iso = (t: Date | string) => new Date(t).toISOString();
const toRow = (r: Raw, now: number): ShareRow => ({
  ...r,
  createdAt: iso(r.createdAt),
  expiresAt: iso(r.expiresAt),
  revokedAt: r.revokedAt === null ? null : iso(r.revokedAt),
  status: r.revokedAt !== null ? 'revoked' : Date.parse(iso(r.expiresAt)) <= now ? 'expired' : 'active',
});

export const createShare = async (
  db: Queryable,
  o: { stationId: number; kind: 'month' | 'year'; period: string; accountId: number; now: number; expiresInDays: number },
): Promise<ShareRow & { shareToken: string }> => {
  const token = newToken();
  const [r] = await db.query<{ id: number }>(
    `INSERT INTO report_shares (station_id, kind, period, token_hash, created_by, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, to_timestamp($6 / 1000.0), to_timestamp($7 / 1000.0)) RETURNING id::int AS id`,
    [o.stationId, o.kind, o.period, hashToken(token), o.accountId, o.now, o.now + o.expiresInDays * 86_400_000],
  );
  return { ...(await shareById(db, r!.id, o.now))!, shareToken: token };
};

export const shareById = async (db: Queryable, id: number, now: number): Promise<ShareRow | null> => {
  const [r] = await db.query<Raw>(`${SELECT} WHERE r.id = $1`, [id]);
  return r ? toRow(r, now) : null;
};

export const listShares = async (db: Queryable, stationIds: readonly number[], now: number): Promise<ShareRow[]> =>
  (await db.query<Raw>(`${SELECT} WHERE r.station_id = ANY($1::int[]) ORDER BY r.created_at DESC, r.id DESC LIMIT 500`, [stationIds])).map((r) =>
    toRow(r, now),
  );

export const revokeShare = async (db: Queryable, id: number, accountId: number, now: number): Promise<void> => {
  await db.query('UPDATE report_shares SET revoked_at = to_timestamp($2 / 1000.0), revoked_by = $3 WHERE id = $1 AND revoked_at IS NULL', [id, now, accountId]);
};

/** The live link of a token, or null: unknown, expired and revoked look the same. */
export const shareByToken = async (db: Queryable, token: string, now: number): Promise<ShareRow | null> => {
  const [r] = await db.query<Raw>(`${SELECT} WHERE r.token_hash = $1 AND r.revoked_at IS NULL AND r.expires_at > to_timestamp($2 / 1000.0)`, [
    hashToken(token),
    now,
  ]);
  return r ? toRow(r, now) : null;
};
