import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChanges, type ChangeBus } from '../db/changes';
import type { Db } from '../db/db';
import { seededDb } from '../test/database';
import { backends } from '../test/harness';
import { Sessions } from './sessions';

// Two processes' session caches on one database (replicas): idle expiry follows use on either,
// a revocation or a role change made through one reaches the other at once on PostgreSQL
// (LISTEN/NOTIFY), and a revocation nobody was told of is still found within seconds.

const IDLE = 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const within = async (ms: number, cond: () => Promise<boolean>) => {
  const t0 = Date.now();
  while (!(await cond())) {
    if (Date.now() - t0 > ms) throw new Error(`not within ${ms} ms`);
    await sleep(20);
  }
};

describe.each(backends())('session caches of two processes (%s)', (backend) => {
  let db: Db;
  const clock = { now: Date.parse('2026-11-23T08:00:00Z') };
  const buses: ChangeBus[] = [];
  let one: Sessions;
  let other: Sessions;
  let accountId: number;
  beforeAll(async () => {
    db = await seededDb(backend, new Date(clock.now), 1);
    accountId = (await db.query<{ id: number }>("SELECT id FROM accounts WHERE account = 'sunrise'"))[0]!.id;
    const sessions = async () => {
      const changes = await createChanges(db, () => undefined);
      buses.push(changes);
      return new Sessions(db, { idleMs: IDLE, absoluteMs: 24 * 3_600_000, now: () => clock.now, changes });
    };
    one = await sessions();
    other = await sessions();
  }, 60_000);
  afterAll(async () => {
    for (const b of buses) await b.close();
    await db?.close();
  });

  it('keeps a session used on one process alive on the other past the idle period, then ends it once unused', async () => {
    const { token } = await one.create(accountId);
    expect(await other.resolve(token)).not.toBeNull();
    for (let t = 0; t < 3; t++) {
      clock.now += IDLE / 2;
      expect(await one.resolve(token)).not.toBeNull();
      await sleep(50); // last use is written in the background
    }
    expect(await other.resolve(token)).not.toBeNull();
    clock.now += IDLE + 1_000;
    expect(await other.resolve(token)).toBeNull();
    expect(await one.resolve(token)).toBeNull();
  });

  it('refuses a session revoked behind its back within seconds, without any notification', async () => {
    const { token } = await one.create(accountId);
    expect(await one.resolve(token)).not.toBeNull();
    await db.query('UPDATE sessions SET revoked_at = now() WHERE account_id = $1', [accountId]);
    clock.now += 6_000;
    expect(await one.resolve(token)).toBeNull();
  });

  it.runIf(backend === 'postgres')('tells the other process of a revocation and a role change at once', async () => {
    const { token } = await one.create(accountId);
    const got = (await other.resolve(token))!;
    const revoked: string[] = [];
    other.on('revoked', (h) => revoked.push(h));

    const [role] = await db.query<{ id: number; permissions: string[] }>(
      'SELECT r.id, r.permissions FROM roles r JOIN accounts a ON a.role_id = r.id WHERE a.id = $1',
      [accountId],
    );
    await db.query('UPDATE roles SET permissions = $2 WHERE id = $1', [role!.id, [...role!.permissions, 'test.extra']]);
    one.refreshAccount(accountId);
    await within(1000, async () => (await other.resolve(token))?.principal.permissions.has('test.extra') === true);
    await db.query('UPDATE roles SET permissions = $2 WHERE id = $1', [role!.id, role!.permissions]);

    await one.revokeToken(got.tokenHash);
    await within(1000, async () => (await other.resolve(token)) === null);
    expect(revoked).toContain(got.tokenHash);
  });
});
