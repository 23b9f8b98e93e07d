import { describe, expect, it } from 'vitest';
import { dateInputMs, rangeOf } from '../query';

describe('alarm center range presets', () => {
  const now = new Date(2026, 10, 21, 15, 30, 0).getTime();
  it('today starts at local midnight and stays open-ended', () => {
    const r = rangeOf('today', now);
    expect(new Date(r.from!).getTime()).toBe(new Date(2026, 10, 21).getTime());
    expect(r.to).toBeUndefined();
  });
  it('7 and 30 days reach back from now', () => {
    expect(now - new Date(rangeOf('7d', now).from!).getTime()).toBe(7 * 86_400_000);
    expect(now - new Date(rangeOf('30d', now).from!).getTime()).toBe(30 * 86_400_000);
    expect(rangeOf('all', now)).toEqual({});
  });
  it('a week across a DST change reaches back to the same wall time, not 168 hours', () => {
    // Berlin moved its clocks forward on 2026-03-29: from Wednesday 1 April 12:00 back to 25 March 12:00 is 167 h
    const at = Date.parse('2026-04-01T10:00:00Z');
    expect(rangeOf('7d', at, undefined, 'Europe/Berlin').from).toBe('2026-03-25T11:00:00.000Z');
  });
  it('a custom range covers whole local days, the end day included', () => {
    const r = rangeOf('custom', now, { from: '2026-11-01', to: '2026-11-03' });
    expect(new Date(r.from!).getTime()).toBe(new Date(2026, 10, 1).getTime());
    expect(new Date(r.to!).getTime()).toBe(new Date(2026, 10, 4).getTime());
    expect(rangeOf('custom', now, { from: 'x', to: '' })).toEqual({});
  });
  it('parses dates', () => {
    expect(dateInputMs('2026-02-30')).not.toBeNull();
    expect(dateInputMs('26-1-1')).toBeNull();
  });
});

describe('alarm center ranges in a zone with daylight saving', () => {
  it('"today" on the 25-hour day starts at local midnight, a custom day ends at the next one', () => {
    const now = Date.parse('2026-10-25T20:00:00Z');
    expect(rangeOf('today', now, undefined, 'Europe/Berlin').from).toBe('2026-10-24T22:00:00.000Z');
    expect(rangeOf('custom', now, { from: '2026-10-25', to: '2026-10-25' }, 'Europe/Berlin')).toEqual({
      from: '2026-10-24T22:00:00.000Z',
      to: '2026-10-25T23:00:00.000Z',
    });
  });
});
