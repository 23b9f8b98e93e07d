import { describe, expect, it } from 'vitest';
import { dateStart } from '../../../protocol/site-time';
import { backends, startTestServer } from '../../test/harness';
import { serverWorld } from '../../test/world';
import { addTariff, blankStation } from '../../test/blank-station';
import { analysisTable } from '../../analytics/export-table';

// The storage analysis' net revenue split into energy arbitrage and demand-charge savings
// (docs/analytics.md, "Net revenue"), on hand-built intervals. UTC station, one flat price of
// 0.2, a 15-minute demand charge of 10/kW. February imports 10 kWh a quarter (40 kW); on the
// 10th at 10:00 the load takes 50 kWh (200 kW) of which the battery discharges 25: 100 kW from
// the grid. February's demand charge is 1,000 with the battery and 2,000 without: 1,000 saved,
// spread over its 28 metered days.

const ZONE = 'UTC';
const QUARTER = 900_000;
const seasons = [
  { months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], slots: [{ start: '00:00', end: '24:00', period: 'flat', fromGridPrice: 0.2, feedInPrice: 0.05 }] },
];
const charges = { demand: [{ pricePerKw: 10, windowMinutes: 15 }] };

describe.each(backends())('net revenue: arbitrage and demand-charge savings (%s)', (backend) => {
  const w = serverWorld(
    () => startTestServer(backend, { clock: () => Date.parse('2026-03-10T10:00:00Z') }),
    async (s) => {
      const db = s.services.db;
      const station = (await blankStation(s, ZONE, { withStorage: true, alsoEmpty: ['station_days'] })).id;
      await addTariff(db, station, 'Demand', '2025-01-01', seasons, charges);
      const spike = Date.parse('2026-02-10T10:00:00Z');
      const buckets: string[] = [];
      const imp: number[] = [];
      const dis: number[] = [];
      for (let t = dateStart(ZONE, '2026-02-01'); t < dateStart(ZONE, '2026-03-01'); t += QUARTER) {
        buckets.push(new Date(t).toISOString());
        imp.push(t === spike ? 25 : 10);
        dis.push(t === spike ? 25 : 0);
      }
      await db.query(
        `INSERT INTO station_energy (station_id, bucket, load, grid_import, discharge, soc)
      SELECT $1, b, i + d, i, d, 50 FROM unnest($2::timestamptz[], $3::float8[], $4::float8[]) AS x(b, i, d)`,
        [station, buckets, imp, dis],
      );
      return { station, token: await s.login('admin', 'Admin@2026') };
    },
    120_000,
  );

  const ess = async (period: string, date: string, to?: string) => {
    const r = await w.s.call('queryEssAnalysis', { stationId: w.station, period, date, ...(to ? { to } : {}), compare: 'none' }, w.token);
    expect(r.code).toBe(0);
    return r.data.totals;
  };

  it('February: 1,000 of demand charge saved beside the arbitrage; net revenue is their sum', async () => {
    const t = await ess('month', '2026-02-01');
    expect(t.demandSavings).toBe(1000);
    // the discharge went to the load: 25 kWh × 0.2 avoided, nothing charged
    expect(t.netArbitrage).toBe(5);
    expect(t.netRevenue).toBe(1005);
  });

  it("a day or a fortnight gets the month's saving by its share of the metered days", async () => {
    expect((await ess('day', '2026-02-10')).demandSavings).toBe(35.7143);
    expect((await ess('custom', '2026-02-01', '2026-02-14')).demandSavings).toBe(500);
    expect((await ess('year', '2026-01-01')).demandSavings).toBe(1000);
  });

  it("the workbook carries the split, each figure under its name in the reader's language", async () => {
    const r = await w.s.call('queryEssAnalysis', { stationId: w.station, period: 'month', date: '2026-02-01', compare: 'none' }, w.token);
    const params = { kind: 'ess' as const, scope: 's', period: 'month', compare: 'none', generatedAt: 'now' };
    for (const [lang, names] of [
      ['en', ['Net revenue', 'Net arbitrage revenue', 'Demand-charge savings']],
      ['zh', ['净收益', '套利净收益', '需量电费节省']],
    ] as const) {
      const table = analysisTable(r.data, params, lang);
      const at = (name: string) => table.header.findIndex((h) => String(h).startsWith(`${name} (`));
      expect(names.map((n) => table.rows[0]![at(n)])).toEqual([1005, 5, 1000]);
    }
  });
});
