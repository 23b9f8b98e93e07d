import { POINTS, STATION_POINTS } from '../../protocol/fleet';
import { isMixedCurrency } from '../../protocol/currency';
import { authed, type Handlers } from '../api/context';
import { ActionError, invalid } from '../api/errors';
import { fleetOf } from '../telemetry/fleet-of';
import { dateKey, dayStart } from '../../protocol/site-time';
import { stationEnergy } from '../telemetry/energy';
import { m4, queryHistory, type Sample, type Series } from '../telemetry/history';
import { requireStation, tzOf } from '../stations/scope';
import { loadSummaries } from '../stations/summaries';

// Telemetry-derived actions (stage 'fleet', docs/fleet.md): latest values from memory, history
// downsampled from the right resolution, energy and income from the 15-minute intervals.

import { DAY, liveFlows, periodsOf, r2, r3, r4, rangeOf, retentionOf, scopeStations, toWire, type DeviceRow } from '../telemetry/answers';

export const telemetryHandlers: Handlers = {
  queryStationLatest: async ({ stationId, type }, ctx) => {
    const { scope } = authed(ctx);
    requireStation(scope, stationId);
    const f = fleetOf(ctx);
    const rows = await ctx.services.db.query<DeviceRow>(
      'SELECT id, station_id AS "stationId", type, name FROM devices WHERE station_id = $1 AND ($2::text IS NULL OR type = $2) ORDER BY type, id',
      [stationId, type ?? null],
    );
    const now = ctx.now.getTime();
    const staleAfter = Math.max(60_000, 3 * ctx.services.config.simIntervalMs);
    return {
      stationId,
      time: ctx.now.toISOString(),
      devices: rows.map((d) => {
        const l = f.store.latest.get(d.id);
        const defs = POINTS[d.type] ?? [];
        const fresh = !!l && now - l.ts < staleAfter;
        const time = l ? new Date(l.ts).toISOString() : ctx.now.toISOString();
        return {
          deviceId: d.id,
          type: d.type,
          name: d.name,
          online: fresh && !!l?.on,
          lastSeen: l ? new Date(l.ts).toISOString() : null,
          state: l?.s ?? null,
          points: defs.map((def, i) => ({
            point: def.name,
            unit: def.unit,
            time,
            value: l ? (l.v[i] === null || l.v[i] === undefined ? null : r4(l.v[i]!)) : null,
            quality: !l ? ('bad' as const) : fresh ? l.q : ('stale' as const),
          })),
        };
      }),
    };
  },

  queryDeviceHistory: async ({ deviceId, points, from, to, width }, ctx) => {
    const { scope } = authed(ctx);
    const [d] = await ctx.services.db.query<DeviceRow>('SELECT id, station_id AS "stationId", type, name FROM devices WHERE id = $1', [deviceId]);
    if (!d || !scope.hasStation(d.stationId)) throw new ActionError('notFound');
    const defs = POINTS[d.type];
    const bad = points.map((p, i) => [p, i] as const).filter(([p]) => !defs.some((x) => x.name === p));
    if (bad.length) invalid(bad.map(([, i]) => ({ path: `points.${i}`, issue: 'unknownPoint' })));
    const [a, b] = rangeOf(from, to, 3660);
    const series = await queryHistory(
      ctx.services.db,
      fleetOf(ctx).store,
      { id: deviceId, type: d.type, points, from: a, to: b, width },
      ctx.now.getTime(),
      retentionOf(ctx),
    );
    return { deviceId, timezone: tzOf(ctx, d.stationId), series };
  },

  queryStationPowerCurve: async ({ stationId, orgId, from, to, width }, ctx) => {
    const { scope } = authed(ctx);
    const [a, b] = rangeOf(from, to, 3660);
    const names = STATION_POINTS.map((p) => p.name);
    if (stationId !== undefined) {
      requireStation(scope, stationId);
      if (orgId !== undefined && ctx.services.registry.stations.get(stationId)?.providerId !== orgId) throw new ActionError('notFound');
      const series = await queryHistory(
        ctx.services.db,
        fleetOf(ctx).store,
        { id: -stationId, type: 'station', points: names, from: a, to: b, width },
        ctx.now.getTime(),
        retentionOf(ctx),
      );
      return { timezone: tzOf(ctx, stationId), series };
    }
    // the whole scope (or one provider): 15-minute interval sums over its stations
    const ids = scopeStations(ctx, orgId);
    const rows =
      ids.length === 0
        ? []
        : await ctx.services.db.query<{ t: number; pv: number; load: number; ess: number; grid: number; gen: number; pile: number; soc: number | null }>(
            `SELECT (extract(epoch FROM bucket) * 1000)::float8 AS t, sum(pv) * 4 AS pv, sum(load) * 4 AS load, sum(discharge - charge) * 4 AS ess,
              sum(grid_import - grid_export) * 4 AS grid, sum(generator) * 4 AS gen, sum(pile) * 4 AS pile, avg(soc)::float8 AS soc
       FROM station_energy WHERE station_id = ANY($1::int[]) AND bucket >= to_timestamp($2 / 1000.0) AND bucket <= to_timestamp($3 / 1000.0)
       GROUP BY bucket ORDER BY bucket`,
            [ids, a, b],
          );
    const cols: (keyof (typeof rows)[number])[] = ['pv', 'load', 'ess', 'grid', 'gen', 'pile', 'soc'];
    const series: Series[] = STATION_POINTS.map((def, k) => {
      const samples: Sample[] = [];
      for (const r of rows) {
        const v = r[cols[k]!];
        if (typeof v === 'number' && Number.isFinite(v)) samples.push({ t: r.t, mn: v, mx: v, av: v, len: 900_000 });
      }
      const out = m4(samples, a, b, width);
      return { point: def.name, unit: def.unit, resolution: '15m', stepwise: false, t: out.t, v: out.v };
    });
    return { timezone: ids.length === 1 ? tzOf(ctx, ids[0]!) : 'UTC', series };
  },

  queryStationEnergy: async ({ stationId, granularity, from, to }, ctx) => {
    const { scope } = authed(ctx);
    requireStation(scope, stationId);
    if (to < from) invalid([{ path: 'to', issue: 'timeError' }]);
    const days = (Date.parse(to) - Date.parse(from)) / DAY;
    const max = granularity === 'day' ? 366 : 3660;
    if (days > max) invalid([{ path: 'from', issue: 'rangeTooLong', limit: max }]);
    const r = await stationEnergy(ctx.services.db, stationId, tzOf(ctx, stationId), from, to, granularity);
    return {
      stationId,
      currency: ctx.services.registry.currencyOfStation(stationId),
      rows: r.rows.map(toWire),
      total: toWire({ ...r.total, period: `${from}..${to}` }),
    };
  },

  queryStationOverview: async ({ stationId }, ctx) => {
    const { scope } = authed(ctx);
    requireStation(scope, stationId);
    const f = fleetOf(ctx);
    const p = (await periodsOf(ctx, [stationId])).get(stationId)!;
    const ids = f.store.stationDevices.get(stationId) ?? [];
    const online = ids.filter((id) => f.store.deviceOnline(id)).length;
    const [alarms] = await ctx.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM alarms WHERE station_id = $1 AND status = 1', [stationId]);
    const flows = liveFlows(f, stationId);
    return {
      stationId,
      time: ctx.now.toISOString(),
      currency: ctx.services.registry.currencyOfStation(stationId),
      income: { today: r4(p.today.income), month: r4(p.month.income), total: r4(p.total.income), savings: r4(p.total.savings), fuelCost: r4(p.total.fuelCost) },
      energy: { today: toWire(p.today), month: toWire(p.month) },
      devices: { online, offline: ids.length - online },
      activeAlarms: alarms?.n ?? 0,
      availabilityPct: ids.length ? r2((100 * online) / ids.length) : 0,
      soc: flows.soc,
      flow: { pvKw: flows.pvKw, essKw: flows.essKw, gridKw: flows.gridKw, generatorKw: flows.generatorKw, loadKw: flows.loadKw, chargingKw: flows.chargingKw },
    };
  },

  queryHomepageStatistics: async ({ orgId }, ctx) => {
    const ids = scopeStations(ctx, orgId);
    const f = fleetOf(ctx);
    const periods = [...(await periodsOf(ctx, ids)).values()];
    const sum = (pick: (p: (typeof periods)[number]) => number) => periods.reduce((a, p) => a + pick(p), 0);
    // sessions started today: counted per interval by ingest
    let sessionsToday = 0;
    if (ids.length) {
      const starts = ids.map((id) => dayStart(tzOf(ctx, id), ctx.now.getTime()));
      const [row] = await ctx.services.db.query<{ n: number }>(
        `SELECT coalesce(sum(e.sessions), 0)::int AS n FROM station_energy e JOIN unnest($1::int[], $2::float8[]) AS u(sid, t0) ON e.station_id = u.sid
         WHERE e.bucket >= to_timestamp(u.t0 / 1000.0)`,
        [ids, starts],
      );
      sessionsToday = row?.n ?? 0;
    }
    const flows = ids.map((id) => liveFlows(f, id));
    const socs = flows.map((x) => x.soc).filter((x): x is number => x !== null);
    const supply = sum((p) => p.today.pvKwh + p.today.dischargeKwh + p.today.gridImportKwh + p.today.generatorKwh);
    const pct = (x: number) => (supply > 0 ? r2((100 * x) / supply) : 0);
    const summaries = await loadSummaries(ctx.services.db, ids, ctx);
    const currency = ctx.services.registry.currencyOfStations(ids);
    const byStatus: Record<string, number> = {};
    for (const s of summaries) byStatus[String(s.stationStatus)] = (byStatus[String(s.stationStatus)] ?? 0) + 1;
    return {
      time: ctx.now.toISOString(),
      charging: {
        todayKwh: r3(sum((p) => p.today.chargingPileKwh)),
        monthKwh: r3(sum((p) => p.month.chargingPileKwh)),
        totalKwh: r3(sum((p) => p.total.chargingPileKwh)),
        sessionsToday,
      },
      pv: {
        todayKwh: r3(sum((p) => p.today.pvKwh)),
        monthKwh: r3(sum((p) => p.month.pvKwh)),
        totalKwh: r3(sum((p) => p.total.pvKwh)),
        powerKw: r2(flows.reduce((a, x) => a + x.pvKw, 0)),
      },
      ess: {
        chargeTodayKwh: r3(sum((p) => p.today.chargeKwh)),
        dischargeTodayKwh: r3(sum((p) => p.today.dischargeKwh)),
        totalDischargeKwh: r3(sum((p) => p.total.dischargeKwh)),
        avgSoc: socs.length ? r2(socs.reduce((a, b) => a + b, 0) / socs.length) : null,
      },
      proportion: {
        pvPct: pct(sum((p) => p.today.pvKwh)),
        gridPct: pct(sum((p) => p.today.gridImportKwh)),
        essPct: pct(sum((p) => p.today.dischargeKwh)),
        generatorPct: pct(sum((p) => p.today.generatorKwh)),
      },
      stations: { total: ids.length, online: summaries.filter((s) => s.online).length, byStatus },
      // the income of stations in different currencies is not added up
      currency,
      income: isMixedCurrency(currency)
        ? { todayUsd: null, totalUsd: null }
        : { todayUsd: r4(sum((p) => p.today.income)), totalUsd: r4(sum((p) => p.total.income)) },
    };
  },

  queryStationMatrix: async ({ orgId }, ctx) => {
    const ids = scopeStations(ctx, orgId);
    const f = fleetOf(ctx);
    const summaries = await loadSummaries(ctx.services.db, ids, ctx);
    const tariffs =
      ids.length === 0
        ? []
        : await ctx.services.db.query<{ stationId: number; name: string; effectiveDate: string }>(
            'SELECT station_id AS "stationId", name, effective_date::text AS "effectiveDate" FROM tariffs WHERE station_id = ANY($1::int[]) ORDER BY effective_date',
            [ids],
          );
    const dataList = [];
    const all = await periodsOf(
      ctx,
      summaries.map((x) => x.stationId),
    );
    for (const s of summaries) {
      const p = all.get(s.stationId)!;
      const today = dateKey(s.timezone, ctx.now.getTime());
      const fee = tariffs.filter((t) => t.stationId === s.stationId && t.effectiveDate <= today).pop();
      const fl = liveFlows(f, s.stationId);
      dataList.push({
        stationId: s.stationId,
        serviceProviderId: s.serviceProviderId,
        stationName: s.stationName,
        picture: s.picture ?? null,
        stationStatus: s.stationStatus,
        cardType: s.cardType,
        lat: s.lat,
        lon: s.lon,
        currency: ctx.services.registry.currencyOfStation(s.stationId),
        // MW / MWh for the card (SPEC §2 type 1); active power in kW: what the site produces now
        installedPower: r3((s.pvCapacityKw + s.essPowerKw + s.dgCapacityKw) / 1000),
        installedCapacity: r3(s.essCapacityKwh / 1000),
        activePower: r2(fl.pvKw + Math.max(0, fl.essKw) + fl.generatorKw),
        soc: fl.soc,
        cumulativeIncome: r2(p.total.income),
        feeName: fee?.name ?? null,
        lastCharge: r3(p.lastMonth.chargeKwh),
        lastDischarge: r3(p.lastMonth.dischargeKwh),
        lastIncome: r2(p.lastMonth.income),
      });
    }
    return { dataList };
  },
};
