import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

// The console's files compressed once, at build time, at the strongest settings: the server
// then sends `x.js.br` or `x.js.gz` by content negotiation (@fastify/static `preCompressed`)
// and never compresses a static file per request.

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing; images and fonts in woff2 are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|wasm|ttf|otf|xml|webmanifest)$/i;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

const filesUnder = async (dir: string): Promise<string[]> => {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(p)));
    else out.push(p);
  }
  return out;
};

export const precompressDir = async (dir: string): Promise<number> => {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  let written = 0;
  await Promise.all(
    files.map(async (f) => {
      if ((await stat(f)).size < MIN_BYTES) return;
      const body = await readFile(f);
      const [br, gzipped] = await Promise.all([
        brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gz(body, { level: 9 }),
      ]);
      // a copy that does not save anything is not worth a negotiation
      for (const [ext, copy] of [
        ['br', br],
        ['gz', gzipped],
      ] as const) {
        if (copy.length >= body.length) continue;
        await writeFile(`${f}.${ext}`, copy);
        written++;
      }
    }),
  );
  return written;
};

/** Writes `.br` and `.gz` beside every compressible file of the build. */
export const precompress = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'ems-precompress',
    apply: 'build',
    configResolved(c) {
      outDir = resolve(c.root, c.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
};
