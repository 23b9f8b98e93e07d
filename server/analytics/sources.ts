import { POINTS, pointIndex } from '../../protocol/fleet';
import type { Queryable } from '../db/db';
import { GAMMA_C_SI } from './formulas';
import type { MeteredStep, WeatherStep } from './figures';

// What the analytics read besides the stored days: the stations' ratings, the 15-minute energy
// intervals (with SOC), the weather station's plane-of-array irradiance and module temperature,
// and the battery clusters' SOH.

export interface StationRating {
  /** pvKwp: the DC array's nameplate (P_STC), Σ inverter rating × its DC/AC ratio; the station's AC PV capacity without inverters */
  id: number;
  name: string;
  providerId: number;
  timezone: string;
  /** the provider's currency: the unit of the station's money */
  currency: string;
  pvKwp: number;
  essKwh: number;
  gamma: number;
  weatherId: number | null;
  /** the converters' rating (Σ PCS rated power, else the station's ESS power), kW */
  essKw: number;
  /** the SOC (%) its island strategy charges the battery to, null without one: islanded, PV beyond load and that is curtailed */
  islandSocUpper: number | null;
}

export const loadRatings = async (db: Queryable, ids: readonly number[]): Promise<StationRating[]> => {
  if (ids.length === 0) return [];
  const rows = await db.query<{
    id: number;
    name: string;
    providerId: number;
    timezone: string;
    pvKwp: string | number;
    essKwh: string | number;
    essKw: string | number | null;
    coeff: number | null;
    weatherId: number | null;
    currency: string;
    islandSocUpper: number | null;
  }>(
    `SELECT s.id, s.name, s.provider_id AS "providerId", s.timezone, (SELECT o.currency FROM orgs o WHERE o.id = s.provider_id) AS currency, s.ess_capacity_kwh AS "essKwh",
       coalesce((SELECT sum(d.rated_power_kw) FROM devices d WHERE d.station_id = s.id AND d.type = 'pcs'), s.ess_power_kw) AS "essKw",
       coalesce((SELECT sum(d.rated_power_kw * coalesce((d.params->>'dcAcRatio')::numeric, 1)) FROM devices d WHERE d.station_id = s.id AND d.type = 'pv_inverter'),
                s.pv_capacity_kw) AS "pvKwp",
       (SELECT (d.params->>'tempCoeffPctPerC')::float8 FROM devices d WHERE d.station_id = s.id AND d.type = 'pv_inverter' ORDER BY d.id LIMIT 1) AS coeff,
       (SELECT d.id FROM devices d WHERE d.station_id = s.id AND d.type = 'weather_station' ORDER BY d.id LIMIT 1) AS "weatherId",
       (SELECT (g.params->>'socUpper')::float8 FROM strategies g WHERE g.station_id = s.id AND g.kind = 'island' ORDER BY g.id DESC LIMIT 1) AS "islandSocUpper"
     FROM stations s WHERE s.id = ANY($1::int[]) ORDER BY s.id`,
    [ids],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    providerId: r.providerId,
    timezone: r.timezone,
    currency: r.currency,
    pvKwp: Number(r.pvKwp),
    essKwh: Number(r.essKwh),
    essKw: Number(r.essKw ?? 0),
    gamma: r.coeff === null || !Number.isFinite(r.coeff) ? GAMMA_C_SI : r.coeff / 100,
    weatherId: r.weatherId,
    islandSocUpper: r.islandSocUpper !== null && Number.isFinite(r.islandSocUpper) ? r.islandSocUpper : null,
  }));
};

/** What tells a station's curtailed intervals apart (figures.ts `curtailedInterval`), or nothing without an island strategy. */
export const curtailmentOf = (s: StationRating): { socUpper: number; essKw: number } | null =>
  s.islandSocUpper === null ? null : { socUpper: s.islandSocUpper, essKw: s.essKw };

