// Chromium for frame-time figures. With the frame-rate limit on (as in tests), a rAF interval is
// a whole number of 60 Hz vsyncs, so every smooth page reads "16.7 ms" and a figure says only
// whether a frame was missed. With the limit off, rAF runs as fast as the page can produce frames,
// so the interval is the time one frame costs (script, style, layout, paint, and under
// SwiftShader the WebGL raster): that is what the frame figures of bench/ report.
import type { Browser } from 'playwright-core';
import { hasChromium, launch } from '../tests/e2e/helpers/browser';
import { buildConsoleDist } from '../tests/e2e/helpers/build';
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
