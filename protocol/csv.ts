// The one CSV writer for every export (RFC 4180). A byte-order mark leads the text so spreadsheet
// programs read it as UTF-8 (without it Excel shows Chinese station names as mojibake), and rows
// end in CRLF as the RFC asks. Numbers are written plainly ('.' decimal, no grouping) so a
// spreadsheet parses them as numbers in any locale; null, undefined and non-finite numbers are
// empty cells.

export type CsvCell = string | number | null | undefined;

/** The MIME type to give a Blob holding `toCsv` output. */
export const CSV_MIME = 'text/csv;charset=utf-8';

const BOM = '\uFEFF';
const CRLF = '\r\n';
const NEEDS_QUOTES = /[",\r\n]/;

/** One field, quoted (inner quotes doubled) when it holds a quote, comma or line break. */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A whole file: BOM, header row, data rows, each row ended by CRLF. */
export function toCsv(header: readonly CsvCell[], rows: Iterable<readonly CsvCell[]>): string {
  const lines = [header.map(csvField).join(',')];
  for (const row of rows) lines.push(row.map(csvField).join(','));
  return BOM + lines.join(CRLF) + CRLF;
}
