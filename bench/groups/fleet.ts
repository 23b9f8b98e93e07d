import { fork } from 'node:child_process';
import { createHmac, createHash } from 'node:crypto';
import { buildSignedForm } from '../../protocol/signing';
import { CONSOLE_ACCESS_KEY_ID, CONSOLE_ACCESS_KEY_SECRET } from '../../protocol/console-key';
import type { FleetDeviceType } from '../../protocol/fleet';
import { buildApp } from '../../server/app';
import { insertRaw, insertRollups } from '../../server/telemetry/sql';
import { dropExpiredPartitions, ensurePartitions } from '../../server/telemetry/partitions';
import { processCpuS } from '../proc-cpu';
import { log, percentile, median, report } from '../report';

// `npm run bench -- fleet` (docs/fleet.md): ingest of FLEET_STATIONS (5,000) gateways × 8 devices
// every 5 s over MQTT into the store, lag from the gateway's sample time to the row being
// durable (p50/p99) and the server process's CPU; then the history of one device over 30 days at
// 1,000 px through the signed API (p95); then retention removing the day those samples are in
// (a partition dropped). PostgreSQL when reachable (as deployed), else PGlite.

const STATIONS = Number(process.env.FLEET_STATIONS ?? 5000);
const DEVICES = 8;
const INTERVAL_MS = 5000;
const SECONDS = Number(process.env.FLEET_BENCH_SECONDS ?? 70);
const WARMUP_S = 15;
const DAY = 86_400_000;
const hmac = (k: string, d: string) => createHmac('sha256', k).update(d).digest('base64');

const pgReachable = async (): Promise<boolean> => {
  if (process.env.DATABASE_URL) return true;
  const net = await import('node:net');
  return new Promise((res) => {
    const s = net.connect(5432, '127.0.0.1', () => (s.destroy(), res(true)));
    s.on('error', () => res(false));
  });
};

