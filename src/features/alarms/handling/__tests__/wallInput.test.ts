import { describe, expect, it } from 'vitest';
import { fromWallInput, instantOfInput, toWallInput } from '../wallInput';

const BERLIN = 'Europe/Berlin';
const utc = (iso: string) => Date.parse(iso);

describe('datetime-local values in a station zone', () => {
  it("reads a plain day in the zone, not in the viewer's", () => {
    expect(fromWallInput('Asia/Shanghai', '2026-11-23T09:00')).toBe(utc('2026-11-23T01:00:00Z'));
    expect(fromWallInput(BERLIN, '2026-11-23T09:00')).toBe(utc('2026-11-23T08:00:00Z'));
    expect(toWallInput(BERLIN, utc('2026-11-23T08:00:00Z'))).toBe('2026-11-23T09:00');
  });

  it('Europe/Berlin 2026-10-25 (clocks back 03:00 CEST → 02:00 CET): each side of the change', () => {
    expect(fromWallInput(BERLIN, '2026-10-25T00:00')).toBe(utc('2026-10-24T22:00:00Z'));
    expect(fromWallInput(BERLIN, '2026-10-25T01:30')).toBe(utc('2026-10-24T23:30:00Z'));
    // 02:30 happens twice; site-time takes the later one (CET)
    expect(fromWallInput(BERLIN, '2026-10-25T02:30')).toBe(utc('2026-10-25T01:30:00Z'));
    expect(fromWallInput(BERLIN, '2026-10-25T03:30')).toBe(utc('2026-10-25T02:30:00Z'));
    expect(fromWallInput(BERLIN, '2026-10-25T06:00')).toBe(utc('2026-10-25T05:00:00Z'));
    // a window 00:00 → 06:00 on that day lasts 7 hours
    expect(fromWallInput(BERLIN, '2026-10-25T06:00') - fromWallInput(BERLIN, '2026-10-25T00:00')).toBe(7 * 3_600_000);
    // and reads back as it was typed on both sides
    expect(toWallInput(BERLIN, utc('2026-10-24T23:30:00Z'))).toBe('2026-10-25T01:30');
    expect(toWallInput(BERLIN, utc('2026-10-25T00:30:00Z'))).toBe('2026-10-25T02:30');
    expect(toWallInput(BERLIN, utc('2026-10-25T01:30:00Z'))).toBe('2026-10-25T02:30');
    expect(toWallInput(BERLIN, utc('2026-10-25T05:00:00Z'))).toBe('2026-10-25T06:00');
  });

  it('Europe/Berlin spring forward: a skipped reading lands after the change', () => {
    expect(fromWallInput(BERLIN, '2026-03-29T01:30')).toBe(utc('2026-03-29T00:30:00Z'));
    expect(fromWallInput(BERLIN, '2026-03-29T02:30')).toBe(utc('2026-03-29T01:30:00Z'));
    expect(fromWallInput(BERLIN, '2026-03-29T04:30')).toBe(utc('2026-03-29T02:30:00Z'));
  });

  it('accepts seconds, refuses what is not a datetime-local value', () => {
    expect(fromWallInput(BERLIN, '2026-11-23T09:00:30')).toBe(utc('2026-11-23T08:00:30Z'));
    expect(fromWallInput(BERLIN, '')).toBeNaN();
    expect(fromWallInput(BERLIN, '2026-11-23 09:00')).toBeNaN();
    expect(fromWallInput(BERLIN, '2026-11-23T25:00')).toBeNaN();
  });

  it('an unchanged value keeps the instant it was filled with, seconds included', () => {
    const kept = utc('2026-10-25T00:30:42Z');
    expect(instantOfInput(BERLIN, '2026-10-25T02:30', kept)).toBe(kept);
    expect(instantOfInput(BERLIN, '2026-10-25T02:45', kept)).toBe(utc('2026-10-25T01:45:00Z'));
    expect(instantOfInput(BERLIN, '2026-10-25T02:30', null)).toBe(utc('2026-10-25T01:30:00Z'));
  });
});
