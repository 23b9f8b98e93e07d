import { describe, expect, it } from 'vitest';
import { backends } from '../../test/harness';
import { ErrorCode } from '../../../protocol/errors';
import type { ActionName } from '../../../protocol/catalogue';
import { itRefusesOtherTenantsAndInvalidPayloads, type RefusalCase } from './refusals';
import { ISLAND_KEYS, islandParams, issuesOf, PEAK_KEYS, peakParams, strategiesWorld } from './strategies-fixture';

// What the strategy actions refuse: a role without the key, another provider's ids, invalid
// payloads, and the rules a saved strategy must keep (SPEC §5 and ours). What they do with an
// accepted request is in strategy-flows.test.ts.

describe.each(backends())('strategies (%s)', (backend) => {
  const w = strategiesWorld(backend);
  const { kw, stationsOf, savePeak, saveIsland } = w;

  // ───────────── the four checks every action gets ─────────────

  interface Case extends RefusalCase {
    write: boolean;
    valid: () => Record<string, unknown>;
  }
  /** A read of one station's records: A's storage station, provider B's as the other tenant's. */
  const stationRead = (action: ActionName, invalid: Case['invalid'], path: string): Case => ({
    action,
    write: false,
    valid: () => ({ stationId: w.ess.id }),
    cross: () => ({ stationId: w.bEss.id }),
    invalid,
    path,
  });
  const cases: Case[] = [
    stationRead('queryStrategyList', () => ({ stationId: 'abc' }), 'stationId'),
    {
      action: 'queryStrategyById',
      write: false,
      valid: () => ({ strategyId: w.bStrategy }),
      cross: () => ({ strategyId: w.bStrategy }),
      invalid: () => ({ strategyId: -1 }),
      path: 'strategyId',
    },
    {
      action: 'savePeakShavingStrategy',
      write: true,
      valid: () => ({ stationId: w.ess.id, name: 'x', startDate: '2080-01-01', endDate: '2080-12-31', params: peakParams(kw()) }),
      cross: () => ({ stationId: w.bEss.id, name: 'x', startDate: '2080-01-01', endDate: '2080-12-31', params: peakParams(kw()) }),
      invalid: () => ({ stationId: w.ess.id, name: 'x', startDate: '2080-01-01', endDate: '2080-12-31', params: peakParams(kw(), { socUpper: 150 }) }),
      path: 'params.socUpper',
    },
    {
      action: 'saveIslandStrategy',
      write: true,
      valid: () => ({ stationId: w.island.id, name: 'x', startDate: '2080-01-01', endDate: '2080-12-31', params: islandParams() }),
      cross: () => ({ stationId: w.bEss.id, name: 'x', startDate: '2080-01-01', endDate: '2080-12-31', params: islandParams() }),
      invalid: () => ({ stationId: w.island.id, name: 'x', startDate: '2080-13-01', endDate: '2080-12-31', params: islandParams() }),
      path: 'startDate',
    },
    {
      action: 'deleteStrategy',
      write: true,
      valid: () => ({ strategyId: w.bStrategy }),
      cross: () => ({ strategyId: w.bStrategy }),
      invalid: () => ({}),
      path: 'strategyId',
    },
    stationRead('queryDistributionRecords', () => ({ stationId: w.ess.id, length: 5000 }), 'length'),
    {
      action: 'queryDistributionRecordById',
      write: false,
      valid: () => ({ distributionId: w.bDistribution }),
      cross: () => ({ distributionId: w.bDistribution }),
      invalid: () => ({ distributionId: 1.5 }),
      path: 'distributionId',
    },
    stationRead('queryStationMode', () => ({}), 'stationId'),
    stationRead('querySwitchRecords', () => ({ stationId: w.ess.id, page: 0 }), 'page'),
  ];

  it.each(cases)('$action: a role without the key is forbidden', async (c) => {
    const r = await w.s.call(c.action, c.valid(), w.nobody);
    expect(r.code).toBe(ErrorCode.forbidden);
    expect(r.status).toBe(403);
    if (c.write) expect((await w.s.call(c.action, c.valid(), w.viewer)).code).toBe(ErrorCode.forbidden);
  });

  itRefusesOtherTenantsAndInvalidPayloads(cases, (action, payload) => w.s.call(action, payload, w.a));

  it('the probes changed nothing of provider B', async () => {
    const r = await w.s.call('queryStrategyById', { strategyId: w.bStrategy }, w.b);
    expect(r.code).toBe(0);
    const list = await w.s.call('queryStrategyList', { stationId: w.bEss.id, length: 100 }, w.b);
    expect(list.data.dataList.every((x) => !x.startDate.startsWith('2080'))).toBe(true);
    const switches = await w.s.call('querySwitchRecords', { stationId: w.bEss.id }, w.b);
    expect(switches.data.dataList.map((x) => x.recordId)).toContain(w.bSwitch);
  });

  it('the platform administrator reads across providers', async () => {
    expect((await w.s.call('queryStrategyById', { strategyId: w.bStrategy }, w.root)).code).toBe(0);
    expect((await w.s.call('queryDistributionRecordById', { distributionId: w.bDistribution }, w.root)).code).toBe(0);
    expect((await w.s.call('querySwitchRecords', { stationId: w.bEss.id }, w.root)).data.totalCount).toBe(1);
  });

  // ───────────── validation rules (SPEC §5 and ours) ─────────────

  it.each(PEAK_KEYS)('savePeakShavingStrategy: missing params.%s is named', async (key) => {
    const params: Record<string, unknown> = peakParams(kw());
    delete params[key];
    const r = await savePeak(w.a, w.ess.id, '2096-01-01', '2096-12-31', params);
    expect(r.code).toBe(ErrorCode.validationFailed);
    expect(issuesOf(r.data)).toContainEqual({ path: `params.${key}`, issue: 'required' });
  });

  it.each(ISLAND_KEYS)('saveIslandStrategy: missing params.%s is named', async (key) => {
    const params: Record<string, unknown> = islandParams();
    delete params[key];
    const r = await saveIsland(w.a, w.island.id, '2096-01-01', '2096-12-31', params);
    expect(r.code).toBe(ErrorCode.validationFailed);
    expect(issuesOf(r.data)).toContainEqual({ path: `params.${key}`, issue: 'required' });
  });

  it.each(['stationId', 'name', 'startDate', 'endDate', 'params'])('save: missing %s is named', async (key) => {
    for (const [action, params, stationId] of [
      ['savePeakShavingStrategy', peakParams(kw()), w.ess.id],
      ['saveIslandStrategy', islandParams(), w.island.id],
    ] as const) {
      const payload: Record<string, unknown> = { stationId, name: 'n', startDate: '2096-01-01', endDate: '2096-12-31', params };
      delete payload[key];
      const r = await w.s.call(action, payload, w.a);
      expect(r.code).toBe(ErrorCode.validationFailed);
      expect(issuesOf(r.data)).toContainEqual({ path: key, issue: 'required' });
    }
  });

  it('save: a blank name is refused', async () => {
    const r = await w.s.call(
      'savePeakShavingStrategy',
      { stationId: w.ess.id, name: '   ', startDate: '2096-01-01', endDate: '2096-12-31', params: peakParams(kw()) },
      w.a,
    );
    expect(issuesOf(r.data)).toContainEqual({ path: 'name', issue: 'tooSmall', limit: 1 });
  });

  it('save: socLower >= socUpper is refused (and the other lower/upper pairs)', async () => {
    for (const over of [{ socLower: 90 }, { socLower: 95 }]) {
      const r = await savePeak(w.a, w.ess.id, '2096-01-01', '2096-12-31', peakParams(kw(), over));
      expect(r.code).toBe(ErrorCode.validationFailed);
      expect(issuesOf(r.data)).toContainEqual({ path: 'params.socLower', issue: 'socRange' });
    }
    const off = await savePeak(w.a, w.ess.id, '2096-01-01', '2096-12-31', peakParams(kw(), { offGridSocLower: 95 }));
    expect(issuesOf(off.data)).toContainEqual({ path: 'params.offGridSocLower', issue: 'socRange' });
    const volt = await savePeak(w.a, w.ess.id, '2096-01-01', '2096-12-31', peakParams(kw(), { cellVoltageLower: 3.6 }));
    expect(issuesOf(volt.data)).toContainEqual({ path: 'params.cellVoltageLower', issue: 'voltageRange' });
    const isl = await saveIsland(w.a, w.island.id, '2096-01-01', '2096-12-31', islandParams({ socLower: 95, socUpper: 20 }));
    expect(isl.code).toBe(ErrorCode.validationFailed);
    expect(issuesOf(isl.data)).toContainEqual({ path: 'params.socLower', issue: 'socRange' });
  });

  it('save: the station must fit the kind', async () => {
    const noEss = await savePeak(w.b, w.bNoEss.id, '2096-01-01', '2096-12-31', peakParams(10));
    expect(noEss.code).toBe(ErrorCode.validationFailed);
    expect(issuesOf(noEss.data)).toEqual([{ path: 'stationId', issue: 'stationType' }]);
    const grid = await saveIsland(w.a, w.onGrid.id, '2096-01-01', '2096-12-31', islandParams());
    expect(grid.code).toBe(ErrorCode.validationFailed);
    expect(issuesOf(grid.data)).toEqual([{ path: 'stationId', issue: 'stationType' }]);
  });

  it('save: date ranges of one kind at one station may not overlap', async () => {
    const first = await savePeak(w.a, w.ess.id, '2091-01-01', '2091-06-30', peakParams(kw()));
    expect(first.code).toBe(0);
    const touching = await savePeak(w.a, w.ess.id, '2091-06-30', '2091-12-31', peakParams(kw()));
    expect(touching.code).toBe(ErrorCode.conflict);
    expect(touching.data).toEqual({ reason: 'dateOverlap', strategyId: first.data.strategyId, startDate: '2091-01-01', endDate: '2091-06-30' });
    const inside = await savePeak(w.a, w.ess.id, '2091-02-01', '2091-02-28', peakParams(kw()));
    expect(inside.code).toBe(ErrorCode.conflict);
    const next = await savePeak(w.a, w.ess.id, '2091-07-01', '2091-12-31', peakParams(kw()));
    expect(next.code).toBe(0);
    // editing: its own range never clashes, a neighbour's does
    expect((await savePeak(w.a, w.ess.id, '2091-01-01', '2091-06-30', peakParams(kw()), { strategyId: first.data.strategyId })).code).toBe(0);
    expect((await savePeak(w.a, w.ess.id, '2091-01-01', '2091-07-15', peakParams(kw()), { strategyId: first.data.strategyId })).code).toBe(ErrorCode.conflict);
    // another station, or the other kind at this one, is free to use the same dates
    const otherStation = (await stationsOf(w.pA)).find((x) => x.energyTypes.includes('ess') && x.id !== w.ess.id)!;
    expect((await savePeak(w.a, otherStation.id, '2091-01-01', '2091-06-30', peakParams(Math.min(10, otherStation.essPowerKw)))).code).toBe(0);
    expect((await savePeak(w.a, w.island.id, '2091-03-01', '2091-04-30', peakParams(Math.min(10, w.island.essPowerKw)))).code).toBe(0);
    expect((await saveIsland(w.a, w.island.id, '2091-03-01', '2091-04-30', islandParams())).code).toBe(0);
    // a deleted strategy no longer blocks its dates
    expect((await w.s.call('deleteStrategy', { strategyId: next.data.strategyId }, w.a)).code).toBe(0);
    expect((await savePeak(w.a, w.ess.id, '2091-07-01', '2091-09-30', peakParams(kw()))).code).toBe(0);
  });

  it('save: endDate before startDate is a timeError', async () => {
    const r = await savePeak(w.a, w.ess.id, '2097-02-01', '2097-01-01', peakParams(kw()));
    expect(r.code).toBe(ErrorCode.validationFailed);
    expect(issuesOf(r.data)).toContainEqual({ path: 'endDate', issue: 'timeError' });
  });

  it('savePeakShavingStrategy: periods within the day, start < end, no overlap', async () => {
    const p = (start: string, end: string) => ({ start, end, mode: 'charge', powerKw: kw() });
    const overlap = await savePeak(w.a, w.ess.id, '2097-01-01', '2097-12-31', peakParams(kw(), { periods: [p('00:00', '10:00'), p('09:00', '12:00')] }));
    expect(overlap.code).toBe(ErrorCode.validationFailed);
    expect(issuesOf(overlap.data)).toEqual([{ path: 'params.periods.1.start', issue: 'timeError' }]);
    const unordered = await savePeak(w.a, w.ess.id, '2097-01-01', '2097-12-31', peakParams(kw(), { periods: [p('20:00', '24:00'), p('10:00', '20:30')] }));
    expect(issuesOf(unordered.data)).toEqual([{ path: 'params.periods.1.start', issue: 'timeError' }]);
    const backwards = await savePeak(w.a, w.ess.id, '2097-01-01', '2097-12-31', peakParams(kw(), { periods: [p('10:00', '10:00'), p('24:00', '24:00')] }));
    expect(issuesOf(backwards.data)).toEqual([
      { path: 'params.periods.0.end', issue: 'timeError' },
      { path: 'params.periods.1.end', issue: 'timeError' },
    ]);
    const outside = await savePeak(w.a, w.ess.id, '2097-01-01', '2097-12-31', peakParams(kw(), { periods: [p('22:00', '25:00')] }));
    expect(issuesOf(outside.data)).toContainEqual({ path: 'params.periods.0.end', issue: 'invalidFormat' });
    const whole = await savePeak(w.a, w.ess.id, '2097-01-01', '2097-12-31', peakParams(kw(), { periods: [p('00:00', '24:00')] }));
    expect(whole.code).toBe(0);
  });

  it("save: charge/discharge power may not exceed the station's converter power", async () => {
    const over = w.ess.essPowerKw + 1;
    const r = await savePeak(
      w.a,
      w.ess.id,
      '2098-01-01',
      '2098-12-31',
      peakParams(kw(), {
        periods: [
          { start: '00:00', end: '06:00', mode: 'charge', powerKw: over },
          { start: '06:00', end: '08:00', mode: 'idle', powerKw: 0 },
        ],
      }),
    );
    expect(r.code).toBe(ErrorCode.validationFailed);
    expect(issuesOf(r.data)).toEqual([{ path: 'params.periods.0.powerKw', issue: 'tooBig', limit: w.ess.essPowerKw }]);
    const isl = await saveIsland(w.a, w.island.id, '2098-01-01', '2098-12-31', islandParams({ essChargingPowerLimitKw: w.island.essPowerKw + 1 }));
    expect(issuesOf(isl.data)).toEqual([{ path: 'params.essChargingPowerLimitKw', issue: 'tooBig', limit: w.island.essPowerKw }]);
  });
});
