import { describe, expect, it } from 'vitest';
import { dateStart } from '../../../protocol/site-time';
import type { Tariff } from '../../money';
import { predictedDemand } from '../predicted';
import type { StationMonth } from '../read';
import { withoutStorage, type StoredInterval } from '../storage';

// The predicted day's demand with and without storage (docs/strategies.md, "Peak demand"),
// priced by the bill's month functions. UTC station, one flat price, a 15-minute demand charge of
// 10/kW. Metered so far: 40 kW steady with one 120 kW quarter; the battery shaved a 200 kW
// quarter down to 100 kW on the 3rd. The predicted day: a 300 kW load quarter the battery
// shaves to 150 kW, and a quarter of the next month that must not count.

const ZONE = 'UTC';
const Q = 900_000;
const tariff = (charges: Tariff['charges']): Tariff => ({
  id: 1,
  name: 't',
  effectiveDate: '2026-01-01',
  charges,
  seasons: [
    { months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], slots: [{ start: '00:00', end: '24:00', period: 'flat', fromGridPrice: 0.2, feedInPrice: 0.05 }] },
  ],
});
const iv = (bucket: number, importKwh: number, discharge = 0, charge = 0): StoredInterval => ({
  bucket,
  gridImport: importKwh,
  gridExport: 0,
  load: importKwh + discharge - charge,
  generator: 0,
  fuel: 0,
  charge,
  discharge,
});

const month = (charges: Tariff['charges']): StationMonth => {
  const start = dateStart(ZONE, '2026-06-01');
  const intervals: StoredInterval[] = [];
  for (let t = start; t < dateStart(ZONE, '2026-06-30') + 20 * 3_600_000; t += Q) intervals.push(iv(t, 10));
  intervals[10] = iv(intervals[10]!.bucket, 30); // 120 kW
  intervals[200] = iv(intervals[200]!.bucket, 25, 25); // 100 kW from the grid, 200 kW of load
  intervals[201] = iv(intervals[201]!.bucket, 5, 0, 5); // charging back: 20 kW import, 0 kW without storage
  return {
    month: '2026-06',
    pricing: { timezone: ZONE, tariffs: [tariff(charges)], oil: [] },
    station: { capacityKva: null },
    alarm: { marginPct: null, targetKw: null },
    intervals,
  };
};

const day = (): StoredInterval[] => {
  const from = dateStart(ZONE, '2026-06-30') + 20 * 3_600_000;
  const out: StoredInterval[] = [];
  for (let t = from; t < from + 24 * 3_600_000; t += Q) out.push(iv(t, 10));
  out[4] = iv(out[4]!.bucket, 37.5, 37.5); // 21:00: 150 kW from the grid, 300 kW of load
  out[20] = iv(out[20]!.bucket, 500, 0); // 2026-07-01 01:00: next month, not counted
  return out;
};

describe("the predicted day's demand with and without storage", () => {
  it('takes the battery out interval by interval', () => {
    expect(withoutStorage([iv(0, 5, 0, 5), iv(Q, 25, 25)]).map((x) => [x.gridImport, x.gridExport])).toEqual([
      [0, 0],
      [50, 0],
    ]);
    expect(
      withoutStorage([
        { ...iv(0, 0, 0, 10), gridExport: 0 },
        { ...iv(Q, 0), gridExport: 4, discharge: 6 },
      ]).map((x) => [x.gridImport, x.gridExport]),
    ).toEqual([
      [0, 10],
      [2, 0],
    ]);
  });

  it("the month's peak with storage is the shaved 150 kW, without it the 300 kW load; the charge saved is 1,500", () => {
    const d = predictedDemand(month({ demand: [{ pricePerKw: 10, windowMinutes: 15 }] }), day())!;
    expect(d).toMatchObject({ month: '2026-06', windowMinutes: 15, periods: null });
    expect(d.withStorage).toMatchObject({ peakKw: 150, peakAt: Date.parse('2026-06-30T21:00:00Z'), billedKw: 150, amount: 1500 });
    expect(d.withoutStorage).toMatchObject({ peakKw: 300, peakAt: Date.parse('2026-06-30T21:00:00Z'), billedKw: 300, amount: 3000 });
    expect(d.saved).toBe(1500);
  });

  it('none without a demand charge', () => {
    expect(predictedDemand(month({ fixedMonthlyFee: 10 }), day())).toBeNull();
  });
});
