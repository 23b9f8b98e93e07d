// Writes tables as XLSX files on a worker thread, so building a workbook (exceljs takes a
// fraction of a millisecond per row) never holds up the server's event loop. One long-lived
// worker takes jobs in turn. In: { id, table: FileTable (an empty totals row is left out), path } or { cancel: id }. Out:
// { id, rows } now and then, then { id, done: true }, { id, cancelled: true } (the caller
// removes the file) or { id, error }.
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { parentPort } from 'node:worker_threads';
import ExcelJS from 'exceljs';

const cancelled = new Set();
const queue = [];
let busy = false;
const turn = () => new Promise((r) => setImmediate(r));

const MONEY_FORMAT = '#,##0.00';
// a column's number format by its kind (server/reports/numbers.ts): the cell keeps the full
// number, the reader sees grouped thousands and the figure's decimals (prices keep the tariff's 4)
const KIND_FORMAT = { energy: MONEY_FORMAT, money: MONEY_FORMAT, decimal: MONEY_FORMAT, price: '#,##0.0000', count: '#,##0' };
const formatOf = (i, money, kinds) => (kinds?.[i] ? KIND_FORMAT[kinds[i].kind] : money.includes(i) ? MONEY_FORMAT : undefined);
const columnsOf = (header, money = [], kinds = undefined) =>
  header.map((h, i) => {
    const numFmt = formatOf(i, money, kinds);
    return { header: h, key: `c${i}`, width: Math.max(12, Math.min(40, h.length + 4)), ...(numFmt ? { style: { numFmt } } : {}) };
  });

const write = async ({ id, table, path }) => {
  const out = createWriteStream(path);
  const done = finished(out);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = table.title;
  const ws = wb.addWorksheet((table.sheetName ?? table.title).slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  // numbers are stored at full precision; money, energy and other decimals show #,##0.00, prices
  // #,##0.0000, counts #,##0 (a table without column kinds: money only); units in the headers
  ws.columns = columnsOf(table.header, table.money, table.columns);
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  for (let i = 0; i < table.rows.length; i++) {
    ws.addRow(table.rows[i]).commit();
    if ((i + 1) % 200 === 0) {
      parentPort.postMessage({ id, rows: i + 1 });
      await turn();
      if (cancelled.has(id)) {
        // close the workbook properly (tearing the stream down mid-zip fails later, elsewhere)
        ws.commit();
        await wb.commit();
        await done;
        return { id, cancelled: true };
      }
    }
  }
  if (table.totals.length > 0) {
    const total = ws.addRow(table.totals);
    total.font = { bold: true };
    total.commit();
  }
  ws.commit();
  // further tables of the same file (an analysis: chart, stations), each with its frozen header
  for (const more of table.sheets ?? []) {
    const extra = wb.addWorksheet(more.title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    extra.columns = columnsOf(
      more.header,
      more.money,
      more.kinds?.map((kind) => ({ kind })),
    );
    extra.getRow(1).font = { bold: true };
    extra.getRow(1).commit();
    for (const row of more.rows) extra.addRow(row).commit();
    extra.commit();
  }
  const params = wb.addWorksheet('Parameters');
  params.columns = [{ width: 18 }, { width: 60 }];
  for (const row of table.params) params.addRow(row).commit();
  params.commit();
  await wb.commit();
  await done;
  return { id, done: true };
};

const next = async () => {
  if (busy) return;
  busy = true;
  while (queue.length) {
    const job = queue.shift();
    try {
      parentPort.postMessage(cancelled.has(job.id) ? { id: job.id, cancelled: true } : await write(job));
    } catch (e) {
      parentPort.postMessage({ id: job.id, error: String(e && e.message ? e.message : e) });
    }
    cancelled.delete(job.id);
  }
  busy = false;
};

parentPort.on('message', (m) => {
  if (m.cancel) cancelled.add(m.cancel);
  else {
    queue.push(m);
    void next();
  }
});
