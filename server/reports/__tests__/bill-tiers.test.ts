import { describe, expect, it } from 'vitest';
import { addDateDays, dateStart } from '../../../protocol/site-time';
import { backends, startTestServer, type TestServer } from '../../test/harness';
import { serverWorld } from '../../test/world';
import { billTable } from '../bill';
import { addQuarters, addTariff, billOf, blankStation } from '../../test/blank-station';

// Tiered (block) energy rates on a bill, computed by hand (docs/tariffs.md, "Tiered rates"), the
// same on PGlite and PostgreSQL.
//
// Asia/Shanghai (no clock change). The site imports a steady 2 kWh each quarter: 192 kWh a day,
// 5,760 kWh in a 30-day month. Flat-rate customer: one time-of-use period all day.
// - "Tiers 2025" from 2025-01-01: 0.50/kWh; tiers from 0 (+0), 2,001 (+0.05), 4,500 (+0.10) kWh.
//   2,001 kWh is reached half-way through the 1,001st quarter, which is split at the edge.
// - "Tiers June" from 2026-06-16: 0.60/kWh; tiers from 0 (+0), 2,500 (+0.08) kWh.
// April and June are metered; the server's clock is in July.

const ZONE = 'Asia/Shanghai';
const QUARTER = 900_000;
const allDay = (price: number) => [
  { months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], slots: [{ start: '00:00', end: '24:00', period: 'flat', fromGridPrice: price, feedInPrice: 0 }] },
];
const V1 = {
  blocks: [
    { fromKwh: 0, adderPerKwh: 0 },
    { fromKwh: 2001, adderPerKwh: 0.05 },
    { fromKwh: 4500, adderPerKwh: 0.1 },
  ],
};
const V2 = {
  blocks: [
    { fromKwh: 0, adderPerKwh: 0 },
    { fromKwh: 2500, adderPerKwh: 0.08 },
  ],
};

const seed = async (db: TestServer['services']['db'], station: number, first: string, end: string) => {
  const buckets: string[] = [];
  for (let t = dateStart(ZONE, first); t < dateStart(ZONE, end); t += QUARTER) buckets.push(new Date(t).toISOString());
  await addQuarters(db, station, buckets, 2);
};

describe.each(backends())('a bill with tiered energy rates (%s)', (backend) => {
  const w = serverWorld(
    () => startTestServer(backend, { clock: () => Date.parse('2026-07-10T04:00:00Z') }),
    async (s) => {
      const db = s.services.db;
      const station = (await blankStation(s, ZONE, { capacityKva: null })).id;
      for (const [name, date, price, charges] of [
        ['Tiers 2025', '2025-01-01', 0.5, V1],
        ['Tiers June', '2026-06-16', 0.6, V2],
      ] as const)
        await addTariff(db, station, name, date, allDay(price), charges);
      await seed(db, station, '2026-04-01', '2026-05-01');
      await seed(db, station, '2026-06-01', addDateDays('2026-06-30', 1));
      return { station, token: await s.login('admin', 'Admin@2026') };
    },
    120_000,
  );
  const bill = (month: string) => billOf(w.s, w.token, w.station, month);
  /** The month's bill, whose tier lines are these: [tier and its edge, kWh, price, amount] each. */
  const billTiered = async (month: string, tiers: unknown[][]) => {
    const b = await bill(month);
    expect(b.lines.filter((l) => l.direction === 'tier').map((l) => [l.tier, l.quantity, l.price, l.amount])).toEqual(tiers);
    return b;
  };

  it('April (30 days): 5,760 kWh counted across three tiers, the edge at 2,001 kWh splitting a quarter', async () => {
    // tier 1: 2,001 kWh × 0 = 0; tier 2: 4,500 − 2,001 = 2,499 kWh × 0.05 = 124.95;
    // tier 3: 5,760 − 4,500 = 1,260 kWh × 0.10 = 126.00
    const b = await billTiered('2026-04', [
      [{ tier: 1, fromKwh: 0 }, 2001, 0, 0],
      [{ tier: 2, fromKwh: 2001 }, 2499, 0.05, 124.95],
      [{ tier: 3, fromKwh: 4500 }, 1260, 0.1, 126],
    ]);
    // energy 5,760 × 0.50 = 2,880.00; adders 250.95; 3,130.95 in all
    expect([b.gridAmount, b.chargesAmount, b.amount, b.total]).toEqual([2880, 250.95, 3130.95, 3130.95]);
    const list = await w.s.call('queryBillList', { stationId: w.station, year: 2026 }, w.token);
    expect(list.data.dataList.find((x) => x.month === '2026-04')).toMatchObject({ chargesAmount: 250.95, amount: 3130.95 });
  });

  it("June, a new version from the 16th: the month's count goes on across the change, each interval under its own version's tiers", async () => {
    // 1-15 June under "Tiers 2025": 2,880 kWh; 2,001 in tier 1, 879 × 0.05 = 43.95 in tier 2.
    // 16-30 June under "Tiers June": the count starts at 2,880, past its 2,500 kWh edge, so all
    // 2,880 kWh pay its tier 2: × 0.08 = 230.40 (counting from zero again would give 380 kWh).
    const b = await billTiered('2026-06', [
      [{ tier: 1, fromKwh: 0 }, 2001, 0, 0],
      [{ tier: 2, fromKwh: 2001 }, 879, 0.05, 43.95],
      [{ tier: 2, fromKwh: 2500 }, 2880, 0.08, 230.4],
      [{ tier: 3, fromKwh: 4500 }, 0, 0.1, 0],
    ]);
    // energy 2,880 × 0.50 + 2,880 × 0.60 = 3,168.00; adders 274.35; 3,442.35 in all
    expect([b.gridAmount, b.chargesAmount, b.total]).toEqual([3168, 274.35, 3442.35]);
    expect(b.tariffNames).toEqual(['Tiers 2025', 'Tiers June']);
  });

  it('the file (XLSX and PDF) shows the same tier lines and total', async () => {
    const b = await bill('2026-04');
    const en = billTable(b, 'en', 'now');
    expect(en.rows).toContainEqual(['Tier 2 (from 2,001 kWh)', 'Tiered rate', 2499, 'kWh', 0.05, 124.95]);
    expect(en.rows).toContainEqual(['Tier 3 (from 4,500 kWh)', 'Tiered rate', 1260, 'kWh', 0.1, 126]);
    expect(en.totals.at(-1)).toBe(3130.95);
    expect(en.summary).toContainEqual(expect.objectContaining({ label: 'Tiers, demand, capacity and fixed charges', value: 250.95 }));
    const zh = billTable(b, 'zh', 'now');
    expect(zh.rows).toContainEqual(['第 2 档（2,001 kWh 起）', '阶梯加价', 2499, 'kWh', 0.05, 124.95]);
    expect(zh.totals.at(-1)).toBe(3130.95);
  });

  it('a version added for tomorrow re-prices no past month', async () => {
    const before = await bill('2026-06');
    const r = await w.s.call(
      'saveTariff',
      {
        stationId: w.station,
        name: 'Tiers August',
        effectiveDate: '2026-08-01',
        seasons: allDay(0.9),
        charges: { blocks: [{ fromKwh: 0, adderPerKwh: 0.5 }] },
      },
      w.token,
    );
    expect(r.code).toBe(0);
    expect((await bill('2026-06')).total).toBe(before.total);
  });
});
