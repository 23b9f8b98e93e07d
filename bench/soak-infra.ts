// What the soak restarts: a private PostgreSQL cluster (its own data directory and port, so a
// stop touches nobody else's database) and the test Mosquitto with dynamic security
// (tests/mosquitto/start.sh; every start begins from an empty configuration, as after a
// re-install). Either is absent where its binaries are missing; the soak then runs on the
// embedded defaults and the server restart covers the database.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';

const sh = (cmd: string, args: string[], env?: NodeJS.ProcessEnv) => execFileSync(cmd, args, { stdio: 'pipe', env: env ?? process.env }).toString();
const which = (bin: string): string | null => {
  try {
    return sh('sh', ['-c', `command -v ${bin}`]).trim() || null;
  } catch {
    return null;
  }
};

export interface Restartable {
  what: string;
  restart(): Promise<void>;
  stop(): void;
}

export interface PrivatePg extends Restartable {
  url: string;
}

/** initdb + pg_ctl as the postgres account (initdb refuses root); null where that is not possible. */
export function privatePg(port: number): PrivatePg | null {
  const initdb = which('initdb');
  const pgCtl = which('pg_ctl');
  if (!initdb || !pgCtl) return null;
  const dir = `/tmp/ems-soak-pg-${process.pid}`;
  const asPg = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  const run = (args: string[]) => sh(asPg[0] ?? args[0]!, asPg.length ? [...asPg.slice(1), ...args] : args.slice(1));
  try {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    if (asPg.length) sh('chown', ['postgres', dir]);
    run([initdb, '-D', `${dir}/data`, '-A', 'trust', '-U', 'postgres']);
  } catch (e) {
    console.error(`private PostgreSQL unavailable: ${String(e).slice(0, 200)}`);
    return null;
  }
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const start = () => run([pgCtl, '-D', `${dir}/data`, '-o', opts, '-l', `${dir}/log`, '-w', 'start']);
  const stop = () => run([pgCtl, '-D', `${dir}/data`, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    what: 'database',
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart() {
      stop();
      // a restart that takes a few seconds, as a failover or a package upgrade would
      await new Promise((r) => setTimeout(r, 3000));
      start();
    },
    stop() {
      try {
        stop();
      } catch {
        /* already stopped */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PrivateBroker extends Restartable {
  tcp: number;
  ws: number;
  admin: { user: string; password: string };
}

/** The test Mosquitto on ports of its own; null where Mosquitto or its dynsec plugin is missing. */
export function privateBroker(tcp: number): PrivateBroker | null {
  const admin = { user: 'ems-admin', password: 'ems-admin-secret' };
  const env = {
    ...process.env,
    MOSQ_DIR: `/tmp/ems-soak-mosq-${process.pid}`,
    MOSQ_TCP_PORT: String(tcp),
    MOSQ_WS_PORT: String(tcp + 1),
    MQTT_ADMIN_USER: admin.user,
    MQTT_ADMIN_PASSWORD: admin.password,
  };
  const start = () => sh('tests/mosquitto/start.sh', [], env);
  if (!existsSync('tests/mosquitto/start.sh')) return null;
  try {
    start();
  } catch (e) {
    console.error(`test Mosquitto unavailable: ${((e as { stderr?: Buffer }).stderr ?? String(e)).toString().trim()}`);
    return null;
  }
  return {
    what: 'broker',
    tcp,
    ws: tcp + 1,
    admin,
    async restart() {
      // start.sh stops our previous instance and starts from an empty dynamic-security file
      start();
    },
    stop() {
      try {
        sh('tests/mosquitto/stop.sh', [], env);
      } catch {
        /* already stopped */
      }
    },
  };
}
