import type { FastifyInstance } from 'fastify';
import { buildOpenApi } from './document';

/** The wire version every signed request carries (SIGNING.md), which is the API's. */
const API_VERSION = '1.0.0';

/** `GET /api/openapi.json`: the catalogue as OpenAPI 3.1, built once on first ask. Public, like docs/api.md. */
export const registerOpenApi = (app: FastifyInstance): void => {
  let json: string | null = null;
  app.get('/api/openapi.json', async (_req, reply) => {
    json ??= JSON.stringify(buildOpenApi(API_VERSION));
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(json);
  });
};
