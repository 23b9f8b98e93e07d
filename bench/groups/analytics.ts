// `npm run bench -- analytics`: the analytics center's actions, signed and answered through the
// real pipeline (app.inject), over the 60-station seed with two years of stored day figures.
//   analytics.platform_year_p95_ms   each of queryPvAnalysis / queryEssAnalysis /
//                                    queryEnergyUsageAnalysis for the whole platform over a year
//                                    (root account, period 'year'), p95 over all of them
//   analytics.station_month_p95_ms   the same three for one station over a month, stations in turn
// PostgreSQL when DATABASE_URL is set, else PGlite (stderr says which). A year of 15-minute
// intervals would take long to generate, so the day figures (station_days) are seeded directly,
// with the battery clusters' daily SOH rollups; the actions read exactly what they read in
// production once a day has been computed.
import { POINTS, pointIndex } from '../../protocol/fleet';
import { addDateDays } from '../../protocol/site-time';
import { storeDays } from '../../server/analytics/days';
import { emptyFigures, FIGURE_KEYS, type Figures } from '../../server/analytics/figures';
import { loadPricingMany } from '../../server/money';
import { insertRollups, type RollupRow } from '../../server/telemetry/sql';
import type { TestServer } from '../../server/test/harness';
import { startBenchServer } from '../test-server';
import { log, median, percentile, report } from '../report';

const YEAR = 2025;
const ACTIONS = ['queryPvAnalysis', 'queryEssAnalysis', 'queryEnergyUsageAnalysis'] as const;

/** A deterministic pseudo-random number in [0, 1). */
const rnd = (a: number, b: number, c = 0) => {
  const x = Math.sin(a * 12.9898 + b * 78.233 + c * 37.719) * 43758.5453;
  return x - Math.floor(x);
};

/** Plausible day figures of a station: sun by season, a daily cycle of the battery, a load. */
const dayFigures = (sid: number, i: number, pvKwp: number, essKwh: number): Figures => {
  const f = emptyFigures();
  const season = 0.75 + 0.25 * Math.cos(((i - 172) / 365) * 2 * Math.PI);
  const sun = season * (0.35 + 0.65 * rnd(sid, i)) * 6; // kWh/m²
  f.intervals = 96;
  f.poa = sun;
  f.poaCorrected = sun * 1.03;
  f.pv = f.pvMatched = pvKwp * sun * (0.78 + 0.06 * rnd(sid, i, 1));
  f.charge = essKwh * (0.6 + 0.3 * rnd(sid, i, 2));
  f.discharge = f.charge * 0.9;
  f.socStart = 40 + 20 * rnd(sid, i, 3);
  f.socEnd = 40 + 20 * rnd(sid, i + 1, 3);
  f.load = f.consumption = 200 + pvKwp * 3 * (0.8 + 0.4 * rnd(sid, i, 4));
  f.gridImport = Math.max(0, f.load - f.pv * 0.7);
  f.gridExport = f.pv * 0.1;
  f.consPv = Math.min(f.consumption, f.pv * 0.6);
  f.consEss = Math.min(f.consumption - f.consPv, f.discharge);
  f.consGrid = f.consumption - f.consPv - f.consEss;
  f.chargeFromPv = f.charge * 0.7;
  f.chargeFromGrid = f.charge * 0.3;
  f.dischargeToLoad = f.discharge;
  f.dischargeValue = f.discharge * 0.18;
  f.chargeCost = f.chargeFromPv * 0.05 + f.chargeFromGrid * 0.08;
  f.peakKw = (f.load / 24) * 1.8;
  f.gridCost = f.gridImport * 0.15;
  f.feedInRevenue = f.gridExport * 0.05;
  f.income = f.load * 0.15 - f.gridCost + f.feedInRevenue;
  f.flatImportKwh = f.gridImport;
  f.flatImportCost = f.gridCost;
  f.flatExportKwh = f.gridExport;
  f.flatFeedIn = f.feedInRevenue;
  for (const k of FIGURE_KEYS) if (!Number.isFinite(f[k]) && k !== 'peakAt') f[k] = 0;
  return f;
};

