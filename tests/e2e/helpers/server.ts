// The real server in-process on a free port with an in-memory PGlite database and the built
// console (dist/). Simulator off so alarms come only from the tests.
import type { AddressInfo } from 'node:net';
import { buildApp, type App } from '../../../server/app';
import type { Config } from '../../../server/config';
import { publishAlarm, raiseAlarm, type AlarmRow } from '../../../server/alarms/store';

export interface TestServer extends App {
  url: string;
  close(): Promise<void>;
  /** raises a new alarm on a station and publishes its push (as the fleet would) */
  alarm(o: { stationId: number; ruleCode?: string; content?: string; category?: 'event' | 'protection' | 'alarm' | 'fault'; publish?: boolean }): Promise<AlarmRow>;
}

let seq = 0;

/** `config` overrides the defaults below (e.g. an external broker). */
export async function startServer(opts: { seedStations?: number; config?: Partial<Config> } = {}): Promise<TestServer> {
  const built = await buildApp({
    logger: false,
    seedStations: opts.seedStations ?? 12,
    config: {
      host: '127.0.0.1',
      port: 0,
      pgliteDir: '',
      databaseUrl: undefined,
      mqttUrl: undefined,
      simulator: false,
      seed: true,
      logLevel: 'warn',
      staticDir: 'dist',
      ...opts.config,
    },
  });
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const port = (built.app.server.address() as AddressInfo).port;
  const s = built.services;
  return {
    ...built,
    url: `http://127.0.0.1:${port}`,
    close: () => built.app.close(),
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
