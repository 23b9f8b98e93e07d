import { createWriteStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import { pageLabel, word, type FileLang } from './labels';
import { axisScale, cellText, energyScale, formatNumber, type FileColumn } from './numbers';
import { drawChart } from './pdf-chart';
import { drawRow, fitHeader, layoutTable, rowHeight, rowHeights } from './pdf-table';
import type { FileTable } from './table';
import { Cancelled, pacer, type Progress } from './writers';

// A PDF of a table a provider can hand to a customer: the provider's name, the title and period,
// the parameters, a bar chart of the first series, the table (cells wrap, header repeated on
// each page, totals last), a bill's make-up, and on every page a footer with the provider, the
// generated time in the reader's zone and "Page n / N". Numbers are formatted for the reader's
// language (numbers.ts). Text is set in Noto Sans SC (SIL Open Font License, from
// @expo-google-fonts/noto-sans-sc) so Chinese prints; pdfkit embeds only the glyphs used.

const require = createRequire(import.meta.url);
let font: Buffer | null = null;
const cjkFont = (): Buffer => (font ??= readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf')));

const GREEN = '#0b8a66';
const MARGIN = 36;
const CHART_H = 130;
const SUMMARY_SIZE = 9;

export interface PdfHead {
  lang: FileLang;
  /** the service provider the file is from (the platform's name when it spans several) */
  providerName: string;
  /** generatedText(): the time in the reader's zone with the zone's name */
  generated: string;
  /** a line under the title (a report's period); none for a bill, whose title holds its month */
  subtitle?: string;
}

/** public/img/logo.svg drawn with vector paths (32 × 32 units). */
const drawLogo = (doc: PDFKit.PDFDocument, x: number, y: number, size: number): void => {
  const k = size / 32;
  doc.save().translate(x, y).scale(k);
  doc.roundedRect(0, 0, 32, 32, 7).fill(GREEN);
  doc.path('M9 22V10h8M9 16h6M9 22h8').lineWidth(2.4).lineCap('round').lineJoin('round').stroke('#ffffff');
  doc.path('M21 9l-2.5 7h4L20 23').lineWidth(2).stroke('#b8f5dc');
  doc.restore();
};

const columnsOf = (t: FileTable): FileColumn[] => t.columns ?? t.header.map((name, i) => ({ name, unit: null, kind: i >= t.firstNumber ? 'decimal' : 'text' }));

/** Draws text at (x, y) wrapped to `w` and answers the y below it. */
const block = (doc: PDFKit.PDFDocument, s: string, x: number, y: number, w: number, size: number, color: string): number => {
  doc.fontSize(size).fillColor(color);
  const h = doc.heightOfString(s, { width: w });
  doc.text(s, x, y, { width: w });
  return y + h;
};

/** The first page's head: logo, provider, title, period, parameters; answers the y below. */
const drawHead = (doc: PDFKit.PDFDocument, t: FileTable, o: PdfHead, W: number): number => {
  drawLogo(doc, MARGIN, MARGIN, 28);
  let y = block(doc, o.providerName, MARGIN + 36, MARGIN, W - 36, 15, '#111111');
  y = block(doc, t.title, MARGIN + 36, y + 2, W - 36, 12, '#111111');
  if (o.subtitle) y = block(doc, o.subtitle, MARGIN + 36, y + 1, W - 36, 9, '#444444');
  y = Math.max(y, MARGIN + 28) + 8;
  for (const [k, v] of t.params) y = block(doc, `${k}: ${v}`, MARGIN, y, W, 7, '#444444') + 1;
  return y;
};

/** Provider, generated time and "Page n / N" at the foot of the current page. */
const drawFooter = (doc: PDFKit.PDFDocument, o: PdfHead, W: number, n: number, of: number): void => {
  doc.page.margins.bottom = 0; // text below the bottom margin would otherwise open a new page
  const y = doc.page.height - MARGIN + 10;
  doc.fontSize(7).fillColor('#666666');
  const lh = doc.currentLineHeight();
  const right = `${word('generated', o.lang)} ${o.generated}   ${pageLabel(n, of, o.lang)}`;
  const rightW = Math.min(W / 2, doc.widthOfString(right) + 2);
  doc.text(right, MARGIN + W - rightW, y, { width: rightW, align: 'right', lineBreak: false });
  doc.text(o.providerName, MARGIN, y, { width: W - rightW - 16, height: lh, ellipsis: true });
};

export const writePdf = async (t: FileTable, path: string, p: Progress, o: PdfHead): Promise<void> => {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: t.title, Author: o.providerName, Creator: word('platformName', o.lang) },
  });
  const out = createWriteStream(path);
  const done = finished(out);
  doc.pipe(out);
  doc.registerFont('cjk', cjkFont());
  doc.font('cjk');
  const W = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN;

  const cols = columnsOf(t);
  const scales = cols.map((c, i) => (c.kind === 'energy' ? energyScale(t.rows.map((r) => r[i] ?? null)) : null));
  const units = cols.map((c, i) => scales[i]?.unit ?? c.unit);
  const header = cols.map((c, i) => (units[i] ? `${c.name} (${units[i]})` : c.name));
  const all = [...t.rows, t.totals];
  const cells = cols.map((c, i) => all.map((r) => cellText(r[i] ?? null, c.kind, o.lang, scales[i]?.factor)));
  const numeric = cols.map((c) => c.kind !== 'text');

  let y = drawHead(doc, t, o, W);
  if (t.chart && t.chart.points.length) {
    const ch = t.chart;
    const scale = ch.kind === 'energy' ? axisScale(ch.points.map(([, v]) => v)) : { unit: ch.unit ?? '', factor: 1 };
    const title = ch.name ? (scale.unit ? `${ch.name} (${scale.unit})` : ch.name) : ch.label;
    const points = ch.points.map(([k, v]): [string, number] => [k, v / scale.factor]);
    drawChart(doc, { title, points, tick: (v) => formatNumber(v, o.lang, 0, 2) }, { x: MARGIN, y: y + 4, w: W, h: CHART_H });
    y += CHART_H + 12;
  }

  const layout = layoutTable(doc, { header, cells, numeric }, W);
  const headTexts = cols.map((c, i) => fitHeader(doc, c.name, units[i] ?? null, layout.widths[i]!, layout.fontSize));
  const headH = rowHeight(doc, headTexts, layout.widths, layout.fontSize);
  const heights = rowHeights(doc, cells, layout, numeric);
  doc.fontSize(SUMMARY_SIZE);
  const summaryH = t.summary?.length ? 10 + t.summary.length * (doc.currentLineHeight(true) + 3) : 0;

  // pages are counted before they are drawn, so each footer says "n / N" as its page is left
  const tableOnNewPage = y + headH + 20 > bottom;
  const breaks = new Set<number>();
  let pages = tableOnNewPage ? 2 : 1;
  let at = (tableOnNewPage ? MARGIN : y) + headH;
  heights.forEach((h, i) => {
    if (at + h > bottom) {
      breaks.add(i);
      pages++;
      at = MARGIN + headH;
    }
    at += h;
  });
  const summaryOnNewPage = summaryH > 0 && at + summaryH > bottom;
  if (summaryOnNewPage) pages++;
  let page = 1;
  const turn = () => {
    drawFooter(doc, o, W, page++, pages);
    doc.addPage();
  };

  const head = (top: number) => {
    drawRow(doc, headTexts, { x: MARGIN, y: top, h: headH }, layout, numeric, { fill: '#e8f4ef' });
    return top + headH;
  };
  if (tableOnNewPage) {
    turn();
    y = MARGIN;
  }
  y = head(y);
  const step = pacer(p);
  for (let i = 0; i < all.length; i++) {
    if (breaks.has(i)) {
      turn();
      y = head(MARGIN);
    }
    drawRow(
      doc,
      cells.map((c) => c[i]!),
      { x: MARGIN, y, h: heights[i]! },
      layout,
      numeric,
      i === all.length - 1 ? { fill: '#f1f4f3' } : {},
    );
    y += heights[i]!;
    try {
      await step(i);
    } catch (e) {
      doc.end();
      await done;
      throw e instanceof Cancelled ? e : new Error(String(e));
    }
  }
  if (summaryOnNewPage) {
    turn();
    y = MARGIN - 10;
  }
  if (t.summary?.length) drawSummary(doc, t.summary, o.lang, { x: MARGIN, y: y + 10, w: W });
  drawFooter(doc, o, W, page, pages);
  doc.end();
  await done;
  p.tick(t.rows.length);
};