export const run = async (): Promise<void> => {
  const pg = process.env.FLEET_DB ? process.env.FLEET_DB === 'postgres' : await pgReachable();
  log(`[fleet] backend ${pg ? 'postgres' : 'pglite'}; seeding ${STATIONS} stations`);
  let t0 = Date.now();
  const { app, services } = await buildApp({
    logger: false,
    isolateDb: pg,
    seedStations: STATIONS,
    config: {
      databaseUrl: pg ? (process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test') : undefined,
      pgliteDir: '',
      simulator: false,
      mqttUrl: undefined,
      staticDir: '.tmp/no-static',
      logLevel: 'warn',
      simStations: STATIONS,
    },
  });
  services.validateResponses = false;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  log(`[fleet] server up in ${Date.now() - t0} ms on ${port}`);
  const fleet = services.fleet!;
  const db = services.db;

  // ── ingest ──
  const rows = await db.query<{ id: number; stationId: number; type: FleetDeviceType }>(
    `SELECT id, station_id AS "stationId", type FROM (
       SELECT id, station_id, type, row_number() OVER (PARTITION BY station_id ORDER BY id) AS k FROM devices) d
     WHERE k <= ${DEVICES} ORDER BY station_id, id`,
  );
  const byStation = new Map<number, { id: number; type: FleetDeviceType }[]>();
  for (const r of rows) (byStation.get(r.stationId) ?? byStation.set(r.stationId, []).get(r.stationId)!).push({ id: r.id, type: r.type });
  const stations = [...byStation].map(([id, devices]) => ({ id, devices }));
  const child = fork(new URL('../fleet-gateways.ts', import.meta.url), { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  t0 = Date.now();
  child.send({ url: `ws://127.0.0.1:${port}/mqtt`, secret: services.config.gatewaySecret, intervalMs: INTERVAL_MS, stations });
  await new Promise<void>((res, rej) => {
    child.once('message', () => res());
    child.once('exit', (c) => rej(new Error(`gateway child exited ${c}`)));
  });
  log(`[fleet] ${stations.length} gateways connected in ${Date.now() - t0} ms; warming up ${WARMUP_S} s`);
  await new Promise((r) => setTimeout(r, WARMUP_S * 1000));
  fleet.store.lags.length = 0;
  const rejected0 = fleet.store.rejected;
  const cpu0 = process.cpuUsage();
  const pgCpu0 = processCpuS('postgres');
  const wall0 = process.hrtime.bigint();
  await new Promise((r) => setTimeout(r, (SECONDS - WARMUP_S) * 1000));
  const cpu = process.cpuUsage(cpu0);
  const pgCpuS = processCpuS('postgres') - pgCpu0;
  const wallUs = Number(process.hrtime.bigint() - wall0) / 1000;
  const lags = [...fleet.store.lags];
  const frames = lags.length;
  log(
    `[fleet] ${frames} frames durable in ${(wallUs / 1e6).toFixed(1)} s (${(frames / (wallUs / 1e6)).toFixed(0)}/s, expected ${(stations.length / (INTERVAL_MS / 1000)).toFixed(0)}/s); rejected ${fleet.store.rejected - rejected0}; lag median ${median(lags)} ms`,
  );
  child.send('stop');
  await new Promise((r) => child.once('exit', r));

  // ── history: one device, 30 days at 1,000 px ──
  const now = services.clock();
  const [dev] = await db.query<{ id: number }>("SELECT id FROM devices WHERE type = 'battery_cluster' ORDER BY id LIMIT 1");
  const id = dev!.id;
  const P = 9;
  const roll = (res: number, days: number) => {
    const out = [];
    const step = res * 1000;
    for (let t = Math.floor((now - days * DAY) / step) * step; t < now; t += step) {
      const v = Array.from({ length: P }, (_, k) => 50 + 30 * Math.sin(t / 3_600_000 + k));
      out.push({ id, res, bucket: t, n: res / 5, s: [...v.map((x) => x - 2), ...v.map((x) => x + 2), ...v] });
    }
    return out;
  };
  t0 = Date.now();
  await insertRollups(db, [...roll(900, 35), ...roll(86_400, 35), ...roll(60, 14)]);
  const raw = [];
  for (let t = now - 2 * DAY; t < now; t += 5000) raw.push({ id, ts: t, v: Array.from({ length: P }, (_, k) => 50 + 30 * Math.sin(t / 3_600_000 + k)) });
  await insertRaw(db, raw);
  log(`[fleet] history of device ${id} written in ${Date.now() - t0} ms`);
  // 35 days written in one burst and read the same second: what they would be after those days,
  // in their partitions and analysed (autovacuum's work, and the server's hourly maintenance)
  const retention = {
    rawDays: services.config.telemetryRawDays,
    minuteDays: services.config.telemetryMinuteDays,
    quarterDays: services.config.telemetryQuarterDays,
  };
  await ensurePartitions(db, now, retention);
  await db.query('ANALYZE telemetry_rollup');
  await db.query('ANALYZE telemetry_raw');
  const password = createHash('md5').update('Admin@2026').digest('hex');
  const sign = (action: string, payload: Record<string, unknown>) =>
    buildSignedForm({ action, payload, accessKeyId: CONSOLE_ACCESS_KEY_ID, secret: CONSOLE_ACCESS_KEY_SECRET, hmac, now: () => new Date(services.clock()) });
  const post = async (endpoint: string, body: string, token?: string) =>
    (
      await app.inject({
        method: 'POST',
        url: `/api/${endpoint}`,
        payload: body,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-ems-client': '1', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      })
    ).json() as { code: number; data: never };
  const login = (await post('asset', await sign('login', { account: 'admin', password }))) as { code: number; data: { token: string } };
  const token = login.data.token;
  const times: number[] = [];
  let points = 0;
  for (let i = 0; i < 220; i++) {
    const body = await sign('queryDeviceHistory', {
      deviceId: id,
      points: ['soc'],
      from: new Date(now - 30 * DAY).toISOString(),
      to: new Date(now).toISOString(),
      width: 1000,
    });
    const a = performance.now();
    const r = (await post('energystorage', body, token)) as { code: number; data: { series: { t: number[]; resolution: string }[] } };
    const ms = performance.now() - a;
    if (r.code !== 0) throw new Error(`history query failed: ${r.code}`);
    if (i >= 20) times.push(ms);
    points = r.data.series[0]!.t.length;
    if (i === 0) log(`[fleet] 30 days at 1000 px: ${points} points from ${r.data.series[0]!.resolution}`);
  }

  const storage = pg ? await bytesPerRow(db) : null;

  // ── retention: the day of raw samples the ingest above wrote (every device of the fleet) ──
  const today = Math.floor(now / DAY) * DAY;
  await dropExpiredPartitions(db, today + retention.rawDays * DAY, retention); // the days before today
  const [{ n: todayRows } = { n: 0 }] = await db.query<{ n: number }>('SELECT count(*)::float8 AS n FROM telemetry_raw WHERE ts >= $1', [
    new Date(today).toISOString(),
  ]);
  t0 = performance.now();
  const dropped = await dropExpiredPartitions(db, today + DAY + retention.rawDays * DAY, retention);
  const dropMs = performance.now() - t0;
  log(`[fleet] retention dropped ${dropped.join(', ')} (${todayRows} raw rows of today) in ${dropMs.toFixed(0)} ms`);
  await app.close();

  report('ingest.lag_p50_ms', median(lags), 'ms');
  report('ingest.lag_p99_ms', percentile(lags, 99), 'ms');
  report('ingest.cpu_pct', ((cpu.user + cpu.system) / wallUs) * 100, '%');
  report('history.query_p95_ms', percentile(times, 95), 'ms');
  report('retention.drop_day_ms', dropMs, 'ms');
  // rows a second per core of the server process: the ingest's rows over the CPU time it took
  report('ingest.rows_per_core_s', (frames * DEVICES) / ((cpu.user + cpu.system) / 1e6), 'rows/s');
  // PostgreSQL's own CPU for them (its backends on this machine; the rollups' writes included)
  if (pg && pgCpuS > 0) report('ingest.pg_cpu_us_per_row', (pgCpuS * 1e6) / (frames * DEVICES), 'us');
  if (storage) {
    // what one station (8 devices) adds in a year at each level, from the measured bytes a row
    // (table, TOAST and primary key together); docs/capacity.md multiplies them out
    const perYear = { raw: (365 * 86_400) / 5, r60: 365 * 1440, r900: 365 * 96, r86400: 365 };
    for (const [level, rows] of Object.entries(perYear)) {
      const b = storage[level as keyof typeof perYear];
      if (b) report(`storage.${level}_mb_per_station_year`, (b * rows * DEVICES) / 1e6, 'MB');
    }
  }
};

/** Bytes a row of each telemetry level, all its partitions and indexes counted (PostgreSQL). */
async function bytesPerRow(db: { query<T>(sql: string, params?: unknown[]): Promise<T[]> }): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const levels: [string, string][] = [
    ['raw', 'telemetry_raw'],
    ['r60', 'telemetry_rollup_r60'],
    ['r900', 'telemetry_rollup_r900'],
    ['r86400', 'telemetry_rollup_r86400'],
  ];
  for (const [level, table] of levels) {
    const [r] = await db.query<{ bytes: number; n: number }>(
      `SELECT (SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_partition_tree($1::regclass) t JOIN pg_class c ON c.oid = t.relid)::float8 AS bytes,
              (SELECT count(*) FROM ${table})::float8 AS n`,
      [table],
    );
    if (r && r.n >= 1000) out[level] = r.bytes / r.n;
    log(
      `[fleet] ${table}: ${r?.n ?? 0} rows, ${((r?.bytes ?? 0) / 1e6 || 0).toFixed(1)} MB${r && r.n >= 1000 ? `, ${(r.bytes / r.n).toFixed(0)} B a row` : ' (too few rows to say)'}`,
    );
  }
  return out;
}
