// What a visit costs on the wire, Chromium against the real server serving the production build:
//   delivery.login_transfer_kib         bytes received for /login, first visit (target <= 140 KiB)
//   delivery.login_repeat_transfer_kib  /login again in the same browser: content-named files
//                                       come from its cache without asking (only the page and
//                                       the API travel)
//   delivery.login_uncompressed_kib     the same first visit's bodies before compression, for scale
import type { CDPSession, Page } from 'playwright-core';
import { newContext } from '../../tests/e2e/helpers/browser';
import { browserBench } from '../browser';
import { log, report } from '../report';

interface Wire {
  transfer: number;
  decoded: number;
  requests: number;
  fromCache: number;
}

/** Bytes received (headers and bodies as sent) for what `visit` loads, read from the network events. */
const measure = async (page: Page, cdp: CDPSession, visit: () => Promise<void>): Promise<Wire> => {
  const w: Wire = { transfer: 0, decoded: 0, requests: 0, fromCache: 0 };
  const handlers = {
    'Network.loadingFinished': (e: { encodedDataLength: number }) => void (w.transfer += e.encodedDataLength),
    'Network.dataReceived': (e: { dataLength: number }) => void (w.decoded += e.dataLength),
    'Network.responseReceived': (e: { response: { fromDiskCache?: boolean; fromMemoryCache?: boolean } }) => {
      w.requests++;
      if (e.response.fromDiskCache || e.response.fromMemoryCache) w.fromCache++;
    },
    'Network.requestServedFromCache': () => {
      w.requests++;
      w.fromCache++;
    },
  } as const;
  for (const [event, fn] of Object.entries(handlers)) cdp.on(event as 'Network.dataReceived', fn as never);
  await visit();
  await page.waitForLoadState('networkidle');
  // a route's screen loads its parts after the page's load event: give them time to arrive
  await page.waitForTimeout(3000);
  for (const [event, fn] of Object.entries(handlers)) cdp.off(event as 'Network.dataReceived', fn as never);
  return w;
};

export function run(): Promise<void> {
  return browserBench('delivery', async (server, browser) => {
    const ctx = await newContext(browser, { baseURL: server.url, language: 'en' });
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.enable');
    const first = await measure(page, cdp, () => page.goto('/login', { waitUntil: 'networkidle' }).then(() => undefined));
    log(
      `login, first visit: ${first.requests} requests, ${(first.transfer / 1024).toFixed(1)} KiB on the wire, ${(first.decoded / 1024).toFixed(1)} KiB decoded`,
    );
    report('delivery.login_transfer_kib', first.transfer / 1024, 'KiB');
    report('delivery.login_uncompressed_kib', first.decoded / 1024, 'KiB');
    const again = await measure(page, cdp, () => page.goto('/login', { waitUntil: 'networkidle' }).then(() => undefined));
    log(`login, again: ${again.requests} requests, ${again.fromCache} from the browser's cache`);
    report('delivery.login_repeat_transfer_kib', again.transfer / 1024, 'KiB');
    await ctx.close();
  });
}
