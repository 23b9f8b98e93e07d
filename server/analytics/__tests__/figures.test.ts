import { describe, expect, it } from 'vitest';
import { zeroEnergy } from '../../telemetry/energy-flows';
import { pricing, slot, tariff } from '../../money/__tests__/fixtures';
import { byLocalDay, byLocalHour, summarize, sumFigures, type MeteredStep } from '../figures';
import { essFigures } from '../ess';
import { pvFigures } from '../pv';
import type { StationRating } from '../sources';

const H = 3_600_000;
const Q = 900_000;
// Asia/Shanghai is UTC+8 all year
const midnight = (date: string) => Date.parse(`${date}T00:00:00+08:00`);
const zone = 'Asia/Shanghai';
const prices = pricing(zone, [
  tariff(1, '2026-01-01', [slot('00:00', '08:00', 'valley', 0.1, 0.02), slot('08:00', '18:00', 'peak', 0.3, 0.05), slot('18:00', '24:00', 'flat', 0.3, 0.08)]),
]);
const station: StationRating = {
  id: 1,
  name: 'S',
  providerId: 1,
  timezone: zone,
  currency: 'USD',
  pvKwp: 100,
  essKwh: 100,
  essKw: 50,
  gamma: -0.0035,
  weatherId: 9,
  islandSocUpper: null,
};

const step = (bucket: number, f: Partial<MeteredStep>): MeteredStep => ({
  bucket,
  ...zeroEnergy(),
  soc: null,
  ...f,
});

type Curtailment = { socUpper: number; essKw: number };
type Weather = Map<number, { poa: number; moduleC: number }>;
const island = { ...station, islandSocUpper: 95, essKw: 100 };
const ISLAND_FROM = midnight('2026-05-04') + 10 * H;
/** The island's 10-14 h on 2026-05-04 at 750 W/m² on 100 kWp, each quarter's flows as `flows` gives them (`late`: from 12 h). */
const islandHours = (flows: (t: number, late: boolean) => Partial<MeteredStep>): { steps: MeteredStep[]; weather: Weather } => {
  const steps: MeteredStep[] = [];
  const weather: Weather = new Map();
  for (let t = ISLAND_FROM; t < ISLAND_FROM + 4 * H; t += Q) {
    steps.push(step(t, flows(t, t >= ISLAND_FROM + 2 * H)));
    weather.set(t, { poa: 750, moduleC: 25 });
  }
  return { steps, weather };
};
/** The island's PV figures of that day, its curtailed intervals judged by `curtailment`. */
const islandPv = (steps: MeteredStep[], weather: Weather, curtailment: Curtailment | null) =>
  pvFigures([
    { s: island, f: summarize(steps, { pricing: prices, gamma: -0.0035, weather, curtailment }, midnight('2026-05-04'), byLocalDay(zone)).get('2026-05-04')! },
  ]);

/** A day: noon PV charges the battery, the evening discharges it to the load. */
const day = (date: string, poa: number): { steps: MeteredStep[]; weather: Weather } => {
  const t0 = midnight(date);
  const steps: MeteredStep[] = [];
  const weather: Weather = new Map();
  for (let t = t0; t < t0 + 24 * H; t += Q) {
    const h = (t - t0) / H;
    if (h >= 10 && h < 14) {
      // 4 h × 4 quarters: PV 20 kWh per quarter (80 kW) at the given irradiance, load 5, charge 5, export 10
      steps.push(step(t, { pv: 20 * (poa / 1000), load: 5, charge: 5, gridExport: 20 * (poa / 1000) - 10, soc: 50 + 5 * ((t - t0 - 10 * H) / Q + 1) }));
      weather.set(t, { poa, moduleC: 25 });
    } else if (h >= 19 && h < 23) steps.push(step(t, { load: 6, discharge: 4.5, gridImport: 1.5, soc: 130 - 4.5 * ((t - t0 - 19 * H) / Q + 1) }));
    else steps.push(step(t, { load: 2, gridImport: 2, soc: null }));
  }
  return { steps, weather };
};

