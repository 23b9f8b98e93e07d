import { describe, expect, it } from 'vitest';
import { dateStart } from '../../../protocol/site-time';
import { backends, startTestServer } from '../../test/harness';
import { serverWorld } from '../../test/world';
import { billTable } from '../bill';
import { addQuarters, addTariff, billOf, blankStation } from '../../test/blank-station';

// Dynamic interval prices on a bill, computed by hand (docs/tariffs.md, "Dynamic prices"), the
// same on PGlite and PostgreSQL.
//
// Asia/Shanghai. Only 10 June 2026 is metered: each quarter imports 2 kWh and exports 1 kWh.
// The version "Dynamic 2026" (from 2026-01-01) has a flat time-of-use price all day, 0.50 from
// the grid and 0.20 fed in, and names a 15-minute feed. The feed has a price for every quarter of
// the day but the 13:00-14:00 hour: 0.40 before noon, 0.80 after, 0.10 for export throughout.

const ZONE = 'Asia/Shanghai';
const QUARTER = 900_000;
const DAY = '2026-06-10';
const flat = [
  { months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], slots: [{ start: '00:00', end: '24:00', period: 'flat', fromGridPrice: 0.5, feedInPrice: 0.2 }] },
];

describe.each(backends())('a bill with dynamic interval prices and a missing hour (%s)', (backend) => {
  const w = serverWorld(
    () => startTestServer(backend, { clock: () => Date.parse('2026-07-10T04:00:00Z') }),
    async (s) => {
      const db = s.services.db;
      const st = await blankStation(s, ZONE, { capacityKva: null });
      const station = st.id;
      const [feed] = await db.query<{ id: number }>(
        `INSERT INTO price_feeds (provider_id, name, resolution_minutes, timezone) VALUES ($1, 'Day-ahead', 15, $2) RETURNING id`,
        [st.providerId, ZONE],
      );
      await addTariff(db, station, 'Dynamic 2026', '2026-01-01', flat, { dynamic: { feedId: feed!.id } });
      const from = dateStart(ZONE, DAY);
      const starts: string[] = [];
      const imports: number[] = [];
      for (let k = 0; k < 96; k++) {
        if (k >= 52 && k < 56) continue; // 13:00-14:00 has no price
        starts.push(new Date(from + k * QUARTER).toISOString());
        imports.push(k < 48 ? 0.4 : 0.8);
      }
      await db.query(
        `INSERT INTO price_feed_prices (feed_id, start_time, import_price, export_price) SELECT $1, s, i, 0.1 FROM unnest($2::timestamptz[], $3::float8[]) AS x(s, i)`,
        [feed!.id, starts, imports],
      );
      const buckets = Array.from({ length: 96 }, (_, k) => new Date(from + k * QUARTER).toISOString());
      await addQuarters(db, station, buckets, 2, 1);
      return { station, token: await s.login('admin', 'Admin@2026') };
    },
    120_000,
  );
  const bill = () => billOf(w.s, w.token, w.station, '2026-06');

  it('prices each quarter at its feed price, the missing hour at time-of-use, and flags that hour', async () => {
    const b = await bill();
    const lines = b.lines.map((l) => [l.period, l.direction, l.quantity, l.price, l.amount]);
    // dynamic import: 48 quarters × 2 kWh × 0.40 = 38.40, and 44 × 2 × 0.80 = 70.40: 184 kWh, 108.80
    // dynamic export: 92 quarters × 1 kWh × 0.10 = 9.20
    // 13:00-14:00 at time-of-use: 8 kWh × 0.50 = 4.00 imported, 4 kWh × 0.20 = 0.80 fed in
    expect(lines).toEqual([
      ['flat', 'import', 8, 0.5, 4],
      ['flat', 'export', 4, 0.2, -0.8],
      ['dynamic', 'import', 184, 0.5913, 108.8],
      ['dynamic', 'export', 92, 0.1, -9.2],
    ]);
    // 108.80 + 4.00 − 9.20 − 0.80 = 102.80 (a zero price for the missing hour would give 99.60)
    expect([b.gridAmount, b.amount, b.importKwh, b.exportKwh]).toEqual([102.8, 102.8, 192, 96]);
    expect(b.dynamicMissing).toEqual({ intervals: 4, first: ['2026-06-10 13:00', '2026-06-10 13:15', '2026-06-10 13:30', '2026-06-10 13:45'] });
  });

  it('the tariff preview of that day prices it the same way and names the missing hour', async () => {
    const [t] = await w.s.services.db.query<{ id: number }>('SELECT id FROM tariffs WHERE station_id = $1', [w.station]);
    const r = await w.s.call('previewTariffBill', { stationId: w.station, date: DAY, tariffId: t!.id }, w.token);
    expect(r.code).toBe(0);
    // 108.80 − 9.20 at the feed's prices; the hour at time-of-use in the flat period: 4.00 − 0.80
    expect(r.data.candidate).toMatchObject({ dynamicAmount: 99.6, total: 102.8, missing: { intervals: 4, first: ['13:00', '13:15', '13:30', '13:45'] } });
    expect(r.data.candidate.periods.find((p) => p.period === 'flat')).toMatchObject({ importKwh: 8, amount: 3.2 });
    expect(r.data.inForce?.total).toBe(102.8);
  });

  it('the file names the dynamic line and the intervals without a price', async () => {
    const b = await bill();
    const en = billTable(b, 'en', 'now');
    expect(en.rows).toContainEqual(['Dynamic prices', 'Import', 184, 'kWh', 0.5913, 108.8]);
    expect(en.summary).toContainEqual(
      expect.objectContaining({
        label:
          'Intervals without a dynamic price (priced at time-of-use) · 2026-06-10 13:00, 2026-06-10 13:15, 2026-06-10 13:30, 2026-06-10 13:45 (Asia/Shanghai)',
        value: 4,
      }),
    );
    const zh = billTable(b, 'zh', 'now');
    expect(zh.rows).toContainEqual(['动态电价', '购电', 184, 'kWh', 0.5913, 108.8]);
    expect(zh.totals.at(-1)).toBe(102.8);
  });
});
