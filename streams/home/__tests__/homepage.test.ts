import { describe, expect, it } from 'vitest';
import { ageOf, alignedSeries, completeIntervals, isStale, resolutionMs, type PowerCurve } from '../homepage';

const curve: PowerCurve = {
  timezone: 'UTC',
  series: [
    { point: 'pvKw', unit: 'kW', resolution: '15m', stepwise: false, t: [1_700_000_000_000, 1_700_000_900_000], v: [1, 2] },
    { point: 'soc', unit: '%', resolution: '15m', stepwise: false, t: [1_700_000_000_000, 1_700_000_900_000], v: [50, null] },
  ],
};

describe('homepage shaping', () => {
  it('builds uPlot columns in seconds, with missing series as gaps', () => {
    expect(alignedSeries(curve, ['pvKw', 'loadKw', 'soc'])).toEqual([
      [1_700_000_000, 1_700_000_900],
      [1, 2],
      [null, null],
      [50, null],
    ]);
    expect(alignedSeries(null, ['pvKw'])).toEqual([[], []]);
  });
  it('ages and staleness', () => {
    expect(ageOf(null, 0)).toBeNull();
    expect(ageOf(0, 12_000)).toEqual({ unit: 's', n: 12 });
    expect(ageOf(0, 180_000)).toEqual({ unit: 'min', n: 3 });
    expect(ageOf(0, 7_300_000)).toEqual({ unit: 'h', n: 2 });
    expect(isStale(0, 100_000, 60_000)).toBe(false);
    expect(isStale(0, 200_000, 60_000)).toBe(true);
    expect(isStale(null, 0, 60_000)).toBe(true);
  });
});

describe('the running interval', () => {
  const T0 = 1_700_000_000_000;
  const Q = 900_000;
  // three 15-minute sums × 4; the third interval is 90 s old, so its sum is a tenth of a full one
  const today: PowerCurve = {
    timezone: 'UTC',
    series: [
      { point: 'pvKw', unit: 'kW', resolution: '15m', stepwise: false, t: [T0, T0 + Q, T0 + 2 * Q], v: [400, 410, 41] },
      { point: 'soc', unit: '%', resolution: '15m', stepwise: false, t: [T0, T0 + Q, T0 + 2 * Q], v: [50, 51, 51] },
    ],
  };
  it('is left out: the last point drawn is the last complete interval', () => {
    const done = completeIntervals(today, T0 + 2 * Q + 90_000);
    expect(alignedSeries(done, ['pvKw', 'soc'])).toEqual([
      [T0 / 1000, (T0 + Q) / 1000],
      [400, 410],
      [50, 51],
    ]);
  });
  it('is kept once it has ended', () => {
    expect(completeIntervals(today, T0 + 3 * Q).series[0]!.v).toEqual([400, 410, 41]);
  });
  it('reads the interval from the resolution; raw samples are not intervals', () => {
    expect(resolutionMs('15m')).toBe(Q);
    expect(resolutionMs('1d')).toBe(86_400_000);
    expect(resolutionMs('raw')).toBe(0);
    const raw: PowerCurve = { timezone: 'UTC', series: [{ ...today.series[0]!, resolution: 'raw' }] };
    expect(completeIntervals(raw, T0).series[0]!.t).toHaveLength(3);
  });
});