const seed = async (s: TestServer): Promise<number[]> => {
  const db = s.services.db;
  const stations = await db.query<{ id: number; timezone: string; kwp: number; kwh: number }>(
    'SELECT id, timezone, pv_capacity_kw::float8 AS kwp, ess_capacity_kwh::float8 AS kwh FROM stations ORDER BY id',
  );
  const pricing = await loadPricingMany({ db }, stations);
  const from = `${YEAR - 1}-01-01`;
  const rows: { stationId: number; day: string; f: Figures }[] = [];
  for (const st of stations)
    for (let i = 0, d = from; d <= `${YEAR}-12-31`; i++, d = addDateDays(d, 1))
      rows.push({ stationId: st.id, day: d, f: dayFigures(st.id, i, st.kwp, st.kwh) });
  await storeDays(db, rows, pricing, s.clock.now);
  const clusters = await db.query<{ id: number }>("SELECT id FROM devices WHERE type = 'battery_cluster' ORDER BY id");
  const n = POINTS.battery_cluster.length;
  const soh = pointIndex('battery_cluster', 'soh');
  const rolls: RollupRow[] = [];
  for (const c of clusters)
    for (let i = 0, d = `${YEAR}-01-01`; d <= `${YEAR}-12-31`; i++, d = addDateDays(d, 1)) {
      const v = POINTS.battery_cluster.map((_, k) => (k === soh ? 99 - i * 0.004 - rnd(c.id, i) * 0.05 : 50));
      rolls.push({ id: c.id, res: 86_400, bucket: Date.parse(`${d}T00:00:00Z`), n: 17_280, s: [...v, ...v, ...v] });
    }
  await insertRollups(db, rolls);
  log(
    `seeded ${rows.length} station days (${stations.length} stations, ${from}..${YEAR}-12-31) and ${rolls.length} SOH rollups of ${clusters.length} clusters (${n} points)`,
  );
  return stations.map((x) => x.id);
};

const timed = async (s: TestServer, token: string, action: (typeof ACTIONS)[number], payload: Record<string, unknown>): Promise<number> => {
  const t0 = performance.now();
  const r = await s.call(action, payload, token);
  const ms = performance.now() - t0;
  if (r.code !== 0) throw new Error(`${action} answered ${r.code} ${r.msg}`);
  return ms;
};

export async function run(): Promise<void> {
  const s = await startBenchServer('analytics');
  try {
    const ids = await seed(s);
    const token = await s.login('admin', 'Admin@2026');
    const year = { period: 'year', date: `${YEAR}-06-15` };
    // first reads: the stored days checked against the pricing, nothing left to compute
    for (const a of ACTIONS) log(`${a} platform year, first read: ${(await timed(s, token, a, year)).toFixed(1)} ms`);
    const platform: number[] = [];
    for (let i = 0; i < 10; i++) for (const a of ACTIONS) platform.push(await timed(s, token, a, year));
    const withCompare: number[] = [];
    for (let i = 0; i < 3; i++) for (const a of ACTIONS) withCompare.push(await timed(s, token, a, { ...year, compare: 'lastYear' }));
    log(
      'platform year ms',
      platform.map((x) => Math.round(x)),
      '; with lastYear comparison',
      withCompare.map((x) => Math.round(x)),
    );
    log(`platform year median ${median(platform).toFixed(1)} ms`);
    report('analytics.platform_year_p95_ms', percentile(platform, 95), 'ms');
    const station: number[] = [];
    for (let i = 0; i < 20; i++)
      for (const a of ACTIONS)
        station.push(
          await timed(s, token, a, {
            stationId: ids[(i * 7) % ids.length]!,
            period: 'month',
            date: `${YEAR}-${String((i % 12) + 1).padStart(2, '0')}-10`,
            compare: 'previous',
          }),
        );
    log(
      'station month ms',
      station.map((x) => Math.round(x)),
    );
    log(`station month median ${median(station).toFixed(1)} ms`);
    report('analytics.station_month_p95_ms', percentile(station, 95), 'ms');
  } finally {
    await s.close();
  }
}
