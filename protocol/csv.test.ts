import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

/** A minimal RFC 4180 reader, to check that what is written reads back as the same cells. */
function parse(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
      i++;
    } else {
      field += c;
    }
  }
  return rows;
}

describe('toCsv', () => {
  it('starts with a byte-order mark and ends every row with CRLF', () => {
    const csv = toCsv(['a', 'b'], [['1', '2']]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1)).toBe('a,b\r\n1,2\r\n');
  });

  it('quotes commas, doubles quotes, keeps line breaks inside a quoted field', () => {
    const csv = toCsv(
      ['name', 'note'],
      [
        ['x,y', 'say "hi"'],
        ['1\n2', 'a\r\nb'],
      ],
    );
    expect(csv.slice(1)).toBe('name,note\r\n"x,y","say ""hi"""\r\n"1\n2","a\r\nb"\r\n');
    expect(parse(csv.slice(1))).toEqual([
      ['name', 'note'],
      ['x,y', 'say "hi"'],
      ['1\n2', 'a\r\nb'],
    ]);
  });

  it('leaves Chinese text and plain fields unquoted', () => {
    expect(toCsv(['电站', 'kW'], [['深圳储能站', 'ok']]).slice(1)).toBe('电站,kW\r\n深圳储能站,ok\r\n');
  });

  it('writes numbers plainly and missing values as empty cells', () => {
    const csv = toCsv(
      ['t', 'p', 'q', 'r'],
      [
        [1_700_000_000_000, -12.5, null, undefined],
        [0, Number.NaN, 1e21, 0.1 + 0.2],
      ],
    );
    expect(csv.slice(1)).toBe('t,p,q,r\r\n1700000000000,-12.5,,\r\n0,,1e+21,0.30000000000000004\r\n');
  });

  it('writes just the header when there are no rows', () => {
    expect(toCsv(['a'], [])).toBe('\uFEFFa\r\n');
  });
});

describe('csvField', () => {
  it('quotes a lone quote and an empty-looking field only when needed', () => {
    expect(csvField('"')).toBe('""""');
    expect(csvField('')).toBe('');
    expect(csvField(' padded ')).toBe(' padded ');
  });
});
