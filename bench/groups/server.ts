import { fork } from 'node:child_process';
import { createHmac } from 'node:crypto';
import autocannon from 'autocannon';
import { buildSignedForm } from '../../protocol/signing';
import { CONSOLE_ACCESS_KEY_ID, CONSOLE_ACCESS_KEY_SECRET } from '../../protocol/console-key';
import { log, report } from '../report';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const hmac = (k: string, d: string) => createHmac('sha256', k).update(d).digest('base64');
const headers = (token?: string) => ({
  'content-type': 'application/x-www-form-urlencoded',
  'x-ems-client': '1',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

interface Child {
  port: number;
  barePort: number;
  stationId: number;
  alarmLo: number;
  alarmHi: number;
  password: string;
  db: string;
}

const sign = (action: string, payload: Record<string, unknown>) =>
  buildSignedForm({ action, payload, accessKeyId: CONSOLE_ACCESS_KEY_ID, secret: CONSOLE_ACCESS_KEY_SECRET, hmac });

const load = async (opts: autocannon.Options) => {
  const r = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...opts });
  const errors = r.non2xx + r.errors + r.timeouts;
  // requests.p50 is the median of the per-second counts: a median, not one sample.
  return { rps: r.requests.p50, p99: r.latency.p99, errors, total: r.requests.total };
};

const benchBackend = async (backend: 'postgres' | 'pglite') => {
  const child = fork(new URL('../server-child.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_DB: backend },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const info = await new Promise<Child>((res, rej) => {
    child.once('message', (m) => res(m as Child));
    child.once('exit', (c) => rej(new Error(`bench server exited ${c}`)));
  });
  const base = `http://127.0.0.1:${info.port}`;
  const loginBody = await sign('login', { account: 'admin', password: info.password });
  const login = (await (await fetch(`${base}/api/asset`, { method: 'POST', headers: headers(), body: loginBody })).json()) as { data: { token: string } };
  const token = login.data.token;
  const suffix = backend === 'postgres' ? '' : '.pglite';
  log(`[${backend}] server up on ${info.port}; db ${info.db}`);

  // Pre-signed bodies (unique nonces) so the load generator spends no time signing.
  const readBodies: string[] = [];
  for (let i = 0; i < 300_000; i++) readBodies.push(await sign('queryStationInfoById', { stationId: info.stationId }));
  let bi = 0;
  const baseline = await load({
    url: `http://127.0.0.1:${info.barePort}`,
    requests: [{ method: 'POST', path: '/bare', headers: headers(token), setupRequest: (req) => ({ ...req, body: readBodies[bi++ % readBodies.length] }) }],
  });
  log(`[${backend}] baseline (bare POST route, same bodies)`, baseline);
  let ri = 0;
  const read = await load({
    url: base,
    requests: [
      { method: 'POST', path: '/api/energystorage', headers: headers(token), setupRequest: (req) => ({ ...req, body: readBodies[ri++ % readBodies.length] }) },
    ],
  });
  log(`[${backend}] read`, read, `bodies ${readBodies.length}`);
  readBodies.length = 0;

  const writeBodies: string[] = [];
  for (let id = info.alarmLo; id <= info.alarmHi; id++) writeBodies.push(await sign('resolveAlarm', { alarmId: id }));
  let wi = 0;
  const write = await load({
    url: base,
    requests: [
      { method: 'POST', path: '/api/alarm', headers: headers(token), setupRequest: (req) => ({ ...req, body: writeBodies[wi++ % writeBodies.length] }) },
    ],
  });
  log(`[${backend}] write`, write, `(${wi} sent, ${writeBodies.length} distinct alarms)`);

  report(`server.baseline_rps${suffix}`, baseline.rps, 'req/s');
  report(`server.read_rps${suffix}`, read.rps, 'req/s');
  report(`server.read_ratio${suffix}`, read.rps / baseline.rps, 'ratio');
  report(`server.read_p99_ms${suffix}`, read.p99, 'ms');
  report(`server.write_rps${suffix}`, write.rps, 'req/s');
  report(`server.write_p99_ms${suffix}`, write.p99, 'ms');
  if (read.errors + write.errors > 0) log(`[${backend}] WARNING: non-2xx/errors read=${read.errors} write=${write.errors}`);
  child.send('stop');
  await new Promise((r) => child.once('exit', r));
};

export const run = async (): Promise<void> => {
  if (process.env.DATABASE_URL || (await pgReachable())) await benchBackend('postgres');
  else log('skipping PostgreSQL figures: no server on 127.0.0.1:5432 and DATABASE_URL not set');
  await benchBackend('pglite');
};

const pgReachable = async (): Promise<boolean> => {
  const net = await import('node:net');
  return new Promise((res) => {
    const s = net.connect(5432, '127.0.0.1', () => (s.destroy(), res(true)));
    s.on('error', () => res(false));
  });
};
