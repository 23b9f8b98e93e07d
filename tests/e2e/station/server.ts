// The real server in-process with the simulated fleet, driven by the test: the simulator's own
// timer is parked (1 h) and `tick()` runs a polling cycle of every gateway at the server clock,
// `frame()` ingests a hand-made gateway frame (e.g. a generator state), `alarm()` raises and
// pushes an alarm on a station. With `simClock`, `tick()` instead steps the models through a
// simulated afternoon (frames keep the server clock, so data ages and online states stay live).
import { POINTS } from '../../../protocol/fleet';
import type { App } from '../../../server/app';
import { afterAll, beforeAll } from 'vitest';
import { listenApp } from '../helpers/server';
import { serverAndBrowser, type Stack } from '../helpers/session';
import { publishAlarm, raiseAlarm, type AlarmRow } from '../../../server/alarms/store';
import { loadFleetConfig } from '../../../server/fleet/config';
import { gatewayOnlineAt, pileSessionAt } from '../../../server/fleet/schedules';
import type { StationConfig } from '../../../server/fleet/station';
import { addDateDays, dateKey, wallClock, wallTimeMs } from '../../../protocol/site-time';

export interface StationServer extends App {
  url: string;
  close(): Promise<void>;
  tick(): void;
  /** starts ticking every `ms` (returns the stopper) */
  ticking(ms: number): () => void;
  frame(stationId: number, devices: Array<{ id: number; type: keyof typeof POINTS; s: number | null; values: Record<string, number> }>): void;
  alarm(stationId: number, content: string): Promise<AlarmRow>;
  /** the models' instant (the server clock without `simClock`) */
  simNow(): number;
}

export interface SimClock {
  /** a station with charging piles: the simulated day is one on which they charge */
  stationId: number;
  /** local hour of that station the simulated clock starts at */
  localHour: number;
  /** simulated minutes per tick */
  stepMinutes: number;
  /** minutes from the start during which some pile of the station must be charging */
  sessionMinutes: number;
}

/**
 * The first day after `after` whose `localHour` finds a pile of the station charging throughout
 * the session window and every gateway online for four hours.
 */
export const evAfternoon = (all: readonly StationConfig[], after: number, c: SimClock): number => {
  const cfg = all.find((x) => x.id === c.stationId)!;
  const piles = cfg.devices.filter((d) => d.type === 'charging_pile');
  if (piles.length === 0) throw new Error(`station ${cfg.id} has no charging piles`);
  for (let d = 1; d <= 120; d++) {
    const t0 = wallTimeMs(cfg.timezone, addDateDays(dateKey(cfg.timezone, after), d), c.localHour * 60);
    let ok = true;
    for (let m = 0; ok && m <= c.sessionMinutes; m += c.stepMinutes) {
      const t = t0 + m * 60_000;
      ok = piles.some((p) => pileSessionAt(cfg.seed, cfg.siteType, p, wallClock(cfg.timezone, t), t).p > 0);
    }
    for (let m = 0; ok && m <= 240; m += 5) ok = all.every((x) => gatewayOnlineAt(x.seed, t0 + m * 60_000));
    if (ok) return t0;
  }
  throw new Error(`no day with EV sessions at ${c.localHour}:00 for station ${cfg.id}`);
};

let seq = 0;

export async function startStationServer(opts: { simClock?: SimClock } = {}): Promise<StationServer> {
  const built = await listenApp({
    seedStations: 4,
    config: {
      simulator: true,
      simStations: 4,
      simIntervalMs: 3_600_000,
      backfillDays: 2,
      backfillMinuteHours: 3,
      backfillDeviceHours: 3,
    },
  });
  const s = built.services;
  const fleet = s.fleet!;
  await fleet.ready;
  // a cycle before a gateway's MQTT session is up would be lost
  for (let i = 0; i < 500 && [...fleet.gateways.values()].some((g) => !g.client.connected); i++) await new Promise((r) => setTimeout(r, 10));
  fleet.tickNow();
  let sim: number | null = null;
  if (opts.simClock) {
    sim = evAfternoon(await loadFleetConfig(s.db), s.clock(), opts.simClock);
  }
  const step = (opts.simClock?.stepMinutes ?? 0) * 60_000;
  const tick = () => {
    if (sim === null) return fleet.tickNow();
    sim += step;
    fleet.tickNow(sim);
  };
  let fseq = 1_000_000;
  return {
    ...built,
    tick,
    simNow: () => sim ?? s.clock(),
    ticking(ms) {
      const id = setInterval(tick, ms);
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

/** The station server, ticking every second while the enclosing block runs, and Chromium. */
export function tickingStationStack(): Stack<StationServer> {
  const stack = serverAndBrowser(() => startStationServer());
  let stop: () => void = () => undefined;
  beforeAll(() => void (stop = stack.server.ticking(1000)));
  afterAll(() => stop());
  return stack;
}
