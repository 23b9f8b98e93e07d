import type { z } from 'zod';
import type { stationSummary } from '../../protocol/actions/stations';
import { dateKey } from '../../protocol/site-time';
import type { Queryable } from '../db/db';
import type { Scope } from '../auth/scope';
import { authed, type Ctx, type Handlers } from '../api/context';
import { ActionError } from '../api/errors';
import { audit } from '../api/audit';
import { rawJson } from '../api/raw-json';
import type { StationCache } from '../cache';

type Summary = z.input<typeof stationSummary>;

const summarySql = `
  SELECT s.id AS "stationId", s.name AS "stationName", s.provider_id AS "serviceProviderId", p.name AS "serviceProviderName",
         s.customer_id AS "customerId", c.name AS "customerName", s.address, s.region, s.country, s.timezone, s.lat, s.lon,
         s.system_type AS "systemType", s.energy_types AS "energyTypes", s.site_type AS "siteType", s.voltage_level AS "voltageLevel",
         s.operation_date AS "operationDate", s.pv_capacity_kw AS "pvCapacityKw", s.ess_power_kw AS "essPowerKw",
         s.ess_capacity_kwh AS "essCapacityKwh", s.dg_capacity_kw AS "dgCapacityKw", s.charging_power_kw AS "chargingPowerKw",
         s.card_type AS "cardType", s.picture_url AS picture,
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

/** A station in the caller's scope, or notFound (the same answer as a missing id). */
export const requireStation = (scope: Scope, stationId: number): void => {
  if (!scope.hasStation(stationId)) throw new ActionError('notFound');
};

/** The caller's scope once it holds `stationId` (notFound otherwise). */
export const scopeWithStation = (ctx: Ctx, stationId: number): Scope => {
  const { scope } = authed(ctx);
  requireStation(scope, stationId);
  return scope;
};

/** The provider a request works on: the given one if in scope, else all in scope. */
export const providersFor = (scope: Scope, orgId?: number): number[] => {
  // one's own org is always in scope: a customer's (or a provider's without stations) reads answer
  // what it holds, possibly nothing, never notFound
  if (orgId === undefined || scope.isOwnOrg(orgId)) return scope.providerIds();
  if (!scope.hasProvider(orgId)) throw new ActionError('notFound');
  return [orgId];
};

const cmp = (a: unknown, b: unknown): number =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), 'zh-CN');

/** One page of a list sorted by the asked column, ties broken by id so pages never overlap. */
const sortedPage = <T, K extends keyof T>(
  list: T[],
  q: { sortBy: K; sortDir?: 'asc' | 'desc'; page: number; length: number },
  id: (row: T) => number,
) => {
  const dir = q.sortDir === 'desc' ? -1 : 1;
  list.sort((a, b) => dir * cmp(a[q.sortBy], b[q.sortBy]) || id(a) - id(b));
  const start = (q.page - 1) * q.length;
  return { totalCount: list.length, dataList: list.slice(start, start + q.length) };
};

type StationInfo = Awaited<ReturnType<NonNullable<Handlers['queryStationInfoById']>>>;

const loadStationInfo = async (ctx: Ctx, stationId: number, today: string): Promise<StationInfo> => {
  const db = ctx.services.db;
  const [summary] = await loadSummaries(db, [stationId], ctx);
  if (!summary) throw new ActionError('notFound');
  const counts = await db.query<{ type: string; n: number }>('SELECT type, count(*)::int AS n FROM devices WHERE station_id=$1 GROUP BY type', [stationId]);
  const [tariff] = await db.query<{ name: string }>(
    'SELECT name FROM tariffs WHERE station_id=$1 AND effective_date <= $2 ORDER BY effective_date DESC LIMIT 1',
    [stationId, today],
  );
  const [mode] = await db.query<{ p: boolean; i: boolean }>('SELECT peak_shaving_enabled AS p, island_enabled AS i FROM station_modes WHERE station_id=$1', [stationId]);
  return {
    ...summary,
    deviceCounts: Object.fromEntries(counts.map((c) => [c.type, c.n])),
    tariffName: tariff?.name ?? null,
    peakShavingEnabled: mode?.p ?? false,
    islandEnabled: mode?.i ?? false,
  };
};

export const stationHandlers: Handlers = {
  queryStationInfoList: async (q, ctx) => {
    const { scope } = authed(ctx);
    const ids = providersFor(scope, q.orgId).flatMap((p) => scope.stationIds(p));
    let list = await loadSummaries(ctx.services.db, ids, ctx);
    const kw = q.keyword?.toLowerCase();
    list = list.filter(
      (s) =>
        (q.customerId === undefined || s.customerId === q.customerId) &&
        (!kw || s.stationName.toLowerCase().includes(kw) || s.address.toLowerCase().includes(kw) || s.region.toLowerCase().includes(kw)) &&
        (q.systemType === undefined || s.systemType === q.systemType) &&
        (q.energyType === undefined || s.energyTypes.includes(q.energyType)) &&
        (q.online === undefined || s.online === q.online) &&
        (q.stationStatus === undefined || s.stationStatus === q.stationStatus),
    );
    return sortedPage(list, q, (s) => s.stationId);
  },

  queryStationInfoById: async ({ stationId }, ctx) => {
    const { scope } = authed(ctx);
    requireStation(scope, stationId);
    const today = dateKey(ctx.services.registry.stations.get(stationId)!.timezone, ctx.now.getTime());
    const cache = ctx.services.stationCache as StationCache<StationInfo>;
    const liveKey = `${today}|${ctx.services.live?.stationOnline(stationId) ?? ''}`;
    const hit = cache.get(stationId, liveKey);
    if (hit) return hit;
    const info = rawJson(await loadStationInfo(ctx, stationId, today));
    cache.set(stationId, liveKey, info);
    return info;
  },

  queryDeviceList: async ({ stationId, type }, ctx) => {
    const { scope } = authed(ctx);
    requireStation(scope, stationId);
    const rows = await ctx.services.db.query<DeviceRow>(`${deviceSql} WHERE station_id=$1 AND ($2::text IS NULL OR type=$2) ORDER BY type, id`, [stationId, type ?? null]);
    return { dataList: rows };
  },

  queryDeviceInfoById: async ({ deviceId }, ctx) => {
    const { scope } = authed(ctx);
    const [row] = await ctx.services.db.query<DeviceRow>(`${deviceSql} WHERE id=$1`, [deviceId]);
    if (!row || !scope.hasStation(row.stationId)) throw new ActionError('notFound');
    return row;
  },

  queryServiceProviderInfoById: async ({ orgId }, ctx) => {
    const { scope } = authed(ctx);
    if (!scope.hasProvider(orgId)) throw new ActionError('notFound');
    const [p] = await providerSummaries(ctx, [orgId]);
    if (!p) throw new ActionError('notFound');
    return p;
  },

  queryServiceProviderList: async (q, ctx) => {
    const { scope } = authed(ctx);
    let list = await providerSummaries(ctx, scope.providerIds());
    const kw = q.keyword?.toLowerCase();
    if (kw) list = list.filter((p) => p.name.toLowerCase().includes(kw) || (p.address ?? '').toLowerCase().includes(kw));
    return sortedPage(list, q, (p) => p.orgId);
  },

  queryCustomerList: async ({ orgId }, ctx) => {
    const { scope } = authed(ctx);
    const pids = providersFor(scope, orgId);
    const allowed = new Set(scope.stationIds());
    const reg = ctx.services.registry;
    const out = [...reg.orgs.values()]
      .filter((o) => o.orgType === 3 && o.parentId !== null && pids.includes(o.parentId))
      .map((o) => ({
        id: o.id,
        name: o.name,
        serviceProviderId: o.parentId!,
        siteQuantity: [...reg.stations.values()].filter((s) => s.customerId === o.id && allowed.has(s.id)).length,
      }))
      .filter((c) => scope.wholeProviders || c.siteQuantity > 0);
    return { dataList: out };
  },

  updateStation: async (q, ctx) => {
    const { scope, me } = authed(ctx);
    requireStation(scope, q.stationId);
    const sets: string[] = [];
    const vals: unknown[] = [q.stationId];
    const put = (col: string, v: unknown) => {
      vals.push(v);
      sets.push(`${col} = $${vals.length}`);
    };
    if (q.stationName !== undefined) put('name', q.stationName);
    if (q.address !== undefined) put('address', q.address);
    if (q.voltageLevel !== undefined) put('voltage_level', q.voltageLevel);
    if (q.operationDate !== undefined) put('operation_date', q.operationDate);
    if (q.cardType !== undefined) put('card_type', q.cardType);
    if (q.picture !== undefined) put('picture_url', q.picture);
    if (sets.length === 0) return null;
    await ctx.services.db.query(`UPDATE stations SET ${sets.join(', ')} WHERE id = $1`, vals);
    await audit(ctx.services.db, ctx, me.accountId, 'updateStation', `station:${q.stationId}`, q);
    await ctx.services.registry.load(ctx.services.db);
    return null;
  },
};

interface DeviceRow { deviceId: number; stationId: number; type: never; name: string; model: string; serialNo: string; ratedPowerKw: number; ratedCapacityKwh: number; params: Record<string, unknown> }
const deviceSql = `SELECT id AS "deviceId", station_id AS "stationId", type, name, model, serial_no AS "serialNo",
  rated_power_kw AS "ratedPowerKw", rated_capacity_kwh AS "ratedCapacityKwh", params FROM devices`;

const providerSummaries = async (ctx: Ctx, providerIds: number[]) => {
  const { scope } = authed(ctx);
  const ids = providerIds.flatMap((p) => scope.stationIds(p));
  const stations = await loadSummaries(ctx.services.db, ids, ctx);
  const reg = ctx.services.registry;
  return providerIds.map((pid) => {
    const mine = stations.filter((s) => s.serviceProviderId === pid);
    const org = reg.orgs.get(pid)!;
    const sum = (k: 'pvCapacityKw' | 'essPowerKw' | 'essCapacityKwh' | 'dgCapacityKw' | 'chargingPowerKw') => mine.reduce((a, s) => a + s[k], 0);
    return {
      orgId: pid,
      name: org.name,
      address: org.address,
      logoUrl: org.logoUrl,
      currency: org.currency,
      siteQuantity: mine.length,
      customerQuantity: new Set(mine.map((s) => s.customerId)).size,
      pvCapacityKw: sum('pvCapacityKw'),
      essPowerKw: sum('essPowerKw'),
      essCapacityKwh: sum('essCapacityKwh'),
      dgCapacityKw: sum('dgCapacityKw'),
      chargingPowerKw: sum('chargingPowerKw'),
      onlineSites: mine.filter((s) => s.online).length,
      alarmSites: mine.filter((s) => s.openAlarms > 0).length,
      openAlarms: mine.reduce((a, s) => a + s.openAlarms, 0),
    };
  });
};
