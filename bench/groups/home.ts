// `npm run bench -- home`, Chromium at 1600×900. Figures (JSON lines):
//   bundle.home_kib_gz  initial JS of the homepage (entry + layout + homepage chunks and their
//       static imports, gzip -9; the login route's is the shell group's bundle.login_kib_gz, the
//       scripts that route really loads, read in the browser); the map chunk
//       (maplibre) is lazy and reported apart as bundle.home_map_kib_gz, and deck.gl's
//       stations layer, loaded after it only where a GPU draws it, as bundle.home_map_deck_kib_gz
//   map.baseline_frame_p95_ms                 pan frame time p95 over an empty map
//   map.pan_over_baseline_p95_ms_2k / _50k    pan frame p95 minus the baseline (same run)
//   matrix.scroll_frame_p95_ms_5k             matrix cards scroll, 5,000 cards
//   stations.scroll_frame_p95_ms_100k         station list scroll, 100,000 rows
//   stations.dom_rows_max                     most rows in the DOM while scrolling
// Frame times are rAF intervals with Chromium's frame-rate limit off (bench/browser.ts): what one
// frame costs, not a count of vsyncs. Scrolls and pans are driven from inside the page, one step
// per frame (a drag by synthetic pointer events, as maplibre's handlers read them), so every
// measured frame carries work. The station data is answered by the page (route interception) so
// sizes do not depend on the seed; the WebGL renderer string is logged to stderr.
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { newContext } from '../../tests/e2e/helpers/browser';
import { browserBenchCan, buildConsole, launchUnthrottled } from '../browser';
import { startServer } from '../../tests/e2e/helpers/server';
import { DEMO, login } from '../../tests/e2e/helpers/console';
import { onIdleTime } from '../idle';
import { log, percentile, report } from '../report';

interface OutChunk {
  type: 'chunk';
  fileName: string;
  code: string;
  imports: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
}
interface OutAsset {
  type: 'asset';
  fileName: string;
}

function initialKib(chunks: Map<string, OutChunk>, roots: OutChunk[], exclude = new Set<string>()): { kib: number; files: Set<string> } {
  const seen = new Set<string>();
  const walk = (c: OutChunk) => {
    if (seen.has(c.fileName) || exclude.has(c.fileName)) return;
    seen.add(c.fileName);
    for (const i of c.imports) {
      const d = chunks.get(i);
      if (d) walk(d);
    }
  };
  roots.forEach(walk);
  let bytes = 0;
  for (const f of seen) bytes += gzipSync(chunks.get(f)!.code, { level: 9 }).length;
  return { kib: bytes / 1024, files: seen };
}

const rnd = (seed: number) => () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;

function stations(n: number) {
  const r = rnd(7);
  return Array.from({ length: n }, (_, i) => ({
    stationId: i + 1,
    stationName: `Bench station ${String(i + 1).padStart(6, '0')}`,
    serviceProviderId: 1,
    serviceProviderName: 'P',
    customerId: 1,
    customerName: 'C',
    address: `${i + 1} Bench Road`,
    region: ['Jiangsu', 'Zhejiang', 'Qinghai'][i % 3]!,
    country: 'CN',
    timezone: 'Asia/Shanghai',
    lat: 18 + r() * 30,
    lon: 75 + r() * 50,
    systemType: 1 + (i % 3),
    energyTypes: ['pv', 'ess'],
    siteType: 'factory',
    voltageLevel: '10 kV',
    operationDate: '2024-01-01',
    pvCapacityKw: r() * 5000,
    essPowerKw: r() * 2000,
    essCapacityKwh: r() * 8000,
    dgCapacityKw: 0,
    chargingPowerKw: 0,
    cardType: 1 + (i % 3),
    picture: null,
    stationStatus: i % 5,
    online: i % 7 !== 0,
    openAlarms: 0,
  }));
}
const cards = (n: number) =>
  stations(n).map((s) => ({
    stationId: s.stationId,
    serviceProviderId: 1,
    stationName: s.stationName,
    picture: null,
    stationStatus: s.stationStatus,
    cardType: s.cardType,
    lat: s.lat,
    lon: s.lon,
    installedPower: s.pvCapacityKw / 1000,
    installedCapacity: s.essCapacityKwh / 1000,
    activePower: 12,
    soc: 50,
    cumulativeIncome: 123456,
    feeName: 'Bench tariff',
    lastCharge: 1000,
    lastDischarge: 900,
    lastIncome: 300,
  }));

