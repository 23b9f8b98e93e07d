import { describe, expect, it } from 'vitest';
import {
  addDateDays,
  addLocalDays,
  addMonthKey,
  dateKey,
  dateStart,
  dayEnd,
  dayHours,
  dayStart,
  formatWall,
  hourOfDay,
  minuteOfDay,
  monthKey,
  monthStart,
  nextMonthStart,
  offsetMinutes,
  wallClock,
  wallTimeMs,
} from './site-time';

const iso = (ms: number): string => new Date(ms).toISOString();
const BERLIN = 'Europe/Berlin';

/** The Berlin day holding `noonIso` starts at `start`, ends at `end` and lasts `hours`. */
const expectBerlinDay = (noonIso: string, start: string, end: string, hours: number): void => {
  const noon = Date.parse(noonIso);
  expect(iso(dayStart(BERLIN, noon))).toBe(start);
  expect(iso(dayEnd(BERLIN, noon))).toBe(end);
  expect(dayHours(BERLIN, noonIso.slice(0, 10))).toBe(hours);
};

describe('a 23-hour day (Europe/Berlin 2026-03-29, clocks 02:00 → 03:00)', () => {
  it('starts at local midnight (+01:00) and ends at the next local midnight (+02:00)', () => {
    expectBerlinDay('2026-03-29T10:00:00Z', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z', 23);
  });

  it('reads the wall clock across the change', () => {
    expect(minuteOfDay(BERLIN, Date.parse('2026-03-29T00:30:00Z'))).toBeCloseTo(90, 6);
    expect(minuteOfDay(BERLIN, Date.parse('2026-03-29T01:30:00Z'))).toBeCloseTo(210, 6);
    expect(hourOfDay(BERLIN, Date.parse('2026-03-29T01:00:00Z'))).toBe(3);
    expect(offsetMinutes(BERLIN, Date.parse('2026-03-29T00:59:59Z'))).toBe(60);
    expect(offsetMinutes(BERLIN, Date.parse('2026-03-29T01:00:00Z'))).toBe(120);
  });

  it('maps a skipped reading past the gap', () => {
    expect(iso(wallTimeMs(BERLIN, '2026-03-29', 150))).toBe('2026-03-29T01:30:00.000Z');
    expect(iso(wallTimeMs(BERLIN, '2026-03-29', 1440))).toBe('2026-03-29T22:00:00.000Z');
  });

  it('adds a local day as 23 hours when it crosses the change', () => {
    const sat9 = Date.parse('2026-03-28T08:00:00Z');
    expect(iso(addLocalDays(BERLIN, sat9, 1))).toBe('2026-03-29T07:00:00.000Z');
    expect(formatWall(BERLIN, addLocalDays(BERLIN, sat9, 1))).toBe('2026-03-29 09:00:00');
  });
});

describe('a 25-hour day (Europe/Berlin 2026-10-25, clocks 03:00 → 02:00)', () => {
  it('starts at local midnight (+02:00) and lasts 25 hours', () => {
    expectBerlinDay('2026-10-25T11:00:00Z', '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z', 25);
  });

  it('belongs to the same date in its last hour', () => {
    expect(dateKey(BERLIN, Date.parse('2026-10-25T22:59:59Z'))).toBe('2026-10-25');
    expect(dateKey(BERLIN, Date.parse('2026-10-25T23:00:00Z'))).toBe('2026-10-26');
    expect(minuteOfDay(BERLIN, Date.parse('2026-10-25T22:30:00Z'))).toBeCloseTo(23 * 60 + 30, 6);
  });

  it('maps a reading that happens twice to the later one', () => {
    expect(iso(wallTimeMs(BERLIN, '2026-10-25', 150))).toBe('2026-10-25T01:30:00.000Z');
  });
});

describe('Asia/Shanghai (UTC+8, no DST)', () => {
  const SH = 'Asia/Shanghai';

  it('puts 16:00 UTC on the next local date and starts the day there', () => {
    const t = Date.parse('2026-01-31T16:30:00Z');
    expect(dateKey(SH, t)).toBe('2026-02-01');
    expect(monthKey(SH, t)).toBe('2026-02');
    expect(iso(dayStart(SH, t))).toBe('2026-01-31T16:00:00.000Z');
    expect(wallClock(SH, t)).toMatchObject({ year: 2026, monthNo: 2, day: 1, hour: 0, weekday: 0, doy: 32 });
  });

  it('has 24-hour days and local month boundaries', () => {
    expect(dayHours(SH, '2026-06-15')).toBe(24);
    const t = Date.parse('2026-02-10T03:00:00Z');
    expect(iso(monthStart(SH, t))).toBe('2026-01-31T16:00:00.000Z');
    expect(iso(nextMonthStart(SH, t))).toBe('2026-02-28T16:00:00.000Z');
  });
});

describe('a half-hour zone (Asia/Kolkata, UTC+05:30)', () => {
  it('starts the day at 18:30 UTC the evening before', () => {
    const t = Date.parse('2026-07-01T00:10:00Z');
    expect(iso(dayStart('Asia/Kolkata', t))).toBe('2026-06-30T18:30:00.000Z');
    expect(minuteOfDay('Asia/Kolkata', t)).toBeCloseTo(5 * 60 + 40, 6);
    expect(formatWall('Asia/Kolkata', t)).toBe('2026-07-01 05:40:00');
  });

  it('half-hour DST change (Australia/Lord_Howe, 2026-10-04): a 23.5-hour day', () => {
    expect(dayHours('Australia/Lord_Howe', '2026-10-04')).toBe(23.5);
  });
});

describe('day start', () => {
  it('is exactly local midnight for every day of a year, whatever the zone', () => {
    for (const zone of [BERLIN, 'Asia/Shanghai', 'America/New_York', 'Asia/Kolkata']) {
      for (let date = '2026-01-01'; date < '2027-01-01'; date = addDateDays(date, 1)) {
        const start = dateStart(zone, date);
        expect(formatWall(zone, start)).toBe(`${date} 00:00:00`);
        expect(dateKey(zone, start - 1)).toBe(addDateDays(date, -1));
      }
    }
  });

  it('is the first instant of the day when a DST change skips midnight (America/Santiago 2026-09-06)', () => {
    expect(iso(dateStart('America/Santiago', '2026-09-06'))).toBe('2026-09-06T04:00:00.000Z');
    expect(formatWall('America/Santiago', dateStart('America/Santiago', '2026-09-06'))).toBe('2026-09-06 01:00:00');
    expect(dayHours('America/Santiago', '2026-09-06')).toBe(23);
  });

  it('rejects an unknown zone and a malformed date', () => {
    expect(() => dateKey('Mars/Olympus', 0)).toThrow(RangeError);
    expect(() => dateStart(BERLIN, '2026-3-1')).toThrow(RangeError);
  });
});

describe('calendar steps', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addDateDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDateDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDateDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('steps months across a year boundary', () => {
    expect(addMonthKey('2026-01', -1)).toBe('2025-12');
    expect(addMonthKey('2026-12', 1)).toBe('2027-01');
  });
});
