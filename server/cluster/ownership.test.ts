import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../db/db';
import { locksFor, NAMESPACE } from './locks';
import { fairShare, Ownership, partitionOf } from './ownership';
import { postgresSkipReason } from '../test/postgres-reachable';

// Station ownership among replicas: partitions spread evenly, one holder each, a joining replica
// receives its share, and a holder whose database connection dies loses its stations to the
// others at their next heartbeat. On PostgreSQL (DATABASE_URL); embedded PGlite owns everything.

const PG_URL = process.env.DATABASE_URL;
const skipReason = await postgresSkipReason(PG_URL);
if (skipReason) console.warn(`skipping the PostgreSQL ownership tests: ${skipReason}`);

const quiet = { info: () => undefined, warn: () => undefined };

describe('station partitions', () => {
  it('spreads consecutive station ids evenly over the partitions', () => {
    const counts = new Array<number>(32).fill(0);
    for (let id = 1; id <= 3200; id++) counts[partitionOf(id, 32)]!++;
    expect(Math.min(...counts)).toBeGreaterThan(70);
    expect(Math.max(...counts)).toBeLessThan(130);
  });

  it('gives each of n replicas at most ceil(P / n) partitions, together at least P', () => {
    expect(fairShare(32, 1)).toBe(32);
    expect(fairShare(32, 3)).toBe(11);
    expect(fairShare(32, 3) * 3).toBeGreaterThanOrEqual(32);
  });
});

describe('embedded PGlite', () => {
  it('owns every station and leads, in one process', async () => {
    // what locksFor looks at; the app-level answer (/readyz ownedStations) is in server/metrics
    const embedded = { kind: 'pglite' } as Db;
    const o = new Ownership({ locks: locksFor(embedded) });
    await o.start();
    expect(o.shared).toBe(false);
    expect(o.leads()).toBe(true);
    for (let id = 1; id <= 500; id++) expect(o.owns(id)).toBe(true);
    await o.close();
  });
});

describe.skipIf(skipReason !== null)('advisory-lock ownership on PostgreSQL', () => {
  let db: Db;
  let admin: pg.Client;
  const made: Ownership[] = [];
  const replica = () => {
    const o = new Ownership({ locks: locksFor(db), partitions: 32, heartbeatMs: 60_000, log: quiet });
    made.push(o);
    return o;
  };

  beforeAll(async () => {
    db = await createDb({ url: PG_URL, isolate: true });
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
  });
  afterAll(async () => {
    for (const o of made) await o.close().catch(() => undefined);
    await admin?.end();
    await db?.close();
  });

  it('shares the partitions between two replicas, one holder each, and hands one over only after writing', async () => {
    const a = replica();
    const b = replica();
    await a.start();
    expect(a.held()).toHaveLength(32);
    expect(a.leads()).toBe(true);
    await b.start();
    expect(b.held()).toHaveLength(0); // all held: nothing free yet
    expect(b.leads()).toBe(false);

    // A gives back its surplus; while it writes what it counted, the partition is still locked
    let lockedDuringRelease: boolean | null = null;
    a.listen({
      released: async (ps) => {
        const [r] = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND classid = ${NAMESPACE} AND objid = $1 AND granted AND mode = 'ExclusiveLock'`,
          [ps[0]],
        );
        lockedDuringRelease = r!.n === 1;
      },
    });
    await a.beat();
    expect(lockedDuringRelease).toBe(true);
    await b.beat();
    expect(a.held()).toHaveLength(16);
    expect(b.held()).toHaveLength(16);
    const union = new Set([...a.held(), ...b.held()]);
    expect(union.size).toBe(32);
    for (let id = 1; id <= 200; id++) expect(Number(a.owns(id)) + Number(b.owns(id))).toBe(1);
  });

  it("moves a dead holder's partitions and leadership to the survivor at its next heartbeat", async () => {
    const [a, b] = made as [Ownership, Ownership];
    const aHeld = a.held();
    // A's lock connection dies as with kill -9: its backend goes away
    const pids = await admin.query<{ pid: number }>(
      `SELECT DISTINCT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objid = ANY($2::int[]) AND mode = 'ExclusiveLock'`,
      [NAMESPACE, aHeld],
    );
    expect(pids.rows.length).toBe(1);
    const killedAt = Date.now();
    await admin.query('SELECT pg_terminate_backend($1)', [pids.rows[0]!.pid]);
    await new Promise((r) => setTimeout(r, 200));
    await b.beat();
    expect(b.held()).toHaveLength(32);
    expect(b.leads()).toBe(true);
    expect(Date.now() - killedAt).toBeLessThan(15_000);

    // A comes back: it finds its partitions taken, keeps none of them, and then receives a share again
    const given: number[] = [];
    a.listen({ released: async (ps) => void given.push(...ps) });
    await a.beat();
    expect(a.held()).toHaveLength(0);
    expect(given.sort((x, y) => x - y)).toEqual(aHeld);
    expect(a.leads()).toBe(false);
    await b.beat();
    await a.beat();
    expect(a.held()).toHaveLength(16);
    expect(b.held()).toHaveLength(16);
  });
});
