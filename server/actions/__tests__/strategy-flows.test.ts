import { describe, expect, it } from 'vitest';
import { backends } from '../../test/harness';
import { ErrorCode } from '../../../protocol/errors';
import { lockStrategy } from '../../strategies/lock';
import { ackDistribution, ackSwitch, recordDistribution, recordSwitch } from '../../strategies/records';
import type { Ctx } from '../../api/context';
import { islandParams, peakParams, strategiesWorld } from './strategies-fixture';

// What the strategy actions do with an accepted request: listing, saving, deleting, the station
// modes, the issuance and switch records, and the helpers the fleet issues strategies and
// switches modes with. What they refuse is in strategies.test.ts.

describe.each(backends())('strategies: accepted requests (%s)', (backend) => {
  const w = strategiesWorld(backend);
  const { kw, stationsOf, savePeak, saveIsland } = w;

  // ───────────── happy paths ─────────────

  it('queryStrategyList: the seeded strategies of a station, filtered by kind, paged', async () => {
    const all = await w.s.call('queryStrategyList', { stationId: w.island.id }, w.a);
    expect(all.code).toBe(0);
    expect(all.data.totalCount).toBe(all.data.dataList.length);
    expect(new Set(all.data.dataList.map((x) => x.kind))).toEqual(new Set(['peakShaving', 'island']));
    const only = await w.s.call('queryStrategyList', { stationId: w.island.id, kind: 'island' }, w.a);
    expect(only.data.dataList.map((x) => x.kind)).toEqual(['island']);
    const first = await w.s.call('queryStrategyList', { stationId: w.island.id, page: 1, length: 1 }, w.a);
    expect(first.data.totalCount).toBe(all.data.totalCount);
    expect(first.data.dataList).toHaveLength(1);
    expect(Date.parse(first.data.dataList[0]!.updatedAt)).not.toBeNaN();
  });

  it('queryStrategyList/ById: a read-only operator with the route permission may look', async () => {
    const list = await w.s.call('queryStrategyList', { stationId: w.ess.id }, w.viewer);
    expect(list.code).toBe(0);
    const one = list.data.dataList[0]!;
    const r = await w.s.call('queryStrategyById', { strategyId: one.strategyId }, w.viewer);
    expect(r.code).toBe(0);
    expect(r.data).toEqual(one);
    expect(r.data.params).toHaveProperty('socUpper');
  });

  it('savePeakShavingStrategy: creates a not-issued strategy, audited', async () => {
    const r = await savePeak(w.a, w.ess.id, '2090-01-01', '2090-12-31', peakParams(kw()));
    expect(r.code).toBe(0);
    const got = (await w.s.call('queryStrategyById', { strategyId: r.data.strategyId }, w.a)).data;
    expect(got).toMatchObject({
      stationId: w.ess.id,
      kind: 'peakShaving',
      name: 'PS 2090-01-01',
      startDate: '2090-01-01',
      endDate: '2090-12-31',
      issueStatus: 0,
    });
    expect(got.params).toEqual(peakParams(kw()));
    const log = await w.s.services.db.query<{ action: string; accountId: number }>('SELECT action, account_id AS "accountId" FROM audit_log WHERE target=$1', [
      `strategy:${r.data.strategyId}`,
    ]);
    expect(log).toEqual([{ action: 'savePeakShavingStrategy', accountId: w.sunriseId }]);
  });

  it('savePeakShavingStrategy: re-saving a seeded, issued strategy passes the rules and resets it to not issued', async () => {
    const list = await w.s.call('queryStrategyList', { stationId: w.ess.id, kind: 'peakShaving' }, w.a);
    const seeded = list.data.dataList.find((x) => x.startDate < '2080')!;
    await w.s.services.db.query('UPDATE strategies SET issue_status=1 WHERE id=$1', [seeded.strategyId]);
    const r = await savePeak(w.a, w.ess.id, seeded.startDate, seeded.endDate, seeded.params, { strategyId: seeded.strategyId, name: `${seeded.name} (v2)` });
    expect(r.code).toBe(0);
    expect(r.data.strategyId).toBe(seeded.strategyId);
    const got = (await w.s.call('queryStrategyById', { strategyId: seeded.strategyId }, w.a)).data;
    expect(got.issueStatus).toBe(0);
    expect(got.name).toBe(`${seeded.name} (v2)`);
    expect(got.params).toEqual(seeded.params);
  });

  it('saveIslandStrategy: creates and edits an island strategy', async () => {
    const r = await saveIsland(w.a, w.island.id, '2090-01-01', '2090-06-30', islandParams());
    expect(r.code).toBe(0);
    const id = r.data.strategyId;
    const e = await saveIsland(w.a, w.island.id, '2090-01-01', '2090-05-31', islandParams({ socLower: 30 }), { strategyId: id, name: 'Dry season' });
    expect(e.code).toBe(0);
    const got = (await w.s.call('queryStrategyById', { strategyId: id }, w.a)).data;
    expect(got).toMatchObject({ kind: 'island', name: 'Dry season', endDate: '2090-05-31', issueStatus: 0 });
    expect(got.params.socLower).toBe(30);
  });

  it('save: editing names a strategy of that station and kind, else notFound', async () => {
    const [peak] = (await w.s.call('queryStrategyList', { stationId: w.island.id, kind: 'peakShaving' }, w.a)).data.dataList;
    expect((await saveIsland(w.a, w.island.id, '2095-01-01', '2095-02-01', islandParams(), { strategyId: peak!.strategyId })).code).toBe(ErrorCode.notFound);
    expect((await savePeak(w.a, w.ess.id, '2095-01-01', '2095-02-01', peakParams(kw()), { strategyId: peak!.strategyId })).code).toBe(ErrorCode.notFound);
    expect((await savePeak(w.a, w.ess.id, '2095-01-01', '2095-02-01', peakParams(kw()), { strategyId: w.bStrategy })).code).toBe(ErrorCode.notFound);
  });

  it('deleteStrategy: soft delete; an issued strategy whose mode is on must be shut down first', async () => {
    const db = w.s.services.db;
    const id = (await savePeak(w.a, w.ess.id, '2092-01-01', '2092-12-31', peakParams(kw()))).data.strategyId;
    await db.query(`INSERT INTO strategy_distributions(strategy_id, station_id, snapshot, status, issued_at) VALUES ($1,$2,'{}',1,now())`, [id, w.ess.id]);
    await db.query('UPDATE strategies SET issue_status=1 WHERE id=$1', [id]);
    await db.query(
      `INSERT INTO station_modes(station_id, peak_shaving_enabled) VALUES ($1, true) ON CONFLICT (station_id) DO UPDATE SET peak_shaving_enabled=true`,
      [w.ess.id],
    );
    const blocked = await w.s.call('deleteStrategy', { strategyId: id }, w.a);
    expect(blocked.code).toBe(ErrorCode.conflict);
    expect(blocked.data).toEqual({ reason: 'modeEnabled', mode: 'peakShaving' });
    expect((await w.s.call('queryStrategyById', { strategyId: id }, w.a)).code).toBe(0);

    await db.query('UPDATE station_modes SET peak_shaving_enabled=false WHERE station_id=$1', [w.ess.id]);
    const r = await w.s.call('deleteStrategy', { strategyId: id }, w.a);
    expect(r.code).toBe(0);
    expect(r.data).toBeNull();
    expect((await w.s.call('queryStrategyById', { strategyId: id }, w.a)).code).toBe(ErrorCode.notFound);
    expect((await w.s.call('deleteStrategy', { strategyId: id }, w.a)).code).toBe(ErrorCode.notFound);
    const list = (await w.s.call('queryStrategyList', { stationId: w.ess.id, length: 100 }, w.a)).data.dataList;
    expect(list.map((x) => x.strategyId)).not.toContain(id);
    // its issuance records stay
    const recs = await w.s.call('queryDistributionRecords', { stationId: w.ess.id, strategyId: id }, w.a);
    expect(recs.data.totalCount).toBe(1);
    const log = await db.query<{ action: string }>('SELECT action FROM audit_log WHERE target=$1 ORDER BY id', [`strategy:${id}`]);
    expect(log.map((l) => l.action)).toEqual(['savePeakShavingStrategy', 'deleteStrategy']);
  });

  it('deleteStrategy: a not-issued strategy goes even while the mode is on', async () => {
    const id = (await saveIsland(w.a, w.island.id, '2093-01-01', '2093-12-31', islandParams())).data.strategyId;
    await w.s.services.db.query(
      `INSERT INTO station_modes(station_id, island_enabled) VALUES ($1, true) ON CONFLICT (station_id) DO UPDATE SET island_enabled=true`,
      [w.island.id],
    );
    expect((await w.s.call('deleteStrategy', { strategyId: id }, w.a)).code).toBe(0);
  });

  it('queryStationMode: answers the flags of the station', async () => {
    await w.s.services.db.query(
      `INSERT INTO station_modes(station_id, peak_shaving_enabled, island_enabled, updated_at) VALUES ($1, true, false, '2030-05-01T08:00:00Z')
       ON CONFLICT (station_id) DO UPDATE SET peak_shaving_enabled=true, island_enabled=false, updated_at='2030-05-01T08:00:00Z'`,
      [w.onGrid.id],
    );
    const r = await w.s.call('queryStationMode', { stationId: w.onGrid.id }, w.viewer);
    expect(r.code).toBe(0);
    expect(r.data).toEqual({
      peakShavingEnabled: true,
      islandEnabled: false,
      peakShavingState: 'running',
      islandState: 'off',
      updatedAt: '2030-05-01T08:00:00.000Z',
    });
  });

  // ───────────── records ─────────────

  it('queryDistributionRecords/ById: newest first, paged, with operator names and the snapshot', async () => {
    const db = w.s.services.db;
    const [strat] = await db.query<{ id: number; name: string }>(
      "SELECT id, name FROM strategies WHERE station_id=$1 AND kind='peakShaving' AND deleted_at IS NULL ORDER BY id LIMIT 1",
      [w.onGrid.id],
    );
    const blank = await w.s.makeAccount({ orgId: w.pA, permissions: [] });
    await db.query("UPDATE accounts SET contact='' WHERE id=$1", [blank.userId]);
    const before = (await w.s.call('queryDistributionRecords', { stationId: w.onGrid.id, length: 1000 }, w.a)).data.totalCount;
    for (let i = 0; i < 5; i++) {
      await db.query(
        `INSERT INTO strategy_distributions(strategy_id, station_id, snapshot, status, reason, operator_id, issued_at, acked_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8)`,
        [
          strat!.id,
          w.onGrid.id,
          JSON.stringify({ n: i }),
          i === 4 ? 2 : 1,
          i === 4 ? 'timeout' : null,
          i % 2 ? blank.userId : w.sunriseId,
          `2031-01-0${i + 1}T00:00:00Z`,
          i === 4 ? null : `2031-01-0${i + 1}T00:00:02Z`,
        ],
      );
    }
    const all = await w.s.call('queryDistributionRecords', { stationId: w.onGrid.id, length: 1000 }, w.a);
    expect(all.code).toBe(0);
    expect(all.data.totalCount).toBe(before + 5);
    const times = all.data.dataList.map((d) => d.issuedAt);
    expect(times).toEqual([...times].sort().reverse());
    const p1 = await w.s.call('queryDistributionRecords', { stationId: w.onGrid.id, page: 1, length: 2 }, w.a);
    const p2 = await w.s.call('queryDistributionRecords', { stationId: w.onGrid.id, page: 2, length: 2 }, w.a);
    expect(p1.data.totalCount).toBe(before + 5);
    expect(p1.data.dataList.map((d) => d.issuedAt)).toEqual(['2031-01-05T00:00:00.000Z', '2031-01-04T00:00:00.000Z']);
    expect(p2.data.dataList.map((d) => d.issuedAt)).toEqual(['2031-01-03T00:00:00.000Z', '2031-01-02T00:00:00.000Z']);
    const newest = p1.data.dataList[0]!;
    expect(newest).toMatchObject({ strategyId: strat!.id, strategyName: strat!.name, status: 2, reason: 'timeout', ackedAt: null, operator: '王建国' });
    expect(newest.snapshot).toBeUndefined();
    expect(p1.data.dataList[1]!.operator).toMatch(/^t[a-z0-9]+$/); // no contact → the account name
    const one = await w.s.call('queryDistributionRecordById', { distributionId: newest.distributionId }, w.viewer);
    expect(one.code).toBe(0);
    expect(one.data).toEqual({ ...newest, snapshot: { n: 4 }, followedAt: null });
    // by strategy; a strategy of another station answers notFound
    const byStrategy = await w.s.call('queryDistributionRecords', { stationId: w.onGrid.id, strategyId: strat!.id, length: 1000 }, w.a);
    expect(byStrategy.data.dataList.every((d) => d.strategyId === strat!.id)).toBe(true);
    expect((await w.s.call('queryDistributionRecords', { stationId: w.onGrid.id, strategyId: w.bStrategy }, w.a)).code).toBe(ErrorCode.notFound);
    // a time range (the trend's visible range): [from, to)
    const ranged = await w.s.call(
      'queryDistributionRecords',
      { stationId: w.onGrid.id, from: '2031-01-02T00:00:00Z', to: '2031-01-04T00:00:00Z', length: 1000 },
      w.a,
    );
    expect(ranged.data.totalCount).toBe(2);
    expect(ranged.data.dataList.map((d) => d.issuedAt)).toEqual(['2031-01-03T00:00:00.000Z', '2031-01-02T00:00:00.000Z']);
    expect((await w.s.call('queryDistributionRecords', { stationId: w.onGrid.id, from: 'yesterday' }, w.a)).code).toBe(ErrorCode.validationFailed);
  });

  it('querySwitchRecords narrows to a time range', async () => {
    const db = w.s.services.db;
    for (const at of ['2032-03-01T10:00:00Z', '2032-03-02T10:00:00Z', '2032-03-03T10:00:00Z']) {
      await db.query("INSERT INTO switch_records(station_id, operation, status, operator_id, at) VALUES ($1, 'peakShaving.on', 1, $2, $3)", [
        w.onGrid.id,
        w.sunriseId,
        at,
      ]);
    }
    const r = await w.s.call('querySwitchRecords', { stationId: w.onGrid.id, from: '2032-03-02T00:00:00Z', to: '2032-03-03T10:00:00Z', length: 100 }, w.a);
    expect(r.code).toBe(0);
    expect(r.data.dataList.map((x) => x.time)).toEqual(['2032-03-02T10:00:00.000Z']);
    expect(r.data.totalCount).toBe(1);
  });

  it('queryDistributionRecords: the seeded issuance records are there', async () => {
    const [row] = await w.s.services.db.query<{ stationId: number; n: number }>(
      'SELECT station_id AS "stationId", count(*)::int AS n FROM strategy_distributions WHERE station_id = ANY($1::int[]) GROUP BY station_id ORDER BY station_id LIMIT 1',
      [(await stationsOf(w.pA)).map((x) => x.id).filter((x) => x !== w.onGrid.id && x !== w.ess.id)],
    );
    expect(row).toBeDefined();
    const r = await w.s.call('queryDistributionRecords', { stationId: row!.stationId }, w.a);
    expect(r.data.totalCount).toBe(row!.n);
    expect(r.data.dataList[0]!.operator).toBeTruthy();
  });

  it('querySwitchRecords: newest first, paged, with totalCount and operator names', async () => {
    const db = w.s.services.db;
    const ops = ['enablePeakShaving', 'shutDownPeakShaving', 'enableIsland', 'shutDownIsland', 'enablePeakShaving'];
    for (let i = 0; i < ops.length; i++) {
      await db.query('INSERT INTO switch_records(station_id, at, operation, status, operator_id, reason) VALUES ($1,$2,$3,$4,$5,$6)', [
        w.island.id,
        `2031-02-0${i + 1}T10:00:00+08:00`,
        ops[i],
        i === 2 ? 2 : 1,
        w.sunriseId,
        i === 2 ? 'gateway offline' : null,
      ]);
    }
    const all = await w.s.call('querySwitchRecords', { stationId: w.island.id }, w.viewer);
    expect(all.code).toBe(0);
    expect(all.data.totalCount).toBe(5);
    expect(all.data.dataList.map((r) => r.time)).toEqual([5, 4, 3, 2, 1].map((d) => `2031-02-0${d}T02:00:00.000Z`));
    const p2 = await w.s.call('querySwitchRecords', { stationId: w.island.id, page: 2, length: 2 }, w.a);
    expect(p2.data.totalCount).toBe(5);
    expect(p2.data.dataList).toHaveLength(2);
    expect(p2.data.dataList[0]).toMatchObject({ operation: 'enableIsland', status: 2, reason: 'gateway offline', operator: '王建国', stationId: w.island.id });
    const p3 = await w.s.call('querySwitchRecords', { stationId: w.island.id, page: 3, length: 2 }, w.a);
    expect(p3.data.dataList.map((r) => r.operation)).toEqual(['enablePeakShaving']);
    expect((await w.s.call('querySwitchRecords', { stationId: w.island.id, page: 9 }, w.a)).data).toEqual({ totalCount: 5, dataList: [] });
  });

  // ───────────── the helpers the fleet stage will use ─────────────

  it('recordDistribution/ackDistribution: pending → acknowledged, the strategy follows unless edited since', async () => {
    const db = w.s.services.db;
    const ctx = {
      services: w.s.services,
      principal: { orgType: 2 },
      scope: { hasStation: (id: number) => id === w.island.id },
      tokenHash: 'x',
      token: 'x',
    } as unknown as Ctx;
    const id = (await saveIsland(w.a, w.island.id, '2099-01-01', '2099-12-31', islandParams())).data.strategyId;
    const at = new Date('2031-03-01T00:00:00Z');
    const rec = await db.tx(async (q) => recordDistribution(q, { strategy: await lockStrategy(q, ctx, id), operatorId: w.sunriseId, at }));
    expect(rec).toMatchObject({ strategyId: id, status: 0, operator: '王建国', issuedAt: at.toISOString(), ackedAt: null });
    expect(rec.snapshot).toMatchObject({ kind: 'island', startDate: '2099-01-01', params: islandParams() });
    expect(await db.tx((q) => ackDistribution(q, rec.distributionId, { ok: true, at: new Date(at.getTime() + 2000) }))).toBe(true);
    expect(await db.tx((q) => ackDistribution(q, rec.distributionId, { ok: false, at }))).toBe(false);
    expect((await w.s.call('queryStrategyById', { strategyId: id }, w.a)).data.issueStatus).toBe(1);
    expect((await w.s.call('queryDistributionRecordById', { distributionId: rec.distributionId }, w.a)).data).toMatchObject({
      status: 1,
      ackedAt: '2031-03-01T00:00:02.000Z',
    });

    // issued, then edited before the gateway answers: the answer does not mark the new content issued
    const rec2 = await db.tx(async (q) => recordDistribution(q, { strategy: await lockStrategy(q, ctx, id), operatorId: null, at }));
    expect((await saveIsland(w.a, w.island.id, '2099-01-01', '2099-12-31', islandParams({ socLower: 25 }), { strategyId: id })).code).toBe(0);
    await db.tx((q) => ackDistribution(q, rec2.distributionId, { ok: true, at }));
    expect((await w.s.call('queryStrategyById', { strategyId: id }, w.a)).data.issueStatus).toBe(0);
    await expect(db.tx((q) => lockStrategy(q, ctx, w.bStrategy))).rejects.toMatchObject({ codeName: 'notFound' });
  });

  it('recordSwitch/ackSwitch: pending → dispatched, the station mode follows on success only', async () => {
    const db = w.s.services.db;
    await db.query('DELETE FROM station_modes WHERE station_id=$1', [w.ess.id]);
    const at = new Date('2031-04-01T00:00:00Z');
    const rec = await db.tx((q) => recordSwitch(q, { stationId: w.ess.id, mode: 'peakShaving', enabled: true, operatorId: w.sunriseId, at }));
    expect(rec).toMatchObject({ stationId: w.ess.id, operation: 'enablePeakShaving', status: 0, operator: '王建国', time: at.toISOString() });
    expect(await db.tx((q) => ackSwitch(q, rec.recordId, { ok: true, at }))).toBe(true);
    expect((await w.s.call('queryStationMode', { stationId: w.ess.id }, w.a)).data).toEqual({
      peakShavingEnabled: true,
      islandEnabled: false,
      peakShavingState: 'running',
      islandState: 'off',
      updatedAt: at.toISOString(),
    });
    const off = await db.tx((q) => recordSwitch(q, { stationId: w.ess.id, mode: 'peakShaving', enabled: false, operatorId: w.sunriseId, at }));
    await db.tx((q) => ackSwitch(q, off.recordId, { ok: false, reason: 'no answer', at }));
    expect((await w.s.call('queryStationMode', { stationId: w.ess.id }, w.a)).data.peakShavingEnabled).toBe(true);
    const list = (await w.s.call('querySwitchRecords', { stationId: w.ess.id }, w.a)).data.dataList;
    expect(list.find((r) => r.recordId === off.recordId)).toMatchObject({ operation: 'shutDownPeakShaving', status: 2, reason: 'no answer' });
  });
});
