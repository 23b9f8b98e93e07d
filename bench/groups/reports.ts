// `npm run bench -- reports`: the export of the platform report by day for a year (60 stations),
// and how a signed read action answers while that export runs.
//   reports.platform_year_xlsx_ms        exportReport (platform, day, a year, every item, XLSX) from
//                                        the call until the file has been downloaded
//   reports.api_p99_ms_during_export     p99 of queryStationInfoById (signed, through the whole
//                                        pipeline), one call every 10 ms while the export runs
// PostgreSQL when DATABASE_URL is set, else PGlite (stderr says which). The day figures
// (station_days) are seeded directly, as the analytics bench does; reports read them as they do
// in production once a day has been computed.
import { REPORT_ITEMS } from '../../protocol/actions/report-shapes';
import { addDateDays } from '../../protocol/site-time';
import { storeDays } from '../../server/analytics/days';
import { emptyFigures, type Figures } from '../../server/analytics/figures';
import { loadPricingMany } from '../../server/money';
import type { TestServer } from '../../server/test/harness';
import { startBenchServer } from '../test-server';
import { log, median, percentile, report } from '../report';

const YEAR = 2025;

const dayFigures = (sid: number, i: number, kwp: number): Figures => {
  const f = emptyFigures();
  const sun = (0.75 + 0.25 * Math.cos(((i - 172) / 365) * 2 * Math.PI)) * (3 + ((sid * 7 + i * 13) % 10) / 4);
  f.intervals = 96;
  f.pv = kwp * sun * 0.8;
  f.load = 200 + kwp;
  f.gridImport = Math.max(0, f.load - f.pv * 0.7);
  f.gridExport = f.pv * 0.1;
  f.charge = 50;
  f.discharge = 45;
  f.gridCost = f.gridImport * 0.15;
  f.feedInRevenue = f.gridExport * 0.05;
  f.savings = (f.load - f.gridImport) * 0.15;
  f.income = f.savings + f.feedInRevenue;
  return f;
};

const seed = async (s: TestServer): Promise<void> => {
  const db = s.services.db;
  const stations = await db.query<{ id: number; timezone: string; kwp: number }>(
    'SELECT id, timezone, pv_capacity_kw::float8 AS kwp FROM stations ORDER BY id',
  );
  const pricing = await loadPricingMany({ db }, stations);
  const rows: { stationId: number; day: string; f: Figures }[] = [];
  for (const st of stations)
    for (let i = 0, d = `${YEAR}-01-01`; d <= `${YEAR}-12-31`; i++, d = addDateDays(d, 1))
      rows.push({ stationId: st.id, day: d, f: dayFigures(st.id, i, st.kwp) });
  await storeDays(db, rows, pricing, s.clock.now);
  log(`seeded ${rows.length} station days of ${stations.length} stations`);
};

export async function run(): Promise<void> {
  const s = await startBenchServer('reports');
  try {
    await seed(s);
    const token = await s.login('admin', 'Admin@2026');
    const stationId = s.services.registry.stationsByProvider.get(s.services.registry.providerIds[0]!)![0]!;
    const read = async (): Promise<number> => {
      const t0 = performance.now();
      const r = await s.call('queryStationInfoById', { stationId }, token);
      if (r.code !== 0) throw new Error(`queryStationInfoById answered ${r.code}`);
      return performance.now() - t0;
    };
    for (let i = 0; i < 20; i++) await read(); // warm
    const idle: number[] = [];
    for (let i = 0; i < 100; i++) idle.push(await read());
    const q = { report: 'platform', format: 'xlsx', granularity: 'day', from: `${YEAR}-01-01`, to: `${YEAR}-12-31`, items: [...REPORT_ITEMS] };
    const exportOnce = async (): Promise<{ ms: number; bytes: number; rows: number }> => {
      const t0 = performance.now();
      const started = await s.call('exportReport', q, token);
      if (started.code !== 0) throw new Error(`exportReport answered ${started.code} ${started.msg}`);
      let job = started.data;
      while (job.status === 'running') {
        await new Promise((r) => setTimeout(r, 20));
        job = (await s.call('queryExportJob', { jobId: job.jobId }, token)).data;
      }
      if (job.status !== 'done') throw new Error(`export ${job.status}: ${job.error}`);
      const file = await s.app.inject({ method: 'GET', url: job.downloadUrl! });
      return { ms: performance.now() - t0, bytes: file.rawPayload.length, rows: job.rowsTotal };
    };
    const first = await exportOnce();
    log(`first export (stored days checked): ${first.ms.toFixed(0)} ms, ${first.rows} rows, ${first.bytes} bytes`);
    const times: number[] = [];
    const during: number[] = [];
    for (let k = 0; k < 3; k++) {
      let running = true;
      const reader = (async () => {
        // a steady stream of other users' reads (one every 10 ms), not a loop that takes the CPU from the export
        while (running) {
          during.push(await read());
          await new Promise((r) => setTimeout(r, 10));
        }
      })();
      times.push((await exportOnce()).ms);
      running = false;
      await reader;
    }
    log(
      `export ms ${times.map((x) => Math.round(x)).join(', ')}; read idle median ${median(idle).toFixed(1)} ms, p99 ${percentile(idle, 99).toFixed(1)} ms; during export ${during.length} reads, median ${median(during).toFixed(1)} ms`,
    );
    report('reports.platform_year_xlsx_ms', median(times), 'ms');
    report('reports.api_p99_ms_during_export', percentile(during, 99), 'ms');
  } finally {
    await s.close();
  }
}
