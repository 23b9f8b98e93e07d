import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestServer } from '../../test/harness';
import { startPromptFleet } from '../../test/simulated-fleet';
import { ErrorCode } from '../../../protocol/errors';
import { wallClock } from '../../../protocol/site-time';
import { pointIndex } from '../../../protocol/fleet';
import type { FleetRuntime } from '../../fleet/runtime';
import { peakShavingParams, spans } from '../../test/peak-shaving';

// Operation modes with the simulated fleet: the predicted day, one dispatch at a time per
// station, the outcome of every command audited, retry after a refusal, and a station that
// runs what it was issued. A fixed clock; gateways tick when the test says so.

interface Issue {
  path: string;
  issue: string;
  limit?: number;
}
const issuesOf = (data: unknown): Issue[] => (data as { issues: Issue[] }).issues;
interface StationRow {
  id: number;
  systemType: number;
  energyTypes: string[];
  essPowerKw: number;
  dgCapacityKw: number;
  timezone: string;
}

const NOW = Date.UTC(2026, 6, 15, 4, 0);
const VIEW = 'operationModeManagement.operationModeManagement';

const peak = (kw: number, over: Record<string, unknown> = {}) =>
  peakShavingParams(kw, {
    socUpper: 95,
    socLower: 5,
    demandLimitKw: 100_000,
    antiBackflowKw: 0,
    antiOverloadKw: 100_000,
    supplyPriority: 'storage',
    periods: spans(kw, '00:00-07:00 charge', '07:00-18:00 idle', '18:00-24:00 discharge'),
    ...over,
  });

