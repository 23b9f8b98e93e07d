import { randomBytes } from 'node:crypto';
import type { Db, SessionConnection } from './db';

// Changes that make other replicas' caches wrong, told through PostgreSQL LISTEN/NOTIFY on one
// channel (docs/deploy.md): sessions revoked, principals changed, station answers and the
// registry out of date. The replica making the change updates its own caches itself and
// publishes after the write committed; every other replica applies it on arrival, within
// milliseconds. A NOTIFY sent while a replica's listening connection was down is lost, so
// after reconnecting a replica drops all of its caches (`resync`).
// Embedded PGlite is one process: nothing to tell, `publish` does nothing there.

export const CHANNEL = 'ems_changes';
/** NOTIFY payloads are limited to 8,000 bytes: token hashes go 100 at a time */
const HASHES_PER_MESSAGE = 100;
const RECONNECT_MS = 1_000;

export type Change =
  | { kind: 'sessions'; hashes: string[] }
  | { kind: 'account'; accountId: number }
  | { kind: 'accounts' }
  | { kind: 'station'; stationId: number | null }
  | { kind: 'registry' };

export interface ChangeListener {
  apply(c: Change): void;
  /** notifications may have been missed: drop everything cached */
  resync(): void;
}

export interface ChangeBus {
  readonly shared: boolean;
  /** Tells the other replicas; never throws (a failure is counted, the caches' recheck covers it). */
  publish(c: Change): Promise<void>;
  listen(l: ChangeListener): void;
  /** failed publishes and lost listening connections (metrics) */
  readonly errors: number;
  close(): Promise<void>;
}

/** One process (embedded mode, or a database without dedicated connections). */
export const localChanges = (): ChangeBus => ({
  shared: false,
  errors: 0,
  publish: async () => undefined,
  listen: () => undefined,
  close: async () => undefined,
});

const split = (c: Change): Change[] => {
  if (c.kind !== 'sessions' || c.hashes.length <= HASHES_PER_MESSAGE) return [c];
  const out: Change[] = [];
  for (let i = 0; i < c.hashes.length; i += HASHES_PER_MESSAGE) out.push({ kind: 'sessions', hashes: c.hashes.slice(i, i + HASHES_PER_MESSAGE) });
  return out;
};

class PgChanges implements ChangeBus {
  readonly shared = true;
  errors = 0;
  private readonly origin = randomBytes(6).toString('hex');
  private readonly listeners: ChangeListener[] = [];
  private conn: SessionConnection | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly warn: (o: object, m: string) => void,
  ) {}

  async connect(): Promise<void> {
    const conn = await this.db.session!();
    conn.onNotify((channel, payload) => {
      if (channel === CHANNEL) this.receive(payload);
    });
    conn.onLost((e) => {
      if (this.conn !== conn || this.closed) return;
      this.conn = null;
      this.errors++;
      this.warn({ err: e.message }, 'change notifications lost; reconnecting');
      this.reconnect();
    });
    await conn.query(`LISTEN ${CHANNEL}`);
    this.conn = conn;
  }

  private reconnect(): void {
    this.retry = setTimeout(() => {
      this.connect().then(
        () => {
          for (const l of this.listeners) l.resync();
          this.warn({}, 'change notifications back; caches dropped');
        },
        () => this.reconnect(),
      );
    }, RECONNECT_MS);
    this.retry.unref();
  }

  private receive(payload: string): void {
    let m: Change & { o?: string };
    try {
      m = JSON.parse(payload) as Change & { o?: string };
    } catch {
      return;
    }
    if (m.o === this.origin) return;
    for (const l of this.listeners) l.apply(m);
  }

  async publish(c: Change): Promise<void> {
    for (const part of split(c)) {
      await this.db.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ ...part, o: this.origin })]).catch((e: unknown) => {
        this.errors++;
        this.warn({ err: e instanceof Error ? e.message : String(e), kind: c.kind }, 'change notification not sent');
      });
    }
  }

  listen(l: ChangeListener): void {
    this.listeners.push(l);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const c = this.conn;
    this.conn = null;
    await c?.end();
  }
}

/** The bus for this database: LISTEN/NOTIFY on PostgreSQL, nothing on embedded PGlite. */
export const createChanges = async (db: Db, warn: (o: object, m: string) => void): Promise<ChangeBus> => {
  if (db.kind !== 'postgres' || !db.session) return localChanges();
  const bus = new PgChanges(db, warn);
  await bus.connect();
  return bus;
};
