// The real server in-process with a clock the test moves (`advance`), the built console, and a
// hand-made metered day: every quarter of one station-local day imports 1 kWh and exports
// 0.5 kWh, so a bill over it can be worked out by hand.
import { dateStart, addDateDays } from '../../../protocol/site-time';
import type { App } from '../../../server/app';
import { listenApp } from '../helpers/server';

export interface TariffServer extends App {
  url: string;
  close(): Promise<void>;
  /** moves the server clock forward by `ms` */
  advance(ms: number): void;
  /** back to the real time */
  resetClock(): void;
  /** the provider with the most stations and its stations, those in Shanghai first, by id */
  biggestProvider(): Promise<{ providerId: number; stations: { id: number; timezone: string }[] }>;
  setZone(stationId: number, zone: string): Promise<void>;
  /** removes the seeded pending tariffs and every fuel price of the stations: a known start */
  clearPlans(stationIds: readonly number[]): Promise<void>;
  /** replaces the station's metered quarters of local `date` with import 1, export 0.5 each */
  meterDay(stationId: number, zone: string, date: string): Promise<number>;
}

export async function startTariffServer(): Promise<TariffServer> {
  let offset = 0;
  const built = await listenApp({ seedStations: 24, clock: () => Date.now() + offset });
  const db = built.services.db;
  return {
    ...built,
    advance: (ms) => void (offset += ms),
    resetClock: () => void (offset = 0),
    async biggestProvider() {
      const [top] = await db.query<{ p: number }>('SELECT provider_id AS p FROM stations GROUP BY provider_id ORDER BY count(*) DESC, provider_id LIMIT 1');
      const stations = await db.query<{ id: number; timezone: string }>(
        "SELECT id, timezone FROM stations WHERE provider_id = $1 ORDER BY timezone <> 'Asia/Shanghai', id",
        [top!.p],
      );
      return { providerId: top!.p, stations };
    },
    async clearPlans(stationIds) {
      await db.query('DELETE FROM tariffs WHERE station_id = ANY($1::int[]) AND effective_date > CURRENT_DATE', [stationIds]);
      await db.query('DELETE FROM oil_prices WHERE station_id = ANY($1::int[])', [stationIds]);
    },
    async setZone(stationId, zone) {
      await db.query('UPDATE stations SET timezone = $2 WHERE id = $1', [stationId, zone]);
      await built.services.registry.load(db);
    },
    async meterDay(stationId, zone, date) {
      const from = new Date(dateStart(zone, date)).toISOString();
      const to = new Date(dateStart(zone, addDateDays(date, 1))).toISOString();
      await db.query('DELETE FROM station_energy WHERE station_id = $1 AND bucket >= $2::timestamptz AND bucket < $3::timestamptz', [stationId, from, to]);
      const rows = await db.query<{ n: number }>(
        `INSERT INTO station_energy(station_id, bucket, grid_import, grid_export)
         SELECT $1, b, 1, 0.5 FROM generate_series($2::timestamptz, $3::timestamptz - interval '15 minutes', interval '15 minutes') AS b RETURNING 1 AS n`,
        [stationId, from, to],
      );
      return rows.length;
    },
  };
}
