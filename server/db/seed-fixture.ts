import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { PERIODS } from '../../protocol/codes';
import { DEFAULT_STATIONS, planSeed, type DeviceType, type TariffSeason } from './seed';
import { ADMIN_ACCOUNT, DISABLED_ACCOUNT, OPERATOR_ACCOUNT, PROVIDERS } from './seed-data';
import { minutesOf } from '../../protocol/actions/tariffs';

// What the seed suites share: the clock they plan for, the demo accounts, and the checks every
// tariff's seasons and every station's time zone must pass.

export const NOW = new Date('2026-11-21T08:00:00Z');
export const TODAY = '2026-11-21';

export const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');
export const DEMO = [ADMIN_ACCOUNT, ...PROVIDERS.map((p) => p.admin), OPERATOR_ACCOUNT, DISABLED_ACCOUNT];
export const CUSTOMERS = PROVIDERS.reduce((n, p) => n + p.customers.length, 0);

/** months of all seasons cover 1..12 once; each season's slots run 00:00 → 24:00 without gaps */
export const expectTariffShape = (seasons: TariffSeason[]) => {
  expect(seasons.flatMap((s) => s.months).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  for (const s of seasons) {
    let t = '00:00';
    for (const slot of s.slots) {
      expect(slot.start).toBe(t);
      expect(minutesOf(slot.end)).toBeGreaterThan(minutesOf(slot.start));
      expect(PERIODS).toContain(slot.period);
      for (const price of [slot.fromGridPrice, slot.feedInPrice]) {
        expect(price).toBeGreaterThan(0);
        expect(Math.round(price * 10_000) / 10_000).toBe(price);
      }
      t = slot.end;
    }
    expect(t).toBe('24:00');
  }
};

const zones = new Map<string, boolean>();
export const validZone = (tz: string): boolean => {
  let ok = zones.get(tz);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      ok = true;
    } catch {
      ok = false;
    }
    zones.set(tz, ok);
  }
  return ok;
};

/** The default plan and the lookups the planSeed suites read it through. */
export const planFixture = () => {
  const plan = planSeed({ now: NOW, stations: DEFAULT_STATIONS });
  const byStation = <T extends { station_id: number }>(rows: T[]) => {
    const m = new Map<number, T[]>();
    for (const r of rows) m.set(r.station_id, [...(m.get(r.station_id) ?? []), r]);
    return m;
  };
  const devices = byStation(plan.devices);
  const sum = (xs: { rated_power_kw: number }[] | undefined) => (xs ?? []).reduce((a, d) => a + d.rated_power_kw, 0);
  const ofType = (sid: number, t: DeviceType) => (devices.get(sid) ?? []).filter((d) => d.type === t);
  return { plan, byStation, devices, sum, ofType };
};
