import { describe, expect, it } from 'vitest';
import { ageText, alignedSeries, isStale, type PowerCurve } from '../homepage';

const curve: PowerCurve = {
  timezone: 'UTC',
  series: [
    { point: 'pvKw', unit: 'kW', resolution: '15m', stepwise: false, t: [1_700_000_000_000, 1_700_000_900_000], v: [1, 2] },
    { point: 'soc', unit: '%', resolution: '15m', stepwise: false, t: [1_700_000_000_000, 1_700_000_900_000], v: [50, null] },
  ],
};

describe('homepage shaping', () => {
  it('builds uPlot columns in seconds, with missing series as gaps', () => {
    expect(alignedSeries(curve, ['pvKw', 'loadKw', 'soc'])).toEqual([[1_700_000_000, 1_700_000_900], [1, 2], [null, null], [50, null]]);
    expect(alignedSeries(null, ['pvKw'])).toEqual([[], []]);
  });
  it('ages and staleness', () => {
    expect(ageText(null, 0)).toBe('-');
    expect(ageText(0, 12_000)).toBe('12 s');
    expect(ageText(0, 180_000)).toBe('3 min');
    expect(isStale(0, 100_000, 60_000)).toBe(false);
    expect(isStale(0, 200_000, 60_000)).toBe(true);
    expect(isStale(null, 0, 60_000)).toBe(true);
  });
});