async function answer(page: Page, action: string, data: unknown): Promise<void> {
  const body = JSON.stringify({ code: 0, msg: 'success', data });
  await page.route('**/api/energystorage', (route) =>
    new RegExp(`(^|&)action=${action}(&|$)`).test(route.request().postData() ?? '')
      ? route.fulfill({ status: 200, contentType: 'application/json', body })
      : route.fallback(),
  );
}

/** Frame times of a drag across the map: one pointer step per frame, three sweeps. */
async function panFrames(page: Page, steps = 240): Promise<number[]> {
  return (await page.evaluate(
    `new Promise((res) => {
      const el = document.querySelector('[data-testid="station-map"] .maplibregl-canvas');
      const r = el.getBoundingClientRect();
      let x = r.left + r.width * 0.75; let y = r.top + r.height / 2;
      const ev = (type, b) => new MouseEvent(type, { clientX: x, clientY: y, screenX: x, screenY: y, button: 0, buttons: b, bubbles: true, cancelable: true, view: window });
      el.dispatchEvent(ev('mousedown', 1));
      const f = []; let last = performance.now(); let i = 0;
      const tick = (t) => {
        f.push(t - last); last = t;
        const leg = Math.floor(i / 80);
        x += leg === 1 ? 6 : -6; y += leg === 2 ? -2 : 1;
        el.dispatchEvent(ev('mousemove', 1));
        if (++i < ${steps}) requestAnimationFrame(tick);
        else { el.dispatchEvent(ev('mouseup', 0)); res(f.slice(3)); }
      };
      requestAnimationFrame(tick);
    })`,
  )) as number[];
}

/**
 * Frame intervals of a scroll driven one step per frame, three passes from the top; also the
 * main thread's share of each frame (rAF to the task after it: script, style, layout, paint
 * record), logged to tell it apart from SwiftShader's raster.
 */
async function scrollFrames(page: Page, selector: string, rowSelector: string, steps = 240, stepPx = 120): Promise<{ p95: number; maxRows: number }> {
  const all: number[] = [];
  const main: number[] = [];
  let maxRows = 0;
  for (let pass = 0; pass < 3; pass++) {
    const r = (await page.evaluate(
      `new Promise((res) => { const el = document.querySelector(${JSON.stringify(selector)}); el.scrollTop = 0;
        const f = []; const w = []; let last = performance.now(); let maxRows = 0; let i = 0; const ch = new MessageChannel();
        const tick = (t) => {
          f.push(t - last); last = t; const t0 = performance.now();
          ch.port1.onmessage = () => w.push(performance.now() - t0); ch.port2.postMessage(0);
          el.scrollTop += ${stepPx}; maxRows = Math.max(maxRows, el.querySelectorAll(${JSON.stringify(rowSelector)}).length);
          if (++i < ${steps}) requestAnimationFrame(tick); else setTimeout(() => res({ f: f.slice(2), w: w.slice(2), maxRows }), 50); };
        requestAnimationFrame(tick); })`,
    )) as { f: number[]; w: number[]; maxRows: number };
    all.push(...r.f);
    main.push(...r.w);
    maxRows = Math.max(maxRows, r.maxRows);
  }
  log(
    `${selector}: ${all.length} frames, interval median ${percentile(all, 50).toFixed(1)} ms p95 ${percentile(all, 95).toFixed(1)} ms; main thread median ${percentile(main, 50).toFixed(1)} ms p95 ${percentile(main, 95).toFixed(1)} ms`,
  );
  return { p95: percentile(all, 95), maxRows };
}

