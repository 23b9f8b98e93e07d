import { describe, expect, it } from 'vitest';
import { priceDay, priceRange, sumBills } from '../bill';
import { ALL_MONTHS, QUARTER, periodOf, pricing, quarters, slot, tariff } from './fixtures';

const H = 3_600_000;
// Asia/Shanghai is UTC+8 all year: local midnight of D is D-1 16:00 UTC.
const shanghaiMidnight = (date: string) => Date.parse(`${date}T00:00:00+08:00`);

describe('priceDay', () => {
  const threePeriods = tariff(1, '2026-01-01', [
    slot('00:00', '08:00', 'valley', 0.3, 0.1),
    slot('08:00', '18:00', 'peak', 1.0, 0.2),
    slot('18:00', '24:00', 'flat', 0.6, 0.15),
  ]);

  it('prices each quarter by the slot it falls in at a slot edge (07:45 valley, 08:00 peak)', () => {
    const p = pricing('Asia/Shanghai', [threePeriods]);
    const t0 = shanghaiMidnight('2026-05-04');
    const ivs = quarters(t0 + 7.75 * H, t0 + 8.25 * H, { gridImport: 2, gridExport: 1 });
    const bill = priceDay(ivs, p, '2026-05-04');
    // two quarters: 07:45 valley 2×0.3 − 1×0.1 = 0.5; 08:00 peak 2×1.0 − 1×0.2 = 1.8
    expect(periodOf(bill, 'valley').importKwh).toBe(2);
    expect(periodOf(bill, 'peak').importKwh).toBe(2);
    expect(bill.total).toBe(0.5 + (2 * 1.0 - 1 * 0.2));
  });

  it('splits a quarter that a slot edge cuts, by the minutes on each side', () => {
    const p = pricing('Asia/Shanghai', [tariff(2, '2026-01-01', [slot('00:00', '07:10', 'valley', 0.3), slot('07:10', '24:00', 'peak', 0.9)])]);
    const t0 = shanghaiMidnight('2026-05-04');
    const bill = priceDay(quarters(t0 + 7 * H, t0 + 7.25 * H, { gridImport: 3 }), p, '2026-05-04');
    // 10 of 15 minutes valley (2 kWh × 0.3), 5 peak (1 kWh × 0.9)
    expect(periodOf(bill, 'valley').importKwh).toBeCloseTo(2, 12);
    expect(periodOf(bill, 'peak').importKwh).toBeCloseTo(1, 12);
    expect(bill.total).toBe(1.5);
  });

  it('cuts days at local midnight, not UTC midnight', () => {
    const p = pricing('Asia/Shanghai', [threePeriods]);
    const t0 = shanghaiMidnight('2026-05-05');
    const ivs = quarters(t0 - 2 * QUARTER, t0 + 2 * QUARTER, { gridImport: 1 });
    const [before, after] = priceRange(ivs, p);
    expect(before).toMatchObject({ date: '2026-05-04', intervals: 2, total: 1.2 }); // 23:30, 23:45 flat
    expect(after).toMatchObject({ date: '2026-05-05', intervals: 2, total: 0.6 }); // 00:00, 00:15 valley
  });

  describe('across a daylight-saving change (Europe/Berlin)', () => {
    const berlin = pricing('Europe/Berlin', [
      tariff(3, '2026-01-01', [slot('00:00', '02:00', 'valley', 0.1), slot('02:00', '03:00', 'sharp', 1.0), slot('03:00', '24:00', 'flat', 0.3)]),
    ]);

    it('2026-03-29 has 23 hours and no 02:00-03:00 sharp hour', () => {
      // local midnight is 23:00 UTC the day before; the next one 22:00 UTC (summer time)
      const ivs = quarters(Date.UTC(2026, 2, 28, 23), Date.UTC(2026, 2, 29, 22), { gridImport: 1 });
      const bill = priceDay(ivs, berlin, '2026-03-29');
      expect(bill).toMatchObject({ hours: 23, intervals: 92 });
      expect(periodOf(bill, 'valley').importKwh).toBe(8);
      expect(periodOf(bill, 'sharp').importKwh).toBe(0);
      expect(periodOf(bill, 'flat').importKwh).toBe(84);
      expect(bill.total).toBe(26); // 8×0.1 + 84×0.3
    });

    it('2026-10-25 has 25 hours and the 02:00-03:00 sharp hour twice', () => {
      const ivs = quarters(Date.UTC(2026, 9, 24, 22), Date.UTC(2026, 9, 25, 23), { gridImport: 1 });
      const bill = priceDay(ivs, berlin, '2026-10-25');
      expect(bill).toMatchObject({ hours: 25, intervals: 100 });
      expect(periodOf(bill, 'sharp').importKwh).toBe(8);
      expect(bill.total).toBe(34); // 8×0.1 + 8×1.0 + 84×0.3
    });
  });

  it('uses the season holding the local month', () => {
    const twoSeasons = {
      id: 4,
      name: 'seasons',
      effectiveDate: '2026-01-01',
      seasons: [
        { months: [6, 7, 8], slots: [slot('00:00', '24:00', 'peak', 0.5)] },
        { months: ALL_MONTHS.filter((m) => m < 6 || m > 8), slots: [slot('00:00', '24:00', 'flat', 0.2)] },
      ],
    };
    const p = pricing('Asia/Shanghai', [twoSeasons]);
    // local 2026-06-01 00:00 is still May 31 in UTC: the local month decides
    const t0 = shanghaiMidnight('2026-06-01');
    const [may, june] = priceRange(quarters(t0 - QUARTER, t0 + QUARTER, { gridImport: 10 }), p);
    expect([may!.date, may!.total, june!.date, june!.total]).toEqual(['2026-05-31', 2, '2026-06-01', 5]);
  });

  it('a tariff taking effect mid-month prices the days from its date on, the earlier days as before', () => {
    const p = pricing('Asia/Shanghai', [
      tariff(5, '2026-03-01', [slot('00:00', '24:00', 'flat', 0.2)]),
      tariff(6, '2026-03-15', [slot('00:00', '24:00', 'flat', 0.25)]),
    ]);
    const ivs = quarters(shanghaiMidnight('2026-03-14'), shanghaiMidnight('2026-03-16'), { gridImport: 1 });
    const [d14, d15] = priceRange(ivs, p);
    expect(d14).toMatchObject({ date: '2026-03-14', tariffId: 5, total: 19.2 }); // 96 × 0.2
    expect(d15).toMatchObject({ date: '2026-03-15', tariffId: 6, total: 24 }); // 96 × 0.25
  });

  it('rounds only the total: many sub-cent amounts add up', () => {
    const p = pricing('Asia/Shanghai', [tariff(7, '2026-01-01', [slot('00:00', '24:00', 'flat', 0.0041)])]);
    const bill = priceDay(quarters(shanghaiMidnight('2026-05-04'), shanghaiMidnight('2026-05-05'), { gridImport: 1 }), p, '2026-05-04');
    expect(bill.total).toBe(0.39); // 96 × 0.0041 = 0.3936, not 96 × round(0.0041) = 0
  });

  it('diesel: the price whose window holds the quarter; litres from kWh per litre when not metered', () => {
    const t0 = shanghaiMidnight('2026-05-04');
    const oil = [
      { start: t0, end: t0 + H, pricePerLitre: 1.2, kwhPerLitre: 3.5 },
      { start: t0 + 2 * H, end: t0 + 24 * H, pricePerLitre: 1.4, kwhPerLitre: 3.5 },
    ];
    const p = pricing('Asia/Shanghai', [threePeriods], oil);
    const ivs = quarters(t0, t0 + 3 * H, { generator: 3.5 });
    ivs[8]!.fuel = 2; // metered litres win over the estimate
    const bill = priceDay(ivs, p, '2026-05-04');
    // hour 1: 4 L × 1.2; hour 2: no window; hour 3: (2 + 3 × 1) L × 1.4
    expect(bill.fuelCostTotal).toBe(11.8);
  });
});

