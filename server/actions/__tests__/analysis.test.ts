import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestServer } from '../../test/harness';
import { startWithHistory } from './history-fixture';
import { ErrorCode } from '../../../protocol/errors';
import type { ActionName } from '../../../protocol/catalogue';

interface Issue {
  path: string;
  issue: string;
}
const issuesOf = (data: unknown): Issue[] => (data as { issues: Issue[] }).issues;

const ACTIONS = ['queryPvAnalysis', 'queryEssAnalysis', 'queryEnergyUsageAnalysis'] as const satisfies readonly ActionName[];
const PERMS = { queryPvAnalysis: 'analysis.photovoltaic', queryEssAnalysis: 'analysis.energyStorage', queryEnergyUsageAnalysis: 'analysis.energyUsage' };

describe.each(backends())('analysis actions (%s)', (backend) => {
  let s: TestServer;
  let root: string;
  let a: string;
  let nobody: string;
  let analyst: string;
  let pA: number;
  let pB: number;
  let station: number; // provider A, PV with storage
  let bStation: number;

  beforeAll(async () => {
    // six hours of device rollups, so the weather station's plane-of-array irradiance is there
    s = await startWithHistory(backend, 6);
    root = await s.login('admin', 'Admin@2026');
    a = await s.login('sunrise', 'Sunrise@2026');
    [pA, pB] = (await s.fixtures()).providers as [number, number];
    nobody = (await s.makeAccount({ orgId: pA, permissions: ['system.role'] })).token;
    analyst = (await s.makeAccount({ orgId: pA, permissions: [...Object.values(PERMS), 'overviewStations.overviewStations'] })).token;
    // the East Asian station of provider A whose battery worked hardest
    station = (
      await s.services.db.query<{ id: number }>(
        `SELECT s.id FROM stations s JOIN station_energy e ON e.station_id = s.id
       WHERE s.provider_id = $1 AND 'pv' = ANY(s.energy_types) AND s.ess_capacity_kwh > 0 AND s.timezone IN ('Asia/Shanghai', 'Asia/Tokyo', 'Asia/Seoul', 'Asia/Singapore', 'Asia/Manila')
       GROUP BY s.id ORDER BY sum(e.charge) DESC LIMIT 1`,
        [pA],
      )
    )[0]!.id;
    bStation = (await s.services.db.query<{ id: number }>('SELECT id FROM stations WHERE provider_id=$1 ORDER BY id LIMIT 1', [pB]))[0]!.id;
  }, 120_000);
  afterAll(() => s?.close());

  const month = () => ({ stationId: station, period: 'month', date: '2026-07-15' });

  it.each(ACTIONS)('%s: a role without the key is forbidden', async (action) => {
    const r = await s.call(action, month(), nobody);
    expect(r.code).toBe(ErrorCode.forbidden);
    expect(r.data).toBeNull();
  });

  it.each(ACTIONS)("%s: provider A's admin probing provider B gets notFound and no data", async (action) => {
    for (const probe of [
      { ...month(), stationId: bStation },
      { period: 'month', date: '2026-07-15', orgId: pB },
      { ...month(), orgId: pB },
    ]) {
      const r = await s.call(action, probe, a);
      expect(r.code).toBe(ErrorCode.notFound);
      expect(r.data).toBeNull();
    }
  });

  it.each(ACTIONS)('%s: an invalid payload names the field', async (action) => {
    const bad = await s.call(action, { ...month(), period: 'week' }, a);
    expect(bad.code).toBe(ErrorCode.validationFailed);
    expect(issuesOf(bad.data).map((i) => i.path)).toContain('period');
    const open = await s.call(action, { ...month(), period: 'custom' }, a);
    expect(issuesOf(open.data)).toEqual([{ path: 'to', issue: 'required' }]);
    const long = await s.call(action, { ...month(), period: 'custom', date: '2025-01-01', to: '2026-07-01' }, a);
    expect(issuesOf(long.data).map((i) => i.issue)).toEqual(['rangeTooLong']);
  });

  it('PV: a day of one station per hour, with a plane-of-array PR below 1', async () => {
    const r = await s.call('queryPvAnalysis', { stationId: station, period: 'day', date: '2026-07-15' }, analyst);
    expect(r.code).toBe(0);
    expect(r.data.granularity).toBe('hour');
    expect(r.data.buckets).toHaveLength(24);
    const pv = r.data.series.find((x) => x.key === 'pvKwh')!;
    expect(pv.values).toHaveLength(24);
    expect(pv.values.reduce<number>((x, y) => x + (y ?? 0), 0)).toBeCloseTo(r.data.totals.pvKwh, 1);
    expect(r.data.totals.pvKwh).toBeGreaterThan(0);
    expect(r.data.totals.irradiationKwhM2).toBeGreaterThan(0);
    expect(r.data.totals.prPct).toBeGreaterThan(50);
    expect(r.data.totals.prPct).toBeLessThan(100);
    expect(r.data.totals.prTempCorrectedPct).toBeGreaterThan(r.data.totals.prPct!); // a July day: hot modules
    expect(r.data.stations).toHaveLength(1);
    expect(r.data.stations[0]).toMatchObject({ stationId: station, rankPr: 1, rankYield: 1 });
  });

  it("PV: a provider's month ranks its stations and compares with last month", async () => {
    const r = await s.call('queryPvAnalysis', { orgId: pA, period: 'month', date: '2026-07-01', compare: 'previous' }, analyst);
    expect(r.code).toBe(0);
    expect(r.data.buckets).toHaveLength(31);
    expect(r.data.compare).toMatchObject({ from: '2026-06-01', to: '2026-06-30' });
    expect(r.data.compareTotals!.pvKwh).toBe(0); // no history before the backfill
    const ranks = r.data.stations
      .map((x) => x.rankYield)
      .filter((x) => x !== null)
      .sort((x, y) => x! - y!);
    expect(ranks).toEqual(ranks.map((_, i) => i + 1));
    expect(r.data.stations.every((x) => x.serviceProviderId === pA)).toBe(true);
    expect(r.data.totals.pvKwh).toBeCloseTo(
      r.data.stations.reduce((x, y) => x + y.pvKwh, 0),
      1,
    );
  });

  it('ESS: a station month has cycles, an efficiency that says how it was measured, SOH per cluster and net arbitrage', async () => {
    const r = await s.call('queryEssAnalysis', month(), analyst);
    expect(r.code).toBe(0);
    const t = r.data.totals;
    expect(t.chargeKwh).toBeGreaterThan(0);
    expect(t.efc).toBeGreaterThan(0);
    expect(['sameSoc', 'socCorrected']).toContain(t.rteMethod);
    expect(t.rteBasis).toBe('ac');
    expect(t.rtePct).toBeGreaterThan(60);
    expect(t.rtePct).toBeLessThan(100);
    expect(t.chargeFromGridKwh + t.chargeFromPvKwh).toBeCloseTo(t.chargeKwh, 2);
    expect(t.netArbitrage).toBeCloseTo(t.dischargeValue! - t.chargeCost!, 3);
    expect(r.data.soh.length).toBeGreaterThan(0);
    expect(r.data.soh.every((c) => c.stationId === station && c.values.every((v) => v > 50 && v <= 100))).toBe(true);
  });

  it('usage: the platform over a custom range, every source and tariff period adding up', async () => {
    const r = await s.call('queryEnergyUsageAnalysis', { period: 'custom', date: '2026-07-12', to: '2026-07-15' }, root);
    expect(r.code).toBe(0);
    expect(r.data.stationCount).toBe(s.services.registry.stations.size);
    const t = r.data.totals;
    expect(t.fromPvKwh + t.fromEssKwh + t.fromGridKwh + t.fromGeneratorKwh).toBeCloseTo(t.consumptionKwh, 1);
    expect(t.tou.reduce((x, p) => x + p.importKwh, 0)).toBeCloseTo(t.gridImportKwh, 1);
    // the platform's providers keep CNY and USD: money is never added across currencies
    expect(r.data.currency).toBe('CNY/USD');
    expect([t.gridCost, t.feedInRevenue, t.income, ...t.tou.map((p) => p.amount)].every((v) => v === null)).toBe(true);
    const one = await s.call('queryEnergyUsageAnalysis', { period: 'custom', date: '2026-07-12', to: '2026-07-15', orgId: pA }, root);
    const m = one.data.totals;
    expect(one.data.currency).toBe('CNY');
    expect(m.tou.reduce((x, p) => x + p.amount!, 0)).toBeCloseTo(m.gridCost! - m.feedInRevenue!, 2);
    expect(t.selfSufficiencyPct).toBeGreaterThan(0);
    expect(t.loadFactorPct).toBeGreaterThan(0);
    expect(t.loadFactorPct).toBeLessThanOrEqual(100);
    expect(
      r.data.series
        .find((x) => x.key === 'consumptionKwh')!
        .values.slice(0, 4)
        .every((v) => v !== null && v > 0),
    ).toBe(true);
  });

  it("the overview's month equals the analysis month of the same station, energy and income", async () => {
    const o = await s.call('queryStationOverview', { stationId: station }, analyst);
    const u = await s.call('queryEnergyUsageAnalysis', month(), analyst);
    const pv = await s.call('queryPvAnalysis', month(), analyst);
    const ess = await s.call('queryEssAnalysis', month(), analyst);
    const m = o.data.energy.month;
    expect(u.data.totals.pvKwh).toBeCloseTo(m.pvKwh, 2);
    expect(u.data.totals.loadKwh).toBeCloseTo(m.loadKwh, 2);
    expect(u.data.totals.gridImportKwh).toBeCloseTo(m.gridImportKwh, 2);
    expect(u.data.totals.gridExportKwh).toBeCloseTo(m.gridExportKwh, 2);
    expect(u.data.totals.income).toBeCloseTo(m.income, 3);
    expect(u.data.totals.fuelCost).toBeCloseTo(m.fuelCost, 3);
    expect(pv.data.totals.pvKwh).toBeCloseTo(m.pvKwh, 2);
    expect(ess.data.totals.chargeKwh).toBeCloseTo(m.chargeKwh, 2);
    expect(ess.data.totals.dischargeKwh).toBeCloseTo(m.dischargeKwh, 2);
  });

  it('a second read answers from the stored days, unchanged', async () => {
    const first = await s.call('queryEnergyUsageAnalysis', { orgId: pA, period: 'year', date: '2026-03-03', compare: 'lastYear' }, analyst);
    const stored = await s.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM station_days');
    const again = await s.call('queryEnergyUsageAnalysis', { orgId: pA, period: 'year', date: '2026-03-03', compare: 'lastYear' }, analyst);
    expect(again.data).toEqual(first.data);
    expect((await s.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM station_days'))[0]!.n).toBe(stored[0]!.n);
    expect(first.data.buckets).toHaveLength(12);
    expect(first.data.compare).toMatchObject({ from: '2025-01-01', to: '2025-12-31' });
  });
});
