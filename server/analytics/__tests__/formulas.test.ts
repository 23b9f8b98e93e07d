import { describe, expect, it } from 'vitest';
import {
  consumption,
  consumptionBySource,
  correctedIrradiation,
  equivalentFullCycles,
  loadFactor,
  netArbitrage,
  performanceRatio,
  roundTripEfficiency,
  selfConsumption,
  selfSufficiency,
  sohSlopePerDay,
  specificYield,
  utilisation,
  type Flows,
  type Valuer,
} from '../formulas';

const flows = (f: Partial<Flows>): Flows => ({ pv: 0, charge: 0, discharge: 0, load: 0, gridImport: 0, gridExport: 0, generator: 0, ...f });

describe('PV', () => {
  it('PR over a sunny and a cloudy day weighs each day by its irradiation', () => {
    // 100 kWp: sunny 6 kWh/m² → 510 kWh (PR 0.85); cloudy 1.5 kWh/m² → 120 kWh (PR 0.80)
    expect(performanceRatio(510, 100, 6)).toBeCloseTo(0.85, 12);
    expect(performanceRatio(120, 100, 1.5)).toBeCloseTo(0.8, 12);
    // the period is Σ E / (P · Σ H) = 630 / 750, not the mean of the daily PRs (0.825)
    expect(performanceRatio(630, 100, 7.5)).toBeCloseTo(0.84, 12);
    expect(specificYield(630, 100)).toBeCloseTo(6.3, 12);
  });

  it('a dark day has no PR rather than an infinite one, and no capacity no yield', () => {
    expect(performanceRatio(3, 100, 0)).toBeNull();
    expect(specificYield(50, 0)).toBeNull();
  });

  it('temperature correction lowers the reference on hot modules, raising the PR', () => {
    // one hour at 1000 W/m²: 1 kWh/m² at 25 °C; at 45 °C the array could give 7 % less
    expect(correctedIrradiation(1000, 25, 1)).toBeCloseTo(1, 12);
    expect(correctedIrradiation(1000, 45, 1)).toBeCloseTo(0.93, 12);
    const pr = performanceRatio(79, 100, 1)!;
    const prT = performanceRatio(79, 100, correctedIrradiation(1000, 45, 1))!;
    expect(pr).toBeCloseTo(0.79, 12);
    expect(prT).toBeCloseTo(0.79 / 0.93, 12);
  });
});

