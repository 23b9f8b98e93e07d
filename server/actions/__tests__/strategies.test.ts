import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../test/harness';
import { ErrorCode } from '../../../protocol/errors';
import type { ActionName } from '../../../protocol/catalogue';
import { lockStrategy } from '../strategies';
import { ackDistribution, ackSwitch, recordDistribution, recordSwitch } from '../../strategies/records';
import type { Ctx } from '../../api/context';

interface Issue { path: string; issue: string; limit?: number }
const issuesOf = (data: unknown): Issue[] => (data as { issues: Issue[] }).issues;

interface StationRow { id: number; systemType: number; energyTypes: string[]; essPowerKw: number; dgCapacityKw: number }

const VIEW = 'operationModeManagement.operationModeManagement';
const PEAK_KEYS = ['socUpper', 'socLower', 'cellVoltageUpper', 'cellVoltageLower', 'demandLimitKw', 'antiBackflowKw', 'antiOverloadKw',
  'offGridSocUpper', 'offGridSocLower', 'emergencySoc', 'supplyPriority', 'periods'] as const;
const ISLAND_KEYS = ['socUpper', 'socLower', 'optimalGeneratorPowerKw', 'essChargingPowerLimitKw', 'inverterPowerStepPct',
  'inverterShutdownThresholdPct', 'dgBackflowLimitKw', 'onGridChargingPowerKw', 'onGridChargingCutoffSoc'] as const;

const peakParams = (kw: number, over: Record<string, unknown> = {}) => ({
  socUpper: 90, socLower: 10, cellVoltageUpper: 3.6, cellVoltageLower: 2.8, demandLimitKw: 500, antiBackflowKw: 10, antiOverloadKw: 800,
  offGridSocUpper: 95, offGridSocLower: 15, emergencySoc: 20, supplyPriority: 'pv',
  periods: [
    { start: '00:00', end: '08:00', mode: 'charge', powerKw: kw },
    { start: '08:00', end: '10:00', mode: 'idle', powerKw: 0 },
    { start: '10:00', end: '12:00', mode: 'discharge', powerKw: kw },
    { start: '18:00', end: '24:00', mode: 'discharge', powerKw: kw },
  ],
  ...over,
});
const islandParams = (over: Record<string, unknown> = {}) => ({
  socUpper: 95, socLower: 20, optimalGeneratorPowerKw: 10, essChargingPowerLimitKw: 10, inverterPowerStepPct: 10,
  inverterShutdownThresholdPct: 5, dgBackflowLimitKw: 10, onGridChargingPowerKw: 0, onGridChargingCutoffSoc: 90, ...over,
});

