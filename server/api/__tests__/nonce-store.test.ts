import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/db';
import { migrate } from '../../db/migrate';
import { backends } from '../../test/harness';
import { SharedNonces } from '../nonce-store';

// The nonce store replicas share: a nonce claimed through one process's store is refused by
// another's on the same database, per access key, until the window has passed.

describe.each(backends())('shared nonces (%s)', (backend) => {
  let db: Db;
  const clock = { now: Date.parse('2026-11-23T08:00:00Z') };
  const WINDOW = 600_000;
  let one: SharedNonces;
  let other: SharedNonces;
  beforeAll(async () => {
    db = await createDb({ url: backend === 'postgres' ? process.env.DATABASE_URL : undefined, isolate: backend === 'postgres' });
    await migrate(db);
    one = new SharedNonces(db, WINDOW, () => clock.now);
    other = new SharedNonces(db, WINDOW, () => clock.now);
  });
  afterAll(async () => {
    one?.close();
    other?.close();
    await db?.close();
  });

  it('refuses a nonce claimed by another process, and per access key only', async () => {
    expect(await one.claim('console', 'n-1')).toBe(true);
    expect(await other.claim('console', 'n-1')).toBe(false);
    expect(await one.claim('console', 'n-1')).toBe(false);
    expect(await other.claim('partner', 'n-1')).toBe(true);
  });

  it('answers every claim of a concurrent burst, each nonce accepted exactly once', async () => {
    const nonces = Array.from({ length: 200 }, (_, i) => `burst-${i}`);
    const answers = await Promise.all([...nonces.map((n) => one.claim('console', n)), ...nonces.map((n) => other.claim('console', n))]);
    expect(answers.filter(Boolean)).toHaveLength(200);
    for (let i = 0; i < 200; i++) expect(Number(answers[i]) + Number(answers[200 + i])).toBe(1);
  });

  it('forgets nonces past the window when swept', async () => {
    expect(await one.claim('console', 'old')).toBe(true);
    clock.now += WINDOW + 1_000;
    await one.sweep();
    const [{ n }] = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM request_nonces WHERE nonce = 'old'")) as [{ n: number }];
    expect(n).toBe(0);
    // a fresh process (its own memory empty) accepts it again: the timestamp check refuses old bodies anyway
    const third = new SharedNonces(db, WINDOW, () => clock.now);
    expect(await third.claim('console', 'old')).toBe(true);
    third.close();
  });
});
