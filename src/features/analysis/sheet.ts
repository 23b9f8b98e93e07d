// What an analysis screen shows, as one structure the page renders and the CSV export writes:
// the figures (value and unit as printed), the chart's lines per bucket (the answer's numbers, in
// its units) and the tables (cells as printed on screen; in the file the numbers themselves, in
// their base unit named in the header, so a spreadsheet can add them up).
import { toCsv, type CsvCell } from '../../../protocol/csv';
import type { TFn } from '../../i18n/i18n';
import type { ShownColumn } from './columns';
import { label, show, showAs, type FigureKey } from './figures';

export interface FigureValue {
  key: FigureKey;
  value: number | null;
  /** undefined: no comparison asked */
  compare?: number | null;
  /** how it was computed, printed under the value */
  note?: string;
}
export interface ChartLine {
  key: FigureKey;
  unit: string;
  values: readonly (number | null)[];
  compare: readonly (number | null)[] | null;
}
export interface SheetTable {
  title: string;
  head: string[];
  rows: string[][];
  fileHead: string[];
  fileRows: CsvCell[][];
}
export interface Sheet {
  figures: FigureValue[];
  buckets: readonly string[];
  lines: ChartLine[];
  tables: SheetTable[];
}

export const tableOf = <R>(title: string, columns: readonly ShownColumn<R>[], rows: readonly R[]): SheetTable => ({
  title,
  head: columns.map((c) => c.header),
  rows: rows.map((r) => columns.map((c) => c.text(r))),
  fileHead: columns.map((c) => c.fileHeader),
  fileRows: rows.map((r) => columns.map((c) => c.fileCell(r))),
});

export function sheetCsv(sheet: Sheet, t: TFn, currency: string): string {
  const rows: CsvCell[][] = [];
  const figs = t('analysis:csv.figures');
  for (const f of sheet.figures) {
    const s = show(f.key, f.value, t, currency);
    rows.push([figs, label(t, f.key), s.value, s.unit, f.compare === undefined ? null : showAs(f.key, f.compare, s, t, currency).value, f.note]);
  }
  const chart = t('analysis:csv.chart');
  rows.push([]);
  const compared = sheet.lines.filter((l) => l.compare !== null);
  rows.push([
    chart,
    t('analysis:chart.bucket'),
    ...sheet.lines.map((l) => `${label(t, l.key)} (${l.unit})`),
    ...compared.map((l) => t('analysis:chart.compare', { label: `${label(t, l.key)} (${l.unit})` })),
  ]);
  sheet.buckets.forEach((b, i) => rows.push([chart, b, ...sheet.lines.map((l) => l.values[i] ?? null), ...compared.map((l) => l.compare?.[i] ?? null)]));
  for (const tb of sheet.tables) {
    rows.push([]);
    rows.push([tb.title, ...tb.fileHead]);
    for (const r of tb.fileRows) rows.push([tb.title, ...r]);
  }
  return toCsv(
    [t('analysis:csv.section'), t('analysis:csv.figure'), t('analysis:csv.value'), t('analysis:csv.unit'), t('analysis:csv.compare'), t('analysis:csv.note')],
    rows,
  );
}
