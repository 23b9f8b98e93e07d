import { execFileSync } from 'node:child_process';

// Reads a PDF back the way a reader sees it: pdftotext -bbox (poppler-utils) gives every word
// with its box; words are grouped into lines by their baseline so a test can read the rows.

export interface Word {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
export interface Page {
  width: number;
  height: number;
  words: Word[];
}

export const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

export const pagesOf = (file: string): Page[] => {
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const pages: Page[] = [];
  for (const m of html.matchAll(/<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g)) {
    const words = [...m[3]!.matchAll(/<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([\s\S]*?)<\/word>/g)].map((w) => ({
      text: unescape(w[5]!),
      x0: Number(w[1]),
      y0: Number(w[2]),
      x1: Number(w[3]),
      y1: Number(w[4]),
    }));
    pages.push({ width: Number(m[1]), height: Number(m[2]), words });
  }
  return pages;
};

/** Pairs of words on the page whose boxes intersect by more than `tol` points both ways. */
export const overlaps = (p: Page, tol = 0.5): [Word, Word][] => {
  const ws = [...p.words].sort((a, b) => a.x0 - b.x0);
  const out: [Word, Word][] = [];
  for (let i = 0; i < ws.length; i++) {
    const a = ws[i]!;
    for (let j = i + 1; j < ws.length && ws[j]!.x0 < a.x1 - tol; j++) {
      const b = ws[j]!;
      const dx = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const dy = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      if (dx > tol && dy > tol) out.push([a, b]);
    }
  }
  return out;
};

export const outside = (p: Page): Word[] => p.words.filter((w) => w.x0 < 0 || w.y0 < 0 || w.x1 > p.width || w.y1 > p.height);

/** The page's lines, top to bottom: words sharing a baseline, left to right, joined by a space. */
export const linesOf = (p: Page): string[] => {
  const rows = new Map<number, Word[]>();
  for (const w of p.words) {
    const k = Math.round(w.y1);
    const key = [...rows.keys()].find((y) => Math.abs(y - k) <= 1) ?? k;
    (rows.get(key) ?? rows.set(key, []).get(key)!).push(w);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, ws]) =>
      ws
        .sort((a, b) => a.x0 - b.x0)
        .map((w) => w.text)
        .join(' '),
    );
};

export const describeWords = (pairs: [Word, Word][]): string =>
  pairs
    .slice(0, 8)
    .map(([a, b]) => `"${a.text}" [${a.x0},${a.y0},${a.x1},${a.y1}] × "${b.text}" [${b.x0},${b.y0},${b.x1},${b.y1}]`)
    .join('\n');
