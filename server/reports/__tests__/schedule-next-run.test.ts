import { describe, expect, it } from 'vitest';
import { nextRunAt } from '../schedule-periods';

// The next run shown on the schedules screen: the runner's next pass while the last full period
// is unsent, else the end of the period under way in the station's zone.

describe('nextRunAt', () => {
  const wed = Date.parse('2026-11-25T10:00:30Z'); // Wednesday, 18:00:30 in Shanghai

  it('is the next minute while the last full period has no delivery', () => {
    expect(new Date(nextRunAt('weekly', 'Asia/Shanghai', wed, false)).toISOString()).toBe('2026-11-25T10:01:00.000Z');
  });

  it('is local Monday 00:00 (weekly) or the first of next month 00:00 (monthly)', () => {
    expect(new Date(nextRunAt('weekly', 'Asia/Shanghai', wed, true)).toISOString()).toBe('2026-11-29T16:00:00.000Z');
    expect(new Date(nextRunAt('monthly', 'Asia/Shanghai', wed, true)).toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(new Date(nextRunAt('weekly', 'UTC', Date.parse('2026-11-30T00:00:00Z'), true)).toISOString()).toBe('2026-12-07T00:00:00.000Z');
  });
});