describe('past days are never re-priced', () => {
  it("a month's income equals to the cent before and after a tariff effective tomorrow", () => {
    const today = '2026-03-20';
    const current = tariff(10, '2026-01-01', [
      slot('00:00', '08:00', 'valley', 0.3127, 0.05),
      slot('08:00', '18:00', 'peak', 1.0413, 0.2),
      slot('18:00', '24:00', 'flat', 0.6, 0.15),
    ]);
    const ivs = quarters(shanghaiMidnight('2026-03-01'), shanghaiMidnight('2026-04-01'), {});
    ivs.forEach((iv, i) => Object.assign(iv, { gridImport: 1 + (i % 7) * 0.37, gridExport: (i % 5) * 0.21, load: 3 + (i % 3) }));
    const pastOf = (bills: ReturnType<typeof priceRange>) => bills.filter((b) => b.date < today);
    const before = priceRange(ivs, pricing('Asia/Shanghai', [current]));
    const tomorrow = tariff(11, '2026-03-21', [slot('00:00', '24:00', 'peak', 2.5, 0.01)]);
    const after = priceRange(ivs, pricing('Asia/Shanghai', [current, tomorrow]));
    expect(sumBills(pastOf(after)).total).toBe(sumBills(pastOf(before)).total);
    expect(sumBills(pastOf(after)).income).toBe(sumBills(pastOf(before)).income);
    expect(pastOf(after).map((b) => b.total)).toEqual(pastOf(before).map((b) => b.total));
    // the days from tomorrow on are priced under the new one
    expect(after.find((b) => b.date === '2026-03-21')!.total).not.toBe(before.find((b) => b.date === '2026-03-21')!.total);
  });
});
