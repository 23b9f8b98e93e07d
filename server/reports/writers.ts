import { createWriteStream, type WriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { csvField, toCsv } from '../../protocol/csv';
import type { FileTable } from './table';

// Writers of a table to a file, row by row. Every few hundred rows they give the event loop a
// turn (other requests go on while a platform year is written) and ask whether to stop.

export interface Progress {
  /** rows written so far */
  tick(rows: number): void;
  cancelled(): boolean;
}
export class Cancelled extends Error {}

const CHUNK = 250;
export const yieldTurn = (): Promise<void> => new Promise((r) => setImmediate(r));

const step = async (i: number, p: Progress): Promise<void> => {
  if (i % CHUNK !== 0) return;
  p.tick(i);
  await yieldTurn();
  if (p.cancelled()) throw new Cancelled();
};

const NUMBER_FORMAT = '0.####';

export const writeXlsx = async (t: FileTable, path: string, p: Progress): Promise<void> => {
  const out = createWriteStream(path);
  const done = finished(out);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = t.title;
  const ws = wb.addWorksheet(t.title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = t.header.map((h, i) => ({ header: h, key: `c${i}`, width: Math.max(12, Math.min(40, h.length + 4)), style: i >= t.firstNumber ? { numFmt: NUMBER_FORMAT } : {} }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  for (let i = 0; i < t.rows.length; i++) {
    ws.addRow(t.rows[i]).commit();
    await step(i + 1, p);
  }
  const total = ws.addRow(t.totals);
  total.font = { bold: true };
  total.commit();
  ws.commit();
  const params = wb.addWorksheet('Parameters');
  params.columns = [{ width: 18 }, { width: 60 }];
  for (const row of t.params) params.addRow(row).commit();
  params.commit();
  await wb.commit();
  await done;
  p.tick(t.rows.length);
};

const writeChunk = (out: WriteStream, s: string): Promise<void> =>
  out.write(s) ? Promise.resolve() : new Promise((r) => out.once('drain', () => r()));

export const writeCsv = async (t: FileTable, path: string, p: Progress): Promise<void> => {
  const out = createWriteStream(path);
  const done = finished(out);
  await writeChunk(out, toCsv(t.header, []));
  let buf: string[] = [];
  for (let i = 0; i < t.rows.length; i++) {
    buf.push(t.rows[i]!.map(csvField).join(','));
    if (buf.length === CHUNK) {
      await writeChunk(out, `${buf.join('\r\n')}\r\n`);
      buf = [];
    }
    await step(i + 1, p);
  }
  buf.push(t.totals.map(csvField).join(','));
  await writeChunk(out, `${buf.join('\r\n')}\r\n`);
  out.end();
  await done;
  p.tick(t.rows.length);
};
