import type { ReportItem } from '../../protocol/actions/report-shapes';
import { currencyLabel, isMixedCurrency } from '../../protocol/currency';
import type { ReportAnswer } from './build';
import { itemName, word, type FileLang } from './labels';
import { kindOfUnit, type Cell, type ColumnKind, type FileColumn } from './numbers';
import type { ReportKind } from './scope';

// One table as every file format writes it: a header with units, the rows, the totals row, the
// report's parameters and a chart series. The cells are the action's answer, unchanged; the
// columns say how the PDF prints them (numbers.ts), XLSX and CSV keep them plain.

export type { Cell } from './numbers';
export interface FileTable {
  title: string;
  /** the workbook tab's name when it differs from the title (a tab says what it holds, not its status) */
  sheetName?: string;
  fileBase: string;
  params: [string, string][];
  header: string[];
  rows: Cell[][];
  totals: Cell[];
  /** columns from this index on are numbers */
  firstNumber: number;
  /** name, unit and kind of each column (the PDF formats by these; without them: text, then plain numbers) */
  columns?: FileColumn[];
  /** money columns: kept at full precision, shown as #,##0.00 (the currency is in the header) */
  money?: number[];
  /** the chart's name and unit apart, so the PDF can step an energy to MWh / GWh */
  chart: { label: string; name?: string; unit?: string | null; kind?: ColumnKind; points: [string, number][] } | null;
  /** figures under the table (a bill's make-up), PDF only */
  summary?: { label: string; value: Cell; unit: string | null; kind: ColumnKind }[];
  /** further tables, each on its own sheet (XLSX only) */
  sheets?: { title: string; header: string[]; rows: Cell[][]; money?: number[]; kinds?: ColumnKind[] }[];
}

const CHARTLESS = new Set<ReportItem>(['availabilityPct']);

export const reportTable = (kind: ReportKind, a: ReportAnswer, lang: FileLang, generated: string): FileTable => {
  const items = a.columns as ReportItem[];
  // several currencies: each row says its own, and money is neither totalled nor charted
  const mixed = isMixedCurrency(a.currency);
  const lead = [word(kind === 'platform' ? 'provider' : 'station', lang), word('period', lang), ...(mixed ? [word('currency', lang)] : [])];
  const isMoney = (n: number) => kindOfUnit(a.units[n]!) === 'money';
  // money's unit on the wire is the currency, named as the reader's language names it
  const unitName = (n: number) => (isMoney(n) ? currencyLabel(a.units[n]!, lang) : a.units[n]!);
  const header = [...lead, ...items.map((i, n) => `${itemName(i, lang)} (${unitName(n)})`)];
  const columns: FileColumn[] = [
    ...lead.map((name): FileColumn => ({ name, unit: null, kind: 'text' })),
    ...items.map((i, n): FileColumn => ({ name: itemName(i, lang), unit: a.units[n] === 'count' ? null : unitName(n), kind: kindOfUnit(a.units[n]!) })),
  ];
  // a value the answer leaves null is unknown (no data that bucket), never a zero
  const cell = (v: number | null): Cell => v ?? word('noData', lang);
  const rows: Cell[][] = a.rows.map((r) => [r.label, r.period, ...(mixed ? [currencyLabel(r.currency, lang)] : []), ...r.values.map(cell)]);
  const k = items.findIndex((i, n) => !CHARTLESS.has(i) && !(mixed && isMoney(n)));
  let chart: FileTable['chart'] = null;
  if (k >= 0) {
    const byPeriod = new Map<string, number>();
    for (const r of a.rows) byPeriod.set(r.period, (byPeriod.get(r.period) ?? 0) + (r.values[k] ?? 0));
    const c = columns[k + lead.length]!;
    chart = { label: `${itemName(items[k]!, lang)} (${unitName(k)})`, name: c.name, unit: c.unit, kind: c.kind, points: [...byPeriod] };
  }
  // the open period's figures still change: the file says so in its title, parameters and totals
  const provisional = a.openFrom !== null;
  const title = provisional ? `${word(kind, lang)} · ${word('provisional', lang)}` : word(kind, lang);
  const totalLabel = provisional ? `${word('total', lang)} (${word('provisional', lang)})` : word('total', lang);
  return {
    title,
    sheetName: word(kind, lang),
    fileBase: `${kind}-report_${a.from}_${a.to}`,
    params: [
      [word('report', lang), title],
      [word('from', lang), a.from],
      [word('to', lang), a.to],
      [word('granularity', lang), word(a.granularity, lang)],
      [word('items', lang), items.map((i) => itemName(i, lang)).join(', ')],
      [word('currency', lang), currencyLabel(a.currency, lang)],
      [word('status', lang), word(provisional ? 'provisionalNote' : 'final', lang)],
      [word('generated', lang), generated],
    ],
    header,
    columns,
    rows,
    // money of several currencies has no total
    totals: [totalLabel, '', ...(mixed ? [''] : []), ...a.totals.map((v, n) => (mixed && isMoney(n) ? '' : cell(v)))],
    firstNumber: lead.length,
    money: items.flatMap((_, n) => (isMoney(n) ? [lead.length + n] : [])),
    chart,
  };
};