/** A bill's make-up under its table: label, figure and unit per line, right-aligned. */
const drawSummary = (doc: PDFKit.PDFDocument, lines: NonNullable<FileTable['summary']>, lang: FileLang, at: { x: number; y: number; w: number }): void => {
  doc.fontSize(SUMMARY_SIZE); // measured at the total's size, the largest
  const lh = doc.currentLineHeight(true) + 3;
  let y = at.y;
  const texts = lines.map((l) => [l.label, cellText(l.value, l.kind, lang), l.unit ?? '']);
  const wOf = (k: number) => Math.max(...texts.map((r) => doc.widthOfString(r[k]!))) + 8;
  const [lw, vw, uw] = [wOf(0), wOf(1), wOf(2)];
  const x = at.x + at.w - lw - vw - uw;
  texts.forEach(([label, value, unit], i) => {
    const last = i === texts.length - 1;
    if (last)
      doc
        .moveTo(x, y - 1)
        .lineTo(at.x + at.w, y - 1)
        .lineWidth(0.5)
        .stroke('#888888');
    doc.fontSize(last ? SUMMARY_SIZE : 8).fillColor('#111111');
    doc.text(label!, x, y, { width: lw, lineBreak: false });
    doc.text(value!, x + lw, y, { width: vw - 4, align: 'right', lineBreak: false });
    doc.text(unit!, x + lw + vw, y, { width: uw, lineBreak: false });
    y += lh;
  });
};
