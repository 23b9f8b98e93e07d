import { describe, expect, it } from 'vitest';
import { clockOfDay, fmtDate24 } from '../timeAxis';

// uPlot's own default tick templates (uPlot.js `_timeAxisStamps`) that carry a 12-hour clock.
const HOUR_TICK = '{h}{aa}';
const MINUTE_TICK = '{h}:{mm}{aa}';
const DAY_AND_HOUR = '{M}/{D}\n{h}{aa}';

describe('time axis labels (the same 24-hour clock for zh and en readers)', () => {
  it('reads hours as 01:00 … 14:00, never 1am … 2pm', () => {
    expect(fmtDate24(HOUR_TICK)(new Date(2026, 0, 5, 1))).toBe('01:00');
    expect(fmtDate24(HOUR_TICK)(new Date(2026, 0, 5, 14))).toBe('14:00');
    expect(fmtDate24(MINUTE_TICK)(new Date(2026, 0, 5, 14, 30))).toBe('14:30');
    expect(fmtDate24(DAY_AND_HOUR)(new Date(2026, 0, 5, 0))).toBe('01-05\n00:00');
    for (const h of [0, 9, 12, 23]) expect(fmtDate24(HOUR_TICK)(new Date(2026, 0, 5, h))).not.toMatch(/am|pm/i);
  });
  it('reads a tariff day as times of day from 00:00 to 24:00, never as dates', () => {
    expect([0, 3_600, 30_600, 50_400, 86_400].map(clockOfDay)).toEqual(['00:00', '01:00', '08:30', '14:00', '24:00']);
  });
});
