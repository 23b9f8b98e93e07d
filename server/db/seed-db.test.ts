import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_TYPES } from '../../protocol/codes';
import { verifyPassword } from '../auth/password';
import { createDb, type Db } from './db';
import { migrate } from './migrate';
import { DEFAULT_STATIONS, planSeed, seedIfEmpty, type SeedPlan, type SeedSummary, type TariffSeason } from './seed';
import { CUSTOMERS, DEMO, expectTariffShape, md5, NOW, TODAY, validZone } from './seed-fixture';

// The demo fleet written to a fresh database, on PGlite and (with DATABASE_URL) PostgreSQL.

const PG_URL = process.env.DATABASE_URL;
if (!PG_URL) console.warn('skipping PostgreSQL: DATABASE_URL not set');

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
      await db
        .tx(async (q) => {
          const [org] = await q.query<{ id: number }>(`INSERT INTO orgs (parent_id, org_type, name) VALUES (2, 3, 'sequence probe') RETURNING id`);
          expect(org?.id).toBe(1 + 3 + CUSTOMERS + 1);
          const [st] = await q.query<{ id: number }>('SELECT max(id)::int AS id FROM devices');
          const [dev] = await q.query<{ id: number }>(
            `INSERT INTO devices (station_id, type, name, serial_no) VALUES (1, 'load', 'probe', 'PROBE-1') RETURNING id`,
          );
          expect(dev?.id).toBe((st?.id ?? 0) + 1);
          throw new Error('rollback');
        })
        .catch((e: Error) => expect(e.message).toBe('rollback'));
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
