import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { cancelJob, jobByToken, jobOf, jobView, settle, startJob } from '../jobs';
import type { FileTable } from '../table';
import { writeCsv, writeXlsx } from '../writers';

const table = (rows: number): FileTable => ({
  title: 'Report', fileBase: 'r', params: [['From', '2025-01-01']], header: ['Station', 'Period', 'PV (kWh)'],
  rows: Array.from({ length: rows }, (_, i) => [`S${i % 60}`, `2025-01-${i}`, i * 1.25]), totals: ['Total', '', 1], firstNumber: 2, chart: null,
});

describe('export jobs', () => {
  it('reports progress while writing and can be cancelled, leaving no file', async () => {
    const job = startJob({ accountId: 1, fileName: 'r.xlsx', format: 'xlsx', rowsTotal: 20_000, now: Date.now }, (path, p) => writeXlsx(table(20_000), path, p));
    const seen: number[] = [];
    while (job.rowsDone < 1000) {
      await new Promise((r) => setTimeout(r, 5));
      seen.push(jobView(job).progress);
    }
    expect(jobView(job).status).toBe('running');
    expect(Math.max(...seen)).toBeGreaterThan(0);
    cancelJob(job);
    await settle(job);
    expect(job.status).toBe('cancelled');
    expect(existsSync(job.path)).toBe(false);
    expect(jobView(job).downloadUrl).toBeNull();
  });

  it('a finished job gives a download token to its own account only', async () => {
    const job = startJob({ accountId: 7, fileName: 'r.csv', format: 'csv', rowsTotal: 10, now: Date.now }, (path, p) => writeCsv(table(10), path, p));
    await settle(job);
    expect(job.status).toBe('done');
    expect(jobOf(job.id, 8)).toBeUndefined();
    expect(jobOf(job.id, 7)).toBe(job);
    expect(jobByToken(job.token!, Date.now())).toBe(job);
    expect(jobByToken(job.token!, Date.now() + 11 * 60_000)).toBeUndefined();
  });

  it('a platform-year XLSX is built off the event loop: the main thread stays mostly idle', async () => {
    // event-loop utilisation, not wall-clock gaps: a loaded machine delays timers whatever we do
    const before = performance.eventLoopUtilization();
    const job = startJob({ accountId: 1, fileName: 'y.xlsx', format: 'xlsx', rowsTotal: 22_000, now: Date.now }, (path, p) => writeXlsx(table(22_000), path, p));
    await settle(job);
    const elu = performance.eventLoopUtilization(before);
    expect(job.error).toBeNull();
    expect(job.status).toBe('done');
    expect(elu.utilization).toBeLessThan(0.5);
  });
});
