import uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { zonedDate } from '../zonedDate';

const wall = (d: Date) => [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds(), d.getMilliseconds()];

describe('trend time zone dates', () => {
  it('reads the wall time of the chart zone, whatever the browser zone', () => {
    // 2026-01-01 00:00:00.250 UTC is 08:00 in Shanghai
    expect(wall(zonedDate(Date.UTC(2026, 0, 1, 0, 0, 0, 250), 'Asia/Shanghai'))).toEqual([2026, 1, 1, 8, 0, 0, 250]);
    // New York across its spring-forward night: 01:59 EST, then 03:00 EDT
    expect(wall(zonedDate(Date.UTC(2026, 2, 8, 6, 59), 'America/New_York')).slice(3, 5)).toEqual([1, 59]);
    expect(wall(zonedDate(Date.UTC(2026, 2, 8, 7, 0), 'America/New_York')).slice(3, 5)).toEqual([3, 0]);
    // a quarter-hour zone and UTC
    expect(wall(zonedDate(Date.UTC(2026, 5, 30, 23, 0), 'Asia/Kathmandu')).slice(1, 5)).toEqual([7, 1, 4, 45]);
    expect(wall(zonedDate(Date.UTC(2026, 5, 30, 23, 0), 'UTC')).slice(1, 5)).toEqual([6, 30, 23, 0]);
  });

  it('agrees with uPlot.tzDate over a year of hours in zones with and without daylight saving', () => {
    const start = Date.UTC(2026, 0, 1);
    for (const tz of ['Asia/Shanghai', 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe']) {
      for (let h = 0; h < 366 * 24; h += 53) {
        const ms = start + h * 3_600_000 + 1_234;
        expect(wall(zonedDate(ms, tz)), `${tz} ${new Date(ms).toISOString()}`).toEqual(wall(uPlot.tzDate(new Date(ms), tz)));
      }
    }
  });
});
