import type { FieldIssue } from '../../protocol/envelope';
import { offsetMinutes } from '../../protocol/site-time';

// Reading a feed's interval prices from a CSV file or a pulled JSON document (docs/tariffs.md,
// "Dynamic prices"), and the rules every price obeys wherever it came from: a start that is an
// instant with its offset, on the feed's grid (a quarter, or a whole hour on the feed's clock), not
// yet begun (the past is never re-priced), once per file, prices with at most four decimals.
// An issue names its place: `lines.N.column` for a CSV line (N as an editor numbers it, the header
// is line 1), `prices.N.field` for the JSON list.

export interface FeedPrice {
  /** epoch ms */
  start: number;
  importPrice: number;
  exportPrice: number;
}
export interface FeedGrid {
  resolutionMinutes: number;
  timezone: string;
}

export const CSV_HEADER = ['start', 'import_price', 'export_price'] as const;
const MAX_PRICES = 40_000; // over a year of quarters in one file
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

const fourDecimals = (v: number): boolean => Math.abs(Math.round(v * 1e4) - v * 1e4) < 1e-6;

type Cell = { value: unknown; at: string };
type Row = { start: Cell; importPrice: Cell; exportPrice: Cell };

/** The rules of one row; issues go to `out`, the price is answered when the row passed. */
const checkRow = (r: Row, grid: FeedGrid, now: number, seen: Set<number>, out: FieldIssue[]): FeedPrice | null => {
  const before = out.length;
  let start = NaN;
  if (typeof r.start.value !== 'string' || !INSTANT.test(r.start.value.trim())) out.push({ path: r.start.at, issue: 'instantFormat' });
  else {
    start = Date.parse(r.start.value.trim());
    const localMinute = Math.round(start / 60_000) + offsetMinutes(grid.timezone, start);
    if (Number.isNaN(start)) out.push({ path: r.start.at, issue: 'instantFormat' });
    else if (start % 60_000 !== 0 || localMinute % grid.resolutionMinutes !== 0)
      out.push({ path: r.start.at, issue: 'offGrid', limit: grid.resolutionMinutes });
    else if (start <= now) out.push({ path: r.start.at, issue: 'intervalStarted' });
    else if (seen.has(start)) out.push({ path: r.start.at, issue: 'duplicateInterval' });
    else seen.add(start);
  }
  const money = (c: Cell): number => {
    const v = typeof c.value === 'string' && NUMBER.test(c.value.trim()) ? Number(c.value) : typeof c.value === 'number' ? c.value : NaN;
    if (!Number.isFinite(v)) out.push({ path: c.at, issue: c.value === undefined || c.value === '' || c.value === null ? 'priceRequired' : 'priceFormat' });
    else if (!fourDecimals(v) || Math.abs(v) > 100_000) out.push({ path: c.at, issue: 'priceFormat' });
    return v;
  };
  const importPrice = money(r.importPrice);
  const exportPrice = money(r.exportPrice);
  return out.length === before ? { start, importPrice, exportPrice } : null;
};

const tooMany = (n: number, at: string): FieldIssue[] => (n > MAX_PRICES ? [{ path: at, issue: 'tooManyPrices', limit: MAX_PRICES }] : []);

/** Prices of a CSV file: the header `start,import_price,export_price`, then one interval a line. */
export const pricesFromCsv = (text: string, grid: FeedGrid, now: number): { prices: FeedPrice[]; issues: FieldIssue[] } => {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const cells = (line: string) => line.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
  const head = cells(lines[0] ?? '').map((c) => c.toLowerCase());
  if (head.length !== 3 || CSV_HEADER.some((h, i) => head[i] !== h)) return { prices: [], issues: [{ path: 'lines.1', issue: 'csvHeader' }] };
  const issues: FieldIssue[] = [];
  const prices: FeedPrice[] = [];
  const seen = new Set<number>();
  lines.forEach((line, i) => {
    if (i === 0 || line.trim() === '') return;
    const n = i + 1;
    const c = cells(line);
    if (c.length !== 3) return issues.push({ path: `lines.${n}`, issue: 'csvColumns', limit: 3 });
    const p = checkRow(
      {
        start: { value: c[0], at: `lines.${n}.start` },
        importPrice: { value: c[1], at: `lines.${n}.import_price` },
        exportPrice: { value: c[2], at: `lines.${n}.export_price` },
      },
      grid,
      now,
      seen,
      issues,
    );
    if (p) prices.push(p);
  });
  if (!prices.length && !issues.length) issues.push({ path: 'lines.2', issue: 'noPrices' });
  return { prices, issues: [...tooMany(prices.length, 'lines'), ...issues] };
};

/**
 * Prices of a pulled document `{"resolution": 15, "prices": [{"start", "import", "export"}]}`. Its
 * resolution must be the feed's. Intervals already begun are left out and counted (a publisher
 * often repeats today's prices beside tomorrow's); any other fault refuses the whole document.
 */
export const pricesFromJson = (doc: unknown, grid: FeedGrid, now: number): { prices: FeedPrice[]; issues: FieldIssue[]; started: number } => {
  const d = doc as { resolution?: unknown; prices?: unknown } | null;
  if (!d || typeof d !== 'object' || !Array.isArray(d.prices)) return { prices: [], issues: [{ path: 'prices', issue: 'jsonShape' }], started: 0 };
  if (d.resolution !== grid.resolutionMinutes)
    return { prices: [], issues: [{ path: 'resolution', issue: 'resolutionMismatch', limit: grid.resolutionMinutes }], started: 0 };
  const issues: FieldIssue[] = [];
  const prices: FeedPrice[] = [];
  const seen = new Set<number>();
  let started = 0;
  d.prices.forEach((raw: unknown, i) => {
    const p = (raw ?? {}) as Record<string, unknown>;
    const own: FieldIssue[] = [];
    const ok = checkRow(
      {
        start: { value: p.start, at: `prices.${i}.start` },
        importPrice: { value: p.import, at: `prices.${i}.import` },
        exportPrice: { value: p.export, at: `prices.${i}.export` },
      },
      grid,
      now,
      seen,
      own,
    );
    if (ok) prices.push(ok);
    else if (own.length === 1 && own[0]!.issue === 'intervalStarted') started++;
    else issues.push(...own);
  });
  return { prices, issues: [...tooMany(prices.length, 'prices'), ...issues], started };
};
