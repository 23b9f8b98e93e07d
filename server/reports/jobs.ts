import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Cancelled, type Progress } from './writers';

// Export jobs of this process: each writes one file into a private temporary folder while the
// console polls its progress; once done, a download token (32 random bytes) lets a plain GET
// stream the file for DOWNLOAD_TTL_MS. Files and jobs are dropped after JOB_TTL_MS.

export type JobStatus = 'running' | 'done' | 'failed' | 'cancelled';
export interface Job {
  id: string;
  accountId: number;
  status: JobStatus;
  rowsDone: number;
  rowsTotal: number;
  fileName: string;
  mime: string;
  path: string;
  bytes: number | null;
  error: string | null;
  cancel: boolean;
  token: string | null;
  tokenExpires: number;
  startedAt: number;
  finishedAt: number | null;
}

export const DOWNLOAD_TTL_MS = 10 * 60_000;
const JOB_TTL_MS = 30 * 60_000;
const jobs = new Map<string, Job>();
const byToken = new Map<string, Job>();
let dir: string | null = null;
const folder = () => (dir ??= mkdtempSync(join(tmpdir(), 'ems-exports-')));

const sweep = (now: number): void => {
  for (const j of jobs.values()) {
    if (j.finishedAt === null || now - j.finishedAt < JOB_TTL_MS) continue;
    jobs.delete(j.id);
    if (j.token) byToken.delete(j.token);
    rmSync(j.path, { force: true });
  }
};

export const MIME = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
} as const;
export type FileFormat = keyof typeof MIME;

/**
 * Starts a job: `run` writes the file at the path it is given, reporting rows through the
 * progress; the answer returns at once with the job running.
 */
export const startJob = (
  o: { accountId: number; fileName: string; format: FileFormat; rowsTotal: number; now: () => number },
  run: (path: string, p: Progress) => Promise<void>,
): Job => {
  sweep(o.now());
  const id = randomBytes(16).toString('base64url');
  const job: Job = {
    id, accountId: o.accountId, status: 'running', rowsDone: 0, rowsTotal: o.rowsTotal, fileName: o.fileName, mime: MIME[o.format],
    path: join(folder(), `${id}.${o.format}`), bytes: null, error: null, cancel: false, token: null, tokenExpires: 0,
    startedAt: o.now(), finishedAt: null,
  };
  jobs.set(id, job);
  const progress: Progress = { tick: (n) => (job.rowsDone = n), cancelled: () => job.cancel };
  void run(job.path, progress).then(
    () => {
      if (job.cancel) return finish(job, 'cancelled', o.now());
      job.bytes = statSync(job.path).size;
      job.token = randomBytes(32).toString('base64url');
      job.tokenExpires = o.now() + DOWNLOAD_TTL_MS;
      byToken.set(job.token, job);
      finish(job, 'done', o.now());
    },
    (e: unknown) => finish(job, e instanceof Cancelled ? 'cancelled' : 'failed', o.now(), e instanceof Cancelled ? null : String(e instanceof Error ? e.message : e)),
  );
  return job;
};

const finish = (job: Job, status: JobStatus, now: number, error: string | null = null): void => {
  job.status = status;
  job.error = error;
  job.finishedAt = now;
  if (status !== 'done') rmSync(job.path, { force: true });
  else job.rowsDone = job.rowsTotal;
};

/** The caller's own job, or undefined (another account's job is not told apart from a missing one). */
export const jobOf = (id: string, accountId: number): Job | undefined => {
  const j = jobs.get(id);
  return j && j.accountId === accountId ? j : undefined;
};

export const cancelJob = (j: Job): void => {
  if (j.status === 'running') j.cancel = true;
};

/** A finished job whose download token is live. */
export const jobByToken = (token: string, now: number): Job | undefined => {
  const j = byToken.get(token);
  return j && j.status === 'done' && now < j.tokenExpires ? j : undefined;
};

/** Waits until a job leaves 'running' (tests, scheduled mail). */
export const settle = async (j: Job): Promise<Job> => {
  while (j.status === 'running') await new Promise((r) => setTimeout(r, 10));
  return j;
};

/** The job as the catalogue's `exportJob`. */
export const jobView = (j: Job) => ({
  jobId: j.id,
  status: j.status,
  progress: j.status === 'done' ? 1 : j.rowsTotal > 0 ? Math.min(1, j.rowsDone / j.rowsTotal) : 0,
  rowsDone: j.rowsDone,
  rowsTotal: j.rowsTotal,
  fileName: j.fileName,
  downloadUrl: j.status === 'done' && j.token ? `/api/export/${j.token}` : null,
  downloadExpiresAt: j.status === 'done' && j.token ? new Date(j.tokenExpires).toISOString() : null,
  bytes: j.bytes,
  error: j.error,
});
