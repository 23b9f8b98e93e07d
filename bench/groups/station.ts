// `npm run bench -- station`, Chromium at 1600×900, against the real server with the
// station data answered by the page (route interception), so sizes do not depend on the seed.
//   trend.first_render_166k_ms      setData of a 166,000-point history → uPlot drawn (TrendChart's
//                                   data-draw-ms; JSON parsing of the answer not included)
//   trend.zoom_roundtrip_p95_ms     wheel → finer data painted, on a month of 1-minute data: the
//                                   real server's queryDeviceHistory (signed request, level choice,
//                                   SQL over telemetry_rollup, M4 at the chart's width) for a seeded
//                                   PCS given 30 days of 1-minute and 15-minute rollups (a single
//                                   wheel step is fetched at once: the trend throttles, leading edge)
//   points.scroll_frame_p95_ms_100k points view scroll frame p95, 2,000 devices × 50 points
//   trend.redraw_p95_ms_1m_x4       wheel zoom / Shift+wheel pan → uPlot redrawn, TrendChart with
//                                   4 series × 1,000,000 points loaded (bench/pages/trend, the
//                                   widget alone: the console itself never loads more than ~2
//                                   points per pixel)
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { buildProduction } from '../../tests/e2e/helpers/build';
import type { Browser } from 'playwright-core';
import type { Page, Route } from 'playwright-core';
import { POINTS } from '../../protocol/fleet';
import type { Queryable } from '../../server/db/db';
import { insertRollups } from '../../server/telemetry/sql';
import { newContext } from '../../tests/e2e/helpers/browser';
import { browserBenchCan, buildConsole, launchUnthrottled } from '../browser';
import { startServer } from '../../tests/e2e/helpers/server';
import { DEMO, login } from '../../tests/e2e/helpers/console';
import { onIdleTime } from '../idle';
import { log, percentile, report } from '../report';

const T = '2026-01-01T00:00:00.000Z';
/** BENCH_ZOOM_PARTS=1: each zoom round trip split into its parts (from Resource Timing), to stderr */
const PARTS = !!process.env.BENCH_ZOOM_PARTS;
/** in the page: the parts of the round trip that started at `t`, ms, as a/b/c/d/e */
const zoomParts = (t: number): string => {
  const at = Number(document.querySelector('[data-testid=trend-chart]')?.getAttribute('data-data-painted-at'));
  const e = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .filter((x) => x.name.includes('/api/') && x.startTime > t && x.responseEnd <= at)
    .at(-1);
  const w = (window as unknown as { __wheelAt: number }).__wheelAt;
  if (!e) return 'none';
  return [w - t, e.startTime - w, e.responseStart - e.requestStart, e.responseEnd - e.responseStart, at - e.responseEnd].map(Math.round).join('/');
};
const actionOf = (route: Route): string => /(?:^|&)action=([^&]+)/.exec(route.request().postData() ?? '')?.[1] ?? '';
const payloadOf = (route: Route): Record<string, unknown> => Object.fromEntries(new URLSearchParams(route.request().postData() ?? ''));
const ok = (route: Route, data: unknown) =>
  route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 0, msg: 'success', data }) });

function latest(devices: number, points: number) {
  return {
    stationId: 1,
    time: new Date().toISOString(),
    devices: Array.from({ length: devices }, (_, d) => ({
      deviceId: 10_000 + d,
      type: 'load',
      name: `Bench device ${d}`,
      online: true,
      lastSeen: new Date().toISOString(),
      state: null,
      points: Array.from({ length: points }, (_, i) => ({ point: i === 0 ? 'p' : `pt${i}`, value: Math.sin(d + i), unit: 'kW', quality: 'good', time: T })),
    })),
  };
}

/** 30 days of 1-minute and 15-minute rollups of a PCS (power from `f`, the other points flat). */
async function monthOfRollups(db: Queryable, id: number, now: number, f: (t: number) => number): Promise<number> {
  const defs = POINTS.pcs;
  const pi = defs.findIndex((d) => d.name === 'p');
  const row = (res: number, bucket: number, stepMs: number) => {
    const vals: number[] = [];
    for (let t = bucket; t < bucket + res * 1000; t += stepMs) vals.push(f(t));
    const mn = defs.map((_, i) => (i === pi ? Math.min(...vals) : 0));
    const mx = defs.map((_, i) => (i === pi ? Math.max(...vals) : 0));
    const av = defs.map((_, i) => (i === pi ? vals.reduce((a, b) => a + b, 0) / vals.length : 0));
    return { id, res, bucket, n: vals.length, s: [...mn, ...mx, ...av] };
  };
  const end = Math.floor(now / 900_000) * 900_000;
  const start = end - 30 * 86_400_000;
  const rows = [];
  for (let b = start; b < end; b += 60_000) rows.push(row(60, b, 5_000));
  for (let b = start; b < end; b += 900_000) rows.push(row(900, b, 60_000));
  await insertRollups(db, rows);
  return rows.length;
}

