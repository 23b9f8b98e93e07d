import { createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { ChangeBus, ChangeListener } from '../db/changes';
import type { Db, Queryable } from '../db/db';
import type { Principal } from './scope';

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

// Every request hashes its token; remember recent ones (bounded) so the hot path skips it.
const recentHashes = new Map<string, string>();
const hashOf = (token: string): string => {
  let h = recentHashes.get(token);
  if (h === undefined) {
    if (recentHashes.size >= 10_000) recentHashes.clear();
    recentHashes.set(token, (h = hashToken(token)));
  }
  return h;
};

interface Cached {
  principal: Principal;
  accountId: number;
  createdAt: number;
  lastSeen: number;
  lastPersisted: number;
  expiresAt: number;
  /** when the row and principal were last read from the database */
  checkedAt: number;
}

export interface SessionOptions {
  idleMs: number;
  absoluteMs: number;
  now: () => number;
  /** tells the other replicas of revocations and principal changes (db/changes.ts) */
  changes?: ChangeBus;
}

// Last use is written at most this often (and at least 4 times per idle period), so reads stay
// fast and another replica judging idle expiry from the shared row is never misled by much.
const PERSIST_EVERY_MS = 60_000;
// A cached session is read again after this long, even without a notification (one lost while
// a replica's listening connection was down).
const RECHECK_MS = 5_000;

type SessionRow = { account_id: number; created_at: Date; last_seen_at: Date; expires_at: Date; revoked_at: Date | null };

export interface ActiveSession {
  tokenHash: string;
  device: string | null;
  ip: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

const principalSql = `
  SELECT a.id AS "accountId", a.account, a.contact, a.org_id AS "orgId", o.org_type AS "orgType",
         a.role_id AS "roleId", r.name AS "roleName", r.permissions, a.data_scope AS "dataScope",
         a.scope_station_ids AS "scopeStationIds", a.status
  FROM accounts a JOIN roles r ON r.id = a.role_id JOIN orgs o ON o.id = a.org_id`;

type PrincipalRow = Omit<Principal, 'permissions'> & { permissions: string[]; status: number };

export const loadPrincipal = async (db: Queryable, accountId: number): Promise<(Principal & { status: number }) | null> => {
  const [row] = await db.query<PrincipalRow>(`${principalSql} WHERE a.id = $1`, [accountId]);
  return row ? { ...row, permissions: new Set(row.permissions) } : null;
};

/**
 * Sessions: 256-bit random tokens, only their SHA-256 stored. Hot lookups are served from
 * memory for up to RECHECK_MS; revocations and principal changes made by any replica drop the
 * entry at once (`changes`). Last use is written back throttled and idle expiry is judged from
 * the stored last use, so a session in use on another replica is never ended as idle here.
 * `revoked` fires with the token hash (here or on another replica) so the broker can disconnect.
 */
export class Sessions extends EventEmitter<{ revoked: [tokenHash: string] }> {
  private cache = new Map<string, Cached>();
  private readonly persistEveryMs: number;

  constructor(
    private readonly db: Db,
    private readonly opts: SessionOptions,
  ) {
    super();
    this.persistEveryMs = Math.max(250, Math.min(PERSIST_EVERY_MS, opts.idleMs / 4));
    opts.changes?.listen(this.onChange);
  }

  private readonly onChange: ChangeListener = {
    apply: (c) => {
      if (c.kind === 'sessions')
        for (const h of c.hashes) {
          this.cache.delete(h);
          this.emit('revoked', h);
        }
      else if (c.kind === 'account') this.dropAccount(c.accountId);
      else if (c.kind === 'accounts') this.cache.clear();
    },
    resync: () => this.cache.clear(),
  };

  private readRow(h: string): Promise<SessionRow | undefined> {
    return this.db
      .query<SessionRow>('SELECT account_id, created_at, last_seen_at, expires_at, revoked_at FROM sessions WHERE token_hash = $1', [h])
      .then((rows) => rows[0]);
  }

  async create(accountId: number, meta: { device?: string | null; ip?: string | null } = {}): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const now = this.opts.now();
    const expiresAt = now + this.opts.absoluteMs;
    await this.db.query('INSERT INTO sessions(token_hash, account_id, created_at, last_seen_at, expires_at, device, ip) VALUES ($1,$2,$3,$3,$4,$5,$6)', [
      hashToken(token),
      accountId,
      new Date(now),
      new Date(expiresAt),
      meta.device || null,
      meta.ip || null,
    ]);
    return { token, expiresAt: new Date(expiresAt) };
  }

  /** Live sessions of an account (not revoked, not expired, not idle), last use from memory where fresher. */
  async listActive(accountId: number): Promise<ActiveSession[]> {
    const now = this.opts.now();
    const rows = await this.db.query<Omit<ActiveSession, 'lastSeenAt'> & { lastSeenAt: Date }>(
      `SELECT token_hash AS "tokenHash", device, ip, created_at AS "createdAt", last_seen_at AS "lastSeenAt", expires_at AS "expiresAt"
       FROM sessions WHERE account_id = $1 AND revoked_at IS NULL AND expires_at > $2`,
      [accountId, new Date(now)],
    );
    return rows
      .map((r) => ({ ...r, lastSeenAt: new Date(Math.max(r.lastSeenAt.getTime(), this.cache.get(r.tokenHash)?.lastSeen ?? 0)) }))
      .filter((r) => now - r.lastSeenAt.getTime() < this.opts.idleMs)
      .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime());
  }

  /** The principal of a live session, or null (unknown, revoked, idle or absolute expiry). */
  async resolve(token: string): Promise<{ principal: Principal; tokenHash: string } | null> {
    if (token.length < 20 || token.length > 100) return null;
    const h = hashOf(token);
    const now = this.opts.now();
    let c = this.cache.get(h);
    if (!c || now - c.checkedAt >= RECHECK_MS) {
      const row = await this.readRow(h);
      if (!row || row.revoked_at) {
        this.cache.delete(h);
        return null;
      }
      const p = await loadPrincipal(this.db, row.account_id);
      if (!p || p.status !== 1) {
        this.cache.delete(h);
        return null;
      }
      const stored = row.last_seen_at.getTime();
      c = {
        principal: p,
        accountId: row.account_id,
        createdAt: row.created_at.getTime(),
        lastSeen: Math.max(stored, c?.lastSeen ?? 0),
        lastPersisted: Math.max(stored, c?.lastPersisted ?? 0),
        expiresAt: row.expires_at.getTime(),
        checkedAt: now,
      };
      this.cache.set(h, c);
    }
    if (now - c.lastSeen >= this.opts.idleMs && now < c.expiresAt) {
      // idle here; another replica may have used it since: the stored last use decides
      const row = await this.readRow(h);
      if (row && !row.revoked_at) c.lastSeen = Math.max(c.lastSeen, row.last_seen_at.getTime());
    }
    if (now >= c.expiresAt || now - c.lastSeen >= this.opts.idleMs) {
      await this.revokeHashes([h]);
      return null;
    }
    c.lastSeen = now;
    if (now - c.lastPersisted >= this.persistEveryMs) {
      c.lastPersisted = now;
      void this.db.query('UPDATE sessions SET last_seen_at = $2 WHERE token_hash = $1', [h, new Date(now)]).catch(() => undefined);
    }
    return { principal: c.principal, tokenHash: h };
  }

  /** Non-mutating check used by the broker on CONNECT (does not extend idle time). */
  peek(tokenHash: string): Principal | null {
    const c = this.cache.get(tokenHash);
    const now = this.opts.now();
    return c && now < c.expiresAt && now - c.lastSeen < this.opts.idleMs ? c.principal : null;
  }

  async revokeToken(tokenHash: string): Promise<void> {
    await this.revokeHashes([tokenHash]);
  }

  /** Ends every session of an account (disabled, password changed, deleted), except `keep`; answers how many ended. */
  async revokeAccount(accountId: number, keep?: string): Promise<number> {
    const rows = await this.db.query<{ token_hash: string; expires_at: Date }>(
      'SELECT token_hash, expires_at FROM sessions WHERE account_id = $1 AND revoked_at IS NULL',
      [accountId],
    );
    const ending = rows.filter((r) => r.token_hash !== keep);
    await this.revokeHashes(ending.map((r) => r.token_hash));
    const now = this.opts.now();
    return ending.filter((r) => r.expires_at.getTime() > now).length;
  }

  /** Drops cached principals of an account (role or scope changed), on every replica; sessions stay valid. */
  refreshAccount(accountId: number): void {
    this.dropAccount(accountId);
    void this.opts.changes?.publish({ kind: 'account', accountId });
  }

  /** Drops every cached principal (a role's permissions changed), on every replica. */
  refreshAll(): void {
    this.cache.clear();
    void this.opts.changes?.publish({ kind: 'accounts' });
  }

  private dropAccount(accountId: number): void {
    for (const [h, c] of this.cache) if (c.accountId === accountId) this.cache.delete(h);
  }

  private async revokeHashes(hashes: string[]): Promise<void> {
    if (hashes.length === 0) return;
    await this.db.query('UPDATE sessions SET revoked_at = $2 WHERE token_hash = ANY($1) AND revoked_at IS NULL', [hashes, new Date(this.opts.now())]);
    for (const h of hashes) {
      this.cache.delete(h);
      this.emit('revoked', h);
    }
    await this.opts.changes?.publish({ kind: 'sessions', hashes });
  }
}
