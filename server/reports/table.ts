import type { ReportItem } from '../../protocol/actions/report-shapes';
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
  chart: { label: string; points: [string, number][] } | null;
  /** further tables, each on its own sheet (XLSX only) */
  sheets?: { title: string; header: string[]; rows: Cell[][] }[];
}

const CHARTLESS = new Set<ReportItem>(['availabilityPct']);

export const reportTable = (kind: ReportKind, a: ReportAnswer, lang: FileLang, generatedAt: string): FileTable => {
  const items = a.columns as ReportItem[];
  const header = [word(kind === 'platform' ? 'provider' : 'station', lang), word('period', lang), ...items.map((i, k) => `${itemName(i, lang)} (${a.units[k]})`)];
  // a value the answer leaves null is unknown (no data that bucket), never a zero
  const cell = (v: number | null): Cell => v ?? word('noData', lang);
  const rows: Cell[][] = a.rows.map((r) => [r.label, r.period, ...r.values.map(cell)]);
  const k = items.findIndex((i) => !CHARTLESS.has(i));
  let chart: FileTable['chart'] = null;
  if (k >= 0) {
    const byPeriod = new Map<string, number>();
    for (const r of a.rows) byPeriod.set(r.period, (byPeriod.get(r.period) ?? 0) + (r.values[k] ?? 0));
    chart = { label: `${itemName(items[k]!, lang)} (${a.units[k]})`, points: [...byPeriod] };
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
      [word('currency', lang), a.currency],
      [word('generated', lang), generatedAt],
    ],
    header,
    rows,
    totals: [word('total', lang), '', ...a.totals.map(cell)],
    firstNumber: 2,
    chart,
  };
};