/** Intervals of stations in [from, to), ascending per station, with the SOC at each interval's end and the seconds the PV was curtailed. */
export const loadSteps = async (db: Queryable, ids: readonly number[], from: number, to: number): Promise<Map<number, MeteredStep[]>> => {
  const rows = await db.query<MeteredStep & { stationId: number }>(
    `SELECT station_id AS "stationId", (extract(epoch FROM bucket) * 1000)::float8 AS bucket, pv, charge, discharge, load,
            grid_import AS "gridImport", grid_export AS "gridExport", generator, fuel, pile, losses, soc::float8 AS soc,
            pv_limited_s::float8 AS "pvLimitedS"
     FROM station_energy WHERE station_id = ANY($1::int[]) AND bucket >= to_timestamp($2 / 1000.0) AND bucket < to_timestamp($3 / 1000.0)
     ORDER BY station_id, bucket`,
    [ids, from, to],
  );
  const out = new Map<number, MeteredStep[]>();
  for (const { stationId, ...r } of rows) (out.get(stationId) ?? out.set(stationId, []).get(stationId)!).push(r);
  return out;
};

const W = POINTS.weather_station.length;
const POA = pointIndex('weather_station', 'poa');
const MODULE = pointIndex('weather_station', 'moduleC');

/** 15-minute averages of the weather stations in [from, to), by device and bucket start. */
export const loadWeather = async (db: Queryable, deviceIds: readonly number[], from: number, to: number): Promise<Map<number, Map<number, WeatherStep>>> => {
  const out = new Map<number, Map<number, WeatherStep>>(deviceIds.map((d) => [d, new Map()]));
  if (deviceIds.length === 0) return out;
  // s = [min × W, max × W, avg × W]: the averages of poa and module temperature
  const rows = await db.query<{ id: number; t: number; poa: number | null; moduleC: number | null }>(
    `SELECT device_id AS id, (extract(epoch FROM bucket) * 1000)::float8 AS t, s[${2 * W + POA + 1}]::float8 AS poa, s[${2 * W + MODULE + 1}]::float8 AS "moduleC"
     FROM telemetry_rollup WHERE device_id = ANY($1::int[]) AND res = 900 AND bucket >= to_timestamp($2 / 1000.0) AND bucket < to_timestamp($3 / 1000.0)`,
    [deviceIds, from, to],
  );
  for (const r of rows) {
    if (r.poa === null || !Number.isFinite(r.poa)) continue;
    out.get(r.id)!.set(r.t, { poa: Math.max(0, r.poa), moduleC: r.moduleC ?? 25 });
  }
  return out;
};

const C = POINTS.battery_cluster.length;
const SOH = pointIndex('battery_cluster', 'soh');

export interface SohPoint {
  deviceId: number;
  stationId: number;
  name: string;
  day: string;
  soh: number;
}

/** Daily (UTC) average SOH of every battery cluster of the stations, from the 15-minute and daily rollups. */
export const loadSoh = async (db: Queryable, ids: readonly number[], fromDate: string, toDate: string): Promise<SohPoint[]> => {
  if (ids.length === 0) return [];
  return db.query<SohPoint>(
    `SELECT d.id AS "deviceId", d.station_id AS "stationId", d.name, to_char(r.bucket AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
            avg(r.s[${2 * C + SOH + 1}])::float8 AS soh
     FROM devices d JOIN telemetry_rollup r ON r.device_id = d.id
     WHERE d.station_id = ANY($1::int[]) AND d.type = 'battery_cluster' AND r.res IN (900, 86400)
       AND r.bucket >= $2::date AT TIME ZONE 'UTC' AND r.bucket < ($3::date + 1) AT TIME ZONE 'UTC' AND r.s[${2 * C + SOH + 1}] IS NOT NULL
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 4`,
    [ids, fromDate, toDate],
  );
};

/**
 * What the figures of stations over [from, to) are computed from: their metered 15-minute steps
 * (from one interval earlier, the step that ends at `from`) and their weather stations' averages.
 */
export const loadInputs = (db: Queryable, stations: readonly StationRating[], from: number, to: number) =>
  Promise.all([
    loadSteps(
      db,
      stations.map((s) => s.id),
      from - 900_000,
      to,
    ),
    loadWeather(
      db,
      stations.flatMap((s) => (s.weatherId === null ? [] : [s.weatherId])),
      from,
      to,
    ),
  ]);
