import type { Queryable } from '../db/db';
import { addDateDays, dateStart, wallClock } from '../../protocol/site-time';
import { emptyMoney, resetMoney, loadPricing as loadStationPricing, loadPricingMany as loadStationsPricing, priceInterval, type Pricing } from '../money';
import type { EnergyDelta } from './energy-flows';

// Energy accounting (docs/fleet.md): the 15-minute station intervals summed per station-local day
// or month, priced interval by interval with the time-of-use slot in force at the interval's
// local start (tariff effective date, season by month, slot by minute) and the fuel price in
// force at that instant. Definitions:
//   gridCost      = Σ import × from-grid price
//   feedInRevenue = Σ export × feed-in price
//   savings       = Σ (load − import) × from-grid price   (what the site did not buy from the grid)
//   fuelLitres    = Σ metered litres, or generator kWh ÷ kWh per litre of the fuel price record
//   fuelCost      = Σ fuel litres × fuel price
//   income        = savings + feedInRevenue − fuelCost
// load includes the charging piles (chargingPileKwh is the piles' part of it).

export interface Interval extends EnergyDelta {
  bucket: number;
}
// Prices come from server/money (the one pricing function); this module sums energy per period.
export type { Pricing };

export interface EnergyTotals {
  period: string;
  pvKwh: number;
  chargeKwh: number;
  dischargeKwh: number;
  loadKwh: number;
  gridImportKwh: number;
  gridExportKwh: number;
  generatorKwh: number;
  fuelLitres: number;
  chargingPileKwh: number;
  lossesKwh: number;
  income: number;
  fuelCost: number;
  gridCost: number;
  feedInRevenue: number;
  savings: number;
}

export const emptyTotals = (period: string): EnergyTotals => ({
  period,
  pvKwh: 0,
  chargeKwh: 0,
  dischargeKwh: 0,
  loadKwh: 0,
  gridImportKwh: 0,
  gridExportKwh: 0,
  generatorKwh: 0,
  fuelLitres: 0,
  chargingPileKwh: 0,
  lossesKwh: 0,
  income: 0,
  fuelCost: 0,
  gridCost: 0,
  feedInRevenue: 0,
  savings: 0,
});

const scratch = emptyMoney();
export const addInterval = (acc: EnergyTotals, iv: Interval, pricing: Pricing): void => {
  const money = resetMoney(scratch);
  priceInterval(money, iv, pricing);
  acc.pvKwh += iv.pv;
  acc.chargeKwh += iv.charge;
  acc.dischargeKwh += iv.discharge;
  acc.loadKwh += iv.load;
  acc.gridImportKwh += iv.gridImport;
  acc.gridExportKwh += iv.gridExport;
  acc.generatorKwh += iv.generator;
  // litres as server/money counts them: metered, or generator energy ÷ kWh per litre
  acc.fuelLitres += money.fuelLitres;
  acc.chargingPileKwh += iv.pile;
  acc.lossesKwh += iv.losses;
  acc.gridCost += money.gridCost;
  acc.feedInRevenue += money.feedInRevenue;
  acc.savings += money.savings;
  acc.fuelCost += money.fuelCost;
  acc.income += money.savings + money.feedInRevenue - money.fuelCost;
};

const r3 = (x: number) => Math.round(x * 1000) / 1000;
const r4 = (x: number) => Math.round(x * 10_000) / 10_000;
/** Rounded for the wire: energies to Wh, money to 1/100 cent. */
export const roundTotals = (e: EnergyTotals): EnergyTotals => ({
  period: e.period,
  pvKwh: r3(e.pvKwh),
  chargeKwh: r3(e.chargeKwh),
  dischargeKwh: r3(e.dischargeKwh),
  loadKwh: r3(e.loadKwh),
  gridImportKwh: r3(e.gridImportKwh),
  gridExportKwh: r3(e.gridExportKwh),
  generatorKwh: r3(e.generatorKwh),
  fuelLitres: r3(e.fuelLitres),
  chargingPileKwh: r3(e.chargingPileKwh),
  lossesKwh: r3(e.lossesKwh),
  income: r4(e.income),
  fuelCost: r4(e.fuelCost),
  gridCost: r4(e.gridCost),
  feedInRevenue: r4(e.feedInRevenue),
  savings: r4(e.savings),
});

/** Sums intervals into periods ('YYYY-MM-DD' or 'YYYY-MM' local) in order, plus the total. */
export const account = (intervals: readonly Interval[], pricing: Pricing, granularity: 'day' | 'month'): { rows: EnergyTotals[]; total: EnergyTotals } => {
  const by = new Map<string, EnergyTotals>();
  const total = emptyTotals('total');
  for (const iv of intervals) {
    const lt = wallClock(pricing.timezone, iv.bucket);
    const key = granularity === 'day' ? lt.date : lt.month;
    let acc = by.get(key);
    if (!acc) by.set(key, (acc = emptyTotals(key)));
    addInterval(acc, iv, pricing);
    addInterval(total, iv, pricing);
  }
  return { rows: [...by.values()].sort((a, b) => a.period.localeCompare(b.period)), total };
};

export const loadPricing = (db: Queryable, stationId: number, timezone: string): Promise<Pricing> => loadStationPricing({ db }, stationId, timezone);

/** Pricing of many stations in two queries. */
export const loadPricingMany = (db: Queryable, stations: readonly { id: number; timezone: string }[]): Promise<Map<number, Pricing>> =>
  loadStationsPricing({ db }, stations);

export const loadIntervals = async (db: Queryable, stationIds: number[], from: number, to: number): Promise<(Interval & { stationId: number })[]> =>
  db.query<Interval & { stationId: number }>(
    `SELECT station_id AS "stationId", (extract(epoch FROM bucket) * 1000)::float8 AS bucket, pv, charge, discharge, load,
            grid_import AS "gridImport", grid_export AS "gridExport", generator, fuel, pile, losses
     FROM station_energy WHERE station_id = ANY($1::int[]) AND bucket >= to_timestamp($2 / 1000.0) AND bucket < to_timestamp($3 / 1000.0)
     ORDER BY station_id, bucket`,
    [stationIds, from, to],
  );

/** Local dates `from`..`to` inclusive of a station, as a UTC range [start, end). */
export const localRange = (timezone: string, fromDate: string, toDate: string): [number, number] => [
  dateStart(timezone, fromDate),
  dateStart(timezone, addDateDays(toDate, 1)),
];

export const stationEnergy = async (db: Queryable, stationId: number, timezone: string, fromDate: string, toDate: string, granularity: 'day' | 'month') => {
  const [a, b] = localRange(timezone, fromDate, toDate);
  const [pricing, intervals] = await Promise.all([loadPricing(db, stationId, timezone), loadIntervals(db, [stationId], a, b)]);
  const { rows, total } = account(intervals, pricing, granularity);
  return { rows: rows.map(roundTotals), total: roundTotals(total) };
};
