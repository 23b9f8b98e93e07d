import type { ReportItem } from '../../protocol/actions/report-shapes';
import { currencyLabel, isMixedCurrency } from '../../protocol/currency';
import type { ReportAnswer } from './build';
import { itemName, word, type FileLang } from './labels';
import type { ReportKind } from './scope';

// One table as every file format writes it: a header with units, the rows, the totals row, the
// report's parameters and a chart series. The cells are the action's answer, unchanged.

export type Cell = string | number | null;
export interface FileTable {
  title: string;
  fileBase: string;
  params: [string, string][];
  header: string[];
  rows: Cell[][];
  totals: Cell[];
  /** columns from this index on are numbers */
  firstNumber: number;
  /** money columns: kept at full precision, shown as #,##0.00 (the currency is in the header) */
  money?: number[];
  chart: { label: string; points: [string, number][] } | null;
  /** further tables, each on its own sheet (XLSX only) */
  sheets?: { title: string; header: string[]; rows: Cell[][]; money?: number[] }[];
}

const CHARTLESS = new Set<ReportItem>(['availabilityPct']);

export const reportTable = (kind: ReportKind, a: ReportAnswer, lang: FileLang, generatedAt: string): FileTable => {
  const items = a.columns as ReportItem[];
  // money's unit is the currency, named as the reader's language names it
  const unitName = (u: string | undefined) => (u === a.currency ? currencyLabel(a.currency, lang) : (u ?? ''));
  // several currencies: each row says its own, and money is neither totalled nor charted
  const mixed = isMixedCurrency(a.currency);
  const lead = [word(kind === 'platform' ? 'provider' : 'station', lang), word('period', lang), ...(mixed ? [word('currency', lang)] : [])];
  const header = [...lead, ...items.map((i, k) => `${itemName(i, lang)} (${unitName(a.units[k])})`)];
  const rows: Cell[][] = a.rows.map((r) => [r.label, r.period, ...(mixed ? [currencyLabel(r.currency, lang)] : []), ...r.values]);
  const k = items.findIndex((i, n) => !CHARTLESS.has(i) && !(mixed && a.units[n] === a.currency));
  let chart: FileTable['chart'] = null;
  if (k >= 0) {
    const byPeriod = new Map<string, number>();
    for (const r of a.rows) byPeriod.set(r.period, (byPeriod.get(r.period) ?? 0) + (r.values[k] ?? 0));
    chart = { label: `${itemName(items[k]!, lang)} (${unitName(a.units[k])})`, points: [...byPeriod] };
  }
  const title = word(kind, lang);
  return {
    title,
    fileBase: `${kind}-report_${a.from}_${a.to}`,
    params: [
      [word('report', lang), title],
      [word('from', lang), a.from],
      [word('to', lang), a.to],
      [word('granularity', lang), word(a.granularity, lang)],
      [word('items', lang), items.map((i) => itemName(i, lang)).join(', ')],
      [word('currency', lang), currencyLabel(a.currency, lang)],
      [word('generated', lang), generatedAt],
    ],
    header,
    rows,
    totals: [word('total', lang), '', ...(mixed ? [''] : []), ...a.totals],
    firstNumber: lead.length,
    money: items.flatMap((_, n) => (a.units[n] === a.currency ? [lead.length + n] : [])),
    chart,
  };
};
