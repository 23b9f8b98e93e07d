import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Db } from '../db/db';
import { jobFilesFor, type JobFiles } from './job-files';
import { Cancelled, type Progress } from './writers';

// Export jobs kept in the database, so that any replica answers a job's progress, cancel and
// download (docs/reports.md). The replica that starts a job writes its file into a private
// temporary folder, reporting rows and refreshing a heartbeat every FLUSH_MS (and reading back
// whether someone asked it to stop); the finished file is kept where every replica reads it
// (job-files.ts) and a download token (32 random bytes) lets a plain GET fetch it for
// DOWNLOAD_TTL_MS from any replica.
// A running job whose heartbeat is older than STALE_MS lost its writer (a replica stopped) and
// is failed by whoever reads it next. Finished jobs and files are dropped after JOB_TTL_MS.

export type JobStatus = 'running' | 'done' | 'failed' | 'cancelled';
export const DOWNLOAD_TTL_MS = 10 * 60_000;
export const JOB_TTL_MS = 30 * 60_000;
export const FLUSH_MS = 500;
export const STALE_MS = 15_000;
const SWEEP_MS = 5 * 60_000;
/** the job's error when its writer stopped: the console shows it with a way to start again */
export const WRITER_LOST = 'writerStopped';

export const MIME = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
} as const;
export type FileFormat = keyof typeof MIME;

/** What a job exports, as a webhook's report.ready tells it (notifications/record-events.ts). */
export interface ExportAbout {
  report: string;
  period: string | null;
  stationId?: number;
}

interface Row {
  id: string;
  account_id: number;
  status: JobStatus;
  rows_done: number;
  rows_total: number;
  file_name: string;
  bytes: number | null;
  error: string | null;
  token: string | null;
  token_expires: Date | null;
}

/** A job as the catalogue's `exportJob`. */
export const jobView = (j: Row) => ({
  jobId: j.id,
  status: j.status,
  progress: j.status === 'done' ? 1 : j.rows_total > 0 ? Math.min(1, j.rows_done / j.rows_total) : 0,
  rowsDone: j.rows_done,
  rowsTotal: j.rows_total,
  fileName: j.file_name,
  downloadUrl: j.status === 'done' && j.token ? `/api/export/${j.token}` : null,
  downloadExpiresAt: j.status === 'done' && j.token_expires ? j.token_expires.toISOString() : null,
  bytes: j.bytes,
  error: j.error,
});
export type JobView = ReturnType<typeof jobView>;

const COLUMNS = 'id, account_id, status, rows_done, rows_total, file_name, bytes, error, token, token_expires';
const extOf = (fileName: string) => fileName.slice(fileName.lastIndexOf('.') + 1);

export class ExportJobs {
  private readonly running = new Map<string, { done: Promise<void>; state: { cancel: boolean } }>();
  private closing = false;
  private readonly files: JobFiles;
  private sweeper: NodeJS.Timeout | null = null;

  constructor(private readonly deps: { db: Db; clock: () => number; warn?: (e: unknown, what: string) => void }) {
    this.files = jobFilesFor(deps.db);
  }

  private get db() {
    return this.deps.db;
  }
  private at(offsetMs = 0) {
    return new Date(this.deps.clock() + offsetMs);
  }

  /** Drops finished jobs past their time every few minutes (each replica; deleting twice is harmless). */
  startSweeping(): void {
    this.sweeper ??= setInterval(() => void this.sweep().catch((e: unknown) => this.deps.warn?.(e, 'export sweep')), SWEEP_MS).unref();
  }

  async sweep(): Promise<number> {
    const gone = await this.db.query<{ id: string; file_name: string }>('DELETE FROM export_jobs WHERE finished_at < $1 RETURNING id, file_name', [
      this.at(-JOB_TTL_MS),
    ]);
    await this.files.drop(gone.map((j) => ({ id: j.id, ext: extOf(j.file_name) })));
    return gone.length;
  }

