import { describe, expect, it } from 'vitest';
import { addDateDays, dateStart } from '../../../protocol/site-time';
import { backends, startTestServer, type TestServer } from '../../test/harness';
import { serverWorld } from '../../test/world';
import { billTable } from '../bill';
import { addQuarters, addTariff, billOf, blankStation } from '../../test/blank-station';
import { threePeriodYear } from '../../test/tariffs';

// A station's monthly bill with the demand, capacity and fixed charges of its tariff version,
// computed by hand (docs/tariffs.md, "Bill make-up"), the same on PGlite and PostgreSQL.
//
// Europe/Berlin. Tariff in force since 2025-01-01: valley 00-08 at 0.10, peak 08-18 at 0.30,
// flat 18-24 at 0.20 per kWh; an all-hours demand charge of 10/kW over 15-minute windows with a
// ratchet of 80 % of the previous 11 months; a peak-period demand charge of 5/kW over 60-minute
// windows; 2 per kVA of contracted capacity (500 kVA) and a fixed fee of 100 a month.
// The site imports a steady 10 kWh each quarter (40 kW), with a few spikes.

const ZONE = 'Europe/Berlin';
const QUARTER = 900_000;
const tariff = {
  seasons: threePeriodYear([0.1, 0.3, 0.2], 0.05),
  charges: {
    demand: [
      { pricePerKw: 10, windowMinutes: 15, ratchet: { percent: 80, months: 11 } },
      { pricePerKw: 5, windowMinutes: 60, periods: ['peak'] },
    ],
    capacityPricePerKva: 2,
    fixedMonthlyFee: 100,
  },
};
/** local 'YYYY-MM-DDTHH:mm' → the quarter's kWh */
const SPIKES: Record<string, number> = {
  '2026-01-15T10:00': 75, // 300 kW: January's peak, the ratchet's base
  '2026-02-10T09:15': 50, // 200 kW: February's own peak, below the 240 kW floor
  '2026-03-28T07:45': 100, // 400 kW in the valley: all-hours demand, not peak-period
  '2026-03-29T08:00': 60, // the first peak hour of the day the clocks go forward (06:00 UTC)
};

const seedMonths = async (db: TestServer['services']['db'], station: number) => {
  const buckets: string[] = [];
  const kwh: number[] = [];
  const spikeAt = new Map(
    Object.entries(SPIKES).map(([local, v]) => {
      const [date, hm] = local.split('T') as [string, string];
      // the spikes' days are whole-hour offsets from local midnight except the 29th (23 hours, 02:00 skipped)
      const minutes = Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3));
      const start = dateStart(ZONE, date);
      const skipped = date === '2026-03-29' && minutes >= 180 ? 60 : 0;
      return [start + (minutes - skipped) * 60_000, v];
    }),
  );
  for (let d = '2026-01-01'; d < '2026-04-01'; d = addDateDays(d, 1)) {
    for (let t = dateStart(ZONE, d); t < dateStart(ZONE, addDateDays(d, 1)); t += QUARTER) {
      buckets.push(new Date(t).toISOString());
      kwh.push(spikeAt.get(t) ?? 10);
    }
  }
  await addQuarters(db, station, buckets, kwh);
};

