import { beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestServer } from '../../test/harness';
import { ErrorCode } from '../../../protocol/errors';
import { lockStrategy } from '../strategies';
import { ackDistribution, ackSwitch, recordDistribution, recordSwitch } from '../../strategies/records';
import type { Ctx } from '../../api/context';
import { islandParams, peakParams, strategiesWorld, type StationRow } from './strategies-fixture';

// What the strategy actions do with an accepted request: listing, saving, deleting, the station
// modes, the issuance and switch records, and the helpers the fleet issues strategies and
// switches modes with. What they refuse is in strategies.test.ts.

describe.each(backends())('strategies: accepted requests (%s)', (backend) => {
  const w = strategiesWorld(backend);
  const { kw, stationsOf, savePeak, saveIsland } = w;
  let s: TestServer;
  let a: string;
  let viewer: string;
  let pA: number;
  let ess: StationRow;
  let island: StationRow;
  let onGrid: StationRow;
  let bStrategy: number;
  let sunriseId: number;
  // the world's fields under the names the cases use
  beforeAll(() => ({ s, a, viewer, pA, ess, island, onGrid, bStrategy, sunriseId } = w));

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