export async function run(): Promise<void> {
  if (!browserBenchCan('station')) return;
  await buildConsole();
  const server = await startServer({ seedStations: 4 });
  const browser = await launchUnthrottled();
  const now = Date.now();
  const f = (x: number) => 50 + 40 * Math.sin(x / 3_600_000) + 5 * Math.sin(x / 97_000);
  let history: ((p: Record<string, unknown>) => unknown) | null = () => null;
  let latestAnswer: unknown = latest(3, 5);
  try {
    const ctx = await newContext(browser, { baseURL: server.url, language: 'en', width: 1600, height: 900 });
    const page: Page = await ctx.newPage();
    await login(page, DEMO.admin);
    // the first render and the points view are answered here (sizes independent of the seed); the
    // zoom goes to the real server without interception, which would add a trip through this
    // process to every request
    const answer = (route: Route) => {
      const a = actionOf(route);
      if (a === 'queryStationLatest') return ok(route, latestAnswer);
      if (a === 'queryDeviceHistory' && history) return ok(route, history(payloadOf(route)));
      return route.fallback();
    };
    await page.route('**/api/energystorage', answer);
    const url = '/dquipmentMonitoring/dquipmentMonitoring?stationId=1&serviceProviderId=2';

    // --- first render, 166,000 points ---------------------------------------------------------
    const N = 166_000;
    const big = { t: Array.from({ length: N }, (_, i) => now - (N - i) * 5000), v: Array.from({ length: N }, (_, i) => f(now - (N - i) * 5000)) };
    history = () => ({ deviceId: 10_000, timezone: 'Asia/Shanghai', series: [{ point: 'p', unit: 'kW', resolution: 'raw', stepwise: false, ...big }] });
    const firsts: number[] = [];
    for (let i = 0; i < 5; i++) {
      await page.goto(url);
      await page.waitForFunction(() => document.querySelector('[data-testid=trend]')?.getAttribute('data-loaded') === '166000', null, { timeout: 60_000 });
      await page.waitForFunction(() => Number(document.querySelector('[data-testid=trend-chart]')?.getAttribute('data-draws')) >= 2, null, { timeout: 30_000 });
      firsts.push(Number(await page.getByTestId('trend-chart').getAttribute('data-draw-ms')));
    }
    log('first render ms', firsts);
    report('trend.first_render_166k_ms', percentile(firsts, 50), 'ms');

    // --- zoom round trip, a month of 1-minute data --------------------------------------------
    const pcs = (
      await server.services.db.query<{ id: number; name: string }>("SELECT id, name FROM devices WHERE station_id = 1 AND type = 'pcs' ORDER BY id LIMIT 1")
    )[0]!;
    const rows = await monthOfRollups(server.services.db, pcs.id, now, f);
    log(`PCS ${pcs.id}: ${rows} rollup rows written (30 days at 1 min and 15 min)`);
    await page.unroute('**/api/energystorage', answer);
    await page.goto(url);
    await page.getByTestId('device-tab-pcs').click();
    await page.getByTestId('device-card').filter({ hasText: pcs.name }).getByTestId('device-select').click();
    await page.getByTestId('trend-preset-d30').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=trend]')?.getAttribute('data-state') === 'loaded', null, { timeout: 30_000 });
    const over = page.locator('[data-testid=trend-chart] .u-over');
    const box = (await over.boundingBox())!;
    // zoom about a point 6 days back: inside the 1-minute retention (14 days)
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
    const trips: number[] = [];
    const parts: string[] = [];
    if (PARTS)
      await page.evaluate(() =>
        addEventListener('wheel', () => ((window as unknown as { __wheelAt: number }).__wheelAt = performance.now()), { capture: true }),
      );
    for (let i = 0; i < 30; i++) {
      const fetches = Number(await page.getByTestId('trend').getAttribute('data-fetches'));
      const t0 = (await page.evaluate(() => performance.now())) as number;
      await page.mouse.wheel(0, i < 15 ? -120 : 120);
      await page.waitForFunction(
        ([n, t]) => {
          const tr = document.querySelector('[data-testid=trend]');
          const ch = document.querySelector('[data-testid=trend-chart]');
          return (
            Number(tr?.getAttribute('data-fetches')) > n && tr?.getAttribute('data-state') === 'loaded' && Number(ch?.getAttribute('data-data-painted-at')) > t
          );
        },
        [fetches, t0] as const,
        { timeout: 10_000, polling: 'raf' },
      );
      trips.push(Number(await page.getByTestId('trend-chart').getAttribute('data-data-painted-at')) - t0);
      if (PARTS) parts.push(await page.evaluate(zoomParts, t0));
      await page.waitForTimeout(100);
    }
    if (PARTS) log('zoom parts (to the wheel event / to the request / server / body / to the paint)', parts.join(' '));
    log(
      'zoom round trips ms',
      trips.map((x) => Math.round(x)),
      'resolutions',
      await page.getByTestId('trend').getAttribute('data-resolution'),
    );
    report('trend.zoom_roundtrip_p95_ms', percentile(trips, 95), 'ms');

    // --- points view, 100,000 rows --------------------------------------------------------------
    await page.route('**/api/energystorage', answer);
    latestAnswer = latest(2000, 50);
    history = () => ({ deviceId: 10_000, timezone: 'Asia/Shanghai', series: [] });
    await page.goto(url);
    await page.getByTestId('device-tab-points').click({ timeout: 120_000 });
    await page.getByTestId('point-row').first().waitFor({ timeout: 120_000 });
    log(onIdleTime(true)); // the frames are the page's: the server has nothing to do with them
    const r = (await page.evaluate(
      `new Promise((res) => { const el = document.querySelector('[data-testid=points-scroller]'); const f = []; let last = performance.now(); let i = 0;
        const tick = (t) => { f.push(t - last); last = t; el.scrollTop += 150; if (++i < 240) requestAnimationFrame(tick); else res(f.slice(2)); };
        requestAnimationFrame(tick); })`,
    )) as number[];
    report('points.scroll_frame_p95_ms_100k', percentile(r, 95), 'ms');
    await ctx.close();
    await redrawBench(browser);
    onIdleTime(false);
  } finally {
    await browser.close();
    await server.close();
  }
}

