/**
 * Several server replicas as child processes on one PostgreSQL and one Mosquitto, as a
 * deployment runs them (docs/deploy.md).
 *
 *   const why = await replicasSkipReason();          // null, or why they cannot run here
 *   const set = await startReplicas(2, { env: { SIM_ENABLED: '1' } });
 *   set.urls                      // ['http://127.0.0.1:<port>', …], in start order
 *   set.replicas[0].kill()        // kill -9: no shutdown, its connections just drop
 *   await set.replicas[1].stop()  // SIGTERM and wait for the exit
 *   await set.start()             // one more replica on the same database and broker
 *   await set.stop()              // every replica, the broker, then the database is dropped
 *
 * Each set gets a fresh database (created from DATABASE_URL, dropped by `stop`) and a private
 * Mosquitto with dynamic security (tests/mosquitto/start.sh, ports of its own); every replica
 * gets the same DATABASE_URL, MQTT_URL, GATEWAY_SECRET and REPLICAS. Replicas start one after
 * the other (the first migrates and seeds), each counted as started once `/readyz` answers 200.
 * Defaults: 4 seeded stations, no simulator, no backfill; `env` overrides any of them.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { createDatabase } from '../../../server/db/db';

export interface Replica {
  index: number;
  url: string;
  pid: number;
  /** kill -9 */
  kill(): void;
  /** SIGTERM; resolves once the process exited */
  stop(): Promise<void>;
  /** resolves with the exit code (null after a signal) */
  readonly exited: Promise<number | null>;
  /** what the process printed so far (diagnostics) */
  output(): string;
}

export interface ReplicaSet {
  replicas: Replica[];
  urls: string[];
  databaseUrl: string;
  mqtt: { url: string; wsUrl: string; user: string; password: string };
  gatewaySecret: string;
  start(env?: Record<string, string>): Promise<Replica>;
  stop(): Promise<void>;
}

export interface ReplicaOptions {
  env?: Record<string, string>;
  /** per replica, default 90 s (the machine may be loaded) */
  readyTimeoutMs?: number;
}

const ROOT = new URL('../../../', import.meta.url).pathname;
/** where tests/mosquitto/start.sh looks for mosquitto_dynamic_security.so */
const DYNSEC_PLUGINS = process.env.MOSQ_DYNSEC_PLUGIN
  ? [process.env.MOSQ_DYNSEC_PLUGIN]
  : [
      '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so',
      '/usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so',
      '/usr/lib/mosquitto_dynamic_security.so',
      '/usr/local/lib/mosquitto_dynamic_security.so',
    ];
const ADMIN = { user: 'ems-admin', password: 'ems-admin-secret' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** null when PostgreSQL (DATABASE_URL) and Mosquitto with dynamic security are there; otherwise why not. */
export const replicasSkipReason = async (): Promise<string | null> => {
  const url = process.env.DATABASE_URL;
  if (!url) return 'DATABASE_URL is not set';
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    // each set runs on a database of its own, created and dropped by the test
    const [r] = (await c.query<{ ok: boolean }>('SELECT rolcreatedb OR rolsuper AS ok FROM pg_roles WHERE rolname = current_user')).rows;
    if (!r?.ok) return 'the DATABASE_URL role may not create databases';
  } catch (e) {
    return `PostgreSQL at DATABASE_URL is not reachable (${e instanceof Error ? e.message : String(e)})`;
  } finally {
    await c.end().catch(() => undefined);
  }
  try {
    execFileSync('sh', ['-c', 'command -v mosquitto && command -v mosquitto_ctrl'], { stdio: 'pipe' });
  } catch {
    return 'mosquitto and mosquitto_ctrl are not installed (apt-get install mosquitto mosquitto-clients)';
  }
  if (!DYNSEC_PLUGINS.some((p) => existsSync(p))) return 'the Mosquitto dynamic-security plugin is not there (set MOSQ_DYNSEC_PLUGIN)';
  return null;
};