  /** Starts a job: `run` writes the file at the path it is given; the answer returns at once with the job running. */
  async start(
    o: { accountId: number; fileName: string; format: FileFormat; rowsTotal: number; about?: ExportAbout },
    run: (path: string, p: Progress) => Promise<void>,
  ): Promise<JobView> {
    const id = randomBytes(16).toString('base64url');
    const [row] = await this.db.query<Row>(
      `INSERT INTO export_jobs (id, account_id, status, rows_total, file_name, mime, started_at, heartbeat_at, about)
       VALUES ($1, $2, 'running', $3, $4, $5, $6, $6, $7) RETURNING ${COLUMNS}`,
      [id, o.accountId, o.rowsTotal, o.fileName, MIME[o.format], this.at(), o.about ? JSON.stringify({ ...o.about, format: o.format }) : null],
    );
    const path = this.files.pathFor(id, o.format);
    const state = { rowsDone: 0, cancel: false };
    const progress: Progress = { tick: (n) => (state.rowsDone = n), cancelled: () => state.cancel };
    const flush = setInterval(() => {
      this.db
        .query<{ cancel: boolean }>(`UPDATE export_jobs SET rows_done = $2, heartbeat_at = $3 WHERE id = $1 AND status = 'running' RETURNING cancel`, [
          id,
          state.rowsDone,
          this.at(),
        ])
        .then(
          ([r]) => void (state.cancel ||= r?.cancel === true),
          (e: unknown) => this.deps.warn?.(e, 'export progress'),
        );
    }, FLUSH_MS);
    const done = run(path, progress)
      .then(
        () => (this.closing ? this.finish(id, 'failed', WRITER_LOST) : state.cancel ? this.finish(id, 'cancelled') : this.store(id, o.format)),
        (e: unknown) =>
          this.closing
            ? this.finish(id, 'failed', WRITER_LOST)
            : e instanceof Cancelled
              ? this.finish(id, 'cancelled')
              : this.finish(id, 'failed', e instanceof Error ? e.message : String(e)),
      )
      .catch((e: unknown) => this.deps.warn?.(e, 'export finish'))
      .finally(async () => {
        clearInterval(flush);
        this.running.delete(id);
        const [r] = await this.db.query<{ status: JobStatus }>('SELECT status FROM export_jobs WHERE id = $1', [id]).catch(() => []);
        if (r?.status !== 'done') await rm(path, { force: true });
      });
    this.running.set(id, { done, state });
    return jobView(row!);
  }

  private async store(id: string, ext: string): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    await this.db.tx(async (q) => {
      const bytes = await this.files.keep(q, id, ext);
      await q.query(
        `UPDATE export_jobs SET status = 'done', rows_done = rows_total, bytes = $2, token = $3, token_expires = $4, finished_at = $5, heartbeat_at = $5 WHERE id = $1`,
        [id, bytes, token, this.at(DOWNLOAD_TTL_MS), this.at()],
      );
    });
  }

  private async finish(id: string, status: 'cancelled' | 'failed', error: string | null = null): Promise<void> {
    await this.db.query('UPDATE export_jobs SET status = $2, error = $3, finished_at = $4 WHERE id = $1 AND status = $5', [
      id,
      status,
      error,
      this.at(),
      'running',
    ]);
  }

  /** The caller's own job, or undefined (another account's job is not told apart from a missing one). */
  async view(id: string, accountId: number): Promise<JobView | undefined> {
    await this.db.query(`UPDATE export_jobs SET status = 'failed', error = $3, finished_at = $4 WHERE id = $1 AND status = 'running' AND heartbeat_at < $2`, [
      id,
      this.at(-STALE_MS),
      WRITER_LOST,
      this.at(),
    ]);
    const [row] = await this.db.query<Row>(`SELECT ${COLUMNS} FROM export_jobs WHERE id = $1 AND account_id = $2`, [id, accountId]);
    return row && jobView(row);
  }

  /** Asks the job's writer, on whichever replica it runs, to stop; it does within FLUSH_MS. */
  async cancel(id: string, accountId: number): Promise<JobView | undefined> {
    const local = this.running.get(id);
    if (local) local.state.cancel = true;
    await this.db.query(`UPDATE export_jobs SET cancel = true WHERE id = $1 AND account_id = $2 AND status = 'running'`, [id, accountId]);
    return this.view(id, accountId);
  }

  /** A finished job's file while its download token is live. */
  async download(token: string): Promise<{ fileName: string; mime: string; content: Buffer } | undefined> {
    const [r] = await this.db.query<{ id: string; file_name: string; mime: string }>(
      `SELECT id, file_name, mime FROM export_jobs WHERE token = $1 AND status = 'done' AND token_expires > $2`,
      [token, this.at()],
    );
    const content = r && (await this.files.read(r.id, extOf(r.file_name)));
    return content && { fileName: r.file_name, mime: r.mime, content };
  }

  /** Waits until a job this replica writes leaves 'running' (analysis exports answer finished; tests). */
  async settle(id: string, accountId: number): Promise<JobView | undefined> {
    await this.running.get(id)?.done;
    return this.view(id, accountId);
  }

  /** Stops this replica's writers: their jobs end failed (start again), never half-written. */
  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.closing = true;
    for (const r of this.running.values()) r.state.cancel = true;
    await Promise.allSettled([...this.running.values()].map((r) => r.done));
  }
}
