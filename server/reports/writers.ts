import { createWriteStream, type WriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import { csvField, toCsv } from '../../protocol/csv';
import type { FileTable } from './table';

// Writers of a table to a file, row by row. After every few milliseconds of work they give the
// event loop a turn (other requests go on while a platform year is written), report progress
// and ask whether to stop.

export interface Progress {
  /** rows written so far */
  tick(rows: number): void;
  cancelled(): boolean;
}
export class Cancelled extends Error {}

const CHUNK = 250;
/** the longest stretch of work between two turns of the event loop */
const BUDGET_MS = 8;
export const yieldTurn = (): Promise<void> => new Promise((r) => setImmediate(r));

/** A step function for a loop over rows: yields once the budget is spent; throws Cancelled when asked to stop. */
export const pacer = (p: Progress) => {
  let since = performance.now();
  return async (i: number): Promise<void> => {
    if (i % 8 !== 0 || performance.now() - since < BUDGET_MS) return;
    p.tick(i);
    await yieldTurn();
    since = performance.now();
    if (p.cancelled()) throw new Cancelled();
  };
};

interface Pending {
  p: Progress;
  rowsTotal: number;
  resolve: () => void;
  reject: (e: Error) => void;
}
const pending = new Map<string, Pending>();
let worker: Worker | null = null;
let seq = 0;

/** The long-lived XLSX worker (xlsx-worker.mjs), started on first use; it does not keep the process alive. */
const xlsxWorker = (): Worker => {
  if (worker) return worker;
  const w = new Worker(new URL('./xlsx-worker.mjs', import.meta.url));
  w.unref();
  w.on('message', (m: { id: string; rows?: number; done?: boolean; cancelled?: boolean; error?: string }) => {
    const job = pending.get(m.id);
    if (!job) return;
    if (m.rows !== undefined) job.p.tick(m.rows);
    if (!m.done && !m.cancelled && m.error === undefined) return;
    pending.delete(m.id);
    if (m.done) {
      job.p.tick(job.rowsTotal);
      job.resolve();
    } else job.reject(m.cancelled ? new Cancelled() : new Error(m.error));
  });
  const fail = (e: Error) => {
    worker = null;
    for (const job of pending.values()) job.reject(e);
    pending.clear();
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`xlsx writer exited with ${code}`)));
  return (worker = w);
};

/** XLSX on the worker thread: the event loop stays free while the workbook is built. */
export const writeXlsx = (t: FileTable, path: string, p: Progress): Promise<void> =>
  new Promise((resolve, reject) => {
    const id = String(++seq);
    const w = xlsxWorker();
    const poll = setInterval(() => {
      if (p.cancelled()) w.postMessage({ cancel: id });
    }, 50);
    const stop = () => clearInterval(poll);
    pending.set(id, { p, rowsTotal: t.rows.length, resolve: () => (stop(), resolve()), reject: (e) => (stop(), reject(e)) });
    w.postMessage({ id, table: t, path });
  });

const writeChunk = (out: WriteStream, s: string): Promise<void> => (out.write(s) ? Promise.resolve() : new Promise((r) => out.once('drain', () => r())));

export const writeCsv = async (t: FileTable, path: string, p: Progress): Promise<void> => {
  const out = createWriteStream(path);
  const done = finished(out);
  await writeChunk(out, toCsv(t.header, []));
  const step = pacer(p);
  let buf: string[] = [];
  for (let i = 0; i < t.rows.length; i++) {
    buf.push(t.rows[i]!.map(csvField).join(','));
    if (buf.length === CHUNK) {
      await writeChunk(out, `${buf.join('\r\n')}\r\n`);
      buf = [];
    }
    await step(i + 1);
  }
  buf.push(t.totals.map(csvField).join(','));
  await writeChunk(out, `${buf.join('\r\n')}\r\n`);
  out.end();
  await done;
  p.tick(t.rows.length);
};
