// Chromium for frame-time figures. With the frame-rate limit on (as in tests), a rAF interval is
// a whole number of 60 Hz vsyncs, so every smooth page reads "16.7 ms" and a figure says only
// whether a frame was missed. With the limit off, rAF runs as fast as the page can produce frames,
// so the interval is the time one frame costs (script, style, layout, paint, and under
// SwiftShader the WebGL raster): that is what the frame figures of bench/ report.
import type { Browser } from 'playwright-core';
import { launch } from '../tests/e2e/helpers/browser';

export const launchUnthrottled = (): Promise<Browser> => launch(['--disable-frame-rate-limit', '--disable-gpu-vsync']);
