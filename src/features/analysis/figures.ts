// How each analysis figure is shown: its kind decides the unit and the precision, the same for a
// card, a table cell, a chart axis and the CSV (the export writes what the screen shows).
import { currencyLabel } from '../../../protocol/currency';
import type enAnalysis from '../../../locales/en/analysis.json';
import { energyParts } from '../../../streams/format/energy';
import { keysOf } from '../../i18n/codeKeys';
import { i18n, type TFn, type TKey } from '../../i18n/i18n';
import { numberFormat } from '../../lib/numberFormat';

export type FigureKey = keyof typeof enAnalysis.fig;
type Kind = 'energy' | 'power' | 'kwp' | 'pct' | 'money' | 'yield' | 'irradiation' | 'cycles' | 'litres' | 'rank' | 'trend';

const KIND: Record<FigureKey, Kind> = {
  pvKwh: 'energy',
  capacityKwp: 'kwp',
  specificYield: 'yield',
  irradiationKwhM2: 'irradiation',
  prPct: 'pct',
  prTempCorrectedPct: 'pct',
  pr30dPct: 'pct',
  prDropped: 'rank',
  rankPr: 'rank',
  rankYield: 'rank',
  chargeKwh: 'energy',
  dischargeKwh: 'energy',
  capacityKwh: 'energy',
  rtePct: 'pct',
  efc: 'cycles',
  utilisationPct: 'pct',
  chargeFromGridKwh: 'energy',
  chargeFromPvKwh: 'energy',
  dischargeToLoadKwh: 'energy',
  dischargeExportedKwh: 'energy',
  dischargeValue: 'money',
  chargeCost: 'money',
  netArbitrage: 'money',
  netRevenue: 'money',
  demandSavings: 'money',
  sohPct: 'pct',
  trendPctPerYear: 'trend',
  consumptionKwh: 'energy',
  loadKwh: 'energy',
  fromPvKwh: 'energy',
  fromEssKwh: 'energy',
  fromGridKwh: 'energy',
  fromGeneratorKwh: 'energy',
  selfConsumptionPct: 'pct',
  selfSufficiencyPct: 'pct',
  peakKw: 'power',
  loadFactorPct: 'pct',
  fuelLitres: 'litres',
  fuelCost: 'money',
  gridCost: 'money',
  feedInRevenue: 'money',
  income: 'money',
  cost: 'money',
  importKwh: 'energy',
  exportKwh: 'energy',
  importCost: 'money',
  amount: 'money',
};

/** A chart series key of the server, as the figure it plots. */
export const SERIES_FIGURE: Record<string, FigureKey> = {
  pvKwh: 'pvKwh',
  specificYield: 'specificYield',
  irradiation: 'irradiationKwhM2',
  pr: 'prPct',
  prTempCorrected: 'prTempCorrectedPct',
  chargeKwh: 'chargeKwh',
  dischargeKwh: 'dischargeKwh',
  netArbitrage: 'netArbitrage',
  efc: 'efc',
  rte: 'rtePct',
  consumptionKwh: 'consumptionKwh',
  fromPvKwh: 'fromPvKwh',
  fromEssKwh: 'fromEssKwh',
  fromGridKwh: 'fromGridKwh',
  fromGeneratorKwh: 'fromGeneratorKwh',
  peakKw: 'peakKw',
  selfSufficiency: 'selfSufficiencyPct',
  cost: 'cost',
};

export interface Shown {
  /** '-' when the figure cannot be computed */
  value: string;
  unit: string;
}

// grouped thousands in the page's language (1,453,251.84), the figure's decimals kept; a value
// too small for them reads "< 0.01", never a 0 that is not one
const fixed = (v: number, d: number): string => {
  const f = numberFormat(d, i18n.language === 'en' ? 'en-GB' : 'zh-CN', d);
  const step = 10 ** -d;
  if (v !== 0 && Math.abs(v) < step / 2) return v > 0 ? `< ${f.format(step)}` : `> -${f.format(step)}`;
  return f.format(v);
};

/** Energies and powers step through kWh / MWh / GWh (SPEC §9) value by value. */
export const isScaled = (key: FigureKey): boolean => {
  const kind = KIND[key];
  return kind === 'energy' || kind === 'power' || kind === 'kwp';
};

