import type { Config } from '../config';
import { startTestServer, type TestServer } from './harness';

// A test server on a fixed clock with the simulated fleet backfilled and running. Its gateways
// cycle hourly, so a test steps them itself (fleet.tickNow) and sees no frame it did not ask for.

export interface SimulatedHistory {
  /** days of backfilled history */
  days: number;
  /** hours of it kept at minute resolution; default 1 */
  minuteHours?: number;
}

export const startSimulatedFleet = async (
  backend: 'pglite' | 'postgres',
  now: number,
  history: SimulatedHistory,
  config: Partial<Config> = {},
): Promise<TestServer> => {
  const s = await startTestServer(backend, {
    clock: () => now,
    config: {
      simulator: true,
      simIntervalMs: 3_600_000,
      backfillDays: history.days,
      backfillMinuteHours: history.minuteHours ?? 1,
      backfillDeviceHours: 1,
      ...config,
    },
  });
  await s.services.fleet!.ready;
  return s;
};

/** Gateways that acknowledge every command at once; a lost answer fails after 1.5 s. */
export const startPromptFleet = async (backend: 'pglite' | 'postgres', now: number, history: SimulatedHistory): Promise<TestServer> => {
  const s = await startSimulatedFleet(backend, now, history, { simAckFailureRate: 0, commandTimeoutMs: 1500 });
  for (const gw of s.services.fleet!.gateways.values()) gw.opts.ackDelayMs = 0;
  return s;
};
