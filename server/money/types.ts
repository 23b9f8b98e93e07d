import { PERIODS } from '../../protocol/codes';
import type { Period, Tariff } from '../fleet/tariff';

// The inputs and outputs of pricing metered energy (docs/tariffs.md). Instants are epoch
// milliseconds; dates are station-local 'YYYY-MM-DD'.

export type { Period, Tariff };
export const PERIOD_ORDER: readonly Period[] = PERIODS;

/** Length of one metered interval (the quarter-hour rollup of station_energy). */
export const INTERVAL_MINUTES = 15;

/** A fuel price record: in force for instants in [start, end). kWh per litre converts generator
 *  energy to litres when the interval carries no metered litres. */
export interface OilWindow {
  start: number;
  end: number;
  pricePerLitre: number;
  kwhPerLitre?: number;
}

/** Everything needed to price one station: its zone, its dated tariff versions (ascending by
 *  effective date) and its fuel price windows. */
export interface Pricing {
  timezone: string;
  tariffs: Tariff[];
  oil: OilWindow[];
  /** interval prices of the feeds the tariffs name (`charges.dynamic.feedId`), by feed id */
  feeds?: ReadonlyMap<number, FeedPrices>;
}

/** A dynamic price in force for one 15-minute interval: [import price, export price]. */
export type QuarterPrice = readonly [number, number];
/** A feed's prices by the epoch-ms start of each 15-minute interval they cover (an hourly price
 *  is entered at its four quarters), so an interval finds its price with one look-up. */
export type FeedPrices = ReadonlyMap<number, QuarterPrice>;

/** One 15-minute interval of metered energy (kWh; fuel in litres), starting at `bucket`. */
export interface MeteredInterval {
  bucket: number;
  gridImport: number;
  gridExport: number;
  load: number;
  generator: number;
  fuel: number;
}

export interface PeriodAmount {
  importKwh: number;
  exportKwh: number;
  importCost: number;
  feedInRevenue: number;
}

/** Unrounded money of some intervals, with the grid part split by tariff period. */
export interface MoneyAcc {
  gridCost: number;
  feedInRevenue: number;
  /** (load − import) × from-grid price: what the site did not buy from the grid */
  savings: number;
  fuelCost: number;
  fuelLitres: number;
  periods: Record<Period, PeriodAmount>;
  /** energy priced at a feed's interval prices instead of the time-of-use slots */
  dynamic: PeriodAmount;
  /** starts of intervals under a version with a feed where the feed had no price (priced at time-of-use) */
  missing: number[];
}

export interface PeriodBill extends PeriodAmount {
  period: Period;
  amount: number;
}

/** A station-local day priced under the tariff in force that day. Only `total` and `fuelCostTotal`
 *  are rounded (to the cent); everything else keeps full precision so sums stay exact. */
export interface DayBill {
  date: string;
  /** 24, or 23 / 25 on a daylight-saving change day */
  hours: number;
  tariffId: number | null;
  tariffName: string | null;
  intervals: number;
  importKwh: number;
  exportKwh: number;
  gridCost: number;
  feedInRevenue: number;
  savings: number;
  fuelCost: number;
  /** litres burnt: metered, or generator kWh ÷ kWh per litre (DOMAIN: diesel) */
  fuelLitres: number;
  /** time-of-use energy per period (intervals priced at a dynamic price are not in them) */
  periods: PeriodBill[];
  /** energy priced at dynamic interval prices (zero when the day's version names no feed) */
  dynamic: PeriodAmount;
  /** starts (epoch ms) of intervals that should have had a dynamic price and had none: they are
   *  priced at time-of-use and flagged, never at zero */
  missing: number[];
  /** Σ import × from-grid price − export × feed-in price, rounded to the cent */
  total: number;
  fuelCostTotal: number;
  /** savings + feed-in revenue − fuel cost (the station income figure), unrounded */
  income: number;
}

export const emptyPeriod = (): PeriodAmount => ({ importKwh: 0, exportKwh: 0, importCost: 0, feedInRevenue: 0 });
export const emptyMoney = (): MoneyAcc => ({
  gridCost: 0,
  feedInRevenue: 0,
  savings: 0,
  fuelCost: 0,
  fuelLitres: 0,
  periods: { sharp: emptyPeriod(), peak: emptyPeriod(), flat: emptyPeriod(), valley: emptyPeriod() },
  dynamic: emptyPeriod(),
  missing: [],
});

/** Half-up to the cent, robust to binary noise (2.675 → 2.68). */
export const toCents = (usd: number): number => Math.round((usd + Math.sign(usd) * 1e-9) * 100) / 100;

/** Zeroes an accumulator in place (hot loops reuse one instead of allocating per interval). */
export const resetMoney = (m: MoneyAcc): MoneyAcc => {
  m.gridCost = m.feedInRevenue = m.savings = m.fuelCost = m.fuelLitres = 0;
  for (const p of [...Object.values(m.periods), m.dynamic]) p.importKwh = p.exportKwh = p.importCost = p.feedInRevenue = 0;
  m.missing.length = 0;
  return m;
};
