// Level of detail for the trend widget: when a chart holds far more samples than it has pixels,
// uPlot is given only what can be seen — per 2-pixel bucket of the visible range, the first,
// minimum, maximum and last sample of every series (M4, so no spike is lost and step data keeps
// every level it reaches). Every output point is a real sample at its real time. Per-block
// minima/maxima (64 samples) are computed once per data set, so a redraw reads O(pixels + edges)
// rather than O(samples): 4 series × 1,000,000 samples pan and zoom at screen rate.

export type Column = ArrayLike<number | null>;
export interface LodIndex {
  readonly n: number;
  readonly xs: ArrayLike<number>;
  readonly ys: readonly Column[];
  /**
   * per series, per block: sample index of the block's minimum and maximum (-1: all null); empty
   * until `fillBlocks` has run (a view is then read from the samples themselves, same result)
   */
  readonly bMin: Int32Array[];
  readonly bMax: Int32Array[];
}

export const BLOCK = 64;

const val = (c: Column, i: number): number | null => {
  const v = c[i];
  return v === null || v === undefined || Number.isNaN(v) ? null : v;
};

/** An index without its blocks yet: views are exact, read from the samples in range. */
export const lazyLod = (xs: ArrayLike<number>, ys: readonly Column[]): LodIndex => ({ n: xs.length, xs, ys, bMin: [], bMax: [] });

export const hasBlocks = (ix: LodIndex): boolean => ix.bMin.length === ix.ys.length;

/** Computes the per-block minima and maxima of `ix` in place. */
export function fillBlocks(ix: LodIndex): void {
  if (hasBlocks(ix)) return;
  const { n, ys } = ix;
  const nb = Math.ceil(n / BLOCK);
  const edges = new Int32Array(nb + 1);
  for (let b = 0; b <= nb; b++) edges[b] = Math.min(n, b * BLOCK);
  for (const c of ys) {
    const mn = new Int32Array(nb);
    const mx = new Int32Array(nb);
    scanBuckets(c, edges, nb, mn, mx);
    ix.bMin.push(mn);
    ix.bMax.push(mx);
  }
}

export function buildLod(xs: ArrayLike<number>, ys: readonly Column[]): LodIndex {
  const ix = lazyLod(xs, ys);
  fillBlocks(ix);
  return ix;
}

/**
 * The first minimum and first maximum (sample indices, -1 when all are null) of each bucket
 * [edges[k], edges[k + 1]) of c, in one loop over the samples: one long loop is compiled while it
 * runs (on-stack replacement), where a call per bucket would run cold for a first render.
 */
function scanBuckets(c: Column, edges: Int32Array, nb: number, lo: Int32Array, hi: Int32Array): void {
  let k = 0;
  let end = edges[1]!;
  let l = -1;
  let h = -1;
  let lv = Infinity;
  let hv = -Infinity;
  for (let i = edges[0]!, last = edges[nb]!; i < last; i++) {
    while (i === end) {
      lo[k] = l;
      hi[k] = h;
      k++;
      end = edges[k + 1]!;
      l = h = -1;
      lv = Infinity;
      hv = -Infinity;
    }
    const v = c[i];
    if (v === null || v === undefined || v !== v) continue;
    if (v < lv) {
      lv = v;
      l = i;
    }
    if (v > hv) {
      hv = v;
      h = i;
    }
  }
  lo[k] = l;
  hi[k] = h;
}

const one = { edges: new Int32Array(2), lo: new Int32Array(1), hi: new Int32Array(1) };
/** the first extremes of c[a..e) */
function extremes(c: Column, a: number, e: number): [number, number] {
  one.edges[0] = a;
  one.edges[1] = e;
  scanBuckets(c, one.edges, 1, one.lo, one.hi);
  return [one.lo[0]!, one.hi[0]!];
}

/** First index with xs[i] >= x (n when none). */
export function lowerBound(xs: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (xs[m]! < x) lo = m + 1;
    else hi = m;
  }
  return lo;
}

