// A bar chart with a title, a value axis and period labels, placed so no two texts meet: the
// title sits above the plot with room for the top tick's label, tick labels sit in a gutter
// measured to their widest, and period labels are thinned to every n-th bar so each has its
// own width (a label that would still touch its neighbour or leave the plot is dropped).

const GREEN = '#0b8a66';
const TITLE_SIZE = 8;
const TICK_SIZE = 6;
const GAP = 4;

/** Round steps (1, 2, 2.5, 5 × 10ⁿ) covering `lo`..`hi` in about `n` intervals. */
export const niceTicks = (lo: number, hi: number, n = 4): number[] => {
  if (hi <= lo) hi = lo + 1;
  const raw = (hi - lo) / n;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((k) => k * mag).find((s) => s >= raw)!;
  const out: number[] = [];
  for (let v = Math.floor(lo / step) * step; v < hi + step * 0.999; v += step) out.push(Math.round(v / step) * step);
  return out;
};

export interface ChartSpec {
  title: string;
  points: [string, number][];
  /** a tick value as printed (already in the title's unit) */
  tick: (v: number) => string;
}

export const drawChart = (doc: PDFKit.PDFDocument, c: ChartSpec, box: { x: number; y: number; w: number; h: number }): void => {
  const { x, y, w, h } = box;
  doc.fontSize(TITLE_SIZE).fillColor('#333333');
  const titleH = doc.heightOfString(c.title, { width: w });
  doc.text(c.title, x, y, { width: w });

  const values = c.points.map(([, v]) => v);
  const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values));
  const lo = ticks[0]!;
  const hi = ticks.at(-1)!;
  doc.fontSize(TICK_SIZE);
  const tickH = doc.currentLineHeight();
  const labels = ticks.map(c.tick);
  const gutter = Math.max(...labels.map((s) => doc.widthOfString(s))) + GAP;
  const left = x + gutter;
  const top = y + titleH + GAP + tickH / 2;
  const bottom = y + h - tickH - GAP;
  const plotH = bottom - top;
  const yOf = (v: number) => bottom - ((v - lo) / (hi - lo)) * plotH;

  doc.fillColor('#555555');
  ticks.forEach((t, i) => {
    const ty = yOf(t);
    doc
      .moveTo(left, ty)
      .lineTo(x + w, ty)
      .lineWidth(0.3)
      .stroke(t === 0 ? '#888888' : '#e2e6e4');
    doc.text(labels[i]!, x, ty - tickH / 2, { width: gutter - GAP, align: 'right', lineBreak: false });
  });
  doc.moveTo(left, top).lineTo(left, bottom).lineWidth(0.5).stroke('#888888');

  const slot = (x + w - left) / Math.max(1, c.points.length);
  const zero = yOf(0);
  c.points.forEach(([, v], i) => {
    const vy = yOf(v);
    doc.rect(left + i * slot + slot * 0.15, Math.min(vy, zero), Math.max(0.3, slot * 0.7), Math.abs(zero - vy)).fill(GREEN);
  });

  doc.fontSize(TICK_SIZE).fillColor('#555555');
  const widths = c.points.map(([p]) => doc.widthOfString(p));
  const every = Math.max(1, Math.ceil((Math.max(0, ...widths) + 2 * GAP) / slot));
  let lastRight = -Infinity;
  c.points.forEach(([p], i) => {
    if (i % every !== 0) return;
    const lw = widths[i]!;
    const lx = Math.min(Math.max(left + (i + 0.5) * slot - lw / 2, left), x + w - lw);
    if (lx < lastRight + GAP) return;
    doc.text(p, lx, bottom + GAP / 2, { lineBreak: false });
    lastRight = lx + lw;
  });
};