/** The unit a figure's unscaled number is in (kWh, kW, kWp, the currency, %…): files name it. */
export function baseUnit(key: FigureKey, t: TFn, currency: string): string {
  const kind = KIND[key];
  return kind === 'energy' ? 'kWh' : kind === 'power' ? 'kW' : kind === 'kwp' ? 'kWp' : unitOf(kind, t, currency);
}

/** A figure's value and unit as the screen prints them. */
export function show(key: FigureKey, v: number | null | undefined, t: TFn, currency: string): Shown {
  const kind = KIND[key];
  const unit = unitOf(kind, t, currency);
  if (v === null || v === undefined || !Number.isFinite(v))
    return { value: '-', unit: kind === 'energy' || kind === 'power' || kind === 'kwp' ? scaled(kind, 0).unit : unit };
  if (kind === 'energy' || kind === 'power' || kind === 'kwp') return scaled(kind, v);
  const d = kind === 'rank' ? 0 : kind === 'litres' ? 1 : 2;
  return { value: fixed(v, d), unit };
}

const scaled = (kind: 'energy' | 'power' | 'kwp', v: number): Shown => {
  const p = energyParts(v);
  return { value: p.value, unit: kind === 'energy' ? p.unit : p.unit.replace('Wh', kind === 'kwp' ? 'Wp' : 'W') };
};

function unitOf(kind: Kind, t: TFn, currency: string): string {
  switch (kind) {
    case 'pct':
      return '%';
    // the provider's currency as the page's language names it (streams/format/money.ts)
    case 'money':
      return currencyLabel(currency, i18n.language === 'en' ? 'en' : 'zh');
    case 'yield':
      return 'kWh/kWp';
    case 'irradiation':
      return 'kWh/m²';
    case 'cycles':
      return t('analysis:units.cycles');
    case 'litres':
      return 'L';
    case 'trend':
      return t('analysis:units.perYear');
    default:
      return '';
  }
}

const FACTOR: Record<string, number> = { kWh: 1, MWh: 1e3, GWh: 1e6, kW: 1, MW: 1e3, GW: 1e6, kWp: 1, MWp: 1e3, GWp: 1e6 };
const cut = (x: number, d: number): string => (Math.trunc(x * 10 ** d + (x >= 0 ? 1e-9 : -1e-9)) / 10 ** d).toFixed(d);

/** A value in the unit another was printed in (a comparison beside its figure). */
export function showAs(key: FigureKey, v: number | null | undefined, ref: Shown, t: TFn, currency: string): Shown {
  const f = FACTOR[ref.unit];
  if (f === undefined) return show(key, v, t, currency);
  if (v === null || v === undefined || !Number.isFinite(v)) return { value: '-', unit: ref.unit };
  return { value: f === 1 ? String(Number(cut(v, 2))) : cut(v / f, 2), unit: ref.unit };
}

/** Chart scale of a set of values: energies and powers step to MWh / GWh (SPEC §9) by the largest. */
export function chartScale(key: FigureKey, values: readonly (number | null)[], t: TFn, currency: string): { unit: string; factor: number } {
  const kind = KIND[key];
  if (kind !== 'energy' && kind !== 'power' && kind !== 'kwp') return { unit: unitOf(kind, t, currency), factor: 1 };
  const max = values.reduce<number>((m, v) => (v === null ? m : Math.max(m, Math.abs(v))), 0);
  const unit = scaled(kind, max).unit;
  return { unit, factor: max >= 1e6 ? 1e6 : max >= 1000 ? 1000 : 1 };
}

// every figure (a key of `fig` in the catalogue) has a name and a hint
const FIGURES = Object.keys(KIND) as FigureKey[];
const NAME_KEY = keysOf('analysis:fig', FIGURES) satisfies Record<FigureKey, TKey>;
const HINT_KEY = keysOf('analysis:hint', FIGURES) satisfies Record<FigureKey, TKey>;

export const label = (t: TFn, key: FigureKey): string => t(NAME_KEY[key]);
export const hint = (t: TFn, key: FigureKey): string => t(HINT_KEY[key]);