/** the first extremes of c over [a, e), read through whole blocks where the index has them */
function bucketExtremes(ix: LodIndex, s: number, a: number, e: number): [number, number] {
  const c = ix.ys[s]!;
  const fb = Math.ceil(a / BLOCK);
  const lb = Math.floor(e / BLOCK);
  if (!hasBlocks(ix) || fb >= lb) return extremes(c, a, e);
  // the candidates for each extreme come in index order (head, blocks, tail), so a strict
  // comparison keeps the earliest of equals, as a scan would
  const below = (i: number, cur: number, sign: 1 | -1) => (i >= 0 && (cur < 0 || sign * ((c[i] as number) - (c[cur] as number)) < 0) ? i : cur);
  let [lo, hi] = extremes(c, a, fb * BLOCK);
  const mn = ix.bMin[s]!;
  const mx = ix.bMax[s]!;
  for (let k = fb; k < lb; k++) {
    lo = below(mn[k]!, lo, 1);
    hi = below(mx[k]!, hi, -1);
  }
  const [tl, th] = extremes(c, lb * BLOCK, e);
  return [below(tl, lo, 1), below(th, hi, -1)];
}

/**
 * Indices to draw for the x range [min, max] at `buckets` buckets: null when everything visible
 * fits (≤ 4 per bucket), so the caller can draw the full data unchanged. Includes one sample on
 * each side of the range so lines run to the edges.
 */
export function lodIndices(ix: LodIndex, min: number, max: number, buckets: number): Int32Array | null {
  const { n, xs, ys } = ix;
  if (n === 0) return null;
  const i0 = Math.max(0, lowerBound(xs, min) - 1);
  const i1 = Math.min(n - 1, lowerBound(xs, max)); // first at or after max: the right edge sample
  if (i1 - i0 + 1 <= 4 * buckets) return null;
  // bucket k covers [edges[k], edges[k + 1]); the edge samples get buckets of their own
  const width = (max - min) / buckets;
  const edges = new Int32Array(buckets + 3);
  let nb = 0;
  let a = i0;
  for (let b = 0; b <= buckets + 1 && a <= i1; b++) {
    const e = b === 0 ? a + 1 : b > buckets ? i1 + 1 : Math.min(i1 + 1, Math.max(a + 1, lowerBound(xs, min + b * width)));
    edges[nb++] = a;
    a = e;
  }
  edges[nb] = a;
  const blocks = hasBlocks(ix);
  const los = ys.map(() => new Int32Array(nb));
  const his = ys.map(() => new Int32Array(nb));
  ys.forEach((c, s) => {
    if (!blocks) return scanBuckets(c, edges, nb, los[s]!, his[s]!);
    for (let k = 0; k < nb; k++) [los[s]![k], his[s]![k]] = bucketExtremes(ix, s, edges[k]!, edges[k + 1]!);
  });
  const out = new Int32Array(nb * (2 + 2 * ys.length));
  let len = 0;
  const pick = new Int32Array(2 + 2 * ys.length);
  for (let k = 0; k < nb; k++) {
    let p = 0;
    pick[p++] = edges[k]!;
    pick[p++] = edges[k + 1]! - 1;
    for (let s = 0; s < ys.length; s++) {
      if (los[s]![k]! >= 0) pick[p++] = los[s]![k]!;
      if (his[s]![k]! >= 0) pick[p++] = his[s]![k]!;
    }
    // a handful of indices: insertion sort, then append those past the last one written
    for (let q = 1; q < p; q++) {
      const v = pick[q]!;
      let r = q - 1;
      while (r >= 0 && pick[r]! > v) pick[r + 1] = pick[r--]!;
      pick[r + 1] = v;
    }
    for (let q = 0; q < p; q++) if (len === 0 || out[len - 1]! < pick[q]!) out[len++] = pick[q]!;
  }
  return out.slice(0, len);
}

/** uPlot data for the picked indices: a series without gaps there as a typed array (less garbage). */
export function gather(ix: LodIndex, idx: Int32Array): [Float64Array, ...(number | null)[][]] {
  const x = new Float64Array(idx.length);
  for (let k = 0; k < idx.length; k++) x[k] = ix.xs[idx[k]!]!;
  const ys = ix.ys.map((c) => {
    const typed = new Float64Array(idx.length);
    for (let k = 0; k < idx.length; k++) {
      const v = c[idx[k]!];
      if (v === null || v === undefined || v !== v) return Array.from(idx, (i) => val(c, i));
      typed[k] = v;
    }
    return typed as unknown as (number | null)[];
  });
  return [x, ...ys];
}
