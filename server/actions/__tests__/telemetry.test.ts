import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestServer } from '../../test/harness';
import { startPromptFleet } from '../../test/simulated-fleet';
import { ErrorCode } from '../../../protocol/errors';
import type { FleetRuntime } from '../../fleet/runtime';
import { itRefusesOtherTenantsAndInvalidPayloads, type RefusalCase } from './refusals';

interface Issue {
  path: string;
  issue: string;
}
const issuesOf = (data: unknown): Issue[] => (data as { issues: Issue[] }).issues;
interface StationRow {
  id: number;
  systemType: number;
  energyTypes: string[];
}

// A fixed clock; the gateways tick when the test says so (no timers), the fleet backfilled 2 days.
const NOW = Date.UTC(2026, 6, 15, 4, 0);
const H = 3_600_000;
const iso = (t: number) => new Date(t).toISOString();

describe.each(backends())('telemetry actions (%s)', (backend) => {
  let s: TestServer;
  let fleet: FleetRuntime;
  let root: string;
  let a: string;
  let nobody: string;
  let viewer: string;
  let pA: number;
  let pB: number;
  let ess: StationRow; // provider A, grid-tied with storage
  let bStation: StationRow;
  let cluster: number; // a battery cluster of `ess`
  let bDevice: number;

  const stationsOf = (pid: number) =>
    s.services.db.query<StationRow>('SELECT id, system_type AS "systemType", energy_types AS "energyTypes" FROM stations WHERE provider_id=$1 ORDER BY id', [
      pid,
    ]);

  /** Moves the clock, runs one gateway cycle and waits until the frames are in the store. */
  const cycle = async (ms = 5000) => {
    s.clock.now += ms;
    const before = fleet.store.stations.get(ess.id)?.lastTs ?? 0;
    fleet.tickNow();
    for (let i = 0; i < 200 && (fleet.store.stations.get(ess.id)?.lastTs ?? 0) <= before; i++) await new Promise((r) => setTimeout(r, 5));
    await fleet.store.flush(s.services.db);
  };

  beforeAll(async () => {
    s = await startPromptFleet(backend, NOW, { days: 2, minuteHours: 2 });
    fleet = s.services.fleet!;
    root = await s.login('admin', 'Admin@2026');
    a = await s.login('sunrise', 'Sunrise@2026');
    const f = await s.fixtures();
    [pA, pB] = f.providers as [number, number];
    nobody = (await s.makeAccount({ orgId: pA, permissions: ['system.role'] })).token;
    viewer = (
      await s.makeAccount({
        orgId: pA,
        permissions: ['overviewStations.overviewStations', 'homepage.index', 'operationModeManagement.operationModeManagement'],
      })
    ).token;
    const inA = await stationsOf(pA);
    ess = inA.find((x) => x.systemType === 1 && x.energyTypes.includes('ess'))!;
    bStation = (await stationsOf(pB))[0]!;
    cluster = (
      await s.services.db.query<{ id: number }>("SELECT id FROM devices WHERE station_id=$1 AND type='battery_cluster' ORDER BY id LIMIT 1", [ess.id])
    )[0]!.id;
    bDevice = (await s.services.db.query<{ id: number }>('SELECT id FROM devices WHERE station_id=$1 ORDER BY id LIMIT 1', [bStation.id]))[0]!.id;
    // wait for every gateway's MQTT session, then two cycles of live data
    for (let i = 0; i < 400 && [...fleet.gateways.values()].some((g) => !g.client.connected); i++) await new Promise((r) => setTimeout(r, 10));
    await cycle();
    await cycle();
  }, 60_000);
  afterAll(() => s?.close());

  interface Case extends RefusalCase {
    perm: string;
    valid: () => Record<string, unknown>;
  }
  const range = () => ({ from: iso(NOW - 6 * H), to: iso(NOW), width: 300 });
  const cases: Case[] = [
    {
      action: 'queryStationLatest',
      perm: 'overviewStations.overviewStations',
      valid: () => ({ stationId: ess.id }),
      cross: () => ({ stationId: bStation.id }),
      invalid: () => ({ stationId: 'x' }),
      path: 'stationId',
    },
    {
      action: 'queryDeviceHistory',
      perm: 'overviewStations.overviewStations',
      valid: () => ({ deviceId: cluster, points: ['soc'], ...range() }),
      cross: () => ({ deviceId: bDevice, points: ['p'], ...range() }),
      invalid: () => ({ deviceId: cluster, points: ['soc'], ...range(), width: 5 }),
      path: 'width',
    },
    {
      action: 'queryStationPowerCurve',
      perm: 'homepage.index',
      valid: () => ({ stationId: ess.id, ...range() }),
      cross: () => ({ stationId: bStation.id, ...range() }),
      invalid: () => ({ stationId: ess.id, ...range(), from: 'yesterday' }),
      path: 'from',
    },
    {
      action: 'queryStationEnergy',
      perm: 'overviewStations.overviewStations',
      valid: () => ({ stationId: ess.id, granularity: 'day', from: '2026-07-13', to: '2026-07-15' }),
      cross: () => ({ stationId: bStation.id, granularity: 'day', from: '2026-07-13', to: '2026-07-15' }),
      invalid: () => ({ stationId: ess.id, granularity: 'week', from: '2026-07-13', to: '2026-07-15' }),
      path: 'granularity',
    },
    {
      action: 'queryStationOverview',
      perm: 'overviewStations.overviewStations',
      valid: () => ({ stationId: ess.id }),
      cross: () => ({ stationId: bStation.id }),
      invalid: () => ({}),
      path: 'stationId',
    },
    {
      action: 'queryHomepageStatistics',
      perm: 'homepage.index',
      valid: () => ({}),
      cross: () => ({ orgId: pB }),
      invalid: () => ({ orgId: 0 }),
      path: 'orgId',
    },
    {
      action: 'queryStationMatrix',
      perm: 'homepage.index',
      valid: () => ({ orgId: pA }),
      cross: () => ({ orgId: pB }),
      invalid: () => ({ orgId: 'a' }),
      path: 'orgId',
    },
    {
      action: 'issueStrategy',
      perm: 'strategy.issue',
      valid: () => ({ strategyId: 1 }),
      cross: async () => ({
        strategyId:
          (await s.services.db.query<{ id: number }>('SELECT id FROM strategies WHERE station_id=$1 ORDER BY id LIMIT 1', [bStation.id]))[0]?.id ?? 999_999,
      }),
      invalid: () => ({ strategyId: 0 }),
      path: 'strategyId',
    },
    {
      action: 'setControlMode',
      perm: 'strategy.control',
      valid: () => ({ stationId: ess.id, mode: 'peakShaving', enabled: false }),
      cross: () => ({ stationId: bStation.id, mode: 'peakShaving', enabled: false }),
      invalid: () => ({ stationId: ess.id, mode: 'turbo', enabled: true }),
      path: 'mode',
    },
  ];

  it.each(cases)('$action: a role without the key is forbidden', async (c) => {
    const r = await s.call(c.action, c.valid(), nobody);
    expect(r.code).toBe(ErrorCode.forbidden);
    expect(r.data).toBeNull();
  });

  itRefusesOtherTenantsAndInvalidPayloads(cases, (action, payload) => s.call(action, payload, a));

  it('queryStationLatest answers every device with its points from memory', async () => {
    const r = await s.call('queryStationLatest', { stationId: ess.id }, viewer);
    expect(r.code).toBe(0);
    const types = new Set(r.data.devices.map((d) => d.type));
    expect(types.has('pcs') && types.has('battery_cluster') && types.has('gateway')).toBe(true);
    const c = r.data.devices.find((d) => d.deviceId === cluster)!;
    expect(c.online).toBe(true);
    const soc = c.points.find((p) => p.point === 'soc')!;
    expect(soc.unit).toBe('%');
    expect(soc.quality).toBe('good');
    expect(soc.value as number).toBeGreaterThanOrEqual(0);
    expect(soc.value as number).toBeLessThanOrEqual(100);
    const only = await s.call('queryStationLatest', { stationId: ess.id, type: 'pcs' }, viewer);
    expect(only.data.devices.every((d) => d.type === 'pcs')).toBe(true);
  });

  it('queryDeviceHistory downsamples to the width and refuses unknown points', async () => {
    const r = await s.call(
      'queryDeviceHistory',
      { deviceId: cluster, points: ['soc', 'cellVmax'], from: iso(NOW - 2 * H), to: iso(NOW + 60_000), width: 100 },
      viewer,
    );
    expect(r.code).toBe(0);
    expect(r.data.series).toHaveLength(2);
    for (const x of r.data.series) {
      expect(x.t.length).toBeGreaterThan(4);
      expect(x.t.length).toBeLessThanOrEqual(200);
      expect(x.t.length).toBe(x.v.length);
    }
    expect(r.data.timezone).toBe(s.services.registry.stations.get(ess.id)!.timezone);
    const bad = await s.call('queryDeviceHistory', { deviceId: cluster, points: ['soc', 'flux'], from: iso(NOW - H), to: iso(NOW), width: 100 }, viewer);
    expect(bad.code).toBe(ErrorCode.validationFailed);
    expect(issuesOf(bad.data)).toEqual([{ path: 'points.1', issue: 'unknownPoint' }]);
  });

  it('queryStationPowerCurve answers a station and the whole scope', async () => {
    const one = await s.call('queryStationPowerCurve', { stationId: ess.id, from: iso(NOW - 40 * H), to: iso(NOW), width: 400 }, viewer);
    expect(one.code).toBe(0);
    expect(one.data.series.map((x) => x.point)).toEqual(['pvKw', 'loadKw', 'essKw', 'gridKw', 'generatorKw', 'chargingKw', 'soc']);
    expect(one.data.series[1]!.t.length).toBeGreaterThan(100);
    const all = await s.call('queryStationPowerCurve', { from: iso(NOW - 40 * H), to: iso(NOW), width: 400 }, root);
    expect(all.code).toBe(0);
    expect(Math.max(...(all.data.series[1]!.v as number[]))).toBeGreaterThan(Math.max(...(one.data.series[1]!.v as number[])));
  });

  it('queryStationEnergy: day rows add up to the total and the balance holds', async () => {
    const r = await s.call('queryStationEnergy', { stationId: ess.id, granularity: 'day', from: '2026-07-13', to: '2026-07-15' }, viewer);
    expect(r.code).toBe(0);
    expect(r.data.currency).toBe('CNY'); // provider A's
    expect(r.data.rows.length).toBeGreaterThanOrEqual(2);
    const sum = r.data.rows.reduce((x, y) => x + y.income, 0);
    expect(r.data.total.income).toBeCloseTo(sum, 2);
    const t = r.data.total;
    expect(t.loadKwh).toBeGreaterThan(0);
    const input = t.pvKwh + t.dischargeKwh + t.gridImportKwh + t.generatorKwh;
    const output = t.loadKwh + t.chargeKwh + t.gridExportKwh;
    expect(Math.abs(input - output) / input).toBeLessThan(0.02); // losses are the rest
    const m = await s.call('queryStationEnergy', { stationId: ess.id, granularity: 'month', from: '2026-07-01', to: '2026-07-31' }, viewer);
    expect(m.data.rows.map((x) => x.period)).toEqual(['2026-07']);
    expect(m.data.total.income).toBeCloseTo(r.data.total.income, 2);
  });

  it('queryStationOverview, queryHomepageStatistics and queryStationMatrix read the same accounting', async () => {
    const o = await s.call('queryStationOverview', { stationId: ess.id }, viewer);
    expect(o.code).toBe(0);
    expect(o.data.devices.online).toBeGreaterThan(0);
    expect(o.data.soc).not.toBeNull();
    expect(o.data.income.total).toBeCloseTo(o.data.energy.month.income, 4);
    const h = await s.call('queryHomepageStatistics', { orgId: pA }, viewer);
    expect(h.code).toBe(0);
    expect(h.data.stations.total).toBe((await stationsOf(pA)).length);
    expect(h.data.stations.online).toBeGreaterThan(0);
    expect(h.data.pv.totalKwh).toBeGreaterThan(0);
    const p = h.data.proportion;
    expect(p.pvPct + p.gridPct + p.essPct + p.generatorPct).toBeCloseTo(100, 0);
    const m = await s.call('queryStationMatrix', {}, viewer);
    expect(m.code).toBe(0);
    const card = m.data.dataList.find((c) => c.stationId === ess.id)!;
    expect(card.cumulativeIncome).toBeCloseTo(o.data.income.total, 1);
    expect(card.installedCapacity).toBeGreaterThan(0);
    expect(m.data.dataList.every((c) => c.serviceProviderId === pA)).toBe(true);
  });

  it('issueStrategy: pending at once, issued when the gateway acknowledges', async () => {
    const [st] = await s.services.db.query<{ id: number }>("SELECT id FROM strategies WHERE station_id=$1 AND kind='peakShaving' ORDER BY id LIMIT 1", [
      ess.id,
    ]);
    const r = await s.call('issueStrategy', { strategyId: st!.id }, a);
    expect(r.code).toBe(0);
    expect(r.data.status).toBe(0);
    await fleet.settled();
    const rec = await s.call('queryDistributionRecordById', { distributionId: r.data.distributionId }, a);
    expect(rec.data.status).toBe(1);
    expect(rec.data.ackedAt).not.toBeNull();
    expect((await s.call('queryStrategyById', { strategyId: st!.id }, a)).data.issueStatus).toBe(1);
  });

  it('issueStrategy to a gateway that refuses shows "issue failed" and the distribution record says why', async () => {
    const [st] = await s.services.db.query<{ id: number }>("SELECT id FROM strategies WHERE station_id=$1 AND kind='peakShaving' ORDER BY id LIMIT 1", [
      ess.id,
    ]);
    const gw = fleet.gateways.get(ess.id)!;
    gw.opts.failureRate = 1;
    try {
      const r = await s.call('issueStrategy', { strategyId: st!.id }, a);
      expect(r.data.status).toBe(0);
      await fleet.settled();
      const rec = await s.call('queryDistributionRecordById', { distributionId: r.data.distributionId }, a);
      expect(rec.data.status).toBe(2);
      expect(rec.data.reason).toBe('controllerBusy');
      expect((await s.call('queryStrategyById', { strategyId: st!.id }, a)).data.issueStatus).toBe(2);
      const list = await s.call('queryDistributionRecords', { stationId: ess.id, strategyId: st!.id }, a);
      expect(list.data.dataList[0]!.distributionId).toBe(r.data.distributionId);
    } finally {
      gw.opts.failureRate = 0;
    }
  });

  it('a gateway that never answers times the command out as failed', async () => {
    const [st] = await s.services.db.query<{ id: number; stationId: number }>(
      `SELECT s.id, s.station_id AS "stationId" FROM strategies s JOIN stations t ON t.id = s.station_id
       WHERE t.provider_id = $1 AND s.station_id <> $2 ORDER BY s.id LIMIT 1`,
      [pA, ess.id],
    );
    await fleet.gateways.get(st!.stationId)!.close();
    const r = await s.call('issueStrategy', { strategyId: st!.id }, a);
    await fleet.settled();
    const rec = await s.call('queryDistributionRecordById', { distributionId: r.data.distributionId }, a);
    expect(rec.data.status).toBe(2);
    expect(rec.data.reason).toBe('ackTimeout');
  });

  it('setControlMode: a switch record, the mode follows the acknowledgement, and the gateway runs it', async () => {
    // the gateway answers slowly enough that the second request surely meets the first pending
    const gw = fleet.gateways.get(ess.id)!;
    const ackDelay = gw.opts.ackDelayMs;
    gw.opts.ackDelayMs = 800; // within the suite's 1.5 s command timeout
    try {
      const r = await s.call('setControlMode', { stationId: ess.id, mode: 'peakShaving', enabled: false }, a);
      expect(r.code).toBe(0);
      expect(r.data.status).toBe(0);
      expect(r.data.operation).toBe('shutDownPeakShaving');
      const again = await s.call('setControlMode', { stationId: ess.id, mode: 'peakShaving', enabled: false }, a);
      expect(again.code).toBe(ErrorCode.conflict);
      await fleet.settled();
    } finally {
      gw.opts.ackDelayMs = ackDelay;
    }
    const list = await s.call('querySwitchRecords', { stationId: ess.id }, a);
    expect(list.data.dataList[0]!.status).toBe(1);
    expect((await s.call('queryStationMode', { stationId: ess.id }, a)).data.peakShavingEnabled).toBe(false);
    expect(fleet.gateways.get(ess.id)!.model.cfg.modes.peakShaving).toBe(false);
    // enabling a mode without an issued strategy of that kind in force is refused
    const noIsland = await s.call('setControlMode', { stationId: ess.id, mode: 'island', enabled: true }, a);
    expect(noIsland.code).toBe(ErrorCode.conflict);
    expect((noIsland.data as { reason: string }).reason).toBe('noIssuedStrategy');
    // the refused issuance above left the strategy 'issue failed': issue it again, then enable
    const [st] = await s.services.db.query<{ id: number }>("SELECT id FROM strategies WHERE station_id=$1 AND kind='peakShaving' ORDER BY id LIMIT 1", [
      ess.id,
    ]);
    await s.call('issueStrategy', { strategyId: st!.id }, a);
    await fleet.settled();
    const back = await s.call('setControlMode', { stationId: ess.id, mode: 'peakShaving', enabled: true }, a);
    expect(back.code).toBe(0);
    await fleet.settled();
    expect((await s.call('queryStationMode', { stationId: ess.id }, a)).data.peakShavingEnabled).toBe(true);
  });
});
