// The analysis files' server: the simulated fleet of `stations` with its history backfilled
// (`backfill` overrides the depths), its own timer parked, and Chromium, for the enclosing block.
import type { Config } from '../../../server/config';
import { startServer, type TestServer } from '../helpers/server';
import { serverAndBrowser, type Stack } from '../helpers/session';

type Backfill = Pick<Config, 'backfillDays' | 'backfillMinuteHours' | 'backfillDeviceHours'>;

export const analysisStack = (stations: number, backfill: Backfill): Stack<TestServer> =>
  serverAndBrowser(async () => {
    const s = await startServer({ seedStations: stations, config: { simulator: true, simStations: stations, simIntervalMs: 3_600_000, ...backfill } });
    await s.services.fleet?.ready;
    return s;
  });