describe('storage', () => {
  it('RTE with unequal start and end SOC corrects the charge by the energy still stored', () => {
    // 100 kWh: starts at 50 %, charges 60, discharges 45, ends at 60 % (10 kWh still in the battery)
    const r = roundTripEfficiency(
      [
        { chargeKwh: 60, dischargeKwh: 0, socEnd: 100 },
        { chargeKwh: 0, dischargeKwh: 45, socEnd: 60 },
      ],
      50,
      100,
    );
    expect(r.method).toBe('socCorrected');
    expect(r.value).toBeCloseTo(45 / 50, 12); // the naive 45 / 60 would understate it
  });

  it('RTE with the start SOC unknown starts at the first known SOC, never crediting the initial charge', () => {
    // 100 kWh, first day: discharges 30 from an unknown SOC down to 40 %, then charges 50 to 90 %, discharges 45 to 45 %
    const steps = [
      { chargeKwh: 0, dischargeKwh: 30, socEnd: 40 },
      { chargeKwh: 50, dischargeKwh: 0, socEnd: 90 },
      { chargeKwh: 0, dischargeKwh: 45, socEnd: 45 },
    ];
    const r = roundTripEfficiency(steps, null, 100);
    expect(r).toMatchObject({ method: 'socCorrected', chargeKwh: 50, dischargeKwh: 45 });
    expect(r.value).toBeCloseTo(45 / (50 - 5), 12); // not (30 + 45) / 50 = 150 %
    expect(roundTripEfficiency([{ chargeKwh: 10, dischargeKwh: 9, socEnd: null }], null, 100).value).toBeNull();
  });

  it('RTE uses the longest window that returns to the start SOC', () => {
    const r = roundTripEfficiency(
      [
        { chargeKwh: 50, dischargeKwh: 0, socEnd: 95 },
        { chargeKwh: 0, dischargeKwh: 45, socEnd: 50.5 },
        { chargeKwh: 20, dischargeKwh: 0, socEnd: 70 },
      ],
      50,
      100,
    );
    expect(r).toMatchObject({ method: 'sameSoc', steps: 2, chargeKwh: 50, dischargeKwh: 45 });
    expect(r.value).toBeCloseTo(0.9, 12);
    expect(roundTripEfficiency([], 50, 100).value).toBeNull();
  });

  it('equivalent full cycles and utilisation', () => {
    expect(equivalentFullCycles(300, 270, 100)).toBeCloseTo(2.85, 12);
    expect(equivalentFullCycles(10, 10, 0)).toBeNull();
    expect(utilisation(270, 100, 3)).toBeCloseTo(0.9, 12);
  });

  it('net arbitrage prices PV-charged energy at the feed-in price given up, not at zero', () => {
    const prices =
      (imp: number, feed: number): Valuer =>
      (a, b) =>
        a * imp + b * feed;
    // noon: PV 80, load 30, the 50 kWh surplus charges the battery (feed-in 0.05 forgone)
    const noon = netArbitrage(flows({ pv: 80, load: 30, charge: 50 }), prices(0.3, 0.05));
    expect(noon.chargeCost).toBeCloseTo(2.5, 12);
    // night valley: 20 kWh from the grid at 0.10
    const night = netArbitrage(flows({ load: 10, gridImport: 30, charge: 20 }), prices(0.1, 0.02));
    expect(night.chargeCost).toBeCloseTo(2, 12);
    // evening: 45 kWh discharged, 40 to the load (avoids 0.30), 5 exported (earns 0.08)
    const evening = netArbitrage(flows({ load: 40, discharge: 45, gridExport: 5 }), prices(0.3, 0.08));
    expect(evening.dischargeValue).toBeCloseTo(12.4, 12);
    const net = noon.net + night.net + evening.net;
    expect(net).toBeCloseTo(12.4 - 2.5 - 2, 12);
    expect(net).toBeLessThan(45 * 0.3); // gross discharge billing would say 13.5
  });

  it('SOH trend is the least-squares slope', () => {
    expect(
      sohSlopePerDay([
        { day: 0, soh: 100 },
        { day: 10, soh: 99 },
        { day: 20, soh: 98 },
      ]),
    ).toBeCloseTo(-0.1, 12);
    expect(sohSlopePerDay([{ day: 0, soh: 100 }])).toBeNull();
  });
});

describe('energy usage', () => {
  it('self-sufficiency and self-consumption with export', () => {
    // PV 100, load 80, 40 exported, 20 imported at night
    const f = flows({ pv: 100, load: 80, gridImport: 20, gridExport: 40 });
    expect(consumption(f)).toBe(80);
    expect(selfSufficiency(20, 80)).toBeCloseTo(0.75, 12);
    expect(selfConsumption(100, 40)).toBeCloseTo(0.6, 12);
    expect(consumptionBySource(f)).toEqual({ pv: 60, ess: 0, generator: 0, grid: 20 });
    expect(selfSufficiency(50, 40)).toBe(0); // importing more than consumed (charging from the grid)
    expect(selfConsumption(0, 0)).toBeNull();
  });

  it('consumption by source adds up with storage and a genset', () => {
    const f = flows({ pv: 10, load: 60, discharge: 20, generator: 15, gridImport: 15 });
    const s = consumptionBySource(f);
    expect(s).toEqual({ pv: 10, ess: 20, generator: 15, grid: 15 });
    expect(s.pv + s.ess + s.generator + s.grid).toBe(consumption(f));
  });

  it('load factor is average over peak', () => {
    expect(loadFactor(240, 24, 20)).toBeCloseTo(0.5, 12);
    expect(loadFactor(0, 24, 0)).toBeNull();
  });
});
