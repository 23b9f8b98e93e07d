import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { dropEmptyClusterImage, emptyClusterImage } from './pglite-image';

/** One query layer for both backends. Rows come back with the same JS types from either:
 *  int8 and numeric as number, date as 'YYYY-MM-DD', timestamptz as Date. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; rolls back on throw. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Runs a multi-statement script (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: a connection of its own, outside the pool (session-level advisory locks live as long as it). */
  session?(): Promise<SessionConnection>;
}

/** One dedicated connection; `onLost` runs once when it breaks. */
export interface SessionConnection extends Queryable {
  onLost(fn: (e: Error) => void): void;
  /** NOTIFY messages on channels this connection LISTENs to */
  onNotify(fn: (channel: string, payload: string) => void): void;
  end(): Promise<void>;
}

export interface DbOptions {
  /** postgres://… — a real server; otherwise embedded PGlite */
  url?: string;
  /** PGlite data directory; absent = in memory */
  dataDir?: string;
  /** With `url`: create a fresh database for this instance and drop it on close (tests). */
  isolate?: boolean;
  poolSize?: number;
}

const num = (v: string) => Number(v);
const asIs = (v: string) => v;

export const createDb = async (opts: DbOptions): Promise<Db> => (opts.url ? createPostgres(opts.url, opts) : createPglite(opts.dataDir));

const createPglite = async (dataDir?: string): Promise<Db> => {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const parsers = { [pgliteTypes.INT8]: num, [pgliteTypes.NUMERIC]: num, [pgliteTypes.DATE]: asIs };
  const db = dataDir ? await PGlite.create(dataDir, { parsers }) : await inMemoryPglite(parsers);
  const wrap = (q: { query: PGlite['query'] }): Queryable => ({
    query: async <T>(sql: string, params?: readonly unknown[]) => (await q.query<T>(sql, params as unknown[] | undefined)).rows,
  });
  return {
    kind: 'pglite',
    ...wrap(db),
    tx: (fn) => db.transaction((t) => fn(wrap(t))),
    exec: async (sql) => void (await db.exec(sql)),
    close: () => db.close(),
  };
};

/** A throw-away cluster, from the empty cluster's picture when there is one. */
const inMemoryPglite = async (parsers: Record<number, (v: string) => unknown>): Promise<PGlite> => {
  const image = await emptyClusterImage();
  if (image) {
    try {
      return await PGlite.create({ parsers, loadDataDir: image });
    } catch (e) {
      dropEmptyClusterImage();
      console.warn('[db] the empty PGlite cluster picture did not load; initdb runs instead', e);
    }
  }
  return PGlite.create({ parsers });
};

const typeParsers = {
  getTypeParser: ((oid: number, format?: string) => {
    if (oid === 20 || oid === 1700) return num;
    if (oid === 1082) return asIs;
    return pg.types.getTypeParser(oid, format as 'text');
  }) as typeof pg.types.getTypeParser,
};

/** One statement on a connection of its own to the server `url` names (CREATE / DROP DATABASE). */
const onServer = async (url: string, sql: string): Promise<void> => {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
};

/** A new empty database `name` on the server `url` names: its URL, and how to drop it again. */
export const createDatabase = async (url: string, name: string): Promise<{ url: string; drop: () => Promise<void> }> => {
  await onServer(url, `CREATE DATABASE ${name} TEMPLATE template0`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
};

const createPostgres = async (url: string, opts: DbOptions): Promise<Db> => {
  const isolated = opts.isolate ? await createDatabase(url, `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`) : null;
  const target = isolated?.url ?? url;
  const pool = new pg.Pool({ connectionString: target, max: opts.poolSize ?? 10, types: typeParsers });
  pool.on('error', () => undefined); // idle-client errors surface on the next query instead
  // Parameterised statements are prepared once per connection (named by their text), so hot
  // actions skip parsing and planning; text beyond the cap (ad-hoc filters) runs unnamed.
  const names = new Map<string, string>();
  const nameOf = (sql: string): string | undefined => {
    let n = names.get(sql);
    if (n === undefined && names.size < 1000) names.set(sql, (n = `s${names.size}`));
    return n;
  };
  const wrap = (c: { query: pg.Pool['query'] }): Queryable => ({
    query: async <T>(sql: string, params?: readonly unknown[]) =>
      (params && params.length > 0 ? await c.query({ text: sql, values: params as unknown[], name: nameOf(sql) }) : await c.query(sql)).rows as T[],
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    tx: async (fn) => {
      const client = await pool.connect();
      // a checked-out client has no listener of its own: a connection ended by the server
      // between two statements would otherwise end the process; the next statement fails instead
      const ignore = (): void => undefined;
      client.on('error', ignore);
      let broken = false;
      try {
        await client.query('BEGIN');
        const r = await fn(wrap(client));
        await client.query('COMMIT');
        return r;
      } catch (e) {
        // a connection that cannot roll back is gone: the pool must not hand it out again
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        throw e;
      } finally {
        client.off('error', ignore);
        client.release(broken);
      }
    },
    exec: async (sql) => void (await pool.query(sql)),
    session: async () => {
      const client = new pg.Client({ connectionString: target, types: typeParsers });
      client.on('error', () => undefined); // until onLost is told (an error between connect and onLost)
      await client.connect();
      return {
        query: async <T>(sql: string, params?: readonly unknown[]) => (await client.query(sql, params as unknown[] | undefined)).rows as T[],
        onLost: (fn) => {
          let told = false;
          const once = (e: Error) => {
            if (!told) {
              told = true;
              fn(e);
            }
          };
          client.on('error', once);
          client.on('end', () => once(new Error('connection ended')));
        },
        onNotify: (fn) => void client.on('notification', (m) => fn(m.channel, m.payload ?? '')),
        end: () => client.end().catch(() => undefined),
      };
    },
    close: async () => {
      await pool.end();
      await isolated?.drop();
    },
  };
};
