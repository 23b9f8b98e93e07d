import { describe, expect, it } from 'vitest';
import { account as accountIntervals, type Interval } from '../../telemetry/energy';
import { priceRange } from '../bill';
import type { MeteredInterval, Pricing } from '../types';
import { pricing, quarters, slot, tariff } from './fixtures';

const account = (ivs: MeteredInterval[], p: Pricing, g: 'day') =>
  accountIntervals(
    ivs.map((iv): Interval => ({ pv: 0, charge: 0, discharge: 0, pile: 0, losses: 0, ...iv })),
    p,
    g,
  );

// Diesel litres (DOMAIN: cost per kWh = price per litre ÷ kWh per litre): the energy accounting
// behind the reports and the overview, and the bills, count the same litres and the same cost.

const H = 3_600_000;
const t0 = Date.parse('2026-05-04T00:00:00+08:00');
const flat = tariff(1, '2026-01-01', [slot('00:00', '24:00', 'flat', 0.5)]);
const oil = [{ start: t0 - 24 * H, end: t0 + 48 * H, pricePerLitre: 1.2, kwhPerLitre: 3.5 }];

describe('diesel litres', () => {
  it('derives litres from generator energy and kWh per litre when the genset meters none', () => {
    const p = pricing('Asia/Shanghai', [flat], oil);
    const ivs = quarters(t0 + 2 * H, t0 + 4 * H, { generator: 7, load: 7 }); // 8 quarters, 56 kWh
    const day = account(ivs, p, 'day').total;
    expect(day.generatorKwh).toBe(56);
    expect(day.fuelLitres).toBeCloseTo(16, 9); // 56 ÷ 3.5
    expect(day.fuelCost).toBeCloseTo(19.2, 9); // 16 L × 1.20
    const [bill] = priceRange(ivs, p);
    expect(bill!.fuelLitres).toBeCloseTo(day.fuelLitres, 9);
    expect(bill!.fuelCost).toBeCloseTo(day.fuelCost, 9);
  });

  it('keeps the metered litres when the genset reports them', () => {
    const p = pricing('Asia/Shanghai', [flat], oil);
    const ivs = quarters(t0 + 2 * H, t0 + 3 * H, { generator: 7, fuel: 2.5 });
    const day = account(ivs, p, 'day').total;
    expect(day.fuelLitres).toBeCloseTo(10, 9);
    expect(day.fuelCost).toBeCloseTo(12, 9);
    expect(priceRange(ivs, p)[0]!.fuelLitres).toBeCloseTo(10, 9);
  });

  it('counts no litres without a fuel price record to convert with', () => {
    const day = account(quarters(t0 + 2 * H, t0 + 3 * H, { generator: 7 }), pricing('Asia/Shanghai', [flat]), 'day').total;
    expect(day.generatorKwh).toBe(28);
    expect(day.fuelLitres).toBe(0);
  });
});
