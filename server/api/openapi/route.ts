import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { buildOpenApi } from './document';
import { renderReference } from './reference';

/** The wire version every signed request carries (SIGNING.md), which is the API's. */
const API_VERSION = '1.0.0';

interface Built {
  body: string;
  etag: string;
}

const built = (body: string): Built => ({ body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` });

/** Answers `b`, or 304 when the reader already has it (the ETag it sends back matches). */
const answer = (req: FastifyRequest, reply: FastifyReply, type: string, b: Built) => {
  reply.header('cache-control', 'no-cache').header('etag', b.etag);
  // the page carries its own style sheet and no script: nothing else may load in it
  if (type.startsWith('text/html'))
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'");
  if (req.headers['if-none-match'] === b.etag) return reply.code(304).send();
  return reply.type(type).send(b.body);
};

/**
 * `GET /api/openapi.json`: the catalogue as OpenAPI 3.1; `GET /api/reference`: the same document
 * as a readable page. Both built once on first ask, public like docs/api.md, revalidated by ETag.
 */
export const registerOpenApi = (app: FastifyInstance): void => {
  let doc: ReturnType<typeof buildOpenApi> | null = null;
  let json: Built | null = null;
  let html: Built | null = null;
  const document = () => (doc ??= buildOpenApi(API_VERSION));
  app.get('/api/openapi.json', async (req, reply) => answer(req, reply, 'application/json; charset=utf-8', (json ??= built(JSON.stringify(document())))));
  app.get('/api/reference', async (req, reply) => answer(req, reply, 'text/html; charset=utf-8', (html ??= built(renderReference(document())))));
};
