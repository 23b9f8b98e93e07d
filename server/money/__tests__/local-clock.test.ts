import { describe, expect, it } from 'vitest';
import { wallClock } from '../../../protocol/site-time';
import { localReader } from '../local-clock';

describe('localReader', () => {
  // Lord Howe moves its clocks by 30 minutes; Kathmandu sits at +05:45.
  it.each(['Europe/Berlin', 'Asia/Shanghai', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'America/New_York'])(
    'reads every quarter of 2026 in %s as site-time does',
    (zone) => {
      const read = localReader(zone);
      const wrong: string[] = [];
      for (let t = Date.UTC(2025, 11, 31, 12); t < Date.UTC(2027, 0, 1, 12); t += 900_000) {
        const a = read(t);
        const b = wallClock(zone, t);
        if (a.date !== b.date || a.monthNo !== b.monthNo || a.minutes !== b.minutes) wrong.push(new Date(t).toISOString());
      }
      expect(wrong).toEqual([]);
    },
  );
});
