import { createWriteStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import type { FileTable } from './table';
import { Cancelled, pacer, type Progress } from './writers';

// A PDF of a table: the platform's logo and name, the title and period, a bar chart of the
// first series and the table (header repeated on each page, totals last). The text is set in
// Noto Sans SC (SIL Open Font License, from @expo-google-fonts/noto-sans-sc) so Chinese prints;
// pdfkit embeds only the glyphs used.

const require = createRequire(import.meta.url);
let font: Buffer | null = null;
const cjkFont = (): Buffer => (font ??= readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf')));

const GREEN = '#0b8a66';
const MARGIN = 36;

/** public/img/logo.svg drawn with vector paths (32 × 32 units). */
const drawLogo = (doc: PDFKit.PDFDocument, x: number, y: number, size: number): void => {
  const k = size / 32;
  doc.save().translate(x, y).scale(k);
  doc.roundedRect(0, 0, 32, 32, 7).fill(GREEN);
  doc.path('M9 22V10h8M9 16h6M9 22h8').lineWidth(2.4).lineCap('round').lineJoin('round').stroke('#ffffff');
  doc.path('M21 9l-2.5 7h4L20 23').lineWidth(2).stroke('#b8f5dc');
  doc.restore();
};

const drawChart = (doc: PDFKit.PDFDocument, chart: NonNullable<FileTable['chart']>, x: number, y: number, w: number, h: number): void => {
  const pts = chart.points;
  doc.fontSize(8).fillColor('#333333').text(chart.label, x, y, { lineBreak: false });
  const top = y + 14;
  const plotH = h - 28;
  const max = Math.max(1e-9, ...pts.map(([, v]) => Math.abs(v)));
  doc.moveTo(x, top + plotH).lineTo(x + w, top + plotH).lineWidth(0.5).stroke('#999999');
  const slot = w / Math.max(1, pts.length);
  pts.forEach(([, v], i) => {
    const bh = (Math.abs(v) / max) * plotH;
    doc.rect(x + i * slot + slot * 0.15, top + plotH - bh, Math.max(0.3, slot * 0.7), bh).fill(GREEN);
  });
  doc.fillColor('#555555').fontSize(6);
  if (pts.length) {
    doc.text(pts[0]![0], x, top + plotH + 3, { lineBreak: false });
    doc.text(pts.at(-1)![0], x + w - 60, top + plotH + 3, { width: 60, align: 'right', lineBreak: false });
  }
  doc.text(String(Math.round(max * 1000) / 1000), x - 2, top - 8, { lineBreak: false });
};

const cellText = (c: unknown): string => (c === null || c === undefined ? '' : String(c));

export const writePdf = async (t: FileTable, path: string, p: Progress, o: { platformName: string; subtitle: string }): Promise<void> => {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: MARGIN, info: { Title: t.title, Author: o.platformName } });
  const out = createWriteStream(path);
  const done = finished(out);
  doc.pipe(out);
  doc.registerFont('cjk', cjkFont());
  doc.font('cjk');
  const W = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN;
  drawLogo(doc, MARGIN, MARGIN, 28);
  doc.fillColor('#111111').fontSize(16).text(o.platformName, MARGIN + 36, MARGIN + 2, { lineBreak: false });
  doc.fontSize(12).text(`${t.title}  ${o.subtitle}`, MARGIN + 36, MARGIN + 22, { lineBreak: false });
  let y = MARGIN + 44;
  doc.fontSize(7).fillColor('#444444');
  for (const [k, v] of t.params) {
    doc.text(`${k}: ${v}`, MARGIN, y, { width: W, lineBreak: false });
    y += 10;
  }
  if (t.chart && t.chart.points.length) {
    drawChart(doc, t.chart, MARGIN + 20, y + 6, W - 20, 150);
    y += 166;
  }
  const colW = W / t.header.length;
  const rowH = 11;
  const header = (at: number) => {
    doc.rect(MARGIN, at, W, rowH + 4).fill('#e8f4ef');
    doc.fillColor('#111111').fontSize(6.5);
    t.header.forEach((h, i) => doc.text(h, MARGIN + i * colW + 2, at + 2, { width: colW - 4, height: rowH + 2, lineBreak: false, ellipsis: true }));
    return at + rowH + 6;
  };
  const line = (cells: readonly unknown[], at: number) => {
    cells.forEach((c, i) =>
      doc.text(cellText(c), MARGIN + i * colW + 2, at, { width: colW - 4, lineBreak: false, align: i >= t.firstNumber ? 'right' : 'left' }));
  };
  y = header(y + 4);
  doc.fontSize(7).fillColor('#111111');
  const all = [...t.rows, t.totals];
  const step = pacer(p);
  for (let i = 0; i < all.length; i++) {
    if (y + rowH > bottom) {
      doc.addPage();
      y = header(MARGIN);
      doc.fontSize(7).fillColor('#111111');
    }
    line(all[i]!, y);
    y += rowH;
    try {
      await step(i);
    } catch (e) {
      doc.end();
      await done;
      throw e instanceof Cancelled ? e : new Error(String(e));
    }
  }
  doc.end();
  await done;
  p.tick(t.rows.length);
};
