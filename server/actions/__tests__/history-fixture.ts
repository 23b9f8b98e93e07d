// A server on a fixed clock in mid-July (noon in East Asia) with three days of simulated history,
// the last `detailHours` with minute and device rollups: what the analysis and month tests read.
import { startTestServer, type TestServer } from '../../test/harness';

export const HISTORY_NOW = Date.UTC(2026, 6, 15, 4, 0);

export async function startWithHistory(backend: 'pglite' | 'postgres', detailHours = 1): Promise<TestServer> {
  const s = await startTestServer(backend, {
    clock: () => HISTORY_NOW,
    config: { simulator: true, simIntervalMs: 3_600_000, backfillDays: 3, backfillMinuteHours: detailHours, backfillDeviceHours: detailHours },
  });
  await s.services.fleet!.ready;
  return s;
}
