import { expect } from 'vitest';
import type { TestServer } from './harness';

// A blank page for hand-computed money (bills, peak demand, savings): a seeded station without
// tariffs, oil prices or energy of its own, its tariff versions, and the quarters it metered.

type Db = TestServer['services']['db'];

export interface BlankStationOptions {
  /** contracted capacity to set (null: none); untouched when absent */
  capacityKva?: number | null;
  /** more of the station's rows to delete, by table */
  alsoEmpty?: readonly string[];
  /** the first station with storage rather than the first of all */
  withStorage?: boolean;
}

/** The first station (with storage, when asked), emptied, in `zone`. */
export const blankStation = async (s: TestServer, zone: string, opts: BlankStationOptions = {}): Promise<{ id: number; providerId: number }> => {
  const db = s.services.db;
  const where = opts.withStorage ? `WHERE 'ess' = ANY(energy_types)` : '';
  const [st] = await db.query<{ id: number; providerId: number }>(`SELECT id, provider_id AS "providerId" FROM stations ${where} ORDER BY id LIMIT 1`);
  for (const table of ['tariffs', 'oil_prices', 'station_energy', ...(opts.alsoEmpty ?? [])])
    await db.query(`DELETE FROM ${table} WHERE station_id = $1`, [st!.id]);
  await db.query('UPDATE stations SET timezone = $2 WHERE id = $1', [st!.id, zone]);
  if (opts.capacityKva !== undefined) await db.query('UPDATE stations SET capacity_kva = $2 WHERE id = $1', [st!.id, opts.capacityKva]);
  await s.services.registry.load(db);
  return st!;
};

/** One tariff version of the station. */
export const addTariff = (db: Db, station: number, name: string, effectiveDate: string, seasons: unknown, charges: unknown) =>
  db.query('INSERT INTO tariffs (station_id, name, effective_date, seasons, charges) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb)', [
    station,
    name,
    effectiveDate,
    JSON.stringify(seasons),
    JSON.stringify(charges),
  ]);

/** Metered quarters: `imports` kWh from the grid (all of it load) each, or per bucket; `exported` kWh back each. */
export const addQuarters = (db: Db, station: number, buckets: readonly string[], imports: number | readonly number[], exported = 0) =>
  db.query(
    `INSERT INTO station_energy (station_id, bucket, pv, charge, discharge, load, grid_import, grid_export, generator)
     SELECT $1, b, 0, 0, 0, k, k, $4::float8, 0 FROM unnest($2::timestamptz[], $3::float8[]) AS x(b, k)`,
    [station, buckets, typeof imports === 'number' ? buckets.map(() => imports) : imports, exported],
  );

/** The station's bill of `month` ('YYYY-MM'), which must answer. */
export const billOf = async (s: TestServer, token: string, station: number, month: string) => {
  const r = await s.call('queryBillDetail', { billId: `${station}-${month}` }, token);
  expect(r.code).toBe(0);
  return r.data;
};
