// What the soak watches in the wall screen's page: frame intervals (rAF, drained by the bench
// every few seconds so the page holds no growing list), the JS heap after a forced GC, alarms
// received live, and a marker on the window object that only a reload removes.
import type { CDPSession, Page } from 'playwright-core';

// evaluated as text: the bench's transpiler would wrap a function's body in helpers the page lacks
export const installProbes = (page: Page): Promise<void> =>
  page.evaluate(`(() => {
    window.__soakMarker = 'never reloaded';
    window.__soakFrames = [];
    let last = performance.now();
    const tick = (t) => { window.__soakFrames.push(t - last); last = t; requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  })()`);

/** Frame intervals since the last drain. */
export const drainFrames = (page: Page): Promise<number[]> =>
  page.evaluate(() => {
    const w = window as unknown as { __soakFrames?: number[] };
    return w.__soakFrames?.splice(0) ?? [];
  });

export const marked = (page: Page): Promise<boolean> => page.evaluate(() => (window as unknown as { __soakMarker?: string }).__soakMarker === 'never reloaded');

/** Alarms the page took in live (pushes and catch-up), counted by the store once each. */
export const receivedTotal = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { __ems: { state(): { alarms: { receivedTotal: number } } } }).__ems.state().alarms.receivedTotal);

export const pushStatus = (page: Page): Promise<string> =>
  page.evaluate(() => (window as unknown as { __ems: { state(): { connection: { push: string } } } }).__ems.state().connection.push);

/** Used JS heap in bytes after two forced collections. */
export async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}
