import type { ReportItem } from '../../protocol/actions/report-shapes';
import type { ReportAnswer } from './build';
import { itemName, word, type FileLang } from './labels';
import { currencyLabel, kindOfUnit, type Cell, type ColumnKind, type FileColumn } from './numbers';
import type { ReportKind } from './scope';

// One table as every file format writes it: a header with units, the rows, the totals row, the
// report's parameters and a chart series. The cells are the action's answer, unchanged; the
// columns say how the PDF prints them (numbers.ts), XLSX and CSV keep them plain.

export type { Cell } from './numbers';
export interface FileTable {
  title: string;
  fileBase: string;
  params: [string, string][];
  header: string[];
  rows: Cell[][];
  totals: Cell[];
  /** columns from this index on are numbers */
  firstNumber: number;
  /** name, unit and kind of each column (the PDF formats by these; without them: text, then plain numbers) */
  columns?: FileColumn[];
  /** the chart's name and unit apart, so the PDF can step an energy to MWh / GWh */
  chart: { label: string; name?: string; unit?: string | null; kind?: ColumnKind; points: [string, number][] } | null;
  /** figures under the table (a bill's make-up), PDF only */
  summary?: { label: string; value: Cell; unit: string | null; kind: ColumnKind }[];
  /** further tables, each on its own sheet (XLSX only) */
  sheets?: { title: string; header: string[]; rows: Cell[][] }[];
}

const CHARTLESS = new Set<ReportItem>(['availabilityPct']);

export const reportTable = (kind: ReportKind, a: ReportAnswer, lang: FileLang, generated: string): FileTable => {
  const items = a.columns as ReportItem[];
  // money in the answer's currency (the unit on the wire names no currency of its own)
  const unitAt = (k: number) => (kindOfUnit(a.units[k]!) === 'money' ? a.currency : a.units[k]!);
  const header = [word(kind === 'platform' ? 'provider' : 'station', lang), word('period', lang), ...items.map((i, k) => `${itemName(i, lang)} (${unitAt(k)})`)];
  const columns: FileColumn[] = [
    { name: header[0]!, unit: null, kind: 'text' },
    { name: header[1]!, unit: null, kind: 'text' },
    ...items.map((i, k): FileColumn => {
      const kindAt = kindOfUnit(a.units[k]!);
      const unit = kindAt === 'money' ? currencyLabel(a.currency, lang) : a.units[k] === 'count' ? null : a.units[k]!;
      return { name: itemName(i, lang), unit, kind: kindAt };
    }),
  ];
  // a value the answer leaves null is unknown (no data that bucket), never a zero
  const cell = (v: number | null): Cell => v ?? word('noData', lang);
  const rows: Cell[][] = a.rows.map((r) => [r.label, r.period, ...r.values.map(cell)]);
  const k = items.findIndex((i) => !CHARTLESS.has(i));
  let chart: FileTable['chart'] = null;
  if (k >= 0) {
    const byPeriod = new Map<string, number>();
    for (const r of a.rows) byPeriod.set(r.period, (byPeriod.get(r.period) ?? 0) + (r.values[k] ?? 0));
    const c = columns[k + 2]!;
    chart = { label: `${itemName(items[k]!, lang)} (${unitAt(k)})`, name: c.name, unit: c.unit, kind: c.kind, points: [...byPeriod] };
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
      [word('generated', lang), generated],
    ],
    header,
    columns,
    rows,
    totals: [word('total', lang), '', ...a.totals.map(cell)],
    firstNumber: 2,
    chart,
  };
};
