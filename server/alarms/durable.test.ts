import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushBroker } from '../broker/types';
import type { StationCache } from '../cache';
import { answerLostAfterCommit } from '../test/lost-answer';
import { createDb, type Db } from '../db/db';
import { migrate } from '../db/migrate';
import { seedIfEmpty } from '../db/seed';
import { Registry } from '../registry';
import { DurableAlarms, type AlarmChange } from './durable';

// The durable alarm path against a database that commits a raise or a recovery and then drops
// the connection before answering (the retry must neither count the alarm twice nor lose its
// push), and through an outage while changes keep coming (logged once at each end).

describe('durable alarms through database faults', () => {
  // the database and registry only: the alarm path needs no HTTP server
  const s = { services: { db: null as unknown as Db, registry: new Registry() } };
  let stationId: number;
  beforeAll(async () => {
    s.services.db = await createDb({});
    await migrate(s.services.db);
    await seedIfEmpty(s.services.db, { now: new Date(), stations: 1 });
    await s.services.registry.load(s.services.db);
    stationId = [...s.services.registry.stations.keys()][0]!;
  });
  afterAll(() => s.services.db.close());

  const setup = (lostOn: RegExp) => {
    const pushed: { topic: string; alarmId: number; status: unknown }[] = [];
    const broker = {
      publish: async (topic: string, payload: string) => {
        const m = JSON.parse(payload) as { alarmId: number; status: unknown };
        pushed.push({ topic, alarmId: m.alarmId, status: m.status });
      },
    } as unknown as PushBroker;
    const db = answerLostAfterCommit(s.services.db, lostOn);
    const log = { warn: () => undefined, info: () => undefined };
    const alarms = new DurableAlarms(
      { db, broker, registry: s.services.registry, stationCache: { invalidate: () => undefined } as unknown as StationCache<unknown>, log },
      () => 1,
    );
    return { alarms, pushed, db };
  };
  const change = (active: boolean, time: Date): AlarmChange => ({
    active,
    stationId,
    deviceId: null,
    dedupKey: `${stationId}/station/gatewayOffline`,
    code: 'gatewayOffline',
    content: 'Gateway offline',
    params: {},
    time,
  });
  const rows = () =>
    s.services.db.query<{ id: number; status: number; occurrences: number }>('SELECT id, status, occurrences FROM alarms WHERE dedup_key = $1 ORDER BY id', [
      `${stationId}/station/gatewayOffline`,
    ]);

  it('a raise stored once, one occurrence, pushed once', async () => {
    const { alarms, pushed, db } = setup(/INSERT INTO alarms/);
    alarms.add(change(true, new Date(Date.UTC(2026, 0, 5, 10, 0, 0, 123))));
    await alarms.settled();
    expect(db.lost).toBe(1);
    expect(alarms.dbErrors).toBe(1);
    const [row, ...more] = await rows();
    expect(more).toEqual([]);
    expect(row).toMatchObject({ status: 1, occurrences: 1 });
    expect(pushed.length).toBeGreaterThan(0);
    expect(new Set(pushed.map((p) => p.alarmId))).toEqual(new Set([row!.id]));
    expect(new Set(pushed.map((p) => p.topic)).size).toBe(pushed.length);
    expect(alarms.raised).toBe(1);
  });

  it('logs an outage once when it starts and once when its backlog is written, while new changes keep coming', async () => {
    const lines: { m: string; o: Record<string, unknown> }[] = [];
    const log = {
      warn: (o: object, m: string) => void lines.push({ m, o: o as Record<string, unknown> }),
      info: (o: object, m: string) => void lines.push({ m, o: o as Record<string, unknown> }),
    };
    let down = true;
    let next = 0;
    let extra = 0;
    const raise = () => ({ ...change(true, new Date(Date.UTC(2026, 0, 6, 0, 0, next))), dedupKey: `${stationId}/station/outage-${next++}` });
    const db = {
      query: async <T>(sql: string, params?: readonly unknown[]): Promise<T[]> => {
        if (down) throw new Error('connect ECONNREFUSED');
        const rows = await s.services.db.query<T>(sql, params);
        // every stored change brings a new one behind it (a fleet that keeps raising), ten in all
        if (sql.includes('INSERT INTO alarms') && extra < 10) {
          extra++;
          setTimeout(() => alarms.add(raise()), 0);
        }
        return rows;
      },
    };
    const broker = { publish: async () => undefined } as unknown as PushBroker;
    const alarms = new DurableAlarms(
      { db, broker, registry: s.services.registry, stationCache: { invalidate: () => undefined } as unknown as StationCache<unknown>, log },
      () => 5,
    );
    for (let i = 0; i < 3; i++) alarms.add(raise());
    while (alarms.dbErrors < 3) await new Promise((r) => setTimeout(r, 5));
    down = false;
    for (let t = 0; t < 500 && alarms.raised < 13; t++) await new Promise((r) => setTimeout(r, 10));
    await alarms.settled();
    expect(alarms.raised).toBe(13);
    expect(lines.map((l) => l.m)).toEqual([
      'alarm changes cannot be stored: retrying until the database answers',
      'alarm changes stored again after a database outage',
    ]);
    // the three held through the outage, not everything stored since
    expect(lines[1]!.o.storedLate).toBe(3);
  });

  it('a recovery stored once and pushed once', async () => {
    const { alarms, pushed, db } = setup(/UPDATE alarms SET status = 2/);
    alarms.add(change(false, new Date(Date.UTC(2026, 0, 5, 10, 5))));
    await alarms.settled();
    expect(db.lost).toBe(1);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 2, occurrences: 1 });
    expect(pushed.length).toBeGreaterThan(0);
    expect(pushed.every((p) => p.alarmId === row!.id && p.status !== 'unresolved')).toBe(true);
    expect(new Set(pushed.map((p) => p.topic)).size).toBe(pushed.length);
    expect(alarms.recovered).toBe(1);
  });
});
