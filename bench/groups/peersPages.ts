// The peers bench pages (bench/pages/peers): built once into a temp dir and served to Chromium by
// route interception, either on their own origin or under /__peers/ of the real server (the
// polling console needs the signed-in console's origin).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { buildProduction } from '../../tests/e2e/helpers/build';
import type { Browser, BrowserContext, Page } from 'playwright-core';

const ROOT = 'bench/pages/peers';
const MIME: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.png': 'image/png',
  '.mjs': 'text/javascript',
};

export async function buildPeerPages(): Promise<string> {
  const out = mkdtempSync(join(tmpdir(), 'peers-bench-'));
  await buildProduction({
    configFile: false,
    root: ROOT,
    base: './',
    logLevel: 'warn',
    plugins: [react(), tailwindcss()],
    build: {
      outDir: out,
      emptyOutDir: true,
      target: 'es2022',
      minify: process.env.PEERS_MINIFY !== '0',
      chunkSizeWarningLimit: 4000,
      rolldownOptions: { input: { index: join(ROOT, 'index.html'), poll: join(ROOT, 'poll.html') } },
    },
  });
  return out;
}

/** Serves the built pages at `origin` + `prefix` in `target` (a page or a whole context). */
export async function servePages(target: Page | BrowserContext, out: string, origin: string, prefix = '/'): Promise<void> {
  await target.route(`${origin}${prefix}**`, (route) => {
    const path = new URL(route.request().url()).pathname.slice(prefix.length);
    const file = join(out, path === '' ? 'index.html' : path);
    try {
      return route.fulfill({ status: 200, contentType: MIME[extname(file)] ?? 'application/octet-stream', body: readFileSync(file) });
    } catch {
      return route.fulfill({ status: 404, body: '' });
    }
  });
}

const ORIGIN = 'http://peers.bench';

/** A fresh 1600×900 page showing one view; `window.bench` is ready when this resolves. */
export async function openView(browser: Browser, out: string, view: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  page.on('pageerror', (e) => console.error(`[${view}] page error: ${String(e)}`));
  await servePages(page, out, ORIGIN);
  await page.goto(`${ORIGIN}/index.html?view=${view}`);
  await page.waitForFunction(() => (window as unknown as { benchReady?: boolean }).benchReady === true, null, { timeout: 60_000 });
  return page;
}

/** Calls window.bench[method](...args) in the page. */
export const call = <T>(page: Page, method: string, ...args: unknown[]): Promise<T> =>
  page.evaluate(([m, a]) => (window as unknown as { bench: Record<string, (...x: unknown[]) => unknown> }).bench[m as string]!(...(a as unknown[])), [
    method,
    args,
  ] as const) as Promise<T>;
