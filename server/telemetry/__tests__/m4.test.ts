import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chooseLevel, m4, type Sample } from '../history';

const retention = { rawDays: 2, minuteDays: 14, quarterDays: 400 };

describe('M4 downsampling', () => {
  it('keeps the min and max of every 2-pixel bucket and at most 2 points per pixel', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ dt: fc.integer({ min: 1, max: 5000 }), v: fc.double({ min: -1e6, max: 1e6, noNaN: true }) }), { minLength: 1, maxLength: 3000 }),
        fc.integer({ min: 10, max: 400 }),
        fc.boolean(),
        (steps, width, rollup) => {
          let t = 1_000_000;
          const samples: Sample[] = steps.map((s, i) => {
            t += s.dt;
            const spread = rollup ? Math.abs(s.v) * 0.1 + (i % 3) : 0;
            return { t, mn: s.v - spread, mx: s.v + spread, av: s.v, len: rollup ? 1 : 0 };
          });
          const from = samples[0]!.t;
          const to = samples[samples.length - 1]!.t;
          const out = m4(samples, from, to, width);
          expect(out.t.length).toBeLessThanOrEqual(2 * width);
          // every bucket's extremes are present in the output, inside the bucket
          const nb = Math.max(1, Math.floor(width / 2));
          const bw = (to - from) / nb;
          for (let b = 0; b < nb; b++) {
            const lo = from + b * bw;
            const hi = b === nb - 1 ? to + 1 : from + (b + 1) * bw;
            const inB = samples.filter((s) => s.t >= lo && s.t < hi);
            if (inB.length === 0) continue;
            const mn = Math.min(...inB.map((s) => s.mn));
            const mx = Math.max(...inB.map((s) => s.mx));
            const outB = out.v.filter((_, i) => out.t[i]! >= lo && out.t[i]! < hi + 1);
            expect(outB).toContain(mn);
            expect(outB).toContain(mx);
          }
          // nothing is invented: every output value is some sample's min, max or average
          const known = new Set(samples.flatMap((s) => [s.mn, s.mx, s.av]));
          for (const v of out.v) expect(known.has(v)).toBe(true);
          // time order
          for (let i = 1; i < out.t.length; i++) expect(out.t[i]!).toBeGreaterThanOrEqual(out.t[i - 1]!);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('chooses the coarsest level with a value per pixel that retention still keeps', () => {
    const now = Date.UTC(2026, 6, 1);
    const H = 3_600_000;
    expect(chooseLevel(now - H, now, 1000, now, retention)).toBe(0); // 3.6 s/px → raw
    expect(chooseLevel(now - 24 * H, now, 1000, now, retention)).toBe(1); // 86 s/px → 1 min
    expect(chooseLevel(now - 30 * 24 * H, now, 1000, now, retention)).toBe(2); // 43 min/px → 15 min
    expect(chooseLevel(now - 3 * 365 * 24 * H, now, 1000, now, retention)).toBe(3); // a day per px
    // 20 days ago at seconds-per-pixel zoom: raw and 1 min are gone, 15 min answers
    expect(chooseLevel(now - 20 * 24 * H, now - 20 * 24 * H + H, 1000, now, retention)).toBe(2);
  });
});
