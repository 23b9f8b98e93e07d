import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../db/db';
import { migrate } from '../db/migrate';
import { backends } from '../test/harness';
import { claim, enqueue, finish, type NewDelivery } from './outbox';

// The outbox alone: one row per dedupe key, each due row claimed by one claimer however many
// claim at once, a lease that runs out hands the row to another claimer, and a late finish by
// the one that lost it changes nothing.

const T0 = new Date('2026-11-28T00:00:00Z');
const at = (s: number) => new Date(T0.getTime() + s * 1000);
const row = (key: string, due = T0): NewDelivery => ({
  dedupeKey: key,
  ruleId: null,
  accountId: null,
  recipient: 'ops',
  channel: 'webhook',
  address: 'http://127.0.0.1:9/hook',
  kind: 'raised',
  alarmId: 1,
  dueAt: due,
});

describe.each(backends())('notification outbox (%s)', (backend) => {
  let db: Db;
  beforeAll(async () => {
    db = await createDb({ url: backend === 'postgres' ? process.env.DATABASE_URL : undefined, isolate: backend === 'postgres' });
    await migrate(db);
  }, 60_000);
  afterAll(() => db?.close());

  it('keeps one row per dedupe key', async () => {
    expect(await enqueue(db, row('a'), T0)).toBe(true);
    expect(await enqueue(db, row('a'), T0)).toBe(false);
    const [n] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM notification_deliveries WHERE dedupe_key = 'a'");
    expect(n!.n).toBe(1);
  });

  it('hands each due row to exactly one of many concurrent claimers, and none before it is due', async () => {
    await db.query('DELETE FROM notification_deliveries');
    for (let i = 0; i < 40; i++) await enqueue(db, row(`c${i}`), T0);
    await enqueue(db, row('later', at(60)), T0);
    const claims = await Promise.all(['r1', 'r2', 'r3', 'r4'].map((o) => claim(db, o, at(1), 30_000, 15)));
    const ids = claims.flat().map((d) => d.id);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
    expect(claims.flat().some((d) => d.dedupeKey === 'later')).toBe(false);
    expect(await claim(db, 'r5', at(2), 30_000, 100)).toHaveLength(0);
  });

  it('gives a row whose lease ran out to another claimer, logs the lost attempt, and ignores the old owner', async () => {
    await db.query('DELETE FROM notification_deliveries');
    await enqueue(db, row('lease'), T0);
    const [first] = await claim(db, 'dead-replica', at(1), 30_000, 10);
    expect(first!.attempts).toBe(1);
    expect(await claim(db, 'r2', at(20), 30_000, 10)).toHaveLength(0);
    const [again] = await claim(db, 'r2', at(32), 30_000, 10);
    expect(again).toMatchObject({ id: first!.id, attempts: 2, interrupted: true });
    expect(await finish(db, first!.id, 'dead-replica', at(33), 5, { outcome: 'sent' })).toBe(false);
    expect(await finish(db, first!.id, 'r2', at(33), 5, { outcome: 'sent' })).toBe(true);
    const attempts = await db.query<{ outcome: string; replica: string }>(
      'SELECT outcome, replica FROM notification_attempts WHERE delivery_id = $1 ORDER BY id',
      [first!.id],
    );
    expect(attempts).toEqual([
      { outcome: 'interrupted', replica: 'r2' },
      { outcome: 'sent', replica: 'r2' },
    ]);
    expect(await claim(db, 'r3', at(100), 30_000, 10)).toHaveLength(0);
  });

  it('puts a failed row back until its retry time, and a failure without one is dead', async () => {
    await db.query('DELETE FROM notification_deliveries');
    await enqueue(db, row('retry'), T0);
    const [d] = await claim(db, 'r1', at(1), 30_000, 10);
    await finish(db, d!.id, 'r1', at(2), 5, { outcome: 'failed', error: 'HTTP 503', retryAt: at(62) });
    expect(await claim(db, 'r1', at(61), 30_000, 10)).toHaveLength(0);
    const [d2] = await claim(db, 'r1', at(62), 30_000, 10);
    expect(d2!.attempts).toBe(2);
    await finish(db, d2!.id, 'r1', at(63), 5, { outcome: 'failed', error: 'HTTP 503', retryAt: null });
    const [final] = await db.query<{ status: string; lastError: string }>(
      'SELECT status, last_error AS "lastError" FROM notification_deliveries WHERE id = $1',
      [d!.id],
    );
    expect(final).toEqual({ status: 'dead', lastError: 'HTTP 503' });
    expect(await claim(db, 'r1', at(10_000), 30_000, 10)).toHaveLength(0);
  });
});
