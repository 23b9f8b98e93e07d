import type { z } from 'zod';
import type { stationSummary } from '../../protocol/actions/stations';
import type { Queryable } from '../db/db';
import type { Ctx } from '../api/context';

// A station's summary as lists and cards show it: its records joined with its open alarm counts
// and whether a maintenance window is open now.

export type Summary = z.input<typeof stationSummary>;

const summarySql = `
  SELECT s.id AS "stationId", s.name AS "stationName", s.provider_id AS "serviceProviderId", p.name AS "serviceProviderName", p.currency,
         s.customer_id AS "customerId", c.name AS "customerName", s.address, s.region, s.country, s.timezone, s.lat, s.lon,
         s.system_type AS "systemType", s.energy_types AS "energyTypes", s.site_type AS "siteType", s.voltage_level AS "voltageLevel",
         s.operation_date AS "operationDate", s.pv_capacity_kw AS "pvCapacityKw", s.ess_power_kw AS "essPowerKw",
         s.ess_capacity_kwh AS "essCapacityKwh", s.dg_capacity_kw AS "dgCapacityKw", s.charging_power_kw AS "chargingPowerKw",
         s.capacity_kva::float8 AS "capacityKva", s.card_type AS "cardType", s.picture_url AS picture,
         coalesce(a.open, 0)::int AS "openAlarms", coalesce(a.faults, 0)::int AS faults, coalesce(a.offline, 0)::int AS offline,
         EXISTS (SELECT 1 FROM maintenance_windows mw WHERE mw.station_id = s.id AND mw.start_at <= $2 AND mw.end_at > $2) AS "inMaintenance"
  FROM stations s
  JOIN orgs p ON p.id = s.provider_id
  JOIN orgs c ON c.id = s.customer_id
  LEFT JOIN (
    SELECT station_id, count(*) AS open, count(*) FILTER (WHERE type = 'fault') AS faults,
           count(*) FILTER (WHERE rule_code = 'gatewayOffline') AS offline
    FROM alarms WHERE status = 1 GROUP BY station_id
  ) a ON a.station_id = s.id`;

type Row = Omit<Summary, 'stationStatus' | 'online'> & { faults: number; offline: number };

/** Status icon 0-4 from the records: not yet commissioned, offline gateway, open fault, open alarm, normal.
 *  The fleet's live state overrides `online` when it knows better (services.live). */
const toSummary = (r: Row, ctx: Ctx): Summary => {
  const { faults, offline, ...rest } = r;
  const live = ctx.services.live?.stationOnline(r.stationId);
  const online = live ?? offline === 0;
  const today = ctx.now.toISOString().slice(0, 10);
  const stationStatus = r.operationDate > today ? 4 : !online ? 3 : faults > 0 ? 2 : r.openAlarms > 0 ? 1 : 0;
  return { ...rest, online, stationStatus };
};

export const loadSummaries = async (db: Queryable, ids: number[], ctx: Ctx): Promise<Summary[]> => {
  if (ids.length === 0) return [];
  const rows = await db.query<Row>(`${summarySql} WHERE s.id = ANY($1::int[]) ORDER BY s.id`, [ids, ctx.now]);
  return rows.map((r) => toSummary(r, ctx));
};
