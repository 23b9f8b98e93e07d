import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db';
import { seededDb } from '../../test/database';
import { backends } from '../../test/harness';
import { ExportJobs, JOB_TTL_MS, STALE_MS, WRITER_LOST } from '../jobs';
import type { FileTable } from '../table';
import { Cancelled, writeCsv, writeXlsx, type Progress } from '../writers';

// Two replicas' job stores on one database: a job started on one is followed, cancelled and
// downloaded through the other, as a load balancer spreads a console's polls.

const table = (rows: number): FileTable => ({
  title: 'Report',
  fileBase: 'r',
  params: [['From', '2025-01-01']],
  header: ['Station', 'Period', 'PV (kWh)'],
  rows: Array.from({ length: rows }, (_, i) => [`S${i % 60}`, `2025-01-${i}`, i * 1.25]),
  totals: ['Total', '', 1],
  firstNumber: 2,
  chart: null,
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const exportFiles = () =>
  readdirSync(tmpdir())
    .filter((d) => d.startsWith('ems-exports-'))
    .flatMap((d) => readdirSync(join(tmpdir(), d)));

describe.each(backends())('export jobs across replicas (%s)', (backend) => {
  let db: Db;
  const clock = { offset: 0 };
  const now = () => Date.now() + clock.offset;
  let a: ExportJobs;
  let b: ExportJobs;
  let owner: number;
  let other: number;
  beforeAll(async () => {
    db = await seededDb(backend, new Date(), 1);
    const ids = await db.query<{ id: number }>('SELECT id FROM accounts ORDER BY id LIMIT 2');
    [owner, other] = ids.map((r) => r.id) as [number, number];
    a = new ExportJobs({ db, clock: now });
    b = new ExportJobs({ db, clock: now });
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.close();
  });

  it('shows progress on the other replica and stops when cancelled there, leaving no file', async () => {
    // a writer of 20,000 rows that takes about ten seconds, stopping when asked as the real ones do
    const slowCsv = async (path: string, p: Progress) => {
      for (let i = 0; i < 20_000; i += 100) {
        if (p.cancelled()) throw new Cancelled();
        p.tick(i);
        await sleep(50);
      }
      await writeCsv(table(10), path, p);
    };
    const job = await a.start({ accountId: owner, fileName: 'r.csv', format: 'csv', rowsTotal: 20_000 }, slowCsv);
    let seen = (await b.view(job.jobId, owner))!;
    for (let i = 0; i < 400 && seen.rowsDone < 1000; i++) {
      await sleep(25);
      seen = (await b.view(job.jobId, owner))!;
    }
    expect(seen.status).toBe('running');
    expect(seen.progress).toBeGreaterThan(0);
    expect(seen.progress).toBeLessThan(1);
    await b.cancel(job.jobId, owner);
    const end = (await a.settle(job.jobId, owner))!;
    expect(end.status).toBe('cancelled');
    expect(end.downloadUrl).toBeNull();
    expect(exportFiles()).not.toContain(`${job.jobId}.csv`);
  }, 60_000);

  it('a finished job is downloaded through either replica by its own account only, for ten minutes', async () => {
    const job = await a.start({ accountId: owner, fileName: 'r.csv', format: 'csv', rowsTotal: 10 }, (path, p) => writeCsv(table(10), path, p));
    await a.settle(job.jobId, owner);
    const view = (await b.view(job.jobId, owner))!;
    expect(view).toMatchObject({ status: 'done', progress: 1, rowsDone: 10 });
    expect(await b.view(job.jobId, other)).toBeUndefined();
    const token = view.downloadUrl!.split('/').pop()!;
    const file = (await b.download(token))!;
    expect(file.content.length).toBe(view.bytes);
    expect(file.content.toString('utf8')).toContain('S9');
    clock.offset = 11 * 60_000;
    expect(await b.download(token)).toBeUndefined();
    clock.offset = 0;
  });

  it('fails a job whose writer stopped (its replica died), seen from the other replica', async () => {
    // what a killed replica leaves behind: a running row whose heartbeat nobody refreshes
    await db.query(
      `INSERT INTO export_jobs (id, account_id, status, rows_total, file_name, mime, started_at, heartbeat_at)
       VALUES ('lost-job-000001', $1, 'running', 5, 'lost.csv', 'text/csv', $2, $2)`,
      [owner, new Date(now() - 1000)],
    );
    expect((await b.view('lost-job-000001', owner))!.status).toBe('running');
    clock.offset = STALE_MS + 5_000;
    const seen = (await b.view('lost-job-000001', owner))!;
    clock.offset = 0;
    expect(seen).toMatchObject({ status: 'failed', error: WRITER_LOST, downloadUrl: null });
  });

  it('drops finished jobs and their files after their time', async () => {
    const job = await a.start({ accountId: owner, fileName: 'old.csv', format: 'csv', rowsTotal: 3 }, (path, p) => writeCsv(table(3), path, p));
    await a.settle(job.jobId, owner);
    clock.offset = JOB_TTL_MS + 60_000;
    expect(await b.sweep()).toBeGreaterThanOrEqual(1);
    clock.offset = 0;
    expect(await a.view(job.jobId, owner)).toBeUndefined();
    expect(await db.query('SELECT 1 FROM export_files WHERE job_id = $1', [job.jobId])).toEqual([]);
    expect(exportFiles()).not.toContain(`${job.jobId}.csv`);
  });

  it('a platform-year XLSX is built off the event loop: the main thread stays mostly idle', async () => {
    // event-loop utilisation, not wall-clock gaps: a loaded machine delays timers whatever we do
    const before = performance.eventLoopUtilization();
    const job = await a.start({ accountId: owner, fileName: 'y.xlsx', format: 'xlsx', rowsTotal: 22_000 }, (path, p) => writeXlsx(table(22_000), path, p));
    const end = (await a.settle(job.jobId, owner))!;
    const elu = performance.eventLoopUtilization(before);
    expect(end.error).toBeNull();
    expect(end.status).toBe('done');
    expect(elu.utilization).toBeLessThan(0.5);
  }, 60_000);
});
