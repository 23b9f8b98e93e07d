import type { TestServer } from '../../test/harness';

// A blank page for a hand-computed bill: the first station without tariffs, oil prices or energy
// of its own, its tariff versions, and the quarters it metered.

type Db = TestServer['services']['db'];

/** The first station, emptied, in `zone` with `capacityKva` contracted (null: none). */
export const blankStation = async (s: TestServer, zone: string, capacityKva: number | null): Promise<{ id: number; providerId: number }> => {
  const db = s.services.db;
  const [st] = await db.query<{ id: number; providerId: number }>('SELECT id, provider_id AS "providerId" FROM stations ORDER BY id LIMIT 1');
  for (const table of ['tariffs', 'oil_prices', 'station_energy']) await db.query(`DELETE FROM ${table} WHERE station_id = $1`, [st!.id]);
  await db.query('UPDATE stations SET timezone = $2, capacity_kva = $3 WHERE id = $1', [st!.id, zone, capacityKva]);
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
