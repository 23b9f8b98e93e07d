import { describe, expect, it } from 'vitest';

describe('trend y range', () => {
  it('gives a nearly flat series a span its three-decimal ticks can tell apart', async () => {
    const { yRange } = await import('../yRange');
    const [lo, hi] = yRange(null as never, 80.0449, 80.0452) as [number, number];
    expect(hi - lo).toBeGreaterThanOrEqual(0.4);
    expect(lo).toBeLessThan(80.0449);
    expect(hi).toBeGreaterThan(80.0452);
    // ordinary data keeps uPlot's own padded range
    const [a, b] = yRange(null as never, 10, 90) as [number, number];
    expect(a).toBeLessThanOrEqual(10);
    expect(b).toBeGreaterThanOrEqual(90);
    expect(b - a).toBeLessThan(120);
    expect(yRange(null as never, null, null)).toEqual([0, 1]);
  });
});
