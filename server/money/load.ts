import type { Queryable } from '../db/db';
import { addDateDays, dateStart } from '../../protocol/site-time';
import { priceRange } from './bill';
import { feedIdsOf, feedQuarters, type FeedPriceRow } from './dynamic';
import type { MeteredInterval, OilWindow, Pricing, Tariff } from './types';

// Reads what pricing needs from the database: tariff versions, fuel price windows, and the
// 15-minute metered intervals of local days. Narrow input: a query function only.

export interface MoneyDeps {
  db: Queryable;
}
export interface StationZone {
  id: number;
  timezone: string;
}

const tariffSql = `SELECT id, station_id AS "stationId", name, effective_date::text AS "effectiveDate", seasons, charges
  FROM tariffs WHERE station_id = ANY($1::int[]) ORDER BY effective_date`;
const oilSql = `SELECT station_id AS "stationId", (extract(epoch FROM start_time) * 1000)::float8 AS start, (extract(epoch FROM end_time) * 1000)::float8 AS "end",
  price_per_litre::float8 AS "pricePerLitre", kwh_per_litre::float8 AS "kwhPerLitre"
  FROM oil_prices WHERE station_id = ANY($1::int[]) ORDER BY start_time`;

const feedSql = `SELECT p.feed_id AS "feedId", (extract(epoch FROM p.start_time) * 1000)::float8 AS start, f.resolution_minutes AS "resolutionMinutes",
  p.import_price::float8 AS "importPrice", p.export_price::float8 AS "exportPrice"
  FROM price_feed_prices p JOIN price_feeds f ON f.id = p.feed_id WHERE p.feed_id = ANY($1::int[])`;

/** Pricing of many stations in two queries (three when a version names a price feed). */
export const loadPricingMany = async ({ db }: MoneyDeps, stations: readonly StationZone[]): Promise<Map<number, Pricing>> => {
  const ids = stations.map((x) => x.id);
  const [tariffs, oil] = await Promise.all([
    db.query<Tariff & { stationId: number }>(tariffSql, [ids]),
    db.query<OilWindow & { stationId: number }>(oilSql, [ids]),
  ]);
  const out = new Map<number, Pricing>(stations.map((x) => [x.id, { timezone: x.timezone, tariffs: [], oil: [] }]));
  for (const { stationId, ...t } of tariffs) out.get(stationId)?.tariffs.push(t);
  for (const { stationId, ...o } of oil) out.get(stationId)?.oil.push({ ...o, pricePerLitre: Number(o.pricePerLitre), kwhPerLitre: Number(o.kwhPerLitre) });
  const feedIds = feedIdsOf(tariffs);
  if (feedIds.length) {
    // every station shares one map per feed: a group of stations on one tariff reads it once
    const feeds = feedQuarters(await db.query<FeedPriceRow>(feedSql, [feedIds]));
    for (const p of out.values()) p.feeds = feeds;
  }
  return out;
};

export const loadPricing = async (deps: MoneyDeps, stationId: number, timezone: string): Promise<Pricing> =>
  (await loadPricingMany(deps, [{ id: stationId, timezone }])).get(stationId)!;

/** Metered intervals of local dates `fromDate`..`toDate` inclusive. */
export const loadMetered = ({ db }: MoneyDeps, station: StationZone, fromDate: string, toDate: string): Promise<MeteredInterval[]> =>
  db.query<MeteredInterval>(
    `SELECT (extract(epoch FROM bucket) * 1000)::float8 AS bucket, grid_import AS "gridImport", grid_export AS "gridExport", load, generator, fuel
     FROM station_energy WHERE station_id = $1 AND bucket >= to_timestamp($2 / 1000.0) AND bucket < to_timestamp($3 / 1000.0) ORDER BY bucket`,
    [station.id, dateStart(station.timezone, fromDate), dateStart(station.timezone, addDateDays(toDate, 1))],
  );

/** The bills of a station's local days `fromDate`..`toDate` (days without intervals omitted). */
export const billDays = async (deps: MoneyDeps, station: StationZone, fromDate: string, toDate: string) => {
  const [pricing, metered] = await Promise.all([loadPricing(deps, station.id, station.timezone), loadMetered(deps, station, fromDate, toDate)]);
  return priceRange(metered, pricing);
};
