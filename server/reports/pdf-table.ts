// Column widths and rows of a PDF table whose text wraps inside its cells. A number never wraps
// (its column is at least as wide as its widest figure); a header word is never cut (a column is
// at least as wide as its longest header word); names wrap, and a row is as tall as its tallest
// cell. When even those minimums do not fit the page, the type gets smaller.

export const PAD_X = 3;
export const PAD_Y = 2;
const SIZES = [7, 6.5, 6, 5.5, 5] as const;
/** a name column asks at most this much for its longest word; longer words wrap inside */
const NAME_WORD_CAP = 90;

export interface TableText {
  /** header text of each column (name and unit) */
  header: string[];
  /** each column's cell texts, totals included */
  cells: string[][];
  /** true for number columns (right-aligned, never wrapped) */
  numeric: boolean[];
}
export interface TableLayout {
  fontSize: number;
  widths: number[];
}

/** The few longest texts of a column by length: measuring them finds its widest without measuring thousands. */
const longest = (texts: readonly string[], n = 4): string[] => {
  const top: string[] = [];
  for (const s of texts) {
    if (top.length < n) top.push(s);
    else {
      let k = 0;
      for (let i = 1; i < n; i++) if (top[i]!.length < top[k]!.length) k = i;
      if (s.length > top[k]!.length) top[k] = s;
    }
  }
  return top;
};

const words = (s: string): string[] => s.split(/\s+/).filter(Boolean);

const widthsAt = (doc: PDFKit.PDFDocument, t: TableText, size: number, W: number): number[] | null => {
  doc.fontSize(size);
  const wOf = (s: string) => doc.widthOfString(s);
  const mins: number[] = [];
  const prefs: number[] = [];
  t.header.forEach((h, c) => {
    const headWord = Math.max(0, ...words(h).map(wOf));
    const widest = Math.max(0, ...longest(t.cells[c]!).map(wOf));
    const min = t.numeric[c]
      ? Math.max(headWord, widest)
      : Math.max(headWord, Math.min(NAME_WORD_CAP, Math.max(0, ...longest(t.cells[c]!.flatMap(words)).map(wOf))));
    mins.push(min + 2 * PAD_X);
    prefs.push(Math.max(min, widest, wOf(h)) + 2 * PAD_X);
  });
  const sumMin = mins.reduce((a, b) => a + b, 0);
  if (sumMin > W) return null;
  // room above the minimums goes first to the names (a name on one line saves the most height),
  // then to headers that would wrap, then evenly
  const widths = [...mins];
  let extra = W - sumMin;
  for (const names of [true, false]) {
    const idx = widths.map((_, i) => i).filter((i) => !t.numeric[i] === names);
    const want = idx.reduce((a, i) => a + prefs[i]! - mins[i]!, 0);
    const share = want > 0 ? Math.min(1, extra / want) : 0;
    for (const i of idx) widths[i]! += (prefs[i]! - mins[i]!) * share;
    extra -= want * share;
  }
  return widths.map((w) => w + extra / widths.length);
};

/** The largest type size at which the table's minimum widths fit `W`, and the widths there. */
export const layoutTable = (doc: PDFKit.PDFDocument, t: TableText, W: number): TableLayout => {
  for (const size of SIZES) {
    const widths = widthsAt(doc, t, size, W);
    if (widths) return { fontSize: size, widths };
  }
  return { fontSize: SIZES.at(-1)!, widths: t.header.map(() => W / t.header.length) };
};

/**
 * A header as it fits its column: "Income (USD)" on one line when it can, else the unit on a
 * line of its own, so a unit is never broken ("(美" / "元)") and the name wraps by itself.
 */
export const fitHeader = (doc: PDFKit.PDFDocument, name: string, unit: string | null, width: number, size: number): string => {
  if (!unit) return name;
  const one = `${name} (${unit})`;
  doc.fontSize(size);
  return doc.widthOfString(one) <= width - 2 * PAD_X ? one : `${name}\n(${unit})`;
};

// pdfkit counts a line break's own glyph into the width of the word before it, so a cell's
// forced lines ("name\n(unit)") are measured and set one by one.
const cellHeight = (doc: PDFKit.PDFDocument, s: string, width: number): number =>
  s.split('\n').reduce((h, part) => h + (doc.widthOfString(part) > width ? doc.heightOfString(part, { width }) : doc.currentLineHeight(true)), 0);

/** The height of a row: its tallest cell wrapped in its column. */
export const rowHeight = (doc: PDFKit.PDFDocument, texts: readonly string[], widths: readonly number[], size: number): number => {
  doc.fontSize(size);
  let h = doc.currentLineHeight(true);
  texts.forEach((s, c) => {
    if (s) h = Math.max(h, cellHeight(doc, s, widths[c]! - 2 * PAD_X));
  });
  return h + 2 * PAD_Y;
};

/**
 * Every row's height. Numbers never wrap, so only the name columns are measured, each distinct
 * text once (a provider's name repeats on every one of its periods).
 */
export const rowHeights = (doc: PDFKit.PDFDocument, cells: readonly string[][], l: TableLayout, numeric: readonly boolean[]): number[] => {
  doc.fontSize(l.fontSize);
  const line = doc.currentLineHeight(true);
  const rows = cells[0]?.length ?? 0;
  const out = new Array<number>(rows).fill(line);
  cells.forEach((col, c) => {
    if (numeric[c]) return;
    const width = l.widths[c]! - 2 * PAD_X;
    const seen = new Map<string, number>();
    for (let i = 0; i < rows; i++) {
      const s = col[i]!;
      let h = seen.get(s);
      if (h === undefined) seen.set(s, (h = s ? cellHeight(doc, s, width) : line));
      if (h > out[i]!) out[i] = h;
    }
  });
  return out.map((h) => h + 2 * PAD_Y);
};

/** Draws one row's texts at `y` (`fill` shades it first). */
export const drawRow = (
  doc: PDFKit.PDFDocument,
  texts: readonly string[],
  at: { x: number; y: number; h: number },
  l: TableLayout,
  numeric: readonly boolean[],
  o: { fill?: string; color?: string } = {},
): void => {
  const W = l.widths.reduce((a, b) => a + b, 0);
  if (o.fill) doc.rect(at.x, at.y, W, at.h).fill(o.fill);
  doc
    .moveTo(at.x, at.y + at.h)
    .lineTo(at.x + W, at.y + at.h)
    .lineWidth(0.3)
    .stroke('#d0d7d4');
  doc.fontSize(l.fontSize).fillColor(o.color ?? '#111111');
  let x = at.x;
  texts.forEach((s, c) => {
    const w = l.widths[c]!;
    const o = { width: w - 2 * PAD_X, align: numeric[c] ? 'right' : 'left' } as const;
    if (s && !s.includes('\n')) doc.text(s, x + PAD_X, at.y + PAD_Y, o);
    else if (s) {
      let y = at.y + PAD_Y;
      for (const part of s.split('\n')) {
        doc.text(part, x + PAD_X, y, o);
        y += cellHeight(doc, part, o.width);
      }
    }
    x += w;
  });
};
