import { dateKey } from '../../protocol/site-time';
import { authed, type Ctx, type Handlers } from '../api/context';
import { ActionError } from '../api/errors';
import { audit } from '../api/audit';
import { rawJson } from '../api/raw-json';
import type { StationCache } from '../cache';
import { offsetOf } from '../db/list-query';
import { providersFor, requireStation } from '../stations/scope';
import { loadSummaries } from '../stations/summaries';

const cmp = (a: unknown, b: unknown): number => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), 'zh-CN'));

/** One page of a list sorted by the asked column, ties broken by id so pages never overlap. */
const sortedPage = <T, K extends keyof T>(list: T[], q: { sortBy: K; sortDir?: 'asc' | 'desc'; page: number; length: number }, id: (row: T) => number) => {
  const dir = q.sortDir === 'desc' ? -1 : 1;
  list.sort((a, b) => dir * cmp(a[q.sortBy], b[q.sortBy]) || id(a) - id(b));
  const start = offsetOf(q.page, q.length);
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
  const [mode] = await db.query<{ p: boolean; i: boolean }>('SELECT peak_shaving_enabled AS p, island_enabled AS i FROM station_modes WHERE station_id=$1', [
    stationId,
  ]);
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
    const rows = await ctx.services.db.query<DeviceRow>(`${deviceSql} WHERE station_id=$1 AND ($2::text IS NULL OR type=$2) ORDER BY type, id`, [
      stationId,
      type ?? null,
    ]);
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
    if (q.capacityKva !== undefined) put('capacity_kva', q.capacityKva || null);
    if (sets.length === 0) return null;
    await ctx.services.db.query(`UPDATE stations SET ${sets.join(', ')} WHERE id = $1`, vals);
    await audit(ctx.services.db, ctx, me.accountId, 'updateStation', `station:${q.stationId}`, q);
    await ctx.services.registry.load(ctx.services.db);
    return null;
  },
};

interface DeviceRow {
  deviceId: number;
  stationId: number;
  type: never;
  name: string;
  model: string;
  serialNo: string;
  ratedPowerKw: number;
  ratedCapacityKwh: number;
  params: Record<string, unknown>;
}
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
