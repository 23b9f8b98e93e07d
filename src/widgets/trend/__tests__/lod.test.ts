import { describe, expect, it } from 'vitest';
import { buildLod, fillBlocks, gather, hasBlocks, lazyLod, lodIndices, lowerBound } from '../lod';

const series = (n: number, f: (i: number) => number | null) => Array.from({ length: n }, (_, i) => f(i));

describe('trend level of detail', () => {
  const n = 100_000;
  const xs = Float64Array.from({ length: n }, (_, i) => 1_000 + i * 5);
  const wave = series(n, (i) => Math.sin(i / 500) * 10);
  // one-sample spikes that a plain average would erase
  const spiky = series(n, (i) => (i === 31_337 ? 999 : i === 77_777 ? -999 : 1));
  const steps = series(n, (i) => (i >= 40_000 && i < 40_003 ? 7 : Math.floor(i / 20_000)));
  const gappy = series(n, (i) => (i % 1000 < 500 ? null : i));
  const ix = buildLod(xs, [wave, spiky, steps, gappy]);

  it('draws everything unchanged when the visible samples fit the pixels', () => {
    expect(lodIndices(ix, xs[10]!, xs[1_000]!, 400)).toBeNull();
  });

  it('keeps, for every bucket, the first, minimum, maximum and last sample of each series', () => {
    const min = xs[0]!;
    const max = xs[n - 1]!;
    const buckets = 300;
    const idx = lodIndices(ix, min, max, buckets)!;
    expect(idx.length).toBeLessThanOrEqual((buckets + 2) * 10);
    expect(idx.length).toBeGreaterThan(buckets);
    for (let k = 1; k < idx.length; k++) expect(idx[k]!).toBeGreaterThan(idx[k - 1]!);
    const [x, w0, s, st, g0] = gather(ix, idx);
    const w = w0!;
    const g = g0!;
    expect(s).toContain(999);
    expect(s).toContain(-999);
    expect(st).toContain(7); // a 3-sample state excursion survives
    expect(Math.max(...(w as number[]))).toBeCloseTo(Math.max(...(wave as number[])), 6);
    expect(g.filter((v) => v !== null).length).toBeGreaterThan(0);
    // every output point is a real sample at its real time
    for (let k = 0; k < idx.length; k += 97) {
      expect(x[k]).toBe(xs[idx[k]!]);
      expect(w[k]).toBe(wave[idx[k]!]);
    }
    // each bucket's extremes match a brute-force scan
    const width = (max - min) / buckets;
    for (const b of [0, 17, 150, 299]) {
      const a = lowerBound(xs, min + b * width);
      const e = lowerBound(xs, min + (b + 1) * width);
      let lo = Infinity;
      let hi = -Infinity;
      for (let i = a; i < e; i++) {
        lo = Math.min(lo, wave[i]!);
        hi = Math.max(hi, wave[i]!);
      }
      const inBucket = Array.from(idx)
        .filter((i) => i >= a && i < e)
        .map((i) => wave[i]!);
      expect(Math.min(...inBucket)).toBe(lo);
      expect(Math.max(...inBucket)).toBe(hi);
    }
  });

  it('includes one sample beyond each edge of a zoomed range so lines reach the borders', () => {
    const min = xs[20_000]! + 2;
    const max = xs[90_000]! + 2;
    const idx = lodIndices(ix, min, max, 200)!;
    expect(idx[0]).toBe(20_000);
    expect(idx[idx.length - 1]).toBe(90_001);
  });

  it('reads the same view from the samples alone as through the block index, ties included', () => {
    const lazy = lazyLod(xs, [wave, spiky, steps, gappy]);
    expect(hasBlocks(lazy)).toBe(false);
    const ranges: Array<[number, number, number]> = [
      [xs[0]!, xs[n - 1]!, 740],
      [xs[123]! + 1, xs[54_321]! - 2, 333],
      [xs[40_000]!, xs[41_500]!, 60],
      [xs[9_000]! + 3, xs[99_990]!, 1],
    ];
    const before = ranges.map(([a, b, k]) => Array.from(lodIndices(lazy, a, b, k) ?? []));
    fillBlocks(lazy);
    expect(hasBlocks(lazy)).toBe(true);
    ranges.forEach(([a, b, k], i) => {
      const blocks = Array.from(lodIndices(ix, a, b, k) ?? []);
      expect(blocks.length).toBeGreaterThan(0);
      expect(before[i]).toEqual(blocks);
      expect(Array.from(lodIndices(lazy, a, b, k) ?? [])).toEqual(blocks);
    });
  });
});
