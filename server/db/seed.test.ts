import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_TYPES, PERIODS, SITE_TYPES } from '../../protocol/codes';
import { ALL_PERMISSIONS, ROUTE_PERMISSIONS } from '../../protocol/permissions';
import { verifyPassword } from '../auth/password';
import { createDb, type Db } from './db';
import { migrate } from './migrate';
import { DEFAULT_STATIONS, planSeed, seedIfEmpty, type DeviceType, type SeedPlan, type SeedSummary, type TariffSeason } from './seed';
import { ADMIN_ACCOUNT, DISABLED_ACCOUNT, OPERATOR_ACCOUNT, PROVIDERS, SITES } from './seed-data';

const NOW = new Date('2026-11-21T08:00:00Z');
const TODAY = '2026-11-21';
const PG_URL = process.env.DATABASE_URL;
if (!PG_URL) console.warn('skipping PostgreSQL: DATABASE_URL not set');

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const DEMO = [ADMIN_ACCOUNT, ...PROVIDERS.map((p) => p.admin), OPERATOR_ACCOUNT, DISABLED_ACCOUNT];
const CUSTOMERS = PROVIDERS.reduce((n, p) => n + p.customers.length, 0);

/** months of all seasons cover 1..12 once; each season's slots run 00:00 → 24:00 without gaps */
const expectTariffShape = (seasons: TariffSeason[]) => {
  expect(seasons.flatMap((s) => s.months).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  for (const s of seasons) {
    let t = '00:00';
    for (const slot of s.slots) {
      expect(slot.start).toBe(t);
      expect(minutes(slot.end)).toBeGreaterThan(minutes(slot.start));
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
const validZone = (tz: string): boolean => {
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

describe('planSeed (pure)', () => {
  const plan = planSeed({ now: NOW, stations: DEFAULT_STATIONS });
  const byStation = <T extends { station_id: number }>(rows: T[]) => {
    const m = new Map<number, T[]>();
    for (const r of rows) m.set(r.station_id, [...(m.get(r.station_id) ?? []), r]);
    return m;
  };
  const devices = byStation(plan.devices);
  const sum = (xs: { rated_power_kw: number }[] | undefined) => (xs ?? []).reduce((a, d) => a + d.rated_power_kw, 0);
  const ofType = (sid: number, t: DeviceType) => (devices.get(sid) ?? []).filter((d) => d.type === t);

  it('is deterministic for the same options', () => {
    expect(planSeed({ now: NOW, stations: DEFAULT_STATIONS })).toEqual(plan);
    expect(planSeed({ now: NOW, stations: 250 })).toEqual(planSeed({ now: NOW, stations: 250 }));
  });

  it('builds one station per real site by default, spread over three providers with 2-4 customers each', () => {
    expect(plan.stations.map((s) => s.name)).toEqual(SITES.map((s) => s.name));
    expect(plan.orgs.filter((o) => o.org_type === 1)).toEqual([expect.objectContaining({ id: 1, name: 'EMS Cloud Platform', parent_id: null })]);
    const providers = plan.orgs.filter((o) => o.org_type === 2);
    expect(providers).toHaveLength(3);
    for (const p of providers) {
      expect(p.parent_id).toBe(1);
      const customers = plan.orgs.filter((o) => o.parent_id === p.id);
      expect(customers.length).toBeGreaterThanOrEqual(2);
      expect(customers.length).toBeLessThanOrEqual(4);
      expect(customers.every((c) => c.org_type === 3)).toBe(true);
      expect(plan.stations.filter((s) => s.provider_id === p.id).length).toBeGreaterThanOrEqual(10);
    }
    for (const s of plan.stations) expect(plan.orgs.find((o) => o.id === s.customer_id)?.parent_id).toBe(s.provider_id);
    expect(new Set(plan.stations.map((s) => s.country)).size).toBeGreaterThanOrEqual(6);
    expect(plan.stations.filter((s) => s.country === 'CN').length).toBeGreaterThan(plan.stations.length / 2);
  });

  it.each([1, 2, 3, 59, 61, 137, 1000])('works for %i stations with unique names and serials', (n) => {
    const p = planSeed({ now: NOW, stations: n });
    expect(p.stations).toHaveLength(n);
    expect(new Set(p.stations.map((s) => s.name)).size).toBe(n);
    expect(new Set(p.devices.map((d) => d.serial_no)).size).toBe(p.devices.length);
    expect(p.stationModes).toHaveLength(n);
    if (n === 3) expect(new Set(p.stations.map((s) => s.provider_id)).size).toBe(3);
    if (n > SITES.length) expect(p.stations[SITES.length]?.name).toMatch(/（2期）$| Phase 2$/);
  });

  it('rejects a station count outside 1..99999', () => {
    for (const n of [0, -1, 1.5, 100_000, Number.NaN]) expect(() => planSeed({ now: NOW, stations: n })).toThrow(RangeError);
  });

  it('has realistic places: coordinates in range, IANA zones, single-language names', () => {
    for (const s of [...plan.stations, ...planSeed({ now: NOW, stations: 5000 }).stations]) {
      expect(Math.abs(s.lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(s.lon)).toBeLessThanOrEqual(180);
      expect(validZone(s.timezone)).toBe(true);
      expect(s.country).toMatch(/^[A-Z]{2}$/);
    }
    for (const s of plan.stations) {
      const zh = /[\u3400-\u9fff]/.test(s.name);
      expect(/[\u3400-\u9fff]/.test(s.address)).toBe(zh);
      if (zh) expect(s.name).not.toMatch(/[A-Za-z]{2,}/);
    }
    expect(plan.stations.find((s) => s.name === 'Newman Mine Camp Microgrid')).toMatchObject({ timezone: 'Australia/Perth', country: 'AU', system_type: 2 });
  });

  it('keeps energy types, system type, capacities and devices consistent', () => {
    const types = new Set<string>();
    for (const s of plan.stations) {
      const has = (t: string) => s.energy_types.includes(t as never);
      const sid = s.id;
      for (const d of devices.get(sid) ?? []) types.add(d.type);
      expect(ofType(sid, 'gateway')).toHaveLength(1);
      if (s.system_type === 2) expect(has('dg') || has('ess')).toBe(true);
      expect(ofType(sid, 'meter')).toHaveLength(s.system_type === 2 ? 0 : 1);
      expect(SITE_TYPES).toContain(s.site_type);
      expect(['0.4 kV', '10 kV', '35 kV']).toContain(s.voltage_level);
      expect(s.operation_date >= '2021-01-01' && s.operation_date <= '2026-12-31').toBe(true);
      // PV
      expect(ofType(sid, 'pv_inverter').length > 0).toBe(has('pv'));
      expect(ofType(sid, 'weather_station')).toHaveLength(has('pv') ? 1 : 0);
      if (has('pv')) {
        expect(s.pv_capacity_kw).toBeGreaterThanOrEqual(100);
        expect(s.pv_capacity_kw).toBeLessThanOrEqual(5000);
        expect(sum(ofType(sid, 'pv_inverter'))).toBeCloseTo(s.pv_capacity_kw, 3);
      } else expect(s.pv_capacity_kw).toBe(0);
      // ESS
      const pcs = ofType(sid, 'pcs');
      const clusters = ofType(sid, 'battery_cluster');
      if (has('ess')) {
        expect(pcs.length).toBeGreaterThanOrEqual(1);
        expect(pcs.length).toBeLessThanOrEqual(2);
        expect(clusters.length / pcs.length).toBeGreaterThanOrEqual(2);
        expect(clusters.length / pcs.length).toBeLessThanOrEqual(8);
        expect(s.ess_power_kw).toBeGreaterThanOrEqual(100);
        expect(s.ess_power_kw).toBeLessThanOrEqual(2000);
        expect([2, 4]).toContain(s.ess_capacity_kwh / s.ess_power_kw);
        expect(sum(pcs)).toBeCloseTo(s.ess_power_kw, 2);
        expect(clusters.reduce((a, d) => a + d.rated_capacity_kwh, 0)).toBeCloseTo(s.ess_capacity_kwh, 1);
        for (const c of clusters) expect(c.params).toMatchObject({ cellNominalV: 3.2, chemistry: 'LFP' });
      } else expect(pcs.length + clusters.length + s.ess_power_kw + s.ess_capacity_kwh).toBe(0);
      // DG
      if (has('dg')) {
        expect(s.dg_capacity_kw).toBeGreaterThanOrEqual(100);
        expect(s.dg_capacity_kw).toBeLessThanOrEqual(800);
        expect(sum(ofType(sid, 'generator'))).toBeCloseTo(s.dg_capacity_kw, 3);
      } else expect(ofType(sid, 'generator').length + s.dg_capacity_kw).toBe(0);
      // charging
      const piles = ofType(sid, 'charging_pile');
      if (has('charging')) {
        expect(s.charging_power_kw).toBeGreaterThanOrEqual(60);
        expect(s.charging_power_kw).toBeLessThanOrEqual(960);
        expect(piles.every((p) => p.rated_power_kw === 60 || p.rated_power_kw === 120)).toBe(true);
        expect(sum(piles)).toBe(s.charging_power_kw);
      } else expect(piles.length + s.charging_power_kw).toBe(0);
      // load
      const loads = ofType(sid, 'load').length;
      if (has('load')) expect(loads >= 1 && loads <= 3).toBe(true);
      else expect(loads).toBe(0);
    }
    expect([...types].sort()).toEqual([...DEVICE_TYPES].sort());
    const systems = plan.stations.map((s) => s.system_type);
    expect(systems.filter((t) => t === 1).length).toBeGreaterThan(plan.stations.length / 2);
    expect(systems).toContain(2);
    expect(systems).toContain(3);
    expect(new Set(plan.stations.map((s) => s.card_type))).toEqual(new Set([1, 2, 3]));
    expect(plan.stations.some((s) => s.picture_url === null)).toBe(true);
  });

  it('gives every station a tariff in force, ~20 % a pending and ~20 % a historical one', () => {
    const tariffs = byStation(plan.tariffs);
    let pending = 0, history = 0;
    for (const s of plan.stations) {
      const ts = tariffs.get(s.id) ?? [];
      const past = ts.filter((t) => t.effective_date <= TODAY);
      expect(past.length).toBeGreaterThanOrEqual(1);
      pending += ts.length - past.length;
      history += past.length - 1;
      expect(new Set(ts.map((t) => t.effective_date)).size).toBe(ts.length);
    }
    expect(pending).toBe(12);
    expect(history).toBe(12);
    expect(plan.tariffs.filter((t) => t.effective_date > TODAY).every((t) => t.effective_date === '2026-12-01')).toBe(true);
    for (const t of [...plan.tariffs, ...plan.tariffTemplates]) expectTariffShape(t.seasons);
    expect(plan.tariffs.filter((t) => t.seasons.some((s) => s.slots.some((x) => x.period === 'sharp'))).length).toBeGreaterThan(0);
    for (const p of plan.orgs.filter((o) => o.org_type === 2)) expect(plan.tariffTemplates.filter((t) => t.provider_id === p.id)).toHaveLength(2);
  });

  it('gives every DG station an expired, an active and a pending oil price', () => {
    const oil = byStation(plan.oilPrices);
    const now = NOW.toISOString();
    for (const s of plan.stations) {
      const rows = oil.get(s.id) ?? [];
      if (!s.energy_types.includes('dg')) {
        expect(rows).toHaveLength(0);
        continue;
      }
      expect(rows.filter((r) => r.end_time <= now)).toHaveLength(1);
      expect(rows.filter((r) => r.start_time <= now && now < r.end_time)).toHaveLength(1);
      expect(rows.filter((r) => r.start_time > now)).toHaveLength(1);
      for (const r of rows) {
        expect(r.price_per_litre).toBeGreaterThan(0.9);
        expect(r.price_per_litre).toBeLessThan(1.7);
        expect(r.kwh_per_litre).toBeGreaterThanOrEqual(3);
        expect(r.kwh_per_litre).toBeLessThanOrEqual(3.6);
      }
    }
  });

  it('gives ESS stations a peak-shaving and islanded DG stations an island strategy, aligned to the tariff', () => {
    const strategies = byStation(plan.strategies);
    const tariffs = byStation(plan.tariffs);
    for (const s of plan.stations) {
      const ss = strategies.get(s.id) ?? [];
      const ps = ss.filter((x) => x.kind === 'peakShaving');
      const island = ss.filter((x) => x.kind === 'island');
      expect(ps).toHaveLength(s.energy_types.includes('ess') ? 1 : 0);
      expect(island).toHaveLength(s.energy_types.includes('dg') && s.system_type !== 1 ? 1 : 0);
      const mode = plan.stationModes.find((m) => m.station_id === s.id);
      expect(mode?.island_enabled).toBe(s.system_type === 2);
      expect(mode?.peak_shaving_enabled).toBe(s.system_type !== 2 && ps[0]?.issue_status === 1);
      for (const x of ss) {
        expect(x.start_date <= TODAY && TODAY <= x.end_date).toBe(true);
        const dist = plan.distributions.filter((d) => d.strategy_id === x.id);
        expect(dist).toHaveLength(x.issue_status === 0 ? 0 : 1);
      }
      const p = ps[0];
      if (!p) continue;
      expect(p.params).toMatchObject({ socUpper: 90, socLower: 10, cellVoltageUpper: 3.6, cellVoltageLower: 2.8 });
      const periods = p.params.periods as { start: string; end: string; mode: string; powerKw: number }[];
      expect(periods[0]?.start).toBe('00:00');
      expect(periods.at(-1)?.end).toBe('24:00');
      const inForce = (tariffs.get(s.id) ?? []).filter((t) => t.effective_date <= TODAY).at(-1);
      const season = inForce?.seasons.find((x) => x.months.includes(11));
      for (const slot of season?.slots ?? []) {
        const period = periods.find((x) => minutes(x.start) <= minutes(slot.start) && minutes(slot.end) <= minutes(x.end));
        expect(period?.mode).toBe(slot.period === 'valley' ? 'charge' : slot.period === 'flat' ? 'idle' : 'discharge');
        expect(period?.powerKw ?? 0).toBeLessThanOrEqual(s.ess_power_kw);
      }
    }
    const statuses = plan.strategies.map((x) => x.issue_status);
    expect(statuses.filter((x) => x === 1).length).toBeGreaterThan(statuses.length / 2);
    expect(statuses).toContain(0);
    expect(statuses).toContain(2);
  });

  it('defines the three roles and six demo accounts with SPEC §5 passwords', () => {
    expect(plan.roles.find((r) => r.org_id === 1)?.permissions).toEqual([...ALL_PERMISSIONS]);
    const readOnly = plan.roles.filter((r) => r.name === 'Site operator (read-only)');
    expect(readOnly).toHaveLength(3);
    for (const r of readOnly) {
      expect(r.permissions.every((k) => (ROUTE_PERMISSIONS as readonly string[]).includes(k))).toBe(true);
      expect(r.permissions).not.toContain('system.account');
      expect(r.permissions).not.toContain('system.role');
      expect(r.permissions).not.toContain('system.audit');
    }
    expect(plan.accounts.map((a) => a.account)).toEqual(['admin', 'sunrise', 'pearlriver', 'equator', 'operator', 'disabled']);
    for (const a of plan.accounts) {
      expect(a.password.length).toBeGreaterThanOrEqual(8);
      expect(a.password).not.toMatch(/[<>')+/*]/);
      const classes = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(a.password)).length;
      expect(classes).toBeGreaterThanOrEqual(3);
    }
    const op = plan.accounts.find((a) => a.account === 'operator');
    expect(op?.data_scope).toBe('stations');
    expect(op?.scope_station_ids).toHaveLength(3);
    for (const id of op?.scope_station_ids ?? []) expect(plan.stations.find((s) => s.id === id)?.provider_id).toBe(op?.org_id);
    expect(plan.accounts.find((a) => a.account === 'disabled')?.status).toBe(0);
  });
});

const backends: { name: string; skip: boolean; open: () => Promise<Db> }[] = [
  { name: 'PGlite', skip: false, open: () => createDb({}) },
  { name: 'PostgreSQL', skip: !PG_URL, open: () => createDb({ url: PG_URL ?? '', isolate: true }) },
];

for (const b of backends) {
  describe.skipIf(b.skip)(`seedIfEmpty on ${b.name}`, () => {
    let db: Db;
    let summary: SeedSummary | null;
    let ms = 0;
    let plan: SeedPlan;
    const count = async (sql: string, params?: unknown[]) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]?.n;

    beforeAll(async () => {
      db = await b.open();
      await migrate(db);
      const t0 = performance.now();
      summary = await seedIfEmpty(db, { now: NOW });
      ms = performance.now() - t0;
      plan = planSeed({ now: NOW, stations: DEFAULT_STATIONS });
      console.info(`seed ${DEFAULT_STATIONS} stations on ${b.name}: ${ms.toFixed(0)} ms, ${JSON.stringify(summary)}`);
    });
    afterAll(async () => {
      await db?.close();
    });

    it('reports and writes the expected counts', async () => {
      expect(summary).toEqual({ orgs: 1 + 3 + CUSTOMERS, providers: 3, stations: 60, devices: plan.devices.length, accounts: 6 });
      expect(await count('orgs')).toBe(1 + 3 + CUSTOMERS);
      expect(await count('stations')).toBe(60);
      expect(await count('devices')).toBe(summary?.devices);
      expect(await count('accounts')).toBe(6);
      expect(await count('roles')).toBe(7);
      expect(await count('tariff_templates')).toBe(6);
      expect(await count('station_modes')).toBe(60);
      expect(await count('tariffs')).toBe(plan.tariffs.length);
      expect(await count('oil_prices')).toBe(plan.oilPrices.length);
      expect(await count('strategies')).toBe(plan.strategies.length);
      expect(await count('strategy_distributions')).toBe(plan.distributions.length);
    });

    it('gives every station exactly one gateway and a tariff in force', async () => {
      expect(await count(`stations s WHERE (SELECT count(*) FROM devices d WHERE d.station_id = s.id AND d.type = 'gateway') <> 1`)).toBe(0);
      expect(await count('stations s WHERE NOT EXISTS (SELECT 1 FROM tariffs t WHERE t.station_id = s.id AND t.effective_date <= $1::date)', [TODAY])).toBe(0);
    });

    it('has every device type in the fleet', async () => {
      const rows = await db.query<{ type: string }>('SELECT DISTINCT type FROM devices ORDER BY type');
      expect(rows.map((r) => r.type)).toEqual([...DEVICE_TYPES].sort());
    });

    it('stores tariffs and templates whose seasons cover 12 months and slots 24 hours', async () => {
      const rows = await db.query<{ seasons: TariffSeason[] }>('SELECT seasons FROM tariffs UNION ALL SELECT seasons FROM tariff_templates');
      expect(rows.length).toBe(plan.tariffs.length + 6);
      for (const r of rows) expectTariffShape(r.seasons);
    });

    it('stores coordinates in range and valid time zones', async () => {
      expect(await count('stations WHERE lat NOT BETWEEN -90 AND 90 OR lon NOT BETWEEN -180 AND 180')).toBe(0);
      const zones = await db.query<{ timezone: string }>('SELECT DISTINCT timezone FROM stations');
      for (const z of zones) expect(validZone(z.timezone)).toBe(true);
    });

    it('is a no-op the second time', async () => {
      expect(await seedIfEmpty(db, { now: NOW, stations: 10 })).toBeNull();
      expect(await count('stations')).toBe(60);
      expect(await count('orgs')).toBe(1 + 3 + CUSTOMERS);
    });

    it('leaves the id sequences past the seeded rows', async () => {
      await db.tx(async (q) => {
        const [org] = await q.query<{ id: number }>(`INSERT INTO orgs (parent_id, org_type, name) VALUES (2, 3, 'sequence probe') RETURNING id`);
        expect(org?.id).toBe(1 + 3 + CUSTOMERS + 1);
        const [st] = await q.query<{ id: number }>('SELECT max(id)::int AS id FROM devices');
        const [dev] = await q.query<{ id: number }>(`INSERT INTO devices (station_id, type, name, serial_no) VALUES (1, 'load', 'probe', 'PROBE-1') RETURNING id`);
        expect(dev?.id).toBe((st?.id ?? 0) + 1);
        throw new Error('rollback');
      }).catch((e: Error) => expect(e.message).toBe('rollback'));
    });

    it("verifies the demo accounts' passwords (argon2id of the MD5 the console sends)", async () => {
      const rows = await db.query<{ account: string; password_hash: string; status: number; data_scope: string; scope_station_ids: number[] }>(
        'SELECT account, password_hash, status, data_scope, scope_station_ids FROM accounts ORDER BY id',
      );
      expect(rows.map((r) => r.account)).toEqual(DEMO.map((d) => d.account));
      const ok = await Promise.all(rows.map((r, i) => verifyPassword(r.password_hash, md5(DEMO[i]?.password ?? ''))));
      expect(ok).toEqual(DEMO.map(() => true));
      expect(await verifyPassword(rows[0]?.password_hash ?? '', md5('admin@2026'))).toBe(false);
      expect(rows.every((r) => r.password_hash.startsWith('$argon2id$'))).toBe(true);
      expect(rows.find((r) => r.account === 'disabled')?.status).toBe(0);
      expect(rows.find((r) => r.account === 'operator')).toMatchObject({ data_scope: 'stations', scope_station_ids: [1, 2, 3] });
    });

    it('seeds a 5000-station fleet whole (its time is a bench figure, not a test)', { timeout: 180_000 }, async () => {
      const big = await b.open();
      try {
        await migrate(big);
        const t0 = performance.now();
        const s = await seedIfEmpty(big, { now: NOW, stations: 5000 });
        const took = performance.now() - t0;
        console.info(`seed 5000 stations on ${b.name}: ${took.toFixed(0)} ms, ${JSON.stringify(s)}`);
        expect(s?.stations).toBe(5000);
        expect((await big.query<{ n: number }>('SELECT count(*)::int AS n FROM stations'))[0]?.n).toBe(5000);
        expect((await big.query<{ n: number }>('SELECT count(*)::int AS n FROM devices'))[0]?.n).toBe(s?.devices);
      } finally {
        await big.close();
      }
    });
  });
}
