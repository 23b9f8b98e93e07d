import type { FileLang } from './labels';
/** a table cell as the files carry it: a label, a number, or nothing */
export type Cell = string | number | null;

// Numbers as a PDF reader reads them, in the file's language: thousand separators, money and
// decimals to the hundredth, prices to up to 4 decimals (tariff precision), counts whole. Energy
// follows SPEC §9: a column (or chart) steps to MWh / GWh when all its figures reach the step and
// prints that unit once in its header, every cell cut (not rounded) to 2 decimals as the screens
// do, so 999,999 kWh reads 999.99 MWh and never 1,000.00. XLSX and CSV keep plain numbers.

export type ColumnKind = 'text' | 'energy' | 'money' | 'price' | 'decimal' | 'count';
/** A table column as the PDF prints it: its name, its unit (the header shows it) and how its cells read. */
export interface FileColumn {
  name: string;
  unit: string | null;
  kind: ColumnKind;
}
export interface Scale {
  unit: string;
  factor: number;
}

const LOCALES: Record<FileLang, string> = { zh: 'zh-CN', en: 'en-GB' };
const formats = new Map<string, Intl.NumberFormat>();
const numberFormat = (lang: FileLang, min: number, max: number): Intl.NumberFormat => {
  const k = `${lang}|${min}|${max}`;
  let f = formats.get(k);
  if (!f) formats.set(k, (f = new Intl.NumberFormat(LOCALES[lang], { minimumFractionDigits: min, maximumFractionDigits: max, useGrouping: true })));
  return f;
};

/** `x` cut to `d` decimals; the epsilon keeps 0.29 × 100 = 28.999… from losing a hundredth. */
const cut = (x: number, d: number): number => Math.trunc(x * 10 ** d + (x >= 0 ? 1e-9 : -1e-9)) / 10 ** d;

/**
 * The SPEC §9 step of a set of kWh values that share one unit: the step of the smallest non-zero
 * value, so no figure is printed in a unit larger than its own (4,321 kWh never reads 0.00 GWh
 * beside a provider's 8 GWh; the large ones read 8,134,567.89 kWh instead, grouped).
 */
export const energyScale = (values: Iterable<Cell>): Scale => {
  let min = Infinity;
  for (const v of values) if (typeof v === 'number' && Number.isFinite(v) && v !== 0) min = Math.min(min, Math.abs(v));
  return stepOf(min === Infinity ? 0 : min);
};

/** A chart's axis steps by its largest value (its ticks are round numbers, not figures to read off). */
export const axisScale = (values: readonly number[]): Scale => stepOf(Math.max(0, ...values.map(Math.abs)));

const stepOf = (kwh: number): Scale => (kwh >= 1e6 ? { unit: 'GWh', factor: 1e6 } : kwh >= 1000 ? { unit: 'MWh', factor: 1000 } : { unit: 'kWh', factor: 1 });

/** A plain number in `lang` with `min`..`max` decimals. */
export const formatNumber = (v: number, lang: FileLang, min = 2, max = min): string => numberFormat(lang, min, max).format(v);

/** A cell's text: numbers formatted by kind (energy already divided by the column's scale factor). */
export const cellText = (c: Cell, kind: ColumnKind, lang: FileLang, factor = 1): string => {
  if (c === null || c === undefined) return '';
  if (typeof c === 'string' || kind === 'text') return String(c);
  if (!Number.isFinite(c)) return '';
  switch (kind) {
    case 'energy':
      return formatNumber(cut(c / factor, 2), lang);
    case 'price':
      return formatNumber(c, lang, 2, 4);
    case 'count':
      return formatNumber(Math.round(c), lang, 0);
    default:
      return formatNumber(c, lang);
  }
};

/** The kind of a report column from its unit on the wire (kWh, L, %, count, or money). */
export const kindOfUnit = (unit: string): ColumnKind =>
  unit === 'kWh' ? 'energy' : unit === 'count' ? 'count' : unit === 'L' || unit === '%' ? 'decimal' : 'money';