export async function run(): Promise<void> {
  if (!browserBenchCan('home')) return;
  const out = (await buildConsole()) as { output: (OutChunk | OutAsset)[] } | { output: (OutChunk | OutAsset)[] }[];
  const outputs = (Array.isArray(out) ? out : [out]).flatMap((o) => o.output);
  const chunks = new Map(outputs.filter((o): o is OutChunk => o.type === 'chunk').map((c) => [c.fileName, c]));
  const by = (suffix: string) => [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(suffix));
  const entry = [...chunks.values()].find((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html')) ?? [...chunks.values()].find((c) => c.isEntry)!;
  const home = initialKib(chunks, [entry, by('layout/MainLayout.tsx')!, by('home/HomePage.tsx')!]);
  const map = initialKib(chunks, [by('map/StationMap.tsx')!], home.files);
  report('bundle.home_kib_gz', home.kib, 'KiB');
  const deck = initialKib(chunks, [by('map/DeckStations.tsx')!], new Set([...home.files, ...map.files]));
  report('bundle.home_map_kib_gz', map.kib, 'KiB');
  report('bundle.home_map_deck_kib_gz', deck.kib, 'KiB');

  const server = await startServer({ seedStations: 12 });
  const browser = await launchUnthrottled();
  try {
    const ctx = await newContext(browser, { baseURL: server.url, language: 'en', width: 1600, height: 900 });
    const page = await ctx.newPage();
    await login(page, DEMO.admin);

    // --- station list, 100,000 rows ---------------------------------------------------------
    const list = stations(100_000);
    await answer(page, 'queryStationInfoList', { totalCount: list.length, dataList: list });
    await page.goto('/monitor-station/list');
    await page.getByTestId('table-row').first().waitFor({ timeout: 120_000 });
    log(onIdleTime(true));
    // BENCH_TRACE=<file.json>: a Chromium trace of the station list's scroll (what a frame runs)
    if (process.env.BENCH_TRACE)
      await browser.startTracing(page, {
        path: process.env.BENCH_TRACE,
        categories: ['devtools.timeline', 'v8.execute', 'disabled-by-default-devtools.timeline', 'blink', 'cc', 'toplevel'],
      });
    const st = await scrollFrames(page, '[data-testid="station-table"]', '[data-testid="table-row"]');
    if (process.env.BENCH_TRACE) await browser.stopTracing();
    onIdleTime(false);
    report('stations.scroll_frame_p95_ms_100k', st.p95, 'ms');
    report('stations.dom_rows_max', st.maxRows, 'rows');
    await page.unroute('**/api/energystorage');

    // --- map pan and matrix scroll ------------------------------------------------------------
    const renderer = await page.evaluate(() => {
      const gl = document.createElement('canvas').getContext('webgl2');
      const ext = gl?.getExtension('WEBGL_debug_renderer_info');
      return gl ? String(ext ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER)) : 'no webgl2';
    });
    log(`WebGL renderer: ${renderer}`);
    const pan = async (n: number): Promise<number> => {
      const p = await ctx.newPage();
      await answer(p, 'queryStationMatrix', { dataList: cards(n) });
      await p.goto('/homepage/index');
      await p.waitForFunction((k) => Number(document.querySelector('[data-testid="station-map"]')?.getAttribute('data-stations') ?? -1) === k, n, {
        timeout: 120_000,
      });
      await p.locator('[data-testid="station-map"] canvas').first().waitFor();
      // with stations, the map's first camera event (its padding, once the page around it has
      // laid out) comes seconds after the canvas: a drag begun before it is undone by it
      if (n > 0)
        await p
          .waitForFunction(() => document.querySelector('[data-testid="station-map"]')?.hasAttribute('data-center'), null, { timeout: 15_000 })
          .catch(() => undefined);
      await p.waitForTimeout(1500);
      // the centre the map opens at (the attribute appears with the first camera move)
      const from = (await p.getByTestId('station-map').getAttribute('data-center')) ?? '105.00,28.00';
      onIdleTime(true);
      const f = await panFrames(p);
      onIdleTime(false);
      // the drag (net 480 px west) must have moved the camera east once it settled, or the
      // frames measured nothing
      const center = await p
        .waitForFunction(
          (lon0) => {
            const at = document.querySelector('[data-testid="station-map"]')?.getAttribute('data-center');
            return at && Number(at.split(',')[0]) > lon0 + 1 ? at : null;
          },
          Number(from.split(',')[0]),
          { timeout: 10_000 },
        )
        .then(
          (h) => h.jsonValue() as Promise<string>,
          () => null,
        );
      if (center === null) throw new Error(`map ${n}: the drag did not move the view east of ${from}`);
      log(
        `map ${n}: ${f.length} frames, median ${percentile(f, 50).toFixed(1)} ms, p95 ${percentile(f, 95).toFixed(1)} ms, centre ${from} -> ${center} after the drag`,
      );
      if (n === 5000) {
        onIdleTime(true);
        const m = await scrollFrames(p, '[data-testid="matrix-scroller"]', '[data-testid="station-card"]', 240, 90);
        onIdleTime(false);
        report('matrix.scroll_frame_p95_ms_5k', m.p95, 'ms');
      }
      await p.close();
      return percentile(f, 95);
    };
    const base = await pan(0);
    report('map.baseline_frame_p95_ms', base, 'ms');
    report('map.pan_over_baseline_p95_ms_2k', (await pan(2000)) - base, 'ms');
    report('map.pan_over_baseline_p95_ms_50k', (await pan(50_000)) - base, 'ms');
    await pan(5000);
  } finally {
    await browser.close();
    await server.close();
  }
}
