import { wallClock } from '../../protocol/site-time';
import { emptyMoney, priceInterval, PERIOD_ORDER, resetMoney, type MoneyAcc, type Pricing } from '../money';
import { addInterval, emptyTotals, type Interval } from '../telemetry/energy';
import { consumption, consumptionBySource, correctedIrradiation, netArbitrage, storageSplit, type Valuer } from './formulas';

// The additive building blocks of every analytics figure, per station and bucket (a local day,
// stored; or a local hour, on the fly): energies and money of the 15-minute intervals, summed
// with the same interval functions the overview and the bills use (telemetry/energy addInterval,
// money priceInterval), plus what the ratios need (irradiation, SOC at the edges, peak demand).

/** Stored order of a bucket's figures (append only: stored rows keep their length). */
export const FIGURE_KEYS = [
  'intervals',
  'pv',
  'charge',
  'discharge',
  'load',
  'gridImport',
  'gridExport',
  'generator',
  'fuel',
  'pile',
  'losses',
  'income',
  'savings',
  'gridCost',
  'feedInRevenue',
  'fuelCost',
  'consumption',
  'consPv',
  'consEss',
  'consGenerator',
  'consGrid',
  'peakKw',
  'peakAt',
  'chargeFromPv',
  'chargeFromGrid',
  'dischargeToLoad',
  'dischargeExported',
  'dischargeValue',
  'chargeCost',
  'socStart',
  'socEnd',
  'pvMatched',
  'poa',
  'poaCorrected',
  ...PERIOD_ORDER.flatMap((p) => [`${p}ImportKwh`, `${p}ExportKwh`, `${p}ImportCost`, `${p}FeedIn`] as const),
] as const;
export type FigureKey = (typeof FIGURE_KEYS)[number];
/** NaN marks "unknown" (a SOC never reported, a peak with no interval). */
export type Figures = Record<FigureKey, number>;

const NOT_ADDITIVE = new Set<FigureKey>(['peakKw', 'peakAt', 'socStart', 'socEnd']);

export const emptyFigures = (): Figures => {
  const f = {} as Figures;
  for (const k of FIGURE_KEYS) f[k] = 0;
  f.peakKw = f.peakAt = f.socStart = f.socEnd = NaN;
  return f;
};

/** Adds `b` (a later bucket) into `a`: sums, the larger peak, the first start SOC, the last end SOC. */
export const mergeFigures = (a: Figures, b: Figures): Figures => {
  if (a.intervals === 0 && Number.isNaN(a.socStart)) a.socStart = b.socStart;
  for (const k of FIGURE_KEYS) if (!NOT_ADDITIVE.has(k)) a[k] += b[k];
  if (!(a.peakKw >= b.peakKw)) {
    a.peakKw = b.peakKw;
    a.peakAt = b.peakAt;
  }
  if (!Number.isNaN(b.socEnd)) a.socEnd = b.socEnd;
  return a;
};

export const sumFigures = (list: Iterable<Figures>): Figures => {
  const out = emptyFigures();
  for (const f of list) mergeFigures(out, f);
  return out;
};

export interface MeteredStep extends Interval {
  soc: number | null;
  /** seconds in which a PV inverter reported itself curtailed; null (or absent): not recorded (intervals written before) */
  pvLimitedS?: number | null;
}
/** The station's weather at an interval: average plane-of-array irradiance (W/m²) and module temperature. */
export interface WeatherStep {
  poa: number;
  moduleC: number;
}

export interface StationInputs {
  pricing: Pricing;
  /** module power temperature coefficient, 1/K */
  gamma: number;
  weather: ReadonlyMap<number, WeatherStep>;
  /** an islanding station's battery limit and converter rating (curtailedInterval); absent: it never curtails */
  curtailment?: { socUpper: number; essKw: number } | null;
}

const HOURS_PER_INTERVAL = 0.25;

/**
 * An interval in which the plant was not allowed to make what the sun gave (IEC 61724-1 leaves
 * such intervals out of both Yf and Yr, or an islanded plant with a full battery reads as a
 * broken one). The inverters say so themselves: an interval in which one reported itself
 * curtailed (held below what the sun allows, as an island controller's power limit does, however
 * little) is curtailed. Intervals written before that state was recorded are judged from the
 * flows: islanded (no grid exchange) with no discharge and the battery at its charge limit
 * (within 1 point of the island strategy's upper SOC) or charging at the converters' rating, the
 * PV followed the demand and the rest was cut.
 */
export const curtailedInterval = (iv: MeteredStep, c: StationInputs['curtailment']): boolean => {
  if (iv.pvLimitedS !== undefined && iv.pvLimitedS !== null) return iv.pvLimitedS > 0;
  if (!c || iv.pv <= 0 || iv.gridImport > 0 || iv.gridExport > 0 || iv.discharge > 0) return false;
  const full = iv.soc !== null && iv.soc >= c.socUpper - 1;
  const atRating = c.essKw > 0 && iv.charge >= 0.98 * c.essKw * HOURS_PER_INTERVAL;
  return full || atRating;
};

/**
 * Sums a station's intervals (ascending) into buckets named by `keyOf`. Intervals before `from`
 * only give the SOC the first bucket starts at.
 */