describe.each(backends())('operation modes with the fleet (%s)', (backend) => {
  let s: TestServer;
  let fleet: FleetRuntime;
  let a: string;
  let nobody: string;
  let viewer: string;
  let ess: StationRow;
  let bStation: StationRow;
  let strategyId: number;

  const stationsOf = (pid: number) =>
    s.services.db.query<StationRow>(
      `SELECT id, system_type AS "systemType", energy_types AS "energyTypes", ess_power_kw AS "essPowerKw", dg_capacity_kw AS "dgCapacityKw", timezone
       FROM stations WHERE provider_id=$1 ORDER BY id`,
      [pid],
    );
  const savePeak = (params: Record<string, unknown>) =>
    s.call('savePeakShavingStrategy', { stationId: ess.id, strategyId, name: 'Night charge', startDate: '2026-01-01', endDate: '2026-12-31', params }, a);
  const audits = (action: string) =>
    s.services.db.query<{ outcome: string; detail: { reason: string | null } }>('SELECT outcome, detail FROM audit_log WHERE action=$1 ORDER BY id', [action]);

  beforeAll(async () => {
    s = await startPromptFleet(backend, NOW, { days: 1 });
    fleet = s.services.fleet!;
    a = await s.login('sunrise', 'Sunrise@2026');
    const [pA, pB] = (await s.fixtures()).providers as [number, number];
    nobody = (await s.makeAccount({ orgId: pA, permissions: ['homepage.index'] })).token;
    viewer = (await s.makeAccount({ orgId: pA, permissions: [VIEW] })).token;
    const inA = await stationsOf(pA);
    ess =
      inA.find((x) => x.systemType === 1 && x.energyTypes.includes('ess') && x.energyTypes.includes('load')) ??
      inA.find((x) => x.systemType === 1 && x.energyTypes.includes('ess'))!;
    bStation = (await stationsOf(pB)).find((x) => x.energyTypes.includes('ess'))!;
    strategyId = (
      await s.services.db.query<{ id: number }>("SELECT id FROM strategies WHERE station_id=$1 AND kind='peakShaving' ORDER BY id LIMIT 1", [ess.id])
    )[0]!.id;
    for (let i = 0; i < 400 && [...fleet.gateways.values()].some((g) => !g.client.connected); i++) await new Promise((r) => setTimeout(r, 10));
  }, 60_000);
  afterAll(() => s?.close());

  it('predictStrategyDay: both runs over 24 hours, priced, the candidate charging at night', async () => {
    const draft = { kind: 'peakShaving', params: peak(Math.min(100, ess.essPowerKw)) };
    const r = await s.call('predictStrategyDay', { stationId: ess.id, draft }, viewer);
    expect(r.code).toBe(0);
    expect(r.data.candidate.soc).toHaveLength(96);
    expect(r.data.inForce.gridKw).toHaveLength(96);
    expect(r.data.difference).toBeCloseTo(r.data.candidate.cost - r.data.inForce.cost, 2);
    // the quarter hours of local 01:00-06:00 charge under the candidate
    const start = Date.parse(r.data.start);
    const night = r.data.candidate.essKw.filter((_, i) => {
      const h = wallClock(ess.timezone, start + i * 900_000).hour;
      return h >= 1 && h < 6;
    });
    expect(night.length).toBeGreaterThan(0);
    expect(Math.min(...night.map((p) => -p))).toBeGreaterThanOrEqual(0);
    expect(night.some((p) => p < -1)).toBe(true);
    // a stored strategy by id answers the same shape
    const byId = await s.call('predictStrategyDay', { stationId: ess.id, strategyId }, viewer);
    expect(byId.code).toBe(0);
    expect(byId.data.candidate.soc).toHaveLength(96);
  });

  it('predictStrategyDay: denied, cross-tenant and invalid payloads', async () => {
    const draft = { kind: 'peakShaving', params: peak(10) };
    const denied = await s.call('predictStrategyDay', { stationId: ess.id, draft }, nobody);
    expect(denied.code).toBe(ErrorCode.forbidden);
    const cross = await s.call('predictStrategyDay', { stationId: bStation.id, draft }, a);
    expect(cross.code).toBe(ErrorCode.notFound);
    expect(cross.data).toBeNull();
    const bad = await s.call('predictStrategyDay', { stationId: ess.id, draft: { kind: 'peakShaving', params: peak(10, { socLower: 96 }) } }, a);
    expect(bad.code).toBe(ErrorCode.validationFailed);
    expect(issuesOf(bad.data).map((i) => i.path)).toContain('draft.params.socLower');
    const neither = await s.call('predictStrategyDay', { stationId: ess.id }, a);
    expect(neither.code).toBe(ErrorCode.validationFailed);
    expect(issuesOf(neither.data).map((i) => i.path)).toContain('draft');
  });

  it('saving refuses limits outside what the battery cells and the SOC window allow, at their fields', async () => {
    const r = await savePeak(peak(10, { cellVoltageUpper: 4.2, cellVoltageLower: 2.0, emergencySoc: 99 }));
    expect(r.code).toBe(ErrorCode.validationFailed);
    const issues = issuesOf(r.data);
    expect(issues).toContainEqual({ path: 'params.cellVoltageUpper', issue: 'tooBig', limit: 3.65 });
    expect(issues).toContainEqual({ path: 'params.cellVoltageLower', issue: 'tooSmall', limit: 2.5 });
    expect(issues).toContainEqual({ path: 'params.emergencySoc', issue: 'socRange' });
  });

  it('a refused issuance is audited with its reason and can be retried; a second dispatch while one is pending is refused', async () => {
    expect((await savePeak(peak(Math.min(100, ess.essPowerKw)))).code).toBe(0);
    const gw = fleet.gateways.get(ess.id)!;
    gw.opts.failureRate = 1;
    // the gateway answers late enough that the calls below meet the dispatch still pending, however
    // slowly this suite runs beside others
    const ackDelayMs = gw.opts.ackDelayMs;
    gw.opts.ackDelayMs = 1000; // within the suite's 1.5-s acknowledgement timeout
    const first = await s.call('issueStrategy', { strategyId }, a);
    expect(first.data.status).toBe(0);
    const twice = await s.call('issueStrategy', { strategyId }, a);
    expect(twice.code).toBe(ErrorCode.conflict);
    expect((twice.data as { reason: string }).reason).toBe('dispatchPending');
    const modeMeanwhile = await s.call('setControlMode', { stationId: ess.id, mode: 'peakShaving', enabled: true }, a);
    expect(modeMeanwhile.code).toBe(ErrorCode.conflict);
    await fleet.settled();
    gw.opts.failureRate = 0;
    gw.opts.ackDelayMs = ackDelayMs;
    const failed = await s.call('queryDistributionRecordById', { distributionId: first.data.distributionId }, a);
    expect(failed.data.status).toBe(2);
    expect(failed.data.reason).toBe('controllerBusy');
    expect(failed.data.followedAt).toBeNull();
    expect((await audits('issueStrategyResult')).at(-1)).toMatchObject({ outcome: 'failed', detail: { reason: failed.data.reason } });

    const retry = await s.call('issueStrategy', { strategyId }, a);
    expect(retry.code).toBe(0);
    await fleet.settled();
    const ok = await s.call('queryDistributionRecordById', { distributionId: retry.data.distributionId }, a);
    expect(ok.data.status).toBe(1);
    expect(ok.data.operator).not.toBeNull();
    expect(ok.data.snapshot).toMatchObject({ params: { periods: [{ mode: 'charge' }, { mode: 'idle' }, { mode: 'discharge' }] } });
    expect((await audits('issueStrategyResult')).at(-1)!.outcome).toBe('ok');
    expect((await audits('issueStrategy')).length).toBeGreaterThanOrEqual(2);
  });

  it('the simulated station follows the issued strategy: its converter charges in charge periods and discharges in discharge periods', async () => {
    const on = await s.call('setControlMode', { stationId: ess.id, mode: 'peakShaving', enabled: true }, a);
    expect(on.code).toBe(0);
    await fleet.settled();
    expect((await audits('setControlModeResult')).at(-1)!.outcome).toBe('ok');
    // the detail says when the station was seen following it
    s.clock.now = NOW + 10_000;
    const before = fleet.store.stations.get(ess.id)?.lastTs ?? 0;
    fleet.tickNow();
    for (let i = 0; i < 200 && (fleet.store.stations.get(ess.id)?.lastTs ?? 0) <= before; i++) await new Promise((r) => setTimeout(r, 5));
    await fleet.store.flush(s.services.db);
    const [last] = await s.services.db.query<{ id: number }>(
      'SELECT id FROM strategy_distributions WHERE strategy_id=$1 AND status=1 ORDER BY id DESC LIMIT 1',
      [strategyId],
    );
    const detail = await s.call('queryDistributionRecordById', { distributionId: last!.id }, a);
    expect(detail.data.followedAt).not.toBeNull();
    expect(Date.parse(detail.data.followedAt!)).toBeGreaterThanOrEqual(Date.parse(detail.data.ackedAt!));
    const gw = fleet.gateways.get(ess.id)!;
    const pcsIds = new Set((await s.services.db.query<{ id: number }>("SELECT id FROM devices WHERE station_id=$1 AND type='pcs'", [ess.id])).map((d) => d.id));
    const pIdx = pointIndex('pcs', 'p');
    let cursor = NOW + 3_600_000;
    /** Converter power reported at the next on-grid instant of local hour `hour` (the model only moves forward). */
    const pcsAt = (hour: number): number => {
      let t = cursor + 300_000;
      while (wallClock(ess.timezone, t).hour !== hour || gw.model.gridStateAt(t) !== 0 || !gw.model.gatewayOnlineAt(t)) t += 300_000;
      gw.tick(t - 300_000, t - 300_000);
      const frame = gw.tick(t, t)!;
      cursor = t;
      return frame.devices.filter((d) => pcsIds.has(d.id)).reduce((acc, d) => acc + (d.v[pIdx] ?? 0), 0);
    };
    const charge = pcsAt(3);
    const discharge = pcsAt(20);
    expect(charge).toBeLessThan(-1);
    expect(discharge).toBeGreaterThan(0);
  });
});
