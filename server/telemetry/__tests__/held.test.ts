import { describe, expect, it } from 'vitest';
import { zeroEnergy } from '../energy-flows';
import type { Queryable } from '../../db/db';
import { HeldWrites, type Batch } from '../held';
import type { EnergyRow } from '../sql';

// The held writes against a database that fails on demand: statements are recorded in the
// order they reached it, so the test sees what was written, in which order, and how often.

const fakeDb = () => {
  const state = { down: false, statements: [] as { table: string; ids: number[] }[] };
  const db: Queryable = {
    query: async <T>(sql: string, params?: readonly unknown[]): Promise<T[]> => {
      if (state.down) throw new Error('connection refused');
      const table = /INSERT INTO (?!write_claims)(\w+)/.exec(sql)?.[1] ?? '?';
      state.statements.push({ table, ids: [...(params?.[1] as number[])] });
      return [];
    },
  };
  return { db, state };
};
const energy = (bucket: number): EnergyRow => ({
  stationId: 1,
  bucket,
  ...zeroEnergy(),
  pv: 1,
  soc: null,
  sessions: 0,
  pvLimitedS: 0,
});
const batch = (t: number, raw = 2): Batch => ({
  raw: Array.from({ length: raw }, (_, i) => ({ id: i + 1, ts: t, v: [1] })),
  rolls: [],
  energy: [energy(t)],
  sampleTs: [t],
});
const logger = () => {
  const lines: string[] = [];
  return { lines, log: { info: (_o: object, m: string) => void lines.push(m), warn: (_o: object, m: string) => void lines.push(m) } };
};

describe('telemetry held through a database outage', () => {
  it('keeps every batch while the database is away, writes them back in order once, and logs the outage twice', async () => {
    const { db, state } = fakeDb();
    const { lines, log } = logger();
    const held = new HeldWrites({ maxRows: 1000, log });
    state.down = true;
    for (let t = 1; t <= 5; t++) {
      held.add(batch(t * 1000));
      await expect(held.drain(db)).rejects.toThrow('connection refused');
    }
    expect(held.heldRows).toBe(10);
    expect(held.heldEnergy).toBe(5);
    state.down = false;
    await held.drain(db);
    expect(held.heldRows + held.heldEnergy).toBe(0);
    // every batch once, oldest first; energy (additive) never twice
    const energyBuckets = state.statements.filter((s) => s.table === 'station_energy').map((s) => s.ids[0]);
    expect(energyBuckets).toEqual([1000, 2000, 3000, 4000, 5000]);
    expect(lines).toEqual(['database unreachable: holding telemetry until it returns', 'database back: held telemetry written']);
    expect(held.dbErrors).toBe(5);
  });

  it('past its bound drops the oldest raw samples first, counts them, and keeps energy', async () => {
    const { db, state } = fakeDb();
    const held = new HeldWrites({ maxRows: 6 });
    state.down = true;
    for (let t = 1; t <= 5; t++) held.add(batch(t * 1000));
    expect(held.dropped.raw).toBe(4);
    expect(held.heldRows).toBe(6);
    state.down = false;
    await held.drain(db);
    const raw = state.statements.filter((s) => s.table === 'telemetry_raw');
    expect(raw.flatMap((s) => s.ids)).toEqual([3000, 3000, 4000, 4000, 5000, 5000]);
    expect(state.statements.filter((s) => s.table === 'station_energy')).toHaveLength(5);
  });
});
