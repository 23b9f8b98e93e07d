import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { QuietRequestLog, clfTime, registerRequestLog } from '../request-log';

// At info the log says how traffic went once a minute, not once per request; an access log in
// the Combined Log Format is there for whoever turns it on, and never carries a download's token.

const capture = () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
};

const appWith = (level: string, access: string[] | null) => {
  const { lines, stream } = capture();
  const app = Fastify({ logger: { level, stream }, logController: new QuietRequestLog() });
  registerRequestLog(app, {
    log: app.log,
    access: access !== null,
    write: (l) => access?.push(l),
    summaryEveryMs: 3_600_000,
    clock: () => Date.UTC(2026, 10, 27, 16, 4, 5),
  });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/api/export/:token', async (_req, reply) => reply.code(404).send({ code: 2004 }));
  app.get('/boom', async () => {
    throw new Error('database went away');
  });
  return { app, lines };
};

describe('request log', () => {
  it('writes no line per request at info, one summary with counts, times and errors by status', async () => {
    const { app, lines } = appWith('info', null);
    for (let i = 0; i < 5; i++) await app.inject('/ok');
    await app.inject('/api/export/abc');
    await app.inject('/nowhere');
    await app.inject('/boom');
    expect(lines.filter((l) => l.msg === 'request completed' || l.msg === 'incoming request')).toEqual([]);
    // a failed request is still an error line with its cause
    expect(lines.filter((l) => l.level === 50).map((l) => (l.err as { message: string }).message)).toEqual(['database went away']);
    await app.close();
    const summaries = lines.filter((l) => l.msg === 'requests in the last minute');
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatchObject({ requests: 8, errors: { '404': 2, '500': 1 } });
    expect(summaries[0]!.p99Ms).toBeGreaterThanOrEqual(summaries[0]!.p50Ms as number);
  });

  it('writes each request at debug', async () => {
    const { app, lines } = appWith('debug', null);
    await app.inject('/ok');
    expect(lines.some((l) => l.msg === 'request completed' && l.level === 20)).toBe(true);
    await app.close();
  });

  it('writes the Combined Log Format with LOG_ACCESS, without the download token', async () => {
    const access: string[] = [];
    const { app } = appWith('info', access);
    await app.inject({ url: '/ok', headers: { 'user-agent': 'probe/1.0', referer: 'http://console/' } });
    await app.inject('/api/export/Zm9vYmFyYmF6cXV4c2VjcmV0dG9rZW4xMjM0NTY3ODkw');
    await app.close();
    expect(access[0]).toMatch(/^127\.0\.0\.1 - - \[27\/Nov\/2026:16:04:05 \+0000\] "GET \/ok HTTP\/1\.1" 200 \d+ "http:\/\/console\/" "probe\/1\.0"$/);
    expect(access[1]).toContain('"GET /api/export/- HTTP/1.1" 404');
    expect(access.join('\n')).not.toContain('Zm9vYmFy');
  });

  it('formats times as the Common Log Format does', () => {
    expect(clfTime(Date.UTC(2026, 0, 5, 3, 7, 9))).toBe('05/Jan/2026:03:07:09 +0000');
  });
});
