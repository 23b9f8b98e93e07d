import { describe, expect, it } from 'vitest';
import { billedDemand, peakDemand, priceMonthlyCharges, type DemandCharge } from '../demand';
import { pricing, quarters, slot, tariff } from './fixtures';

// Demand, capacity and fixed charges computed by hand (docs/tariffs.md).

const tou = tariff(1, '2026-01-01', [slot('00:00', '08:00', 'valley', 0.3), slot('08:00', '18:00', 'peak', 1.0), slot('18:00', '24:00', 'flat', 0.6)]);
const shanghai = pricing('Asia/Shanghai', [tou]);
const local = (iso: string) => Date.parse(`${iso}+08:00`);
/** a month of quarters importing `base` kWh each, with the given quarters overridden */
const month = (from: string, to: string, base: number, spikes: Record<string, number> = {}) => {
  const ivs = quarters(local(`${from}T00:00:00`), local(`${to}T00:00:00`), { gridImport: base });
  for (const [at, kwh] of Object.entries(spikes)) ivs.find((q) => q.bucket === local(at))!.gridImport = kwh;
  return ivs;
};

describe('peak demand', () => {
  const all15: DemandCharge = { pricePerKw: 30, windowMinutes: 15 };

  it('is the highest quarter average in kW: 50 kWh in a quarter is 200 kW', () => {
    const ivs = month('2026-03-01', '2026-04-01', 5, { '2026-03-17T10:30:00': 50 });
    expect(peakDemand(ivs, shanghai, all15)).toEqual({ kw: 200, at: local('2026-03-17T10:30:00'), incompleteWindows: 0 });
  });

  it('averages over the whole window: a 60-minute window halves a single spike of a quarter', () => {
    // 10:30–10:45 50 kWh, the other three quarters of 10:00–11:00 5 kWh: 65 kWh in an hour = 65 kW
    const ivs = month('2026-03-01', '2026-04-01', 5, { '2026-03-17T10:30:00': 50 });
    expect(peakDemand(ivs, shanghai, { pricePerKw: 30, windowMinutes: 60 })).toEqual({ kw: 65, at: local('2026-03-17T10:00:00'), incompleteWindows: 0 });
  });

  it('counts only the windows of the demand periods: a valley-time spike is not the peak-period demand', () => {
    const ivs = month('2026-03-01', '2026-04-01', 5, { '2026-03-17T03:00:00': 80, '2026-03-20T09:00:00': 30 });
    expect(peakDemand(ivs, shanghai, all15)!.kw).toBe(320);
    const peakOnly = peakDemand(ivs, shanghai, { ...all15, periods: ['peak'] })!;
    expect(peakOnly).toMatchObject({ kw: 120, at: local('2026-03-20T09:00:00') });
  });

  it('keeps the repeated hour of a clock change as two windows (Berlin, 25 October 2026)', () => {
    const berlin = pricing('Europe/Berlin', [tariff(2, '2026-01-01', [slot('00:00', '24:00', 'peak', 0.4)])]);
    // 02:00–03:00 happens twice that night: 00:00 UTC (CEST) and 01:00 UTC (CET); 25 kWh each quarter
    const night = quarters(Date.parse('2026-10-24T22:00:00Z'), Date.parse('2026-10-25T04:00:00Z'), { gridImport: 5 });
    for (const q of night) if (q.bucket >= Date.parse('2026-10-25T00:00:00Z') && q.bucket < Date.parse('2026-10-25T02:00:00Z')) q.gridImport = 25;
    const peak = peakDemand(night, berlin, { pricePerKw: 10, windowMinutes: 60, periods: ['peak'] })!;
    expect(peak.kw).toBe(100); // not 200: the two 02:00 hours are not one window
    expect(peak.at).toBe(Date.parse('2026-10-25T00:00:00Z'));
    expect(peak.incompleteWindows).toBe(0);
  });

  it('says how many windows had missing intervals', () => {
    const ivs = month('2026-03-01', '2026-03-02', 5).filter((q) => q.bucket !== local('2026-03-01T10:15:00'));
    expect(peakDemand(ivs, shanghai, { pricePerKw: 1, windowMinutes: 60 })!.incompleteWindows).toBe(1);
  });
});

describe('monthly charges', () => {
  it('a ratchet bills 80 % of the highest of the last 11 months when this month stays below it', () => {
    const charge: DemandCharge = { pricePerKw: 32.5, windowMinutes: 15, ratchet: { percent: 80, months: 11 } };
    // this month peaks at 120 kW; earlier months 150, 260 (the ratchet's base), 90 kW
    const ivs = month('2026-03-01', '2026-04-01', 5, { '2026-03-17T10:30:00': 30 });
    const bill = priceMonthlyCharges(ivs, shanghai, { demand: [charge] }, { capacityKva: null }, [[150, 260, 90]]);
    const [line] = bill.demand;
    expect(line!.peak!.kw).toBe(120);
    expect(line!.ratchetKw).toBe(208); // 80 % of 260
    expect(line!.billedKw).toBe(208);
    expect(bill.total).toBe(6760); // 208 kW × 32.5
    // a month above the floor bills its own peak; a month 12 back is outside an 11-month ratchet
    expect(billedDemand(300, charge, [260]).billedKw).toBe(300);
    expect(billedDemand(100, charge, [...Array(11).fill(0), 500]).billedKw).toBe(100);
  });

  it('a capacity charge and a fixed fee are monthly: a 28-day February pays what a 31-day March pays', () => {
    const charges = { capacityPricePerKva: 24, fixedMonthlyFee: 150 };
    const feb = priceMonthlyCharges(month('2026-02-01', '2026-03-01', 5), shanghai, charges, { capacityKva: 630 });
    const mar = priceMonthlyCharges(month('2026-03-01', '2026-04-01', 5), shanghai, charges, { capacityKva: 630 });
    expect(feb.capacity).toEqual({ kva: 630, amount: 15_120 });
    expect(feb.total).toBe(15_270);
    expect(mar.total).toBe(feb.total);
  });

  it('adds every line to the cent, and a station without capacity pays no capacity charge', () => {
    const charges = { demand: [{ pricePerKw: 12.345, windowMinutes: 30 as const }], capacityPricePerKva: 24, fixedMonthlyFee: 99.99 };
    // a steady 5 kWh per quarter is 20 kW in every window
    const bill = priceMonthlyCharges(month('2026-03-01', '2026-03-08', 5), shanghai, charges, { capacityKva: null });
    expect(bill.capacity).toBeNull();
    expect(bill.demand[0]!.billedKw).toBe(20);
    expect(bill.total).toBe(346.89); // 20 × 12.345 = 246.90 + 99.99
  });

  it('an empty month bills no demand, not a made-up one', () => {
    const bill = priceMonthlyCharges([], shanghai, { demand: [{ pricePerKw: 10, windowMinutes: 15 }] }, { capacityKva: null });
    expect(bill.demand[0]).toMatchObject({ peak: null, billedKw: 0, amount: 0 });
  });
});
