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
  for (const c of ys) {
    const mn = new Int32Array(nb);
    const mx = new Int32Array(nb);
    for (let b = 0; b < nb; b++) {
      const end = Math.min(n, (b + 1) * BLOCK);
      const [lo, hi] = extremes(c, b * BLOCK, end);
      mn[b] = lo;
      mx[b] = hi;
    }
    ix.bMin.push(mn);
    ix.bMax.push(mx);
  }
}

export function buildLod(xs: ArrayLike<number>, ys: readonly Column[]): LodIndex {
  const ix = lazyLod(xs, ys);
  fillBlocks(ix);
  return ix;
}

// the first minimum and first maximum of c[a..e) (-1 when all are null), shared by the block
// build and the scan so both pick the same sample among equals
const found: [number, number] = [-1, -1];
function extremes(c: Column, a: number, e: number): [number, number] {
  let lo = -1;
  let hi = -1;
  let loV = Infinity;
  let hiV = -Infinity;
  for (let i = a; i < e; i++) {
    const v = c[i];
    if (v === null || v === undefined || v !== v) continue;
    if (v < loV) {
      loV = v;
      lo = i;
    }
    if (v > hiV) {
      hiV = v;
      hi = i;
    }
  }
  found[0] = lo;
  found[1] = hi;
  return found;
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
  extremes(c, a, fb * BLOCK);
  let lo = found[0];
  let hi = found[1];
  const mn = ix.bMin[s]!;
  const mx = ix.bMax[s]!;
  for (let k = fb; k < lb; k++) {
    lo = below(mn[k]!, lo, 1);
    hi = below(mx[k]!, hi, -1);
  }
  extremes(c, lb * BLOCK, e);
  found[0] = below(found[0], lo, 1);
  found[1] = below(found[1], hi, -1);
  return found;
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
  const out = new Int32Array((buckets + 2) * (2 + 2 * ys.length));
  let len = 0;
  const width = (max - min) / buckets;
  const pick = new Int32Array(2 + 2 * ys.length);
  let a = i0;
  for (let b = 0; b <= buckets + 1 && a <= i1; b++) {
    // bucket b covers [a, e): the edge samples get buckets of their own
    const e = b === 0 ? a + 1 : b > buckets ? i1 + 1 : Math.min(i1 + 1, Math.max(a + 1, lowerBound(xs, min + b * width)));
    if (e <= a) continue;
    let k = 0;
    pick[k++] = a;
    pick[k++] = e - 1;
    for (let s = 0; s < ys.length; s++) {
      const [lo, hi] = bucketExtremes(ix, s, a, e);
      if (lo >= 0) pick[k++] = lo;
      if (hi >= 0) pick[k++] = hi;
    }
    // a handful of indices: insertion sort, then append those past the last one written
    for (let p = 1; p < k; p++) {
      const v = pick[p]!;
      let q = p - 1;
      while (q >= 0 && pick[q]! > v) pick[q + 1] = pick[q--]!;
      pick[q + 1] = v;
    }
    for (let p = 0; p < k; p++) if (len === 0 || out[len - 1]! < pick[p]!) out[len++] = pick[p]!;
    a = e;
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
