import type { FastifyInstance } from 'fastify';
import type { ExportJobs } from './jobs';

// `GET /api/export/:token`: sends a finished export from the database, so any replica serves it.
// Outside the signed JSON envelope on purpose (a browser download cannot sign); the token is 32
// random bytes given only to the account that ran the job, and lives ten minutes.

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const registerReportRoutes = (app: FastifyInstance, jobs: ExportJobs): void => {
  // not compressed on the way: XLSX and PDF are compressed already, and a known length lets the
  // browser show the download's progress
  app.get<{ Params: { token: string } }>('/api/export/:token', { compress: false }, async (req, reply) => {
    const file = TOKEN.test(req.params.token) ? await jobs.download(req.params.token) : undefined;
    if (!file) return reply.code(404).header('cache-control', 'no-store').send({ code: 2004, msg: 'not found', data: null });
    return reply
      .header('content-type', file.mime)
      .header('content-length', String(file.content.length))
      .header('cache-control', 'no-store')
      .header(
        'content-disposition',
        `attachment; filename="${file.fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      )
      .send(file.content);
  });
};
