import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/db';
import { migrate } from '../../db/migrate';
import { answerLostAfterCommit } from '../../test/lost-answer';
import { HeldWrites } from '../held';
import type { EnergyRow } from '../sql';

// Held telemetry against a database that commits a write and then drops the connection before
// answering: the write is tried again, and the energy it carried must be counted once.

const T = Date.UTC(2026, 0, 5, 10, 0);
const energy = (pv: number): EnergyRow => ({
  stationId: 7,
  bucket: T,
  pv,
  charge: 0,
  discharge: 0,
  load: 0,
  gridImport: 2,
  gridExport: 0,
  generator: 0,
  fuel: 0,
  pile: 0,
  losses: 0,
  soc: 55,
  sessions: 1,
  pvLimitedS: 0,
});

describe('held telemetry whose answer was lost after the commit', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createDb({});
    await migrate(db);
  });
  afterAll(() => db.close());

  const totals = async () => {
    const [e] = await db.query<{ pv: number; gridImport: number; sessions: number }>(
      'SELECT pv, grid_import AS "gridImport", sessions FROM station_energy WHERE station_id = 7',
    );
    const [r] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM telemetry_raw WHERE device_id = 70');
    return { ...e, raw: r!.n };
  };

  it('re-sends the energy slice and the raw rows without doubling them', async () => {
    const held = new HeldWrites({ maxRows: 100 });
    held.add({
      raw: [
        { id: 70, ts: T, v: [1] },
        { id: 70, ts: T + 1000, v: [2] },
      ],
      rolls: [],
      energy: [energy(1.5)],
      sampleTs: [T],
    });
    const flaky = answerLostAfterCommit(db, /station_energy|telemetry_raw/, 2);
    // first the raw insert commits and its answer is lost, then (retried) the energy slice's
    await expect(held.drain(flaky)).rejects.toThrow('Connection terminated');
    await expect(held.drain(flaky)).rejects.toThrow('Connection terminated');
    expect(flaky.lost).toBe(2);
    expect(held.heldEnergy).toBe(1);
    await held.drain(db);
    expect(held.heldEnergy + held.heldRows).toBe(0);
    expect(await totals()).toEqual({ pv: 1.5, gridImport: 2, sessions: 1, raw: 2 });

    // a later slice of the same bucket still adds up
    held.add({ raw: [], rolls: [], energy: [energy(0.5)], sampleTs: [] });
    await held.drain(db);
    expect(await totals()).toEqual({ pv: 2, gridImport: 4, sessions: 2, raw: 2 });
  });
});
