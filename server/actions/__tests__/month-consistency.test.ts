import { describe, expect, it } from 'vitest';
import { backends } from '../../test/harness';
import { serverWorld } from '../../test/world';
import { startWithHistory } from './history-fixture';

// One station-month read four ways: the station overview, the three analyses and the site
// report. Energy and income come from one set of server functions, so they must be equal (to the
// Wh and the 1/100 cent each answer rounds to).

const ITEMS = ['pvKwh', 'chargeKwh', 'dischargeKwh', 'loadKwh', 'gridImportKwh', 'gridExportKwh', 'generatorKwh', 'fuelLitres', 'income', 'fuelCost'] as const;

describe.each(backends())('a station-month across overview, analyses and site report (%s)', (backend) => {
  const w = serverWorld(
    () => startWithHistory(backend),
    async (s) => ({
      token: await s.login('admin', 'Admin@2026'),
      // a station with PV, storage and the most grid import: every figure is non-zero
      station: (
        await s.services.db.query<{ id: number }>(
          `SELECT s.id FROM stations s JOIN station_energy e ON e.station_id = s.id
       WHERE 'pv' = ANY(s.energy_types) AND s.ess_capacity_kwh > 0
       GROUP BY s.id ORDER BY sum(e.grid_import) DESC LIMIT 1`,
        )
      )[0]!.id,
    }),
    120_000,
  );

  it('energy and income are equal in every answer', async () => {
    const month = { stationId: w.station, period: 'month', date: '2026-07-15' } as const;
    const [o, pv, ess, use, rep] = await Promise.all([
      w.s.call('queryStationOverview', { stationId: w.station }, w.token),
      w.s.call('queryPvAnalysis', month, w.token),
      w.s.call('queryEssAnalysis', month, w.token),
      w.s.call('queryEnergyUsageAnalysis', month, w.token),
      w.s.call('querySiteReport', { stationId: w.station, granularity: 'month', from: '2026-07-01', to: '2026-07-31', items: [...ITEMS] }, w.token),
    ]);
    for (const r of [o, pv, ess, use, rep]) expect(r.code).toBe(0);
    const m = o.data.energy.month;
    expect(rep.data.rows).toHaveLength(1);
    const site = Object.fromEntries(ITEMS.map((k, i) => [k, rep.data.rows[0]!.values[i]])) as Record<(typeof ITEMS)[number], number>;
    const u = use.data.totals;
    const e = ess.data.totals;
    expect(m.pvKwh).toBeGreaterThan(0);
    expect(m.chargeKwh).toBeGreaterThan(0);
    expect(m.gridImportKwh).toBeGreaterThan(0);
    expect(Math.abs(m.income)).toBeGreaterThan(0);

    const energy = {
      pvKwh: [m.pvKwh, site.pvKwh, pv.data.totals.pvKwh, u.pvKwh],
      chargeKwh: [m.chargeKwh, site.chargeKwh, e.chargeKwh],
      dischargeKwh: [m.dischargeKwh, site.dischargeKwh, e.dischargeKwh],
      loadKwh: [m.loadKwh, site.loadKwh, u.loadKwh],
      gridImportKwh: [m.gridImportKwh, site.gridImportKwh, u.gridImportKwh],
      gridExportKwh: [m.gridExportKwh, site.gridExportKwh, u.gridExportKwh],
      generatorKwh: [m.generatorKwh, site.generatorKwh, u.generatorKwh],
      fuelLitres: [m.fuelLitres, site.fuelLitres, u.fuelLitres],
    };
    for (const [k, [first, ...rest]] of Object.entries(energy)) for (const v of rest) expect(v, k).toBeCloseTo(first!, 3);
    for (const [k, [first, ...rest]] of Object.entries({ income: [m.income, site.income, u.income], fuelCost: [m.fuelCost, site.fuelCost, u.fuelCost] }))
      for (const v of rest) expect(v, k).toBeCloseTo(first!, 4);
  });
});
