// The reading side of protocol/csv.ts, for the tests of exported files: RFC 4180 fields (quoted
// ones with doubled quotes inside), rows ended by CRLF, a leading byte-order mark dropped. Text
// the writer could not have made (a bare quote or line break in an unquoted field) throws.

const FIELD = /(?:"((?:[^"]|"")*)"|([^",\r\n]*))(,|\r\n|$)/y;

/** The rows of a CSV text, each a list of its fields. */
export function parseCsv(text: string): string[][] {
  const s = text.replace(/^\uFEFF/, '');
  const field = new RegExp(FIELD.source, FIELD.flags);
  const rows: string[][] = [];
  let row: string[] = [];
  while (field.lastIndex < s.length) {
    const at = field.lastIndex;
    const m = field.exec(s);
    if (!m || m[0] === '') throw new Error(`not CSV at character ${at}: ${JSON.stringify(s.slice(at, at + 20))}`);
    row.push(m[1] === undefined ? m[2]! : m[1].replace(/""/g, '"'));
    if (m[3] === ',') continue;
    rows.push(row);
    row = [];
  }
  if (row.length > 0) rows.push([...row, '']);
  return rows;
}
