import { describe, expect, it } from 'vitest';
import { seriesFor, toCsvColumns, type History } from '../history';
import { strategyMarks, tariffPeriods, type Distribution, type SwitchRecord, type Tariff } from '../overlays';

const slot = (start: string, end: string, period: 'sharp' | 'peak' | 'flat' | 'valley') => ({ start, end, period, fromGridPrice: 0.1, feedInPrice: 0.05 });
const tariff = (name: string, effectiveDate: string, slots: ReturnType<typeof slot>[]): Tariff => ({
  tariffId: 1,
  stationId: 1,
  name,
  currency: 'USD',
  effectiveDate,
  status: 'active',
  updatedAt: '',
  charges: {},
  seasons: [{ months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], slots }],
});

describe('tariff periods on the time axis', () => {
  it('places slots at local wall time in the station zone, also on a 23-hour DST day', () => {
    const t = tariff('T', '2026-01-01', [slot('00:00', '12:00', 'valley'), slot('12:00', '24:00', 'peak')]);
    const iso = (p: { from: number; to: number; period: string }) => [new Date(p.from).toISOString(), new Date(p.to).toISOString(), p.period];
    // Berlin 2026-03-29: midnight is UTC+1, noon and the next midnight UTC+2
    expect(tariffPeriods([t], Date.parse('2026-03-28T23:00:00Z'), Date.parse('2026-03-29T22:00:00Z'), 'Europe/Berlin').map(iso)).toEqual([
      ['2026-03-28T23:00:00.000Z', '2026-03-29T10:00:00.000Z', 'valley'],
      ['2026-03-29T10:00:00.000Z', '2026-03-29T22:00:00.000Z', 'peak'],
    ]);
    expect(tariffPeriods([t], Date.parse('2026-11-20T21:00:00Z'), Date.parse('2026-11-21T21:00:00Z'), 'Africa/Nairobi').map(iso)).toEqual([
      ['2026-11-20T21:00:00.000Z', '2026-11-21T09:00:00.000Z', 'valley'],
      ['2026-11-21T09:00:00.000Z', '2026-11-21T21:00:00.000Z', 'peak'],
    ]);
  });

  it('uses the tariff in force on each day, clips to the range and merges neighbouring slots of one period', () => {
    const old = tariff('Old', '2026-01-01', [slot('00:00', '12:00', 'valley'), slot('12:00', '24:00', 'peak')]);
    const cur = tariff('New', '2026-11-21', [
      slot('00:00', '08:00', 'valley'),
      slot('08:00', '10:00', 'flat'),
      slot('10:00', '12:00', 'flat'),
      slot('12:00', '24:00', 'sharp'),
    ]);
    const from = Date.parse('2026-11-20T12:00:00Z'); // 20:00 local on the 20th
    const to = Date.parse('2026-11-21T06:00:00Z'); // 14:00 local on the 21st
    const ps = tariffPeriods([cur, old], from, to, 'Asia/Shanghai').map((p) => ({
      ...p,
      from: new Date(p.from).toISOString(),
      to: new Date(p.to).toISOString(),
    }));
    expect(ps).toEqual([
      { from: '2026-11-20T12:00:00.000Z', to: '2026-11-20T16:00:00.000Z', period: 'peak', tariff: 'Old' },
      { from: '2026-11-20T16:00:00.000Z', to: '2026-11-21T00:00:00.000Z', period: 'valley', tariff: 'New' },
      { from: '2026-11-21T00:00:00.000Z', to: '2026-11-21T04:00:00.000Z', period: 'flat', tariff: 'New' },
      { from: '2026-11-21T04:00:00.000Z', to: '2026-11-21T06:00:00.000Z', period: 'sharp', tariff: 'New' },
    ]);
  });

  it('draws nothing before the first tariff or over very long spans', () => {
    const t = tariff('T', '2026-06-01', [slot('00:00', '24:00', 'flat')]);
    expect(tariffPeriods([t], Date.parse('2026-05-01T00:00:00Z'), Date.parse('2026-05-10T00:00:00Z'), 'UTC')).toEqual([]);
    expect(tariffPeriods([t], Date.parse('2026-06-01T00:00:00Z'), Date.parse('2026-09-01T00:00:00Z'), 'UTC')).toEqual([]);
  });
});

describe('strategy marks', () => {
  it('keeps the issuance and switch records inside the range, oldest first', () => {
    const d = (issuedAt: string, strategyName: string): Distribution => ({
      distributionId: 1,
      strategyId: 1,
      strategyName,
      stationId: 1,
      status: 1,
      reason: null,
      operator: null,
      issuedAt,
      ackedAt: null,
    });
    const s = (time: string): SwitchRecord => ({ recordId: 1, stationId: 1, time, operation: 'enableIsland', status: 1, operator: null, reason: null });
    const marks = strategyMarks(
      [d('2026-11-21T03:00:00Z', 'B'), d('2026-11-21T01:00:00Z', 'A'), d('2026-11-19T00:00:00Z', 'old')],
      [s('2026-11-21T02:00:00Z')],
      Date.parse('2026-11-21T00:00:00Z'),
      Date.parse('2026-11-21T04:00:00Z'),
      { issue: (x) => `issued ${x.strategyName}`, switch: (x) => x.operation },
    );
    expect(marks.map((m) => m.label)).toEqual(['issued A', 'enableIsland', 'issued B']);
    expect(marks[0]?.t).toBe(Date.parse('2026-11-21T01:00:00Z') / 1000);
    expect(marks.every((m) => m.solid)).toBe(true);
  });
});

describe('CSV of several series', () => {
  it('has one column per series and one row per visible instant, blank where a series has no sample', () => {
    const { csv, rows } = toCsvColumns(
      [
        { label: 'p (kW)', t: [0, 1000, 2000, 3000], v: [1, 2, null, 4] },
        { label: 'soc, % (%)', t: [1500, 2000, 5000], v: [50, 51, 52] },
      ],
      1000,
      3000,
      'Asia/Shanghai',
      (ms) => `L${ms}`,
    );
    expect(rows).toBe(4);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).trim().split('\r\n')).toEqual([
      'time (Asia/Shanghai),time (UTC),p (kW),"soc, % (%)"',
      'L1000,1970-01-01T00:00:01.000Z,2,',
      'L1500,1970-01-01T00:00:01.500Z,,50',
      'L2000,1970-01-01T00:00:02.000Z,,51',
      'L3000,1970-01-01T00:00:03.000Z,4,',
    ]);
  });
});

describe('series of a multi-point answer', () => {
  it('follows the order of the picked points, by name', () => {
    const s = (point: string) => ({ point, unit: '', resolution: 'raw', stepwise: false, t: [], v: [] });
    const r: History = { deviceId: 1, timezone: 'UTC', series: [s('soc'), s('p')] };
    expect(seriesFor(r, ['p', 'soc']).map((x) => x?.point)).toEqual(['p', 'soc']);
    expect(seriesFor(r, ['p', 'q']).map((x) => x?.point)).toEqual(['p', undefined]);
    expect(seriesFor({ ...r, series: [s('P1')] }, ['p']).map((x) => x?.point)).toEqual(['P1']);
    expect(seriesFor(null, ['p'])).toEqual([undefined]);
  });
});
