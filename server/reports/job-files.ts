import { mkdtempSync } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db, Queryable } from '../db/db';

// Where finished export files live. On PostgreSQL (replicas) in `export_files`, so any replica
// sends them; node-postgres passes a Buffer as a binary parameter. Embedded PGlite is one process
// by construction, and it encodes bytea parameters on the event loop (measured: 2.0–3.7 s per MB,
// during which the server answers nothing), so there the files stay in the process's temporary
// folder where they were written.

export interface JobFiles {
  /** where job `id`'s file is written (`ext` is its format) */
  pathFor(id: string, ext: string): string;
  /** keeps the written file as the job's download (inside the caller's transaction); its size in bytes */
  keep(q: Queryable, id: string, ext: string): Promise<number>;
  read(id: string, ext: string): Promise<Buffer | undefined>;
  /** forgets the files of jobs that are gone */
  drop(jobs: readonly { id: string; ext: string }[]): Promise<void>;
}

let dir: string | null = null;
const pathFor = (id: string, ext: string) => join((dir ??= mkdtempSync(join(tmpdir(), 'ems-exports-'))), `${id}.${ext}`);
const asBuffer = (v: Uint8Array): Buffer => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength));

const inDatabase = (db: Db): JobFiles => ({
  pathFor,
  keep: async (q, id, ext) => {
    const content = await readFile(pathFor(id, ext));
    await q.query('INSERT INTO export_files (job_id, content) VALUES ($1, $2)', [id, content]);
    await rm(pathFor(id, ext), { force: true });
    return content.length;
  },
  read: async (id) => {
    const [r] = await db.query<{ content: Uint8Array }>('SELECT content FROM export_files WHERE job_id = $1', [id]);
    return r && asBuffer(r.content);
  },
  drop: async () => undefined, // the rows go with their job (ON DELETE CASCADE)
});

const inFolder: JobFiles = {
  pathFor,
  keep: async (_q, id, ext) => (await stat(pathFor(id, ext))).size,
  read: (id, ext) => readFile(pathFor(id, ext)).catch(() => undefined),
  drop: async (jobs) => void (await Promise.all(jobs.map((j) => rm(pathFor(j.id, j.ext), { force: true })))),
};

export const jobFilesFor = (db: Db): JobFiles => (db.kind === 'postgres' ? inDatabase(db) : inFolder);
