import { describe, expect, it } from 'vitest';
import { dateStart } from '../../../protocol/site-time';
import { priceDay } from '../bill';
import { feedQuarters, type FeedPriceRow } from '../dynamic';
import { pricing, quarters, slot, tariff } from './fixtures';

// Hourly dynamic prices, by hand (docs/tariffs.md, "Dynamic prices"). Europe/Berlin on
// 2026-03-29, the spring change: 23 hours, 92 quarters. Every quarter imports 1 kWh and exports
// 0.5 kWh. Time-of-use 0.30 / 0.10 all day. An hourly feed prices every local hour at 0.20 import
// and 0.05 export but for 10:00-11:00, which has no price.

const ZONE = 'Europe/Berlin';
const DAY = '2026-03-29';
const HOUR = 3_600_000;

describe('hourly dynamic prices', () => {
  const from = dateStart(ZONE, DAY);
  const to = dateStart(ZONE, '2026-03-30');
  const base = tariff(1, '2026-01-01', [slot('00:00', '24:00', 'flat', 0.3, 0.1)]);
  const rows: FeedPriceRow[] = [];
  for (let t = from; t < to; t += HOUR)
    if (new Date(t).toISOString() !== '2026-03-29T08:00:00.000Z')
      rows.push({ feedId: 9, start: t, resolutionMinutes: 60, importPrice: 0.2, exportPrice: 0.05 });
  const metered = quarters(from, to, { gridImport: 1, gridExport: 0.5, load: 1 });

  it('an hourly price covers its four quarters; the hour without one is billed at time-of-use and flagged', () => {
    const withFeed = { ...base, charges: { dynamic: { feedId: 9 } } };
    const b = priceDay(metered, { ...pricing(ZONE, [withFeed]), feeds: feedQuarters(rows) }, DAY);
    expect(b.intervals).toBe(92);
    // 22 priced hours = 88 quarters: 88 kWh × 0.20 = 17.60 imported, 44 kWh × 0.05 = 2.20 exported
    expect(b.dynamic).toEqual({ importKwh: 88, exportKwh: 44, importCost: expect.closeTo(17.6, 9), feedInRevenue: expect.closeTo(2.2, 9) });
    // 10:00-11:00 CEST (08:00 UTC) at 0.30 / 0.10: 4 × 0.30 − 2 × 0.10 = 1.00
    expect(b.periods.find((p) => p.period === 'flat')).toMatchObject({ importKwh: 4, exportKwh: 2 });
    expect(b.missing.map((t) => new Date(t).toISOString())).toEqual(['08:00', '08:15', '08:30', '08:45'].map((m) => `2026-03-29T${m}:00.000Z`));
    // 17.60 − 2.20 + 1.20 − 0.20 = 16.40 (a zero price for the missing hour would give 15.40)
    expect(b.total).toBe(16.4);
    expect([b.importKwh, b.exportKwh]).toEqual([92, 46]);
  });

  it('a version naming no feed prices the same day at time-of-use and flags nothing', () => {
    const b = priceDay(metered, { ...pricing(ZONE, [base]), feeds: feedQuarters(rows) }, DAY);
    expect([b.dynamic.importKwh, b.missing.length, b.total]).toEqual([0, 0, 23]); // 92 × 0.30 − 46 × 0.10
  });
});