describe('summarize', () => {
  it('a sunny and a cloudy day: the period PR weighs the days by irradiation', () => {
    const a = day('2026-05-04', 1000);
    const b = day('2026-05-05', 400);
    const inp = { pricing: prices, gamma: -0.0035, weather: new Map([...a.weather, ...b.weather]) };
    const days = summarize([...a.steps, ...b.steps], inp, midnight('2026-05-04'), byLocalDay(zone));
    expect([...days.keys()]).toEqual(['2026-05-04', '2026-05-05']);
    const sunny = pvFigures([{ s: station, f: days.get('2026-05-04')! }]);
    // 320 kWh from 100 kWp under 4 kWh/m²: PR 0.8; the cloudy day the same ratio at 0.4 of the sun
    expect(sunny.irradiation).toBeCloseTo(4, 9);
    expect(sunny.pr).toBeCloseTo(0.8, 9);
    const both = pvFigures([{ s: station, f: sumFigures(days.values()) }]);
    expect(both.pr).toBeCloseTo((320 + 128) / (100 * (4 + 1.6)), 9);
    expect(both.specificYield).toBeCloseTo(4.48, 9);
  });

  it('arbitrage through the tariff: PV charge at the forgone feed-in, discharge at the avoided import', () => {
    const a = day('2026-05-04', 1000);
    const f = summarize(a.steps, { pricing: prices, gamma: -0.0035, weather: a.weather }, midnight('2026-05-04'), byLocalDay(zone)).get('2026-05-04')!;
    expect(f.chargeFromPv).toBeCloseTo(80, 9);
    expect(f.chargeFromGrid).toBeCloseTo(0, 9);
    expect(f.chargeCost).toBeCloseTo(80 * 0.05, 9); // peak slot's feed-in price
    expect(f.dischargeToLoad).toBeCloseTo(72, 9);
    expect(f.dischargeValue).toBeCloseTo(72 * 0.3, 9); // flat slot's import price
    // the first metered day: the SOC it started at is unknown, so no efficiency is claimed (the
    // discharge of a battery that started charged would read as more than 100 %)
    const ess = essFigures([{ s: station, f, steps: [['2026-05-04', f]] }], 1);
    expect(f.socStart).toBeNaN();
    expect(ess.rte).toBeNull();
    expect(f.peakKw).toBeCloseTo(24, 9); // 6 kWh in a quarter
  });

  it('an islanded plant with a full battery: the curtailed hours are left out of yield and irradiation alike', () => {
    // 10-12 h the battery takes 10 of the 20 kWh a quarter the sun gives; from 12 h it is full
    // (95 %) and the PV follows the 5 kWh load: cut, not broken
    const { steps, weather } = islandHours((t, full) => ({ pv: full ? 5 : 15, load: 5, charge: full ? 0 : 10, soc: full ? 95 : 80 + (t - ISLAND_FROM) / Q }));
    const figures = (curtailment: Curtailment | null) => islandPv(steps, weather, curtailment);
    // counted as a grid-tied plant: 160 kWh under 3 kWh/m² from 100 kWp reads 53 %
    expect(figures(null).pr).toBeCloseTo(160 / 300, 9);
    // the hours it was allowed to make what it could: 120 kWh under 1.5 kWh/m², PR 80 %
    const fair = figures({ socUpper: 95, essKw: 100 });
    expect(fair.pr).toBeCloseTo(0.8, 9);
    expect(fair.irradiation).toBeCloseTo(1.5, 9);
    expect(fair.specificYield! / fair.irradiation!).toBeCloseTo(fair.pr!, 9);
    // charging at the converters' rating is a cut too (the battery takes no more)
    expect(figures({ socUpper: 95, essKw: 40 }).pr).toBeNull();
  });

  it('an island held back only partly: the inverters say so, and their word is taken over the flows', () => {
    // 10-14 h at 750 W/m² on 100 kWp; from 12 h a genset runs at its minimum load and the battery
    // charges at the island strategy's limit, far below the converters' rating and far from full:
    // the flows look free, but the inverters report themselves curtailed and make 8 of 15 kWh
    const { steps, weather } = islandHours((_, held) => ({
      pv: held ? 8 : 15,
      load: 5,
      generator: held ? 5 : 0,
      charge: held ? 8 : 10,
      soc: 40,
      pvLimitedS: held ? 900 : 0,
    }));
    const got = islandPv(steps, weather, { socUpper: 95, essKw: 100 });
    // the free hours only: 120 kWh under 1.5 kWh/m², PR 80 % (the flows alone read 184 / 300)
    expect(got.pr).toBeCloseTo(0.8, 9);
    expect(got.irradiation).toBeCloseTo(1.5, 9);
    // an interval the inverters call free counts even with the battery at its limit
    const free = steps.map((x) => ({ ...x, soc: 95, pvLimitedS: 0 }));
    const all = islandPv(free, weather, { socUpper: 95, essKw: 100 });
    expect(all.irradiation).toBeCloseTo(3, 9);
  });

  it('hour buckets of the local day', () => {
    const a = day('2026-05-04', 1000);
    const hours = summarize(a.steps, { pricing: prices, gamma: -0.0035, weather: a.weather }, midnight('2026-05-04'), byLocalHour(zone));
    expect(hours.size).toBe(24);
    expect(hours.get('2026-05-04 10')!.pv).toBeCloseTo(80, 9);
    expect(hours.get('2026-05-04 10')!.intervals).toBe(4);
  });
});
