import type { Db, SessionConnection } from '../db/db';

// Where ownership is decided. On PostgreSQL: session-level advisory locks on a connection of
// this process's own, so a replica that dies (even kill -9) loses every lock the moment its
// connection closes. Keys are pairs (NAMESPACE, key): partitions are 0..P-1, plus one shared
// "member" key every live replica holds (to count them) and one exclusive "leader" key (jobs
// that run once). Advisory locks are per database, so replicas must share DATABASE_URL.
// Embedded PGlite is one process: there every lock is granted and the process is the only member.

export const NAMESPACE = 0x454d5301;
export const MEMBER_KEY = 1_000_000;
export const LEADER_KEY = 1_000_001;

export interface LockBackend {
  readonly kind: 'advisory' | 'single';
  /** (Re)connects and joins as a member; throws when the database cannot be reached. */
  connect(): Promise<void>;
  /** false once the connection broke: every lock may be gone */
  readonly connected: boolean;
  /** live replicas (holders of the member key), at least 1 while connected */
  members(): Promise<number>;
  /** keys (partitions and the leader key) held by any replica */
  taken(): Promise<Set<number>>;
  tryLock(key: number): Promise<boolean>;
  unlock(key: number): Promise<void>;
  end(): Promise<void>;
}

/** Embedded mode: a single process owns everything. */
export const singleProcessLocks = (): LockBackend => ({
  kind: 'single',
  connected: true,
  connect: async () => undefined,
  members: async () => 1,
  taken: async () => new Set(),
  tryLock: async () => true,
  unlock: async () => undefined,
  end: async () => undefined,
});

const THIS_DB = `database = (SELECT oid FROM pg_database WHERE datname = current_database())`;

/** PostgreSQL: session-level advisory locks on a dedicated connection. */
export class AdvisoryLocks implements LockBackend {
  readonly kind = 'advisory';
  private conn: SessionConnection | null = null;

  constructor(
    private readonly db: Db,
    private readonly onLost: (e: Error) => void = () => undefined,
  ) {}

  get connected(): boolean {
    return this.conn !== null;
  }

  async connect(): Promise<void> {
    if (this.conn) return;
    const conn = await this.db.session!();
    conn.onLost((e) => {
      if (this.conn !== conn) return;
      this.conn = null;
      this.onLost(e);
    });
    await conn.query(`SELECT pg_advisory_lock_shared(${NAMESPACE}, ${MEMBER_KEY})`);
    this.conn = conn;
  }

  private q(): SessionConnection {
    if (!this.conn) throw new Error('ownership connection lost');
    return this.conn;
  }

  async members(): Promise<number> {
    const [r] = await this.q().query<{ n: number }>(
      `SELECT count(DISTINCT pid)::int AS n FROM pg_locks
       WHERE locktype = 'advisory' AND granted AND ${THIS_DB} AND classid = ${NAMESPACE} AND objid = ${MEMBER_KEY} AND objsubid = 2`,
    );
    return Math.max(1, r?.n ?? 1);
  }

  async taken(): Promise<Set<number>> {
    const rows = await this.q().query<{ k: number }>(
      `SELECT DISTINCT objid::int8 AS k FROM pg_locks
       WHERE locktype = 'advisory' AND granted AND mode = 'ExclusiveLock' AND ${THIS_DB} AND classid = ${NAMESPACE} AND objsubid = 2`,
    );
    return new Set(rows.map((r) => Number(r.k)));
  }

  async tryLock(key: number): Promise<boolean> {
    const [r] = await this.q().query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${NAMESPACE}, $1::int) AS ok`, [key]);
    return r?.ok === true;
  }

  async unlock(key: number): Promise<void> {
    await this.q().query(`SELECT pg_advisory_unlock(${NAMESPACE}, $1::int)`, [key]);
  }

  async end(): Promise<void> {
    const c = this.conn;
    this.conn = null;
    await c?.end();
  }
}

export const locksFor = (db: Db, onLost?: (e: Error) => void): LockBackend =>
  db.kind === 'postgres' && db.session ? new AdvisoryLocks(db, onLost) : singleProcessLocks();
