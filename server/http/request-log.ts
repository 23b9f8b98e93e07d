import { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

// What the log says of HTTP traffic. A line per request is noise at info (two browsers made
// 17,000 lines in 37 minutes): each request is a debug line, and info gets one summary a minute
// (requests, p50 and p99 time, answers of 400 and above by status). With LOG_ACCESS=1 every
// request also gets a line in the Combined Log Format on stdout, for the tools that read it.

export interface RequestLogOptions {
  log: FastifyBaseLogger;
  /** LOG_ACCESS: one Combined Log Format line per request */
  access: boolean;
  /** where access lines go (tests) */
  write?: (line: string) => void;
  summaryEveryMs?: number;
  clock?: () => number;
}

/** Fastify's own request lines at debug; a request that failed stays an error line. */
export class QuietRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ method: request.method, url: loggedUrl(request.url) }, 'incoming request');
  }
  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ err: error, status: reply.statusCode, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ status: reply.statusCode, responseTime: reply.elapsedTime }, 'request completed');
  }
  override routeNotFound(request: FastifyRequest): void {
    request.log.debug({ method: request.method, url: loggedUrl(request.url) }, 'route not found');
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** `27/Nov/2026:16:04:05 +0000`, the Common Log Format's time, in UTC */
export const clfTime = (ms: number): string => {
  const d = new Date(ms);
  return `${two(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} +0000`;
};

/** A download's path carries its secret token: the log names the route, never the token. */
const loggedUrl = (url: string): string => url.replace(/^\/api\/export\/[^/?]+/, '/api/export/-');

const quoted = (v: unknown): string => (typeof v === 'string' && v ? `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"` : '"-"');

export const accessLine = (req: FastifyRequest, reply: FastifyReply, at: number): string => {
  const bytes = reply.getHeader('content-length');
  return `${req.ip} - - [${clfTime(at)}] "${req.method} ${loggedUrl(req.url)} HTTP/${req.raw.httpVersion}" ${reply.statusCode} ${bytes ?? '-'} ${quoted(req.headers.referer)} ${quoted(req.headers['user-agent'])}`;
};

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

export const registerRequestLog = (app: FastifyInstance, o: RequestLogOptions): void => {
  const clock = o.clock ?? Date.now;
  const write = o.write ?? ((line: string) => void process.stdout.write(`${line}\n`));
  let times: number[] = [];
  let errors = new Map<number, number>();

  app.addHook('onResponse', (req, reply, done) => {
    const ms = reply.elapsedTime;
    times.push(ms);
    if (reply.statusCode >= 400) errors.set(reply.statusCode, (errors.get(reply.statusCode) ?? 0) + 1);
    if (o.access) write(accessLine(req, reply, clock()));
    done();
  });

  const summarise = () => {
    if (!times.length) return;
    const sorted = times.sort((a, b) => a - b);
    const byStatus = Object.fromEntries([...errors].sort(([a], [b]) => a - b).map(([k, v]) => [String(k), v]));
    o.log.info(
      { requests: sorted.length, p50Ms: Math.round(quantile(sorted, 0.5) * 10) / 10, p99Ms: Math.round(quantile(sorted, 0.99) * 10) / 10, errors: byStatus },
      'requests in the last minute',
    );
    times = [];
    errors = new Map();
  };
  const timer = setInterval(summarise, o.summaryEveryMs ?? 60_000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    summarise();
  });
};
