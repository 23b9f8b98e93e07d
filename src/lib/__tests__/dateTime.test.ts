import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../dateTime';

describe('formatDateTime: the one date-time text of the console', () => {
  const at = '2026-11-27T05:31:39Z';
  it('writes YYYY-MM-DD HH:mm:ss in the zone asked for, whatever the language', () => {
    expect(formatDateTime(at, 'UTC')).toBe('2026-11-27 05:31:39');
    expect(formatDateTime(at, 'Asia/Shanghai')).toBe('2026-11-27 13:31:39');
    expect(formatDateTime(at, 'America/Los_Angeles')).toBe('2026-11-26 21:31:39');
    expect(formatDateTime(at, 'Asia/Kolkata')).toBe('2026-11-27 11:01:39');
  });
  it('takes epoch milliseconds as well as ISO text', () => {
    expect(formatDateTime(Date.parse(at), 'Asia/Shanghai')).toBe(formatDateTime(at, 'Asia/Shanghai'));
  });
  it('follows daylight saving: the repeated hour of Berlin keeps its wall-clock reading', () => {
    expect(formatDateTime('2026-10-25T00:30:00Z', 'Europe/Berlin')).toBe('2026-10-25 02:30:00');
    expect(formatDateTime('2026-10-25T01:30:00Z', 'Europe/Berlin')).toBe('2026-10-25 02:30:00');
    expect(formatDateTime('2026-10-25T20:00:00Z', 'Europe/Berlin')).toBe('2026-10-25 21:00:00');
  });
  it("defaults to the browser's zone", () => {
    const d = new Date(2026, 0, 2, 3, 4, 5);
    expect(formatDateTime(d.toISOString())).toBe('2026-01-02 03:04:05');
  });
  it('writes a dash for no time or an unreadable one', () => {
    expect(formatDateTime(null, 'UTC')).toBe('-');
    expect(formatDateTime(undefined, 'UTC')).toBe('-');
    expect(formatDateTime('', 'UTC')).toBe('-');
    expect(formatDateTime('not a time', 'UTC')).toBe('-');
  });
});
