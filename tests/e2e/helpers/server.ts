// The real server in-process on a free port with an in-memory PGlite database and the built
// console (dist/). Simulator off so alarms come only from the tests.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type App, type BuildOptions } from '../../../server/app';
import type { Config } from '../../../server/config';
import { publishAlarm, raiseAlarm, type AlarmRow } from '../../../server/alarms/store';

export interface TestServer extends App {
  url: string;
  close(): Promise<void>;
  /** raises a new alarm on a station and publishes its push (as the fleet would) */
  alarm(o: {
    stationId: number;
    ruleCode?: string;
    content?: string;
    category?: 'event' | 'protection' | 'alarm' | 'fault';
    publish?: boolean;
  }): Promise<AlarmRow>;
}

let seq = 0;

/** In memory, no broker, no simulator, the seeded demo accounts, the built console. */
const TEST_CONFIG: Partial<Config> = {
  host: '127.0.0.1',
  port: 0,
  pgliteDir: '',
  databaseUrl: undefined,
  mqttUrl: undefined,
  simulator: false,
  seed: true,
  logLevel: 'warn',
};

/**
 * A private copy of the built console: a build started meanwhile by another test run empties
 * dist/, and a page would then load an index whose chunks are gone.
 */
const consoleSnapshot = (): { dir: string; drop: () => void } => {
  if (!existsSync('dist/index.html')) return { dir: 'dist', drop: () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'ems-console-'));
  cpSync('dist', dir, { recursive: true });
  return { dir, drop: () => rmSync(dir, { recursive: true, force: true }) };
};

/**
 * Builds the app with the test defaults under `o.config`, serving a copy of the built console,
 * and listens on a free port; `close` closes it and drops the copy.
 */
export async function listenApp(o: Omit<BuildOptions, 'logger'> = {}): Promise<App & { url: string; close(): Promise<void> }> {
  const dist = consoleSnapshot();
  const built = await buildApp({ ...o, logger: false, config: { ...TEST_CONFIG, staticDir: dist.dir, ...o.config } });
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const port = (built.app.server.address() as AddressInfo).port;
  return {
    ...built,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await built.app.close();
      dist.drop();
    },
  };
}

/** `config` overrides the defaults above (e.g. an external broker). */
export async function startServer(opts: { seedStations?: number; config?: Partial<Config> } = {}): Promise<TestServer> {
  const built = await listenApp({ seedStations: opts.seedStations ?? 12, config: opts.config });
  const s = built.services;
  return {
    ...built,
    async alarm(o) {
      seq += 1;
      const { row } = await raiseAlarm(s.db, {
        stationId: o.stationId,
        ruleCode: o.ruleCode ?? `e2e.rule.${seq}`,
        category: o.category ?? 'fault',
        deviceType: 'pcs',
        type: 'fault',
        content: o.content ?? `e2e alarm ${seq}`,
        time: new Date(s.clock()),
        dedupKey: `e2e/${seq}/${Math.random()}`,
      });
      if (o.publish !== false) await publishAlarm(s.broker, s.registry, row);
      return row;
    },
  };
}
