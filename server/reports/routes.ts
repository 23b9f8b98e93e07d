import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { jobByToken } from './jobs';

// `GET /api/export/:token`: streams a finished export. Outside the signed JSON envelope on
// purpose (a browser download cannot sign); the token is 32 random bytes given only to the
// account that ran the job, and lives ten minutes.

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const registerReportRoutes = (app: FastifyInstance, clock: () => number): void => {
  // not compressed on the way: XLSX and PDF are compressed already, and a known length lets the
  // browser show the download's progress
  app.get<{ Params: { token: string } }>('/api/export/:token', { compress: false }, async (req, reply) => {
    const job = TOKEN.test(req.params.token) ? jobByToken(req.params.token, clock()) : undefined;
    if (!job) return reply.code(404).header('cache-control', 'no-store').send({ code: 2004, msg: 'not found', data: null });
    return reply
      .header('content-type', job.mime)
      .header('content-length', String(job.bytes))
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${job.fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(job.fileName)}`)
      .send(createReadStream(job.path));
  });
};
