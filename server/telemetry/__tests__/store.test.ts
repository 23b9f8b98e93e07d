import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/db';
import { migrate } from '../../db/migrate';
import { seedIfEmpty } from '../../db/seed';
import { loadFleetConfig } from '../../fleet/config';
import { StationModel, ENERGY_KEYS, zeroEnergy } from '../../fleet/station';
import { backfill } from '../backfill';
import { queryHistory } from '../history';
import { TelemetryStore } from '../store';
import { account, stationEnergy, type Interval, type Pricing } from '../energy';
import { threePeriodYear } from '../../test/tariffs';
import { POINTS, type TelemetryFrame } from '../../../protocol/fleet';

const NOW = Date.UTC(2026, 6, 14, 6, 0);
const retention = { rawDays: 2, minuteDays: 14, quarterDays: 400 };
let db: Db;

beforeAll(async () => {
  db = await createDb({});
  await migrate(db);
  await seedIfEmpty(db, { now: new Date(NOW), stations: 3 });
});
afterAll(async () => db?.close());

describe('telemetry store', () => {
  it('takes a frame of an older point list (a prefix), the newer points empty; refuses a longer one', async () => {
    const store = new TelemetryStore({ clock: () => NOW, retention, offlineAfterMs: 60_000 });
    await store.loadDevices(db);
    const cluster = (await db.query<{ id: number }>("SELECT id FROM devices WHERE station_id = 1 AND type = 'battery_cluster' ORDER BY id LIMIT 1"))[0]!.id;
    const n = POINTS.battery_cluster.length;
    const full = Array.from({ length: n }, (_, i) => i + 1);
    store.ingest({ ver: 1, stationId: 1, seq: 1, ts: NOW, devices: [{ id: cluster, on: true, s: null, v: full.slice(0, -1) }] }, NOW);
    expect(store.rejected).toBe(0);
    expect(store.latest.get(cluster)!.v).toEqual([...full.slice(0, -1), null]);
    store.ingest({ ver: 1, stationId: 1, seq: 2, ts: NOW + 5000, devices: [{ id: cluster, on: true, s: null, v: [...full, 1] }] }, NOW);
    expect(store.rejected).toBe(1);
    expect(store.latest.get(cluster)!.ts).toBe(NOW);
  });

  it('books the seconds a PV inverter reported itself curtailed into the interval, from its previous sample', async () => {
    const T = NOW - 10 * 86_400_000; // away from the history the other cases write
    const store = new TelemetryStore({ clock: () => T + 60_000, retention, offlineAfterMs: 60_000 });
    await store.loadDevices(db);
    const [inv] = await db.query<{ id: number; sid: number }>(
      "SELECT id, station_id AS sid FROM devices WHERE type = 'pv_inverter' AND station_id <> 1 ORDER BY id LIMIT 1",
    );
    const frame = (k: number, state: number): TelemetryFrame => ({
      ver: 1,
      stationId: inv!.sid,
      seq: k,
      ts: T + k * 5000,
      devices: [{ id: inv!.id, on: true, s: state, v: [10, 600, 30, state, 1000 + k * 0.01] }],
    });
    // running, then held back for two samples, then free again: 10 s of the interval
    for (const [k, state] of [
      [1, 1],
      [2, 2],
      [3, 2],
      [4, 1],
    ] as const)
      store.ingest(frame(k, state));
    expect(store.rejected).toBe(0);
    await store.flush(db, { all: true });
    const at = 'station_id = $1 AND bucket = to_timestamp($2 / 1000.0)';
    const [row] = await db.query<{ s: number }>(`SELECT pv_limited_s::float8 AS s FROM station_energy WHERE ${at}`, [inv!.sid, T]);
    expect(row!.s).toBe(10);
    await db.query(`DELETE FROM station_energy WHERE ${at}`, [inv!.sid, T]);
  });

  it('ingests frames into latest values, raw rows, rollups and energy that matches the model', async () => {
    const clock = { now: NOW };
    const store = new TelemetryStore({ clock: () => clock.now, retention, offlineAfterMs: 60_000 });
    await store.loadDevices(db);
    const [cfg] = await loadFleetConfig(db, [1]);
    const model = new StationModel(cfg!);
    const modelEnergy = zeroEnergy();
    let seq = 0;
    // 40 minutes at 5 s
    for (let t = NOW + 5000; t <= NOW + 40 * 60_000; t += 5000) {
      const r = model.step(t, 5);
      if (seq > 0) for (const k of ENERGY_KEYS) modelEnergy[k] += r.energy[k]; // the first sample is the counters' baseline
      const frame: TelemetryFrame = { ver: 1, stationId: 1, seq: seq++, ts: t, devices: r.devices.map((d) => ({ id: d.id, on: d.on, s: d.s, v: d.v })) };
      clock.now = t;
      store.ingest(frame, t);
    }
    // a device of another station is refused
    store.ingest({ ver: 1, stationId: 1, seq: seq++, ts: clock.now + 1000, devices: [{ id: 9999, on: true, s: null, v: [1] }] }, clock.now);
    expect(store.rejected).toBe(1);
    await store.flush(db, { all: true });
    expect(store.stationOnline(1)).toBe(true);
    expect(store.stationOnline(2)).toBeUndefined();
    clock.now += 120_000;
    expect(store.stationOnline(1)).toBe(false);

    const [raw] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM telemetry_raw WHERE device_id = -1');
    expect(raw!.n).toBe(480);
    const [m1] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM telemetry_rollup WHERE device_id = -1 AND res = 60');
    expect(m1!.n).toBe(41);
    const rows = await db.query<Interval>(
      'SELECT pv, charge, discharge, load, grid_import AS "gridImport", grid_export AS "gridExport", generator, fuel, pile, losses FROM station_energy WHERE station_id = 1',
    );
    const sum = zeroEnergy();
    for (const r of rows) for (const k of ENERGY_KEYS) sum[k] += r[k];
    for (const k of ENERGY_KEYS) expect(sum[k], k).toBeCloseTo(modelEnergy[k], 6);

    // history of the station's PV power: raw for a 40-minute window at 100 px
    const [pv] = await queryHistory(
      db,
      store,
      { id: -1, type: 'station', points: ['pvKw'], from: NOW, to: NOW + 40 * 60_000, width: 100 },
      clock.now,
      retention,
    );
    expect(pv!.resolution).toBe('raw');
    expect(pv!.t.length).toBeGreaterThan(50);
    expect(pv!.t.length).toBeLessThanOrEqual(200);
  });

  it('backfills three days and the history stitches the levels it wrote', async () => {
    const configs = await loadFleetConfig(db);
    const res = await backfill(db, configs, NOW - 86_400_000, { days: 3, minuteHours: 6, deviceHours: 2 });
    expect(res.models.size).toBe(3);
    const [n] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM station_energy WHERE bucket < to_timestamp($1 / 1000.0)', [NOW - 86_400_000]);
    expect(n!.n).toBe(3 * 3 * 96);
    // one day at 1000 px: 1 min where backfilled, 15 min before
    const [load] = await queryHistory(
      db,
      undefined,
      { id: -1, type: 'station', points: ['loadKw'], from: NOW - 2 * 86_400_000, to: NOW - 86_400_000, width: 1000 },
      NOW,
      retention,
    );
    expect(load!.t.length).toBeGreaterThan(100);
    expect(load!.v.every((v) => v !== null && v >= 0)).toBe(true);
    const dev = await db.query<{ id: number }>("SELECT id FROM devices WHERE station_id = 1 AND type = 'battery_cluster' LIMIT 1");
    if (dev[0]) {
      const [soc] = await queryHistory(
        db,
        undefined,
        { id: dev[0].id, type: 'battery_cluster', points: ['soc'], from: NOW - 86_400_000 - 2 * 3_600_000, to: NOW - 86_400_000, width: 200 },
        NOW,
        retention,
      );
      expect(soc!.resolution).toBe('15m');
      expect(soc!.t.length).toBeGreaterThan(4);
    }
  });
});