const startBroker = async () => {
  const tcp = await freePort();
  const ws = await freePort();
  const env = {
    ...process.env,
    MOSQ_DIR: `${tmpdir()}/ems-replicas-mosq-${process.pid}-${tcp}`,
    MOSQ_TCP_PORT: String(tcp),
    MOSQ_WS_PORT: String(ws),
    MQTT_ADMIN_USER: ADMIN.user,
    MQTT_ADMIN_PASSWORD: ADMIN.password,
  };
  execFileSync(`${ROOT}tests/mosquitto/start.sh`, { env, stdio: 'pipe' });
  return { url: `mqtt://127.0.0.1:${tcp}`, wsUrl: `ws://127.0.0.1:${ws}`, stop: () => execFileSync(`${ROOT}tests/mosquitto/stop.sh`, { env, stdio: 'pipe' }) };
};

const createSetDatabase = async (base: string) => {
  const db = await createDatabase(base, `ems_rep_${randomBytes(5).toString('hex')}`);
  // a set that failed half-way may find its database gone already
  return { url: db.url, drop: () => db.drop().catch(() => undefined) };
};

const waitReady = async (url: string, child: ChildProcess, timeoutMs: number, out: () => string): Promise<void> => {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`replica exited (${child.exitCode ?? child.signalCode}):\n${out()}`);
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`replica at ${url} not ready within ${timeoutMs} ms:\n${out()}`);
};

export const startReplicas = async (n: number, opts: ReplicaOptions = {}): Promise<ReplicaSet> => {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('startReplicas needs DATABASE_URL');
  const db = await createSetDatabase(base);
  const broker = await startBroker().catch(async (e: unknown) => {
    await db.drop();
    throw e;
  });
  const gatewaySecret = `replicas-${randomBytes(8).toString('hex')}`;
  const replicas: Replica[] = [];
  const common: Record<string, string> = {
    DATABASE_URL: db.url,
    MQTT_URL: broker.url,
    MQTT_PUBLIC_WS_URL: broker.wsUrl,
    MQTT_ADMIN_USER: ADMIN.user,
    MQTT_ADMIN_PASSWORD: ADMIN.password,
    GATEWAY_SECRET: gatewaySecret,
    REPLICAS: String(n),
    HOST: '127.0.0.1',
    SEED: '1',
    SIM_ENABLED: '0',
    SIM_STATIONS: '4',
    BACKFILL_DAYS: '0',
    BACKFILL_MINUTE_HOURS: '0',
    BACKFILL_DEVICE_HOURS: '0',
    LOG_LEVEL: 'warn',
    STATIC_DIR: '.tmp/no-static',
    NODE_ENV: 'test',
  };

  const start = async (env: Record<string, string> = {}): Promise<Replica> => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...common, ...opts.env, ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    const keep = (b: Buffer) => {
      log = (log + b.toString()).slice(-20_000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const url = `http://127.0.0.1:${port}`;
    const r: Replica = {
      index: replicas.length,
      url,
      pid: child.pid!,
      exited,
      output: () => log,
      kill: () => void child.kill('SIGKILL'),
      stop: async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        const done = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
        if (!done) child.kill('SIGKILL');
        await exited;
      },
    };
    replicas.push(r);
    await waitReady(url, child, opts.readyTimeoutMs ?? 90_000, r.output);
    return r;
  };

  const stop = async () => {
    await Promise.all(replicas.map((r) => r.stop()));
    try {
      broker.stop();
    } catch {
      /* already gone */
    }
    await db.drop();
  };
  try {
    for (let i = 0; i < n; i++) await start();
  } catch (e) {
    await stop();
    throw e;
  }
  return {
    replicas,
    databaseUrl: db.url,
    gatewaySecret,
    start,
    stop,
    get urls() {
      return replicas.map((r) => r.url);
    },
    mqtt: { url: broker.url, wsUrl: broker.wsUrl, ...ADMIN },
  };
};
