import { describe, expect, it } from 'vitest';
import { userRanges } from '../userRange';

const r = (min: number, max: number) => ({ min, max });

describe('a chart zoomed ahead of its range prop', () => {
  it('keeps the newest step while renders of new data or of older steps still carry older ranges', () => {
    const chart = userRanges();
    expect(chart.shown(r(0, 1000))).toEqual(r(0, 1000));
    chart.reported(r(100, 900));
    // data arrives, rendered before the step: the prop is still the first range
    expect(chart.shown(r(0, 1000))).toEqual(r(100, 900));
    chart.reported(r(200, 800));
    // the first step comes back (in ms and back to s: a rounding error away), the second not yet
    expect(chart.shown(r(100.0000002, 899.9999997))).toEqual(r(200, 800));
    expect(chart.shown(r(200, 800))).toEqual(r(200, 800));
    // caught up: the prop leads again
    expect(chart.shown(r(200, 800))).toEqual(r(200, 800));
  });

  it('gives way to a range set from outside (a preset, a pan, another chart)', () => {
    const chart = userRanges();
    chart.shown(r(0, 1000));
    chart.reported(r(100, 900));
    expect(chart.shown(r(5000, 6000))).toEqual(r(5000, 6000));
    // a later data render with that range does not bring the abandoned step back
    expect(chart.shown(r(5000, 6000))).toEqual(r(5000, 6000));
  });

  it('follows the prop when the chart was never zoomed', () => {
    const chart = userRanges();
    expect(chart.shown(r(0, 10))).toEqual(r(0, 10));
    expect(chart.shown(r(5, 15))).toEqual(r(5, 15));
  });
});