describe('gap fill', () => {
  it('backfills only from the given start (a restart after downtime)', async () => {
    const configs = await loadFleetConfig(db);
    const from = NOW - 2 * 3_600_000;
    const r = await backfill(db, configs, NOW, { days: 30, from, minuteHours: 1, deviceHours: 0 });
    expect(r.end).toBe(NOW);
    const [n] = await db.query<{ n: number; lo: number }>(
      'SELECT count(*)::int AS n, (extract(epoch FROM min(bucket)) * 1000)::float8 AS lo FROM station_energy WHERE bucket >= to_timestamp($1 / 1000.0) AND bucket < to_timestamp($2 / 1000.0)',
      [from, NOW],
    );
    expect(n!.n).toBe(3 * 8);
    expect(n!.lo).toBe(from);
  });
});

describe('energy accounting', () => {
  // three periods: valley 00-08 (0.3 / feed-in 0.1), peak 08-18 (1.0 / 0.2), flat 18-24 (0.6 / 0.15);
  // fuel 1.1 USD/L until local 2026-02-01 00:00, then 1.3
  const pricing: Pricing = {
    timezone: 'Asia/Shanghai',
    tariffs: [
      {
        id: 1,
        name: 'three-period',
        effectiveDate: '2025-01-01',
        seasons: threePeriodYear([0.3, 1.0, 0.6], [0.1, 0.2, 0.15]),
      },
    ],
    oil: [
      { start: Date.UTC(2025, 0, 1), end: Date.UTC(2026, 0, 31, 16), pricePerLitre: 1.1 },
      { start: Date.UTC(2026, 0, 31, 16), end: Date.UTC(2027, 0, 1), pricePerLitre: 1.3 },
    ],
  };
  // local 2026-01-31 22:00 → 2026-02-01 09:00: 44 intervals, each import 2, export 0.5, load 3, fuel 0.2
  const intervals: Interval[] = [];
  for (let t = Date.UTC(2026, 0, 31, 14); t < Date.UTC(2026, 1, 1, 1); t += 900_000)
    intervals.push({ bucket: t, pv: 1.5, charge: 0, discharge: 0, load: 3, gridImport: 2, gridExport: 0.5, generator: 0, fuel: 0.2, pile: 0, losses: 0 });
  // by hand: Jan 31 22-24 flat, 8 intervals: savings 8×1×0.6 = 4.8, feed-in 8×0.5×0.15 = 0.6, fuel 8×0.2×1.1 = 1.76 → 3.64
  //          Feb 1 00-08 valley, 32: savings 9.6, feed-in 1.6, fuel 32×0.2×1.3 = 8.32 → 2.88
  //          Feb 1 08-09 peak, 4: savings 4, feed-in 0.4, fuel 1.04 → 3.36
  it('prices each interval by its local period across period and month boundaries', () => {
    const days = account(intervals, pricing, 'day');
    expect(days.rows.map((r) => r.period)).toEqual(['2026-01-31', '2026-02-01']);
    expect(days.rows[0]!.income).toBeCloseTo(3.64, 9);
    expect(days.rows[0]!.gridCost).toBeCloseTo(9.6, 9);
    expect(days.rows[0]!.fuelCost).toBeCloseTo(1.76, 9);
    expect(days.rows[1]!.income).toBeCloseTo(6.24, 9);
    expect(days.rows[1]!.gridCost).toBeCloseTo(19.2 + 8, 9);
    expect(days.rows[1]!.feedInRevenue).toBeCloseTo(2.0, 9);
    const months = account(intervals, pricing, 'month');
    expect(months.rows.map((r) => [r.period, Math.round(r.income * 1e6) / 1e6])).toEqual([
      ['2026-01', 3.64],
      ['2026-02', 6.24],
    ]);
    expect(months.total.income).toBeCloseTo(9.88, 9);
    expect(months.total.gridImportKwh).toBe(88);
  });

  it('gives the same answer through the database for a station', async () => {
    await db.query('DELETE FROM station_energy WHERE station_id = 2');
    await db.query('DELETE FROM tariffs WHERE station_id = 2');
    await db.query('DELETE FROM oil_prices WHERE station_id = 2');
    await db.query('UPDATE stations SET timezone = $1 WHERE id = 2', ['Asia/Shanghai']);
    await db.query("INSERT INTO tariffs (station_id, name, effective_date, seasons) VALUES (2, 'three-period', '2025-01-01', $1)", [
      JSON.stringify(pricing.tariffs[0]!.seasons),
    ]);
    for (const o of pricing.oil)
      await db.query(
        'INSERT INTO oil_prices (station_id, start_time, end_time, price_per_litre, kwh_per_litre) VALUES (2, to_timestamp($1 / 1000.0), to_timestamp($2 / 1000.0), $3, 3.3)',
        [o.start, o.end, o.pricePerLitre],
      );
    for (const iv of intervals)
      await db.query(
        'INSERT INTO station_energy (station_id, bucket, pv, load, grid_import, grid_export, fuel) VALUES (2, to_timestamp($1 / 1000.0), $2, $3, $4, $5, $6)',
        [iv.bucket, iv.pv, iv.load, iv.gridImport, iv.gridExport, iv.fuel],
      );
    const r = await stationEnergy(db, 2, 'Asia/Shanghai', '2026-01-31', '2026-02-01', 'day');
    expect(r.rows.map((x) => x.income)).toEqual([3.64, 6.24]);
    expect(r.total.income).toBe(9.88);
  });
});