describe.each(backends())('a bill with demand, capacity and fixed charges (%s)', (backend) => {
  const w = serverWorld(
    () => startTestServer(backend, { clock: () => Date.parse('2026-05-10T10:00:00Z') }),
    async (s) => {
      const db = s.services.db;
      const station = (await blankStation(s, ZONE, { capacityKva: 500 })).id;
      await addTariff(db, station, 'Two-part 2025', '2025-01-01', tariff.seasons, tariff.charges);
      await seedMonths(db, station);
      return { station, token: await s.login('admin', 'Admin@2026') };
    },
    120_000,
  );
  const bill = (month: string) => billOf(w.s, w.token, w.station, month);

  it("February: the ratchet raises a 200 kW peak to 80 % of January's 300 kW; 28 days pay a whole month's capacity and fee", async () => {
    const b = await bill('2026-02');
    const [all, peak, capacity, fixed] = b.lines.filter((l) => ['demand', 'capacity', 'fixed'].includes(l.direction));
    expect(all).toMatchObject({ period: 'all', unit: 'kW', quantity: 240, price: 10, amount: 2400 });
    expect(all!.demand).toMatchObject({ peakKw: 200, peakLocal: '2026-02-10 09:15', peakAt: '2026-02-10T08:15:00.000Z', ratchetKw: 240, incompleteWindows: 0 });
    // 09:00–10:00: 10 + 50 + 10 + 10 kWh = 80 kW; no ratchet on this one
    expect(peak).toMatchObject({
      period: 'peak',
      quantity: 80,
      amount: 400,
      demand: { peakKw: 80, peakLocal: '2026-02-10 09:00', ratchetKw: 0, ratchet: null },
    });
    expect(capacity).toMatchObject({ unit: 'kVA', quantity: 500, price: 2, amount: 1000 });
    expect(fixed).toMatchObject({ unit: 'month', quantity: 1, amount: 100 });
    // energy: 28 days × (32 × 1 + 40 × 3 + 24 × 2) + 40 kWh × 0.30 = 5,612
    expect([b.gridAmount, b.chargesAmount, b.amount, b.total]).toEqual([5612, 3900, 9512, 9512]);
    const list = await w.s.call('queryBillList', { stationId: w.station, year: 2026 }, w.token);
    expect(list.data.dataList.find((x) => x.month === '2026-02')).toMatchObject({ chargesAmount: 3900, amount: 9512 });
  });

  it("March, the clocks go forward: the peak-period window is judged on the station's summer clock", async () => {
    const b = await bill('2026-03');
    const [all, peak] = b.lines.filter((l) => l.direction === 'demand');
    // the valley spike is the all-hours peak (above the 240 kW floor) but not the peak-period one
    expect(all).toMatchObject({ quantity: 400, amount: 4000, demand: { peakKw: 400, peakLocal: '2026-03-28 07:45', ratchetKw: 240 } });
    // 08:00 CEST on the 29th is 06:00 UTC (07:00 on the winter clock, a valley hour): 60 + 3 × 10 kWh = 90 kW
    expect(peak).toMatchObject({ quantity: 90, amount: 450, demand: { peakKw: 90, peakLocal: '2026-03-29 08:00', peakAt: '2026-03-29T06:00:00.000Z' } });
    // energy: 30 × 200 + 196 (the 23-hour day loses a valley hour) + 90 × 0.10 + 50 × 0.30 = 6,220
    expect([b.gridAmount, b.chargesAmount, b.total]).toEqual([6220, 5550, 11770]);
  });

  it('the file shows the same make-up: lines, the peak and when, the ratchet floor, the demand sheet', async () => {
    const b = await bill('2026-02');
    const en = billTable(b, 'en', 'now');
    expect(en.rows).toContainEqual(['All hours', 'Demand charge', 240, 'kW', 10, 2400]);
    expect(en.rows).toContainEqual(['Peak', 'Demand charge', 80, 'kW', 5, 400]);
    expect(en.rows).toContainEqual(['—', 'Capacity charge', 500, 'kVA', 2, 1000]);
    expect(en.rows).toContainEqual(['—', 'Fixed fee', 1, 'month', 100, 100]);
    expect(en.summary).toContainEqual(
      expect.objectContaining({ label: "Month's peak demand (All hours, 15 min) · 2026-02-10 09:15 (Europe/Berlin)", value: 200 }),
    );
    expect(en.summary).toContainEqual(expect.objectContaining({ label: 'Ratchet floor (80 % · 11 months)', value: 240 }));
    expect(en.totals.at(-1)).toBe(9512);
    const zh = billTable(b, 'zh', 'now');
    expect(zh.sheets![0]!.rows[0]).toEqual(['全时段', 15, 200, '2026-02-10 09:15', 240, 240, 10, 2400]);
    expect(zh.rows).toContainEqual(['—', '固定费', 1, '月', 100, 100]);
  });
});