export const summarize = (steps: readonly MeteredStep[], inp: StationInputs, from: number, keyOf: (t: number) => string): Map<string, Figures> => {
  const out = new Map<string, Figures>();
  const money: MoneyAcc = emptyMoney();
  const arb: MoneyAcc = emptyMoney();
  let prevSoc: number | null = null;
  for (const iv of steps) {
    if (iv.bucket < from) {
      prevSoc = iv.soc ?? prevSoc;
      continue;
    }
    const key = keyOf(iv.bucket);
    let f = out.get(key);
    if (!f) {
      out.set(key, (f = emptyFigures()));
      f.socStart = prevSoc ?? NaN;
    }
    addStep(f, iv, inp, money, arb);
    if (iv.soc !== null) f.socEnd = prevSoc = iv.soc;
  }
  return out;
};

/** Local-day buckets of a station. */
export const byLocalDay = (timezone: string) => (t: number) => wallClock(timezone, t).date;
/** Local-hour buckets of a station, 'YYYY-MM-DD HH'. */
export const byLocalHour = (timezone: string) => (t: number) => {
  const w = wallClock(timezone, t);
  return `${w.date} ${String(w.hour).padStart(2, '0')}`;
};

const addStep = (f: Figures, iv: MeteredStep, inp: StationInputs, money: MoneyAcc, arb: MoneyAcc): void => {
  // energy and income exactly as the overview sums them
  const t = emptyTotals('');
  addInterval(t, iv, inp.pricing);
  f.intervals++;
  f.pv += t.pvKwh;
  f.charge += t.chargeKwh;
  f.discharge += t.dischargeKwh;
  f.load += t.loadKwh;
  f.gridImport += t.gridImportKwh;
  f.gridExport += t.gridExportKwh;
  f.generator += t.generatorKwh;
  f.fuel += t.fuelLitres;
  f.pile += t.chargingPileKwh;
  f.losses += t.lossesKwh;
  f.income += t.income;
  f.savings += t.savings;
  f.gridCost += t.gridCost;
  f.feedInRevenue += t.feedInRevenue;
  f.fuelCost += t.fuelCost;
  // energy and cost per tariff period, from the bill's interval pricing
  priceInterval(resetMoney(money), iv, inp.pricing);
  for (const p of PERIOD_ORDER) {
    const m = money.periods[p];
    f[`${p}ImportKwh`] += m.importKwh;
    f[`${p}ExportKwh`] += m.exportKwh;
    f[`${p}ImportCost`] += m.importCost;
    f[`${p}FeedIn`] += m.feedInRevenue;
  }
  // consumption by source and demand
  const cons = consumption(iv);
  const src = consumptionBySource(iv);
  f.consumption += cons;
  f.consPv += src.pv;
  f.consEss += src.ess;
  f.consGenerator += src.generator;
  f.consGrid += src.grid;
  const kw = cons / HOURS_PER_INTERVAL;
  if (!(f.peakKw >= kw)) {
    f.peakKw = kw;
    f.peakAt = iv.bucket;
  }
  // storage: where it charged from and what its energy was worth at this interval's prices
  const split = storageSplit(iv);
  f.chargeFromPv += split.chargeFromPv;
  f.chargeFromGrid += split.chargeFromGrid;
  f.dischargeToLoad += split.dischargeToLoad;
  f.dischargeExported += split.dischargeExported;
  const value: Valuer = (atImport, atFeedIn) => {
    priceInterval(resetMoney(arb), { bucket: iv.bucket, gridImport: atImport, gridExport: atFeedIn, load: 0, generator: 0, fuel: 0 }, inp.pricing);
    return arb.gridCost + arb.feedInRevenue;
  };
  const a = netArbitrage(iv, value);
  f.dischargeValue += a.dischargeValue;
  f.chargeCost += a.chargeCost;
  // irradiation where the weather station reported, and the PV energy of those same intervals;
  // curtailed intervals in neither
  const w = inp.weather.get(iv.bucket);
  if (w && !curtailedInterval(iv, inp.curtailment)) {
    f.pvMatched += iv.pv;
    f.poa += (w.poa / 1000) * HOURS_PER_INTERVAL;
    f.poaCorrected += correctedIrradiation(w.poa, w.moduleC, HOURS_PER_INTERVAL, inp.gamma);
  }
};

/**
 * Figures of several stations over the same bucket: sums; the peak is the sum of each station's
 * own peak (non-coincident: the stations' 15-minute peaks need not fall together); SOC has no
 * meaning across stations.
 */
export const combineStations = (list: readonly Figures[]): Figures => {
  const out = emptyFigures();
  let peaks = 0;
  for (const f of list) {
    for (const k of FIGURE_KEYS) if (!NOT_ADDITIVE.has(k)) out[k] += f[k];
    if (Number.isFinite(f.peakKw)) {
      out.peakKw = (Number.isFinite(out.peakKw) ? out.peakKw : 0) + f.peakKw;
      out.peakAt = ++peaks === 1 ? f.peakAt : NaN;
    }
  }
  if (list.length === 1) {
    out.socStart = list[0]!.socStart;
    out.socEnd = list[0]!.socEnd;
  }
  return out;
};
