// Deterministic randomness for the fleet models. Everything is a pure function of
// (seed, integer index): the same station and time give the same value whatever the step
// size or the order of evaluation, so backfill and live simulation agree.

/** 32-bit integer hash of up to three integers (murmur3 finaliser mix). */
export const hash32 = (a: number, b = 0, c = 0): number => {
  let h = (Math.imul(a | 0, 0x9e3779b1) ^ Math.imul(b | 0, 0x85ebca77) ^ Math.imul(c | 0, 0xc2b2ae3d)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
};
/** Uniform in [0, 1). */
export const rand = (a: number, b = 0, c = 0): number => hash32(a, b, c) / 4294967296;

/** Smooth value noise in [0, 1) over time t (ms) with the given period (ms). */
export const valueNoise = (seed: number, t: number, periodMs: number, salt = 0): number => {
  const x = t / periodMs;
  const i = Math.floor(x);
  const f = x - i;
  const s = f * f * (3 - 2 * f);
  const a = rand(seed, i, salt);
  const b = rand(seed, i + 1, salt);
  return a + (b - a) * s;
};

/** Sum of octaves, centred: roughly in [-1, 1]. */
export const fractal = (seed: number, t: number, periods: readonly number[], salt = 0): number => {
  let sum = 0;
  let amp = 1;
  let norm = 0;
  periods.forEach((pd, k) => {
    sum += amp * (valueNoise(seed, t, pd, salt * 31 + k) * 2 - 1);
    norm += amp;
    amp *= 0.55;
  });
  return sum / norm;
};
