// A throw-away (in-memory) PGlite cluster starts from a picture of an empty one instead of
// running initdb again: initdb is about 3 s of WebAssembly work, loading the picture about 1 s,
// and every server suite and in-process server of the tests opens such a cluster. The picture
// holds only what initdb makes, nothing of ours (migrations and seed run on each cluster as
// before); it is made once per machine and PGlite version and kept in the system's temp folder.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const pgliteVersion = (): string => {
  const main = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  for (let dir = dirname(main); dir !== dirname(dir); dir = dirname(dir)) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      const { name, version } = JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string; version?: string };
      if (name === '@electric-sql/pglite' && version) return version;
    }
  }
  throw new Error('PGlite package version not found');
};

const makeImage = async (file: string): Promise<Blob> => {
  const db = await PGlite.create();
  const image = await db.dumpDataDir('none');
  await db.close();
  // written beside and renamed: a process reading it never sees half a file
  const part = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(part, Buffer.from(await image.arrayBuffer()));
  renameSync(part, file);
  return image;
};

let image: Promise<Blob | undefined> | null = null;

const emptyClusterImagePath = (): string => join(tmpdir(), `ems-pglite-${pgliteVersion()}-empty.tar`);

/** The empty cluster's picture, or undefined when it cannot be had (initdb then runs as usual). */
export const emptyClusterImage = (): Promise<Blob | undefined> =>
  (image ??= (async () => {
    const file = emptyClusterImagePath();
    return existsSync(file) ? new Blob([readFileSync(file)]) : makeImage(file);
  })().catch(() => undefined));

/** Forgets a picture that failed to load, file included (the next cluster makes it again). */
export const dropEmptyClusterImage = (): void => {
  image = null;
  rmSync(emptyClusterImagePath(), { force: true });
};
