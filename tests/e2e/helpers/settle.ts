// Waiting for a page to be still before measuring it, instead of sleeping a fixed time: the phone
// file slept 45 s in all (1.5 s a page, 0.8 s a managing page), a fifth of its time even on a
// loaded machine, and a fixed sleep can still be too short on one. Settled means no API call in
// flight, none ended and no change to the page's elements for `quietMs`, then a painted frame.
// Where a page's calls alone say it is done (the browser guards' quiet wait), that is shorter.
import type { Page } from 'playwright-core';

interface SettleOptions {
  /** how long nothing may happen (default 300 ms) */
  quietMs?: number;
  /** the most one wait takes; past it the page is measured as it is (default 10 s) */
  maxMs?: number;
}

/** In the page: true once no element changed for `quietMs`, false if that took longer than `maxMs`. */
const domQuiet = ({ quietMs, maxMs }: { quietMs: number; maxMs: number }): Promise<boolean> =>
  new Promise((resolve) => {
    let timer = 0;
    const end = (ok: boolean) => {
      observer.disconnect();
      clearTimeout(timer);
      clearTimeout(limit);
      requestAnimationFrame(() => requestAnimationFrame(() => resolve(ok)));
    };
    const restart = () => {
      clearTimeout(timer);
      timer = window.setTimeout(() => end(true), quietMs);
    };
    const observer = new MutationObserver(restart);
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    const limit = window.setTimeout(() => end(false), maxMs);
    restart();
  });

/**
 * Watches the page's API calls from now on (make it before the navigations it waits after); the
 * answer resolves when the page has settled.
 */
export function settler(page: Page, o: SettleOptions = {}): () => Promise<void> {
  const quietMs = o.quietMs ?? 300;
  const maxMs = o.maxMs ?? 10_000;
  let inFlight = 0;
  let last = Date.now();
  const api = (u: string) => new URL(u).pathname.startsWith('/api/');
  page.on('request', (r) => {
    if (!api(r.url())) return;
    inFlight += 1;
    last = Date.now();
  });
  const done = (r: { url(): string }) => {
    if (!api(r.url())) return;
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async () => {
    const until = Date.now() + maxMs;
    while (Date.now() < until) {
      if (inFlight > 0) {
        await page.waitForTimeout(50);
        continue;
      }
      const seen = last;
      // a navigation under way destroys the page's context: not settled yet
      const still = await page.evaluate(domQuiet, { quietMs, maxMs: Math.max(1, until - Date.now()) }).catch(() => false);
      // the elements stood still for quietMs and no call started or ended meanwhile
      if (still && inFlight === 0 && last === seen) return;
    }
    console.warn(`[settle] ${page.url()} did not settle within ${maxMs} ms`);
  };
}
