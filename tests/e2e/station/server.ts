// The real server in-process with the simulated fleet, driven by the test: the simulator's own
// timer is parked (1 h) and `tick()` runs a polling cycle of every gateway at the server clock,
// `frame()` ingests a hand-made gateway frame (e.g. a generator state), `alarm()` raises and
// pushes an alarm on a station.
import type { AddressInfo } from 'node:net';
import { POINTS } from '../../../protocol/fleet';
import { buildApp, type App } from '../../../server/app';
import { publishAlarm, raiseAlarm, type AlarmRow } from '../../../server/alarms/store';

export interface StationServer extends App {
  url: string;
  close(): Promise<void>;
  tick(): void;
  /** starts ticking every `ms` (returns the stopper) */
  ticking(ms: number): () => void;
  frame(stationId: number, devices: Array<{ id: number; type: keyof typeof POINTS; s: number | null; values: Record<string, number> }>): void;
  alarm(stationId: number, content: string): Promise<AlarmRow>;
}

let seq = 0;

export async function startStationServer(): Promise<StationServer> {
  const built = await buildApp({
    logger: false,
    seedStations: 4,
    config: {
      host: '127.0.0.1',
      port: 0,
      pgliteDir: '',
      databaseUrl: undefined,
      mqttUrl: undefined,
      simulator: true,
      simStations: 4,
      simIntervalMs: 3_600_000,
      backfillDays: 2,
      backfillMinuteHours: 3,
      backfillDeviceHours: 3,
      seed: true,
      logLevel: 'warn',
      staticDir: 'dist',
    },
  });
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const port = (built.app.server.address() as AddressInfo).port;
  const s = built.services;
  const fleet = s.fleet!;
  await fleet.ready;
  fleet.tickNow();
  let fseq = 1_000_000;
  return {
    ...built,
    url: `http://127.0.0.1:${port}`,
    close: () => built.app.close(),
    tick: () => fleet.tickNow(),
    ticking(ms) {
      const id = setInterval(() => fleet.tickNow(), ms);
      return () => clearInterval(id);
    },
    frame(stationId, devices) {
      fseq += 1;
      const frame = {
        ver: 1,
        stationId,
        seq: fseq,
        ts: s.clock(),
        devices: devices.map((d) => ({ id: d.id, on: true, s: d.s, v: POINTS[d.type].map((p) => d.values[p.name] ?? 0) })),
      };
      fleet.onMessage(`ems/gw/${stationId}/telemetry`, JSON.stringify(frame));
    },
    async alarm(stationId, content) {
      seq += 1;
      const { row } = await raiseAlarm(s.db, {
        stationId,
        ruleCode: `e2e.station.${seq}`,
        category: 'fault',
        deviceType: 'pcs',
        type: 'fault',
        content,
        time: new Date(s.clock()),
        dedupKey: `e2e-station/${seq}/${Math.random()}`,
      });
      await publishAlarm(s.broker, s.registry, row);
      return row;
    },
  };
}
