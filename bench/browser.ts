// Chromium for frame-time figures. With the frame-rate limit on (as in tests), a rAF interval is
// a whole number of 60 Hz vsyncs, so every smooth page reads "16.7 ms" and a figure says only
// whether a frame was missed. With the limit off, rAF runs as fast as the page can produce frames,
// so the interval is the time one frame costs (script, style, layout, paint, and under
// SwiftShader the WebGL raster): that is what the frame figures of bench/ report.
import type { Browser } from 'playwright-core';
import type { AlarmPush } from '../protocol/push';
import { hasChromium, launch } from '../tests/e2e/helpers/browser';
import { buildConsoleDist } from '../tests/e2e/helpers/build';
import { startServer } from '../tests/e2e/helpers/server';
import { log } from './report';

export const launchUnthrottled = (): Promise<Browser> => launch(['--disable-frame-rate-limit', '--disable-gpu-vsync']);

/** Whether a browser bench can run here; says so when it cannot (no Chromium on this machine). */
export const browserBenchCan = (group: string): boolean => {
  if (!hasChromium) log(`${group} bench skipped: /usr/bin/chromium is not installed`);
  return hasChromium;
};

/** The console built into dist/ as `npm run build` does, for a browser bench's server to serve. */
export const buildConsole = (): ReturnType<typeof buildConsoleDist> => {
  log('building the console');
  return buildConsoleDist();
};

/** A browser bench where Chromium is here: the console built, a 12-station server and Chromium
 *  started for `body`, and both closed after it, however it ends. */
export async function browserBench(group: string, body: (server: Awaited<ReturnType<typeof startServer>>, browser: Browser) => Promise<void>): Promise<void> {
  if (!browserBenchCan(group)) return;
  await buildConsole();
  const server = await startServer({ seedStations: 12 });
  const browser = await launch();
  try {
    await body(server, browser);
  } finally {
    await browser.close();
    await server.close();
  }
}

/** A bench alarm's push as the fleet publishes it: an open alarm of the station's gateway that
 *  pops up (35002), raised now. */
export const benchAlarmPush = (
  at: { orgId: number; stationId: number; stationName: string },
  alarmId: number,
  alarmCategory: AlarmPush['alarmCategory'],
): AlarmPush => ({
  alarmId,
  orgId: at.orgId,
  stationId: at.stationId,
  actionWay: 35002,
  stationName: at.stationName,
  monitoredObjectName: 'Gateway',
  alarmRuleName: 'Bench rule',
  alarmCategory,
  happenTime: new Date().toISOString(),
  status: 'unresolved',
});
