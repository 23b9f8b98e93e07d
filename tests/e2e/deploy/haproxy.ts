// HAProxy (Debian's package) in front of spawned replicas, configured as docs/deploy.md gives it:
// least connections, health checks on /readyz, the broker's WebSocket under /mqtt. Its stats
// page (CSV) tells which replica served how many requests.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../integration/replicas/spawn';

export const haproxySkipReason = (): string | null => {
  try {
    execFileSync('sh', ['-c', 'command -v haproxy'], { stdio: 'pipe' });
    return null;
  } catch {
    return 'haproxy is not installed (apt-get install haproxy)';
  }
};

const hostPort = (url: string) => new URL(url).host;

/** The configuration docs/deploy.md shows, for these replicas and this broker WebSocket. */
export const haproxyConfig = (o: { port: number; statsPort: number; replicas: readonly string[]; brokerWs: string }): string => `global
  maxconn 2000

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # the console's push connection is a long-lived WebSocket
  timeout tunnel 1h

frontend console
  bind 127.0.0.1:${o.port}
  # scraped and called on the replicas directly, never through the public address
  http-request deny if { path_beg /metrics } || { path_beg /broker/ }
  use_backend broker if { path_beg /mqtt }
  default_backend replicas

backend replicas
  balance leastconn
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 1s fall 2 rise 2
${o.replicas.map((u, i) => `  server r${i + 1} ${hostPort(u)} check`).join('\n')}

backend broker
  server mosquitto ${hostPort(o.brokerWs)}

frontend stats
  bind 127.0.0.1:${o.statsPort}
  stats enable
  stats uri /stats
`;

export interface Balancer {
  url: string;
  /** requests each replica server answered so far (r1, r2, …) and whether HAProxy holds it up */
  servers(): Promise<{ name: string; requests: number; up: boolean }[]>;
  stop(): Promise<void>;
}

export const startHaproxy = async (o: { port: number; replicas: readonly string[]; brokerWs: string }): Promise<Balancer> => {
  const statsPort = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'ems-haproxy-'));
  const cfg = join(dir, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig({ ...o, statsPort }));
  execFileSync('haproxy', ['-c', '-f', cfg], { stdio: 'pipe' });
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', cfg], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  const url = `http://127.0.0.1:${o.port}`;
  for (let i = 0; ; i++) {
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      )
    )
      break;
    if (i > 100 || child.exitCode !== null) throw new Error(`haproxy did not come up:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    servers: async () => {
      const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
      const [head, ...lines] = csv.replace(/^# /, '').trim().split('\n');
      const col = (name: string) => head!.split(',').indexOf(name);
      return lines
        .map((l) => l.split(','))
        .filter((c) => c[col('pxname')] === 'replicas' && c[col('svname')]!.startsWith('r'))
        .map((c) => ({ name: c[col('svname')]!, requests: Number(c[col('stot')]), up: c[col('status')]!.startsWith('UP') }));
    },
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    },
  };
};
