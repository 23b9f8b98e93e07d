import { basename } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';

// How the console and the API travel. The build writes `.br` and `.gz` beside every text asset
// (scripts/lib/precompress.ts), so a static file is never compressed per request; API answers are
// compressed by negotiation when they are worth it. Files named by their content (Vite's
// `assets/name-HASH.js`) never change under their name: a browser keeps them a year without asking
// again. `index.html` names the current ones, so it is always revalidated.

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** pictures, logos and the map's style files: not content-named, may change with a deployment */
const SHORT = 'public, max-age=3600';

/** Vite names built assets `<name>-<8+ url-safe chars>.<ext>` under assets/ */
const HASHED = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.(br|gz))?$/;

export const cacheControlOf = (path: string): string => {
  if (HASHED.test(path)) return IMMUTABLE;
  if (basename(path).startsWith('index.html')) return REVALIDATE;
  return SHORT;
};

/** Compression of dynamic answers; registered before any route so its hook sees all of them. */
export const registerCompression = async (app: FastifyInstance): Promise<void> => {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // clients send small form bodies: a compressed request body would only get past bodyLimit
    globalDecompression: false,
  });
};

export const registerConsoleFiles = async (app: FastifyInstance, root: string): Promise<void> => {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, path) => {
      res.setHeader('cache-control', cacheControlOf(path));
      res.setHeader('vary', 'accept-encoding');
    },
  });
};
