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
  /** per series, per block: sample index of the block's minimum and maximum (-1: all null) */
  readonly bMin: Int32Array[];
  readonly bMax: Int32Array[];
}

export const BLOCK = 64;

const val = (c: Column, i: number): number | null => {
  const v = c[i];
  return v === null || v === undefined || Number.isNaN(v) ? null : v;
};

export function buildLod(xs: ArrayLike<number>, ys: readonly Column[]): LodIndex {
  const n = xs.length;
  const nb = Math.ceil(n / BLOCK);
  const bMin: Int32Array[] = [];
  const bMax: Int32Array[] = [];
  for (const c of ys) {
    const mn = new Int32Array(nb).fill(-1);
    const mx = new Int32Array(nb).fill(-1);
    for (let b = 0; b < nb; b++) {
      let lo = Infinity;
      let hi = -Infinity;
      const end = Math.min(n, (b + 1) * BLOCK);
      for (let i = b * BLOCK; i < end; i++) {
        const v = val(c, i);
        if (v === null) continue;
        if (v < lo) {
          lo = v;
          mn[b] = i;
        }
        if (v > hi) {
          hi = v;
          mx[b] = i;
        }
      }
    }
    bMin.push(mn);
    bMax.push(mx);
  }
  return { n, xs, ys, bMin, bMax };
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

/**
 * Indices to draw for the x range [min, max] at `buckets` buckets: null when everything visible
 * fits (≤ 4 per bucket), so the caller can draw the full data unchanged. Includes one sample on
 * each side of the range so lines run to the edges.
 */
export function lodIndices(ix: LodIndex, min: number, max: number, buckets: number): Int32Array | null {
  const { n, xs, ys, bMin, bMax } = ix;
  if (n === 0) return null;
  const i0 = Math.max(0, lowerBound(xs, min) - 1);
  const i1 = Math.min(n - 1, lowerBound(xs, max)); // first at or after max: the right edge sample
  if (i1 - i0 + 1 <= 4 * buckets) return null;
  const out: number[] = [];
  const width = (max - min) / buckets;
  const pickScratch: number[] = [];
  let a = i0;
  for (let b = 0; b <= buckets + 1 && a <= i1; b++) {
    // bucket b covers [a, e): the edge samples get buckets of their own
    const e = b === 0 ? a + 1 : b > buckets ? i1 + 1 : Math.min(i1 + 1, Math.max(a + 1, lowerBound(xs, min + b * width)));
    if (e <= a) continue;
    pickScratch.length = 0;
    pickScratch.push(a, e - 1);
    for (let s = 0; s < ys.length; s++) {
      const c = ys[s]!;
      let lo = -1;
      let hi = -1;
      const consider = (i: number) => {
        const v = val(c, i);
        if (v === null) return;
        if (lo < 0 || v < (c[lo] as number)) lo = i;
        if (hi < 0 || v > (c[hi] as number)) hi = i;
      };
      const fb = Math.ceil(a / BLOCK);
      const lb = Math.floor(e / BLOCK);
      if (fb < lb) {
        for (let i = a; i < fb * BLOCK; i++) consider(i);
        for (let k = fb; k < lb; k++) {
          const m0 = bMin[s]![k]!;
          if (m0 >= 0) consider(m0);
          const m1 = bMax[s]![k]!;
          if (m1 >= 0) consider(m1);
        }
        for (let i = lb * BLOCK; i < e; i++) consider(i);
      } else {
        for (let i = a; i < e; i++) consider(i);
      }
      if (lo >= 0) pickScratch.push(lo);
      if (hi >= 0) pickScratch.push(hi);
    }
    pickScratch.sort((p, q) => p - q);
    for (const i of pickScratch) if (out.length === 0 || out[out.length - 1]! < i) out.push(i);
    a = e;
  }
  return Int32Array.from(out);
}

/** uPlot data for the picked indices. */
export function gather(ix: LodIndex, idx: Int32Array): [Float64Array, ...(number | null)[][]] {
  const x = new Float64Array(idx.length);
  for (let k = 0; k < idx.length; k++) x[k] = ix.xs[idx[k]!]!;
  const ys = ix.ys.map((c) => {
    const y = new Array<number | null>(idx.length);
    for (let k = 0; k < idx.length; k++) y[k] = val(c, idx[k]!);
    return y;
  });
  return [x, ...ys];
}
