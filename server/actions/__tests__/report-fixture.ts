import { addDateDays, dateStart } from '../../../protocol/site-time';
import type { Queryable } from '../../db/db';

// Deterministic 15-minute intervals of whole local days for report, export and bill tests:
// sun around local noon, a steady load, the battery charging at midday and discharging in the
// evening, the grid covering the rest, a genset running two hours each night.

const QUARTER = 900_000;

export const seedIntervals = async (db: Queryable, stationIds: readonly number[], firstDate: string, days: number): Promise<void> => {
  const zones = await db.query<{ id: number; timezone: string }>('SELECT id, timezone FROM stations WHERE id = ANY($1::int[])', [stationIds]);
  const rows: (number | string)[][] = [];
  for (const { id, timezone } of zones) {
    for (let d = 0; d < days; d++) {
      const start = dateStart(timezone, addDateDays(firstDate, d));
      for (let q = 0; q < 96; q++) {
        const h = q / 4;
        const pv = Math.max(0, Math.sin(((h - 6) / 12) * Math.PI)) * (20 + (id % 7) + d * 0.5);
        const load = 8 + (id % 3);
        const charge = h >= 11 && h < 14 ? 3 : 0;
        const discharge = h >= 18 && h < 21 ? 2.5 : 0;
        const generator = h >= 1 && h < 3 ? 4 : 0;
        const net = load + charge - pv - discharge - generator;
        rows.push([id, new Date(start + q * QUARTER).toISOString(), pv, charge, discharge, load, Math.max(0, net), Math.max(0, -net), generator]);
      }
    }
  }
  for (let i = 0; i < rows.length; i += 2000) {
    const part = rows.slice(i, i + 2000);
    await db.query(
      `INSERT INTO station_energy (station_id, bucket, pv, charge, discharge, load, grid_import, grid_export, generator)
       SELECT * FROM unnest($1::int[], $2::timestamptz[], $3::float8[], $4::float8[], $5::float8[], $6::float8[], $7::float8[], $8::float8[], $9::float8[])
       ON CONFLICT (station_id, bucket) DO UPDATE SET pv = excluded.pv, charge = excluded.charge, discharge = excluded.discharge, load = excluded.load,
         grid_import = excluded.grid_import, grid_export = excluded.grid_export, generator = excluded.generator`,
      Array.from({ length: 9 }, (_, k) => part.map((r) => r[k])),
    );
  }
};