const MIME: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** trend.redraw_p95_ms_1m_x4: the widget in a page of its own, served from a build in a temp dir. */
export async function redrawBench(browser: Browser): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), 'trend-bench-'));
  await buildProduction({
    configFile: false,
    root: 'bench/pages/trend',
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: out, emptyOutDir: true, target: 'es2022' },
  });
  const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  await page.route('http://trend.bench/**', (route) => {
    const path = new URL(route.request().url()).pathname;
    const file = join(out, path === '/' ? 'index.html' : path);
    return route.fulfill({ status: 200, contentType: MIME[extname(file)] ?? 'application/octet-stream', body: readFileSync(file) });
  });
  await page.goto('http://trend.bench/');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=trend-chart]')?.getAttribute('data-draws')) >= 1, null, { timeout: 120_000 });
  const loaded = Number(await page.getByTestId('trend-chart').getAttribute('data-draw-ms'));
  log(`4 × 1,000,000 points: first draw ${loaded.toFixed(1)} ms`);
  const over = page.locator('[data-testid=trend-chart] .u-over');
  const box = (await over.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.55, box.y + box.height / 2);
  const draws: number[] = [];
  // zoom in 20 steps (×1.3 each, down to ~1/190 of the range), pan at that zoom, zoom back out
  const moves: Array<{ dy: number; shift: boolean }> = [
    ...Array.from({ length: 20 }, () => ({ dy: -120, shift: false })),
    ...Array.from({ length: 20 }, (_, i) => ({ dy: i < 10 ? 120 : -120, shift: true })),
    ...Array.from({ length: 20 }, () => ({ dy: 120, shift: false })),
  ];
  for (const m of moves) {
    const n = Number(await page.getByTestId('trend-chart').getAttribute('data-draws'));
    if (m.shift) await page.keyboard.down('Shift');
    await page.mouse.wheel(0, m.dy);
    if (m.shift) await page.keyboard.up('Shift');
    await page.waitForFunction((k) => Number(document.querySelector('[data-testid=trend-chart]')?.getAttribute('data-draws')) > k, n, {
      timeout: 10_000,
      polling: 'raf',
    });
    draws.push(Number(await page.getByTestId('trend-chart').getAttribute('data-draw-ms')));
  }
  log(
    'redraw ms',
    draws.map((x) => Math.round(x * 10) / 10),
  );
  report('trend.redraw_p95_ms_1m_x4', percentile(draws, 95), 'ms');
  await page.close();
}