describe.each(backends())('strategies (%s)', (backend) => {
  let s: TestServer;
  let root: string;
  let a: string; // provider A administrator
  let b: string; // provider B administrator
  let nobody: string; // provider A account without any strategy permission
  let viewer: string; // provider A account that may look but not edit
  let pA: number;
  let pB: number;
  let ess: StationRow; // A, grid-tied with storage
  let island: StationRow; // A, off-grid capable with generator
  let onGrid: StationRow; // A, on-grid (no island operation)
  let bEss: StationRow; // B, with storage
  let bNoEss: StationRow; // B, without storage
  let bStrategy: number;
  let bDistribution: number;
  let bSwitch: number;
  let sunriseId: number;
  const kw = () => Math.min(100, ess.essPowerKw);

  const stationsOf = (pid: number) =>
    s.services.db.query<StationRow>(
      `SELECT id, system_type AS "systemType", energy_types AS "energyTypes", ess_power_kw AS "essPowerKw", dg_capacity_kw AS "dgCapacityKw"
       FROM stations WHERE provider_id=$1 ORDER BY id`,
      [pid],
    );
  const savePeak = (token: string, stationId: number, startDate: string, endDate: string, params: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    s.call('savePeakShavingStrategy', { stationId, name: `PS ${startDate}`, startDate, endDate, params, ...extra }, token);
  const saveIsland = (token: string, stationId: number, startDate: string, endDate: string, params: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    s.call('saveIslandStrategy', { stationId, name: `IS ${startDate}`, startDate, endDate, params, ...extra }, token);

  beforeAll(async () => {
    s = await startTestServer(backend);
    root = await s.login('admin', 'Admin@2026');
    a = await s.login('sunrise', 'Sunrise@2026');
    b = await s.login('pearlriver', 'Pearl@2026');
    const f = await s.fixtures();
    [pA, pB] = f.providers as [number, number];
    nobody = (await s.makeAccount({ orgId: pA, permissions: ['homepage.index'] })).token;
    viewer = (await s.makeAccount({ orgId: pA, permissions: [VIEW, 'operationModeManagement.switchRecord'] })).token;
    const inA = await stationsOf(pA);
    const inB = await stationsOf(pB);
    ess = inA.find((x) => x.systemType === 1 && x.energyTypes.includes('ess'))!;
    island = inA.find((x) => x.systemType !== 1 && x.energyTypes.includes('dg') && x.energyTypes.includes('ess'))!;
    onGrid = inA.find((x) => x.systemType === 1 && x.id !== ess.id)!;
    bEss = inB.find((x) => x.energyTypes.includes('ess'))!;
    bNoEss = inB.find((x) => !x.energyTypes.includes('ess'))!;
    expect([ess, island, onGrid, bEss, bNoEss].every(Boolean)).toBe(true);
    const db = s.services.db;
    bStrategy = (await db.query<{ id: number }>('SELECT id FROM strategies WHERE station_id=$1 ORDER BY id LIMIT 1', [bEss.id]))[0]!.id;
    bDistribution = (await db.query<{ id: number }>(
      `INSERT INTO strategy_distributions(strategy_id, station_id, snapshot, status, issued_at) VALUES ($1,$2,'{}',1,now()) RETURNING id`,
      [bStrategy, bEss.id],
    ))[0]!.id;
    bSwitch = (await db.query<{ id: number }>(
      `INSERT INTO switch_records(station_id, at, operation, status) VALUES ($1, now(), 'enablePeakShaving', 1) RETURNING id`,
      [bEss.id],
    ))[0]!.id;
    sunriseId = (await db.query<{ id: number }>("SELECT id FROM accounts WHERE account='sunrise'"))[0]!.id;
  });
  afterAll(() => s.close());

  // ───────────── the four checks every action gets ─────────────

  interface Case {
    action: ActionName;
    write: boolean;
    valid: () => Record<string, unknown>;
    cross: () => Record<string, unknown>;
    invalid: () => Record<string, unknown>;
    path: string;
  }
  const cases: Case[] = [
    { action: 'queryStrategyList', write: false, valid: () => ({ stationId: ess.id }), cross: () => ({ stationId: bEss.id }), invalid: () => ({ stationId: 'abc' }), path: 'stationId' },
    { action: 'queryStrategyById', write: false, valid: () => ({ strategyId: bStrategy }), cross: () => ({ strategyId: bStrategy }), invalid: () => ({ strategyId: -1 }), path: 'strategyId' },
    {
      action: 'savePeakShavingStrategy', write: true,
      valid: () => ({ stationId: ess.id, name: 'x', startDate: '2080-01-01', endDate: '2080-12-31', params: peakParams(kw()) }),
      cross: () => ({ stationId: bEss.id, name: 'x', startDate: '2080-01-01', endDate: '2080-12-31', params: peakParams(kw()) }),
      invalid: () => ({ stationId: ess.id, name: 'x', startDate: '2080-01-01', endDate: '2080-12-31', params: peakParams(kw(), { socUpper: 150 }) }),
      path: 'params.socUpper',
    },
    {
      action: 'saveIslandStrategy', write: true,
      valid: () => ({ stationId: island.id, name: 'x', startDate: '2080-01-01', endDate: '2080-12-31', params: islandParams() }),
      cross: () => ({ stationId: bEss.id, name: 'x', startDate: '2080-01-01', endDate: '2080-12-31', params: islandParams() }),
      invalid: () => ({ stationId: island.id, name: 'x', startDate: '2080-13-01', endDate: '2080-12-31', params: islandParams() }),
      path: 'startDate',
    },
    { action: 'deleteStrategy', write: true, valid: () => ({ strategyId: bStrategy }), cross: () => ({ strategyId: bStrategy }), invalid: () => ({}), path: 'strategyId' },
    {
      action: 'queryDistributionRecords', write: false, valid: () => ({ stationId: ess.id }), cross: () => ({ stationId: bEss.id }),
      invalid: () => ({ stationId: ess.id, length: 5000 }), path: 'length',
    },
    {
      action: 'queryDistributionRecordById', write: false, valid: () => ({ distributionId: bDistribution }), cross: () => ({ distributionId: bDistribution }),
      invalid: () => ({ distributionId: 1.5 }), path: 'distributionId',
    },
    { action: 'queryStationMode', write: false, valid: () => ({ stationId: ess.id }), cross: () => ({ stationId: bEss.id }), invalid: () => ({}), path: 'stationId' },
    {
      action: 'querySwitchRecords', write: false, valid: () => ({ stationId: ess.id }), cross: () => ({ stationId: bEss.id }),
      invalid: () => ({ stationId: ess.id, page: 0 }), path: 'page',
    },
  ];

  it.each(cases)('$action: a role without the key is forbidden', async (c) => {
    const r = await s.call(c.action, c.valid(), nobody);
    expect(r.code).toBe(ErrorCode.forbidden);
    expect(r.status).toBe(403);
    if (c.write) expect((await s.call(c.action, c.valid(), viewer)).code).toBe(ErrorCode.forbidden);
  });

  it.each(cases)("$action: provider A's admin probing provider B's ids gets notFound and no data", async (c) => {
    const r = await s.call(c.action, c.cross(), a);
    expect(r.code).toBe(ErrorCode.notFound);
    expect(r.data).toBeNull();
  });

  it.each(cases)('$action: an invalid payload names the field', async (c) => {
    const r = await s.call(c.action, c.invalid(), a);
    expect(r.code).toBe(ErrorCode.validationFailed);
    expect(issuesOf(r.data).map((i) => i.path)).toContain(c.path);
  });

  it('the probes changed nothing of provider B', async () => {
    const r = await s.call('queryStrategyById', { strategyId: bStrategy }, b);
    expect(r.code).toBe(0);
    const list = await s.call('queryStrategyList', { stationId: bEss.id, length: 100 }, b);
    expect(list.data.dataList.every((x) => !x.startDate.startsWith('2080'))).toBe(true);
    const switches = await s.call('querySwitchRecords', { stationId: bEss.id }, b);
    expect(switches.data.dataList.map((x) => x.recordId)).toContain(bSwitch);
  });

  it('the platform administrator reads across providers', async () => {
    expect((await s.call('queryStrategyById', { strategyId: bStrategy }, root)).code).toBe(0);
    expect((await s.call('queryDistributionRecordById', { distributionId: bDistribution }, root)).code).toBe(0);
    expect((await s.call('querySwitchRecords', { stationId: bEss.id }, root)).data.totalCount).toBe(1);
  });

  // ───────────── happy paths ─────────────

  it('queryStrategyList: the seeded strategies of a station, filtered by kind, paged', async () => {
    const all = await s.call('queryStrategyList', { stationId: island.id }, a);
    expect(all.code).toBe(0);
    expect(all.data.totalCount).toBe(all.data.dataList.length);
    expect(new Set(all.data.dataList.map((x) => x.kind))).toEqual(new Set(['peakShaving', 'island']));
    const only = await s.call('queryStrategyList', { stationId: island.id, kind: 'island' }, a);
    expect(only.data.dataList.map((x) => x.kind)).toEqual(['island']);
    const first = await s.call('queryStrategyList', { stationId: island.id, page: 1, length: 1 }, a);
    expect(first.data.totalCount).toBe(all.data.totalCount);
    expect(first.data.dataList).toHaveLength(1);
    expect(Date.parse(first.data.dataList[0]!.updatedAt)).not.toBeNaN();
  });

  it('queryStrategyList/ById: a read-only operator with the route permission may look', async () => {
    const list = await s.call('queryStrategyList', { stationId: ess.id }, viewer);
    expect(list.code).toBe(0);
    const one = list.data.dataList[0]!;
    const r = await s.call('queryStrategyById', { strategyId: one.strategyId }, viewer);
    expect(r.code).toBe(0);
    expect(r.data).toEqual(one);
    expect(r.data.params).toHaveProperty('socUpper');
  });

  it('savePeakShavingStrategy: creates a not-issued strategy, audited', async () => {
    const r = await savePeak(a, ess.id, '2090-01-01', '2090-12-31', peakParams(kw()));
    expect(r.code).toBe(0);
    const got = (await s.call('queryStrategyById', { strategyId: r.data.strategyId }, a)).data;
    expect(got).toMatchObject({ stationId: ess.id, kind: 'peakShaving', name: 'PS 2090-01-01', startDate: '2090-01-01', endDate: '2090-12-31', issueStatus: 0 });
    expect(got.params).toEqual(peakParams(kw()));
    const log = await s.services.db.query<{ action: string; accountId: number }>(
      'SELECT action, account_id AS "accountId" FROM audit_log WHERE target=$1',
      [`strategy:${r.data.strategyId}`],
    );
    expect(log).toEqual([{ action: 'savePeakShavingStrategy', accountId: sunriseId }]);
  });

  it('savePeakShavingStrategy: re-saving a seeded, issued strategy passes the rules and resets it to not issued', async () => {
    const list = await s.call('queryStrategyList', { stationId: ess.id, kind: 'peakShaving' }, a);
    const seeded = list.data.dataList.find((x) => x.startDate < '2080')!;
    await s.services.db.query('UPDATE strategies SET issue_status=1 WHERE id=$1', [seeded.strategyId]);
    const r = await savePeak(a, ess.id, seeded.startDate, seeded.endDate, seeded.params, { strategyId: seeded.strategyId, name: `${seeded.name} (v2)` });
    expect(r.code).toBe(0);
    expect(r.data.strategyId).toBe(seeded.strategyId);
    const got = (await s.call('queryStrategyById', { strategyId: seeded.strategyId }, a)).data;
    expect(got.issueStatus).toBe(0);
    expect(got.name).toBe(`${seeded.name} (v2)`);
    expect(got.params).toEqual(seeded.params);
  });

  it('saveIslandStrategy: creates and edits an island strategy', async () => {
    const r = await saveIsland(a, island.id, '2090-01-01', '2090-06-30', islandParams());
    expect(r.code).toBe(0);
    const id = r.data.strategyId;
    const e = await saveIsland(a, island.id, '2090-01-01', '2090-05-31', islandParams({ socLower: 30 }), { strategyId: id, name: 'Dry season' });
    expect(e.code).toBe(0);
    const got = (await s.call('queryStrategyById', { strategyId: id }, a)).data;
    expect(got).toMatchObject({ kind: 'island', name: 'Dry season', endDate: '2090-05-31', issueStatus: 0 });
    expect(got.params.socLower).toBe(30);
  });

  it('save: editing names a strategy of that station and kind, else notFound', async () => {
    const [peak] = (await s.call('queryStrategyList', { stationId: island.id, kind: 'peakShaving' }, a)).data.dataList;
    expect((await saveIsland(a, island.id, '2095-01-01', '2095-02-01', islandParams(), { strategyId: peak!.strategyId })).code).toBe(ErrorCode.notFound);
    expect((await savePeak(a, ess.id, '2095-01-01', '2095-02-01', peakParams(kw()), { strategyId: peak!.strategyId })).code).toBe(ErrorCode.notFound);
    expect((await savePeak(a, ess.id, '2095-01-01', '2095-02-01', peakParams(kw()), { strategyId: bStrategy })).code).toBe(ErrorCode.notFound);
  });

  it('deleteStrategy: soft delete; an issued strategy whose mode is on must be shut down first', async () => {
    const db = s.services.db;
    const id = (await savePeak(a, ess.id, '2092-01-01', '2092-12-31', peakParams(kw()))).data.strategyId;
    await db.query(`INSERT INTO strategy_distributions(strategy_id, station_id, snapshot, status, issued_at) VALUES ($1,$2,'{}',1,now())`, [id, ess.id]);
    await db.query('UPDATE strategies SET issue_status=1 WHERE id=$1', [id]);
    await db.query(
      `INSERT INTO station_modes(station_id, peak_shaving_enabled) VALUES ($1, true) ON CONFLICT (station_id) DO UPDATE SET peak_shaving_enabled=true`,
      [ess.id],
    );
    const blocked = await s.call('deleteStrategy', { strategyId: id }, a);
    expect(blocked.code).toBe(ErrorCode.conflict);
    expect(blocked.data).toEqual({ reason: 'modeEnabled', mode: 'peakShaving' });
    expect((await s.call('queryStrategyById', { strategyId: id }, a)).code).toBe(0);

    await db.query('UPDATE station_modes SET peak_shaving_enabled=false WHERE station_id=$1', [ess.id]);
    const r = await s.call('deleteStrategy', { strategyId: id }, a);
    expect(r.code).toBe(0);
    expect(r.data).toBeNull();
    expect((await s.call('queryStrategyById', { strategyId: id }, a)).code).toBe(ErrorCode.notFound);
    expect((await s.call('deleteStrategy', { strategyId: id }, a)).code).toBe(ErrorCode.notFound);
    const list = (await s.call('queryStrategyList', { stationId: ess.id, length: 100 }, a)).data.dataList;
    expect(list.map((x) => x.strategyId)).not.toContain(id);
    // its issuance records stay
    const recs = await s.call('queryDistributionRecords', { stationId: ess.id, strategyId: id }, a);
    expect(recs.data.totalCount).toBe(1);
    const log = await db.query<{ action: string }>('SELECT action FROM audit_log WHERE target=$1 ORDER BY id', [`strategy:${id}`]);
    expect(log.map((l) => l.action)).toEqual(['savePeakShavingStrategy', 'deleteStrategy']);
  });

  it('deleteStrategy: a not-issued strategy goes even while the mode is on', async () => {
    const id = (await saveIsland(a, island.id, '2093-01-01', '2093-12-31', islandParams())).data.strategyId;
    await s.services.db.query(
      `INSERT INTO station_modes(station_id, island_enabled) VALUES ($1, true) ON CONFLICT (station_id) DO UPDATE SET island_enabled=true`,
      [island.id],
    );
    expect((await s.call('deleteStrategy', { strategyId: id }, a)).code).toBe(0);
  });

  it('queryStationMode: answers the flags of the station', async () => {
    await s.services.db.query(
      `INSERT INTO station_modes(station_id, peak_shaving_enabled, island_enabled, updated_at) VALUES ($1, true, false, '2030-05-01T08:00:00Z')
       ON CONFLICT (station_id) DO UPDATE SET peak_shaving_enabled=true, island_enabled=false, updated_at='2030-05-01T08:00:00Z'`,
      [onGrid.id],
    );
    const r = await s.call('queryStationMode', { stationId: onGrid.id }, viewer);
    expect(r.code).toBe(0);
    expect(r.data).toEqual({ peakShavingEnabled: true, islandEnabled: false, updatedAt: '2030-05-01T08:00:00.000Z' });
  });

  // ───────────── records ─────────────

  it('queryDistributionRecords/ById: newest first, paged, with operator names and the snapshot', async () => {
    const db = s.services.db;
    const [strat] = await db.query<{ id: number; name: string }>("SELECT id, name FROM strategies WHERE station_id=$1 AND kind='peakShaving' AND deleted_at IS NULL ORDER BY id LIMIT 1", [onGrid.id]);
    const blank = await s.makeAccount({ orgId: pA, permissions: [] });
    await db.query("UPDATE accounts SET contact='' WHERE id=$1", [blank.userId]);
    const before = (await s.call('queryDistributionRecords', { stationId: onGrid.id, length: 1000 }, a)).data.totalCount;
    for (let i = 0; i < 5; i++) {
      await db.query(
        `INSERT INTO strategy_distributions(strategy_id, station_id, snapshot, status, reason, operator_id, issued_at, acked_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8)`,
        [strat!.id, onGrid.id, JSON.stringify({ n: i }), i === 4 ? 2 : 1, i === 4 ? 'timeout' : null, i % 2 ? blank.userId : sunriseId,
          `2031-01-0${i + 1}T00:00:00Z`, i === 4 ? null : `2031-01-0${i + 1}T00:00:02Z`],
      );
    }
    const all = await s.call('queryDistributionRecords', { stationId: onGrid.id, length: 1000 }, a);
    expect(all.code).toBe(0);
    expect(all.data.totalCount).toBe(before + 5);
    const times = all.data.dataList.map((d) => d.issuedAt);
    expect(times).toEqual([...times].sort().reverse());
    const p1 = await s.call('queryDistributionRecords', { stationId: onGrid.id, page: 1, length: 2 }, a);
    const p2 = await s.call('queryDistributionRecords', { stationId: onGrid.id, page: 2, length: 2 }, a);
    expect(p1.data.totalCount).toBe(before + 5);
    expect(p1.data.dataList.map((d) => d.issuedAt)).toEqual(['2031-01-05T00:00:00.000Z', '2031-01-04T00:00:00.000Z']);
    expect(p2.data.dataList.map((d) => d.issuedAt)).toEqual(['2031-01-03T00:00:00.000Z', '2031-01-02T00:00:00.000Z']);
    const newest = p1.data.dataList[0]!;
    expect(newest).toMatchObject({ strategyId: strat!.id, strategyName: strat!.name, status: 2, reason: 'timeout', ackedAt: null, operator: '王建国' });
    expect(newest.snapshot).toBeUndefined();
    expect(p1.data.dataList[1]!.operator).toMatch(/^t[a-z0-9]+$/); // no contact → the account name
    const one = await s.call('queryDistributionRecordById', { distributionId: newest.distributionId }, viewer);
    expect(one.code).toBe(0);
    expect(one.data).toEqual({ ...newest, snapshot: { n: 4 }, followedAt: null });
    // by strategy; a strategy of another station answers notFound
    const byStrategy = await s.call('queryDistributionRecords', { stationId: onGrid.id, strategyId: strat!.id, length: 1000 }, a);
    expect(byStrategy.data.dataList.every((d) => d.strategyId === strat!.id)).toBe(true);
    expect((await s.call('queryDistributionRecords', { stationId: onGrid.id, strategyId: bStrategy }, a)).code).toBe(ErrorCode.notFound);
    // a time range (the trend's visible range): [from, to)
    const ranged = await s.call('queryDistributionRecords', { stationId: onGrid.id, from: '2031-01-02T00:00:00Z', to: '2031-01-04T00:00:00Z', length: 1000 }, a);
    expect(ranged.data.totalCount).toBe(2);
    expect(ranged.data.dataList.map((d) => d.issuedAt)).toEqual(['2031-01-03T00:00:00.000Z', '2031-01-02T00:00:00.000Z']);
    expect((await s.call('queryDistributionRecords', { stationId: onGrid.id, from: 'yesterday' }, a)).code).toBe(ErrorCode.validationFailed);
  });

  it('querySwitchRecords narrows to a time range', async () => {
    const db = s.services.db;
    for (const at of ['2032-03-01T10:00:00Z', '2032-03-02T10:00:00Z', '2032-03-03T10:00:00Z']) {
      await db.query("INSERT INTO switch_records(station_id, operation, status, operator_id, at) VALUES ($1, 'peakShaving.on', 1, $2, $3)", [onGrid.id, sunriseId, at]);
    }
    const r = await s.call('querySwitchRecords', { stationId: onGrid.id, from: '2032-03-02T00:00:00Z', to: '2032-03-03T10:00:00Z', length: 100 }, a);
    expect(r.code).toBe(0);
    expect(r.data.dataList.map((x) => x.time)).toEqual(['2032-03-02T10:00:00.000Z']);
    expect(r.data.totalCount).toBe(1);
  });

  it('queryDistributionRecords: the seeded issuance records are there', async () => {
    const [row] = await s.services.db.query<{ stationId: number; n: number }>(
      'SELECT station_id AS "stationId", count(*)::int AS n FROM strategy_distributions WHERE station_id = ANY($1::int[]) GROUP BY station_id ORDER BY station_id LIMIT 1',
      [(await stationsOf(pA)).map((x) => x.id).filter((x) => x !== onGrid.id && x !== ess.id)],
    );
    expect(row).toBeDefined();
    const r = await s.call('queryDistributionRecords', { stationId: row!.stationId }, a);
    expect(r.data.totalCount).toBe(row!.n);
    expect(r.data.dataList[0]!.operator).toBeTruthy();
  });

  it('querySwitchRecords: newest first, paged, with totalCount and operator names', async () => {
    const db = s.services.db;
    const ops = ['enablePeakShaving', 'shutDownPeakShaving', 'enableIsland', 'shutDownIsland', 'enablePeakShaving'];
    for (let i = 0; i < ops.length; i++) {
      await db.query('INSERT INTO switch_records(station_id, at, operation, status, operator_id, reason) VALUES ($1,$2,$3,$4,$5,$6)', [
        island.id, `2031-02-0${i + 1}T10:00:00+08:00`, ops[i], i === 2 ? 2 : 1, sunriseId, i === 2 ? 'gateway offline' : null,
      ]);
    }
    const all = await s.call('querySwitchRecords', { stationId: island.id }, viewer);
    expect(all.code).toBe(0);
    expect(all.data.totalCount).toBe(5);
    expect(all.data.dataList.map((r) => r.time)).toEqual([5, 4, 3, 2, 1].map((d) => `2031-02-0${d}T02:00:00.000Z`));
    const p2 = await s.call('querySwitchRecords', { stationId: island.id, page: 2, length: 2 }, a);
    expect(p2.data.totalCount).toBe(5);
    expect(p2.data.dataList).toHaveLength(2);
    expect(p2.data.dataList[0]).toMatchObject({ operation: 'enableIsland', status: 2, reason: 'gateway offline', operator: '王建国', stationId: island.id });
    const p3 = await s.call('querySwitchRecords', { stationId: island.id, page: 3, length: 2 }, a);
    expect(p3.data.dataList.map((r) => r.operation)).toEqual(['enablePeakShaving']);
    expect((await s.call('querySwitchRecords', { stationId: island.id, page: 9 }, a)).data).toEqual({ totalCount: 5, dataList: [] });
  });

  // ───────────── validation rules (SPEC §5 and ours) ─────────────

  it.each(PEAK_KEYS)('savePeakShavingStrategy: missing params.%s is named', async (key) => {
    const params: Record<string, unknown> = peakParams(kw());
    delete params[key];
    const r = await savePeak(a, ess.id, '2096-01-01', '2096-12-31', params);
    expect(r.code).toBe(ErrorCode.validationFailed);
    expect(issuesOf(r.data)).toContainEqual({ path: `params.${key}`, issue: 'required' });
  });

  it.each(ISLAND_KEYS)('saveIslandStrategy: missing params.%s is named', async (key) => {
    const params: Record<string, unknown> = islandParams();
    delete params[key];
    const r = await saveIsland(a, island.id, '2096-01-01', '2096-12-31', params);
    expect(r.code).toBe(ErrorCode.validationFailed);
    expect(issuesOf(r.data)).toContainEqual({ path: `params.${key}`, issue: 'required' });
  });

  it.each(['stationId', 'name', 'startDate', 'endDate', 'params'])('save: missing %s is named', async (key) => {
    for (const [action, params, stationId] of [['savePeakShavingStrategy', peakParams(kw()), ess.id], ['saveIslandStrategy', islandParams(), island.id]] as const) {
      const payload: Record<string, unknown> = { stationId, name: 'n', startDate: '2096-01-01', endDate: '2096-12-31', params };
      delete payload[key];
      const r = await s.call(action, payload, a);
      expect(r.code).toBe(ErrorCode.validationFailed);
      expect(issuesOf(r.data)).toContainEqual({ path: key, issue: 'required' });
    }
  });

  it('save: a blank name is refused', async () => {
    const r = await s.call('savePeakShavingStrategy', { stationId: ess.id, name: '   ', startDate: '2096-01-01', endDate: '2096-12-31', params: peakParams(kw()) }, a);
    expect(issuesOf(r.data)).toContainEqual({ path: 'name', issue: 'tooSmall', limit: 1 });
  });

  it('save: socLower >= socUpper is refused (and the other lower/upper pairs)', async () => {
    for (const over of [{ socLower: 90 }, { socLower: 95 }]) {
      const r = await savePeak(a, ess.id, '2096-01-01', '2096-12-31', peakParams(kw(), over));
      expect(r.code).toBe(ErrorCode.validationFailed);
      expect(issuesOf(r.data)).toContainEqual({ path: 'params.socLower', issue: 'socRange' });
    }
    const off = await savePeak(a, ess.id, '2096-01-01', '2096-12-31', peakParams(kw(), { offGridSocLower: 95 }));
    expect(issuesOf(off.data)).toContainEqual({ path: 'params.offGridSocLower', issue: 'socRange' });
    const volt = await savePeak(a, ess.id, '2096-01-01', '2096-12-31', peakParams(kw(), { cellVoltageLower: 3.6 }));
    expect(issuesOf(volt.data)).toContainEqual({ path: 'params.cellVoltageLower', issue: 'voltageRange' });
    const isl = await saveIsland(a, island.id, '2096-01-01', '2096-12-31', islandParams({ socLower: 95, socUpper: 20 }));
    expect(isl.code).toBe(ErrorCode.validationFailed);
    expect(issuesOf(isl.data)).toContainEqual({ path: 'params.socLower', issue: 'socRange' });
  });

  it('save: the station must fit the kind', async () => {
    const noEss = await savePeak(b, bNoEss.id, '2096-01-01', '2096-12-31', peakParams(10));
    expect(noEss.code).toBe(ErrorCode.validationFailed);
    expect(issuesOf(noEss.data)).toEqual([{ path: 'stationId', issue: 'stationType' }]);
    const grid = await saveIsland(a, onGrid.id, '2096-01-01', '2096-12-31', islandParams());
    expect(grid.code).toBe(ErrorCode.validationFailed);
    expect(issuesOf(grid.data)).toEqual([{ path: 'stationId', issue: 'stationType' }]);
  });

  it('save: date ranges of one kind at one station may not overlap', async () => {
    const first = await savePeak(a, ess.id, '2091-01-01', '2091-06-30', peakParams(kw()));
    expect(first.code).toBe(0);
    const touching = await savePeak(a, ess.id, '2091-06-30', '2091-12-31', peakParams(kw()));
    expect(touching.code).toBe(ErrorCode.conflict);
    expect(touching.data).toEqual({ reason: 'dateOverlap', strategyId: first.data.strategyId, startDate: '2091-01-01', endDate: '2091-06-30' });
    const inside = await savePeak(a, ess.id, '2091-02-01', '2091-02-28', peakParams(kw()));
    expect(inside.code).toBe(ErrorCode.conflict);
    const next = await savePeak(a, ess.id, '2091-07-01', '2091-12-31', peakParams(kw()));
    expect(next.code).toBe(0);
    // editing: its own range never clashes, a neighbour's does
    expect((await savePeak(a, ess.id, '2091-01-01', '2091-06-30', peakParams(kw()), { strategyId: first.data.strategyId })).code).toBe(0);
    expect((await savePeak(a, ess.id, '2091-01-01', '2091-07-15', peakParams(kw()), { strategyId: first.data.strategyId })).code).toBe(ErrorCode.conflict);
    // another station, or the other kind at this one, is free to use the same dates
    const otherStation = (await stationsOf(pA)).find((x) => x.energyTypes.includes('ess') && x.id !== ess.id)!;
    expect((await savePeak(a, otherStation.id, '2091-01-01', '2091-06-30', peakParams(Math.min(10, otherStation.essPowerKw)))).code).toBe(0);
    expect((await savePeak(a, island.id, '2091-03-01', '2091-04-30', peakParams(Math.min(10, island.essPowerKw)))).code).toBe(0);
    expect((await saveIsland(a, island.id, '2091-03-01', '2091-04-30', islandParams())).code).toBe(0);
    // a deleted strategy no longer blocks its dates
    expect((await s.call('deleteStrategy', { strategyId: next.data.strategyId }, a)).code).toBe(0);
    expect((await savePeak(a, ess.id, '2091-07-01', '2091-09-30', peakParams(kw()))).code).toBe(0);
  });

  it('save: endDate before startDate is a timeError', async () => {
    const r = await savePeak(a, ess.id, '2097-02-01', '2097-01-01', peakParams(kw()));
    expect(r.code).toBe(ErrorCode.validationFailed);
    expect(issuesOf(r.data)).toContainEqual({ path: 'endDate', issue: 'timeError' });
  });

  it('savePeakShavingStrategy: periods within the day, start < end, no overlap', async () => {
    const p = (start: string, end: string) => ({ start, end, mode: 'charge', powerKw: kw() });
    const overlap = await savePeak(a, ess.id, '2097-01-01', '2097-12-31', peakParams(kw(), { periods: [p('00:00', '10:00'), p('09:00', '12:00')] }));
    expect(overlap.code).toBe(ErrorCode.validationFailed);
    expect(issuesOf(overlap.data)).toEqual([{ path: 'params.periods.1.start', issue: 'timeError' }]);
    const unordered = await savePeak(a, ess.id, '2097-01-01', '2097-12-31', peakParams(kw(), { periods: [p('20:00', '24:00'), p('10:00', '20:30')] }));
    expect(issuesOf(unordered.data)).toEqual([{ path: 'params.periods.1.start', issue: 'timeError' }]);
    const backwards = await savePeak(a, ess.id, '2097-01-01', '2097-12-31', peakParams(kw(), { periods: [p('10:00', '10:00'), p('24:00', '24:00')] }));
    expect(issuesOf(backwards.data)).toEqual([
      { path: 'params.periods.0.end', issue: 'timeError' },
      { path: 'params.periods.1.end', issue: 'timeError' },
    ]);
    const outside = await savePeak(a, ess.id, '2097-01-01', '2097-12-31', peakParams(kw(), { periods: [p('22:00', '25:00')] }));
    expect(issuesOf(outside.data)).toContainEqual({ path: 'params.periods.0.end', issue: 'invalidFormat' });
    const whole = await savePeak(a, ess.id, '2097-01-01', '2097-12-31', peakParams(kw(), { periods: [p('00:00', '24:00')] }));
    expect(whole.code).toBe(0);
  });

  it("save: charge/discharge power may not exceed the station's converter power", async () => {
    const over = ess.essPowerKw + 1;
    const r = await savePeak(a, ess.id, '2098-01-01', '2098-12-31', peakParams(kw(), {
      periods: [{ start: '00:00', end: '06:00', mode: 'charge', powerKw: over }, { start: '06:00', end: '08:00', mode: 'idle', powerKw: 0 }],
    }));
    expect(r.code).toBe(ErrorCode.validationFailed);
    expect(issuesOf(r.data)).toEqual([{ path: 'params.periods.0.powerKw', issue: 'tooBig', limit: ess.essPowerKw }]);
    const isl = await saveIsland(a, island.id, '2098-01-01', '2098-12-31', islandParams({ essChargingPowerLimitKw: island.essPowerKw + 1 }));
    expect(issuesOf(isl.data)).toEqual([{ path: 'params.essChargingPowerLimitKw', issue: 'tooBig', limit: island.essPowerKw }]);
  });

  // ───────────── the helpers the fleet stage will use ─────────────

  it('recordDistribution/ackDistribution: pending → acknowledged, the strategy follows unless edited since', async () => {
    const db = s.services.db;
    const ctx = { services: s.services, principal: { orgType: 2 }, scope: { hasStation: (id: number) => id === island.id }, tokenHash: 'x', token: 'x' } as unknown as Ctx;
    const id = (await saveIsland(a, island.id, '2099-01-01', '2099-12-31', islandParams())).data.strategyId;
    const at = new Date('2031-03-01T00:00:00Z');
    const rec = await db.tx(async (q) => recordDistribution(q, { strategy: await lockStrategy(q, ctx, id), operatorId: sunriseId, at }));
    expect(rec).toMatchObject({ strategyId: id, status: 0, operator: '王建国', issuedAt: at.toISOString(), ackedAt: null });
    expect(rec.snapshot).toMatchObject({ kind: 'island', startDate: '2099-01-01', params: islandParams() });
    expect(await db.tx((q) => ackDistribution(q, rec.distributionId, { ok: true, at: new Date(at.getTime() + 2000) }))).toBe(true);
    expect(await db.tx((q) => ackDistribution(q, rec.distributionId, { ok: false, at }))).toBe(false);
    expect((await s.call('queryStrategyById', { strategyId: id }, a)).data.issueStatus).toBe(1);
    expect((await s.call('queryDistributionRecordById', { distributionId: rec.distributionId }, a)).data).toMatchObject({ status: 1, ackedAt: '2031-03-01T00:00:02.000Z' });

    // issued, then edited before the gateway answers: the answer does not mark the new content issued
    const rec2 = await db.tx(async (q) => recordDistribution(q, { strategy: await lockStrategy(q, ctx, id), operatorId: null, at }));
    expect((await saveIsland(a, island.id, '2099-01-01', '2099-12-31', islandParams({ socLower: 25 }), { strategyId: id })).code).toBe(0);
    await db.tx((q) => ackDistribution(q, rec2.distributionId, { ok: true, at }));
    expect((await s.call('queryStrategyById', { strategyId: id }, a)).data.issueStatus).toBe(0);
    await expect(db.tx((q) => lockStrategy(q, ctx, bStrategy))).rejects.toMatchObject({ codeName: 'notFound' });
  });

  it('recordSwitch/ackSwitch: pending → dispatched, the station mode follows on success only', async () => {
    const db = s.services.db;
    await db.query('DELETE FROM station_modes WHERE station_id=$1', [ess.id]);
    const at = new Date('2031-04-01T00:00:00Z');
    const rec = await db.tx((q) => recordSwitch(q, { stationId: ess.id, mode: 'peakShaving', enabled: true, operatorId: sunriseId, at }));
    expect(rec).toMatchObject({ stationId: ess.id, operation: 'enablePeakShaving', status: 0, operator: '王建国', time: at.toISOString() });
    expect(await db.tx((q) => ackSwitch(q, rec.recordId, { ok: true, at }))).toBe(true);
    expect((await s.call('queryStationMode', { stationId: ess.id }, a)).data).toEqual({ peakShavingEnabled: true, islandEnabled: false, updatedAt: at.toISOString() });
    const off = await db.tx((q) => recordSwitch(q, { stationId: ess.id, mode: 'peakShaving', enabled: false, operatorId: sunriseId, at }));
    await db.tx((q) => ackSwitch(q, off.recordId, { ok: false, reason: 'no answer', at }));
    expect((await s.call('queryStationMode', { stationId: ess.id }, a)).data.peakShavingEnabled).toBe(true);
    const list = (await s.call('querySwitchRecords', { stationId: ess.id }, a)).data.dataList;
    expect(list.find((r) => r.recordId === off.recordId)).toMatchObject({ operation: 'shutDownPeakShaving', status: 2, reason: 'no answer' });
  });
});
