import { mulberry32 } from '../util/prng';

// Deterministic randomness of the seed plan (server/db/seed.ts): every site draws from its own
// stream, so the same `now` and fleet size give the same rows.

export class Rng {
  private readonly r: () => number;
  constructor(seed: number) {
    this.r = mulberry32(seed);
  }
  next(): number {
    return this.r();
  }
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.r();
  }
  /** integer in [lo, hi] */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.r() * (hi - lo + 1));
  }
  /** lo + k·step ≤ hi */
  step(lo: number, hi: number, step: number): number {
    return lo + step * this.int(0, Math.floor((hi - lo) / step));
  }
  chance(p: number): boolean {
    return this.r() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return at(xs, Math.floor(this.r() * xs.length));
  }
}

export const at = <T>(xs: readonly T[], i: number): T => {
  const x = xs[i];
  if (x === undefined) throw new RangeError(`index ${i} out of range`);
  return x;
};

/** One stream per (site, copy), so a station keeps its attributes whatever the fleet size. */
export const siteSeed = (site: number, copy: number, salt = 0): number =>
  (Math.imul(site + 1, 0x9e3779b1) ^ Math.imul(copy + 1, 0x85ebca77) ^ Math.imul(salt + 1, 0xc2b2ae3d)) >>> 0;
