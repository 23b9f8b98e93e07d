// Console shell benchmarks, Chromium against the real server:
//   bundle.login_kib_gz    JS the login route loads, gzip-compressed (target <= 100 KiB)
//   push.popup_p50_ms/p99  publish timestamp -> pop-up in the DOM (targets 20 / 50 ms)
//   storm.*                2,000 msg/s for 60 s: published, lost (store + badge count every
//                          one), frame time p95 (<= 33 ms), longest main-thread task (<= 100 ms)
// BENCH_STORM_SECONDS and BENCH_STORM_RATE shorten or change the storm. During the storm the
// in-process server and publisher run on idle time (bench/idle.ts): the figures are the page's.
// BENCH_PROFILE, BENCH_TRACE (+ BENCH_TRACE_SAMPLES for JS samples of every thread) record it.
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { orgAlarmTopic, type AlarmPush } from '../../protocol/push';
import { newContext } from '../../tests/e2e/helpers/browser';
import { benchAlarmPush, browserBench } from '../browser';
import { DEMO, login, type EmsWindow } from '../../tests/e2e/helpers/console';
import { onIdleTime } from '../idle';
import { log, percentile, report } from '../report';

const STORM_S = Number(process.env.BENCH_STORM_SECONDS ?? 60);
const STORM_RATE = Number(process.env.BENCH_STORM_RATE ?? 2000);
const LATENCY_SAMPLES = Number(process.env.BENCH_POPUP_SAMPLES ?? 150);
const WARMUP = 3;

const state = <T>(page: Page, fn: string): Promise<T> => page.evaluate(`(${fn})(window.__ems.state())`) as Promise<T>;

export function run(): Promise<void> {
  return browserBench('shell', async (server, browser) => {
    // --- bundle: every script the login route loads, gzip-compressed -------------------
    const ctx = await newContext(browser, { baseURL: server.url, language: 'en' });
    const page = await ctx.newPage();
    const scripts: Promise<number>[] = [];
    const onResponse = (r: import('playwright-core').Response) => {
      if (r.request().resourceType() === 'script' && r.status() === 200)
        scripts.push(
          r.body().then(
            (b) => gzipSync(b, { level: 9 }).length,
            () => 0,
          ),
        );
    };
    page.on('response', onResponse);
    await page.goto('/login', { waitUntil: 'networkidle' });
    page.off('response', onResponse);
    const gz = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
    report('bundle.login_kib_gz', gz / 1024, 'KiB');

    // --- push -> pop-up latency ----------------------------------------------------------
    await login(page, DEMO.provider);
    await page.goto('/alarm/alarmList');
    await page.waitForFunction(() => (window as unknown as EmsWindow).__ems.state().connection.push === 'online', null, { timeout: 30_000 });
    const orgId = await state<number>(page, 's => s.session.currentOrg.id');
    const stationId = server.services.registry.stationsByProvider.get(orgId)![0]!;
    const topic = orgAlarmTopic(orgId);
    const stationName = server.services.registry.stations.get(stationId)!.name;
    // Real alarm rows (as the fleet would raise them), so the badge's periodic resync agrees
    // with the pushes; one multi-row INSERT per publishing tick.
    let seq = 0;
    const insert = async (n: number): Promise<number[]> => {
      const rows = await server.services.db.query<{ id: number }>(
        `INSERT INTO alarms(provider_id, station_id, device_type, rule_code, category, type, status, content, happen_time, dedup_key)
         SELECT $1, $2, 'gateway', 'benchRule', 'event', 'event', 1, 'bench alarm', now(), 'bench:' || g FROM generate_series($3::int, $4::int) g RETURNING id`,
        [orgId, stationId, seq + 1, seq + n],
      );
      seq += n;
      return rows.map((r) => r.id);
    };
    const push = (alarmId: number, over: Partial<AlarmPush> = {}): string =>
      JSON.stringify({ ...benchAlarmPush({ orgId, stationId, stationName }, alarmId, 'event'), ...over });
    await page.evaluate(() => {
      const w = window as unknown as { __seen: Map<number, number> };
      w.__seen = new Map();
      new MutationObserver((ms) => {
        const at = performance.timeOrigin + performance.now();
        for (const m of ms)
          for (const n of m.addedNodes) {
            if (!(n instanceof HTMLElement)) continue;
            const cards = n.dataset.testid === 'popup' ? [n] : [...n.querySelectorAll<HTMLElement>('[data-testid=popup]')];
            for (const c of cards) w.__seen.set(Number(c.dataset.alarmId), at);
          }
      }).observe(document.body, { childList: true, subtree: true });
    });
    const lat: number[] = [];
    // The first pop-ups of a page load its code paths and fonts: warm up, then measure.
    for (let i = 0; i < WARMUP + LATENCY_SAMPLES; i++) {
      const id = (await insert(1))[0]!;
      const t0 = performance.timeOrigin + performance.now();
      await server.services.broker.publish(topic, push(id));
      const seenAt = await page
        .waitForFunction((x) => (window as unknown as { __seen: Map<number, number> }).__seen.get(x), id, { timeout: 10_000 })
        .then((h) => h.jsonValue() as Promise<number>);
      if (i >= WARMUP) lat.push(seenAt - t0);
      await page.evaluate((x) => (document.querySelector(`[data-alarm-id="${x}"] [data-testid=popup-ignore]`) as HTMLElement | null)?.click(), id);
      await page.waitForTimeout(320); // the next one gets its own 300 ms slot
    }
    log(
      `pop-up latency samples (ms, slowest first): ${[...lat]
        .sort((a, b) => b - a)
        .slice(0, 5)
        .map((x) => x.toFixed(1))
        .join(', ')}; first: ${lat[0]?.toFixed(1)}`,
    );
    report('push.popup_p50_ms', percentile(lat, 50), 'ms');
    report('push.popup_p99_ms', percentile(lat, 99), 'ms');

    // --- alarm storm ---------------------------------------------------------------------
    const before = await state<{ badge: number; total: number }>(page, 's => ({ badge: s.alarms.badge, total: s.alarms.receivedTotal })');
    // a string, so the bundler's helpers (keepNames) do not leak into the page
    await page.evaluate(`(() => {
      window.__frames = []; window.__long = []; window.__run = true;
      let last = performance.now();
      const tick = (t) => { window.__frames.push(t - last); last = t; if (window.__run) requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
      new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push(e.duration); }).observe({ type: 'longtask' });
      // what the longest frames ran (Long Animation Frames): printed to stderr, to find a long task's cause
      window.__loaf = [];
      new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__loaf.push({ at: Math.round(e.startTime), ms: Math.round(e.duration), block: Math.round(e.blockingDuration), render: Math.round(e.renderStart ? e.startTime + e.duration - e.renderStart : 0), scripts: e.scripts.map((x) => x.invokerType + ' ' + x.invoker + ' ' + (x.sourceFunctionName || '') + ' ' + (x.sourceURL || '').split('/').pop() + ' ' + Math.round(x.duration) + 'ms').slice(0, 4) }); }).observe({ type: 'long-animation-frame' });
    })()`);
    // BENCH_PROFILE=<file.cpuprofile>: a CPU profile of the page during the storm, to read what a
    // long task ran (profiling slows the page: its figures are not the bench's)
    const cdp = process.env.BENCH_PROFILE ? await ctx.newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
      await cdp.send('Profiler.start');
    }
    // BENCH_TRACE=<file.json>: a Chromium trace of the storm (tasks, style, layout, GC)
    if (process.env.BENCH_TRACE)
      await browser.startTracing(page, {
        path: process.env.BENCH_TRACE,
        categories: [
          'devtools.timeline',
          'v8',
          'v8.execute',
          'disabled-by-default-v8.gc',
          'disabled-by-default-devtools.timeline',
          'blink.user_timing',
          'loading',
          'toplevel',
          ...(process.env.BENCH_TRACE_SAMPLES ? ['disabled-by-default-v8.cpu_profiler'] : []),
        ],
      });
    // what the page asks the server during the storm, by action (a storm should not multiply reads)
    const asked = new Map<string, number>();
    const onRequest = (r: import('playwright-core').Request) => {
      const action = /(?:^|&)action=([^&]+)/.exec(r.postData() ?? '')?.[1];
      if (action) asked.set(action, (asked.get(action) ?? 0) + 1);
    };
    // the size from the network events: reading a body through DevTools costs the page's main
    // thread a 35-ms task per re-read, which the bench would then report as the page's own
    const onFinished = (r: import('playwright-core').Request) => {
      const action = /(?:^|&)action=([^&]+)/.exec(r.postData() ?? '')?.[1];
      if (action)
        void r.sizes().then(
          (x) => asked.set(`${action} KiB`, Math.round(x.responseBodySize / 1024)),
          () => undefined,
        );
    };
    page.on('request', onRequest);
    page.on('requestfinished', onFinished);
    log(`storm: ${STORM_RATE} msg/s for ${STORM_S} s, ${onIdleTime(true)}`);
    const perTick = STORM_RATE / 100;
    let published = 0;
    const start = Date.now();
    // The rows of ten ticks are inserted at once (one statement, not ten: the in-process database
    // is the bench's largest cost on this machine), then published a tick's share every 10 ms.
    let ready: number[] = [];
    for (let tick = 0; tick < STORM_S * 100; tick++) {
      if (ready.length < perTick) ready = await insert(perTick * 10);
      const due = start + tick * 10;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const ids = ready.splice(0, perTick);
      await Promise.all(
        ids.map((id, k) => server.services.broker.publish(topic, push(id, { alarmCategory: (['event', 'alarm', 'fault', 'protection'] as const)[k % 4] }))),
      );
      published += perTick;
    }
    onIdleTime(false);
    page.off('request', onRequest);
    page.off('requestfinished', onFinished);
    log(`requests during the storm: ${JSON.stringify(Object.fromEntries(asked))}`);
    log(`published ${published} in ${((Date.now() - start) / 1000).toFixed(1)} s`);
    await page
      .waitForFunction((n) => (window as unknown as EmsWindow).__ems.state().alarms.receivedTotal >= n, before.total + published, {
        timeout: 60_000,
        polling: 250,
      })
      .catch(() => undefined);
    const after = await state<{ badge: number; total: number }>(page, 's => ({ badge: s.alarms.badge, total: s.alarms.receivedTotal })');
    const frames = await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __long: number[]; __run: boolean };
      w.__run = false;
      return { frames: w.__frames.slice(1), long: w.__long };
    });
    if (process.env.BENCH_TRACE) await browser.stopTracing();
    if (cdp) writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    const loaf = await page.evaluate(`window.__loaf.sort((a, b) => b.ms - a.ms).slice(0, 5)`);
    log(`longest animation frames: ${JSON.stringify(loaf)}`);
    report('storm.published', published, 'msg');
    log(`store counted ${after.total - before.total}, badge moved ${after.badge - before.badge}`);
    report('storm.lost', Math.max(0, published - (after.total - before.total), published - (after.badge - before.badge)), 'msg');
    report('storm.frame_p95_ms', percentile(frames.frames, 95), 'ms');
    // the Long Tasks API reports tasks over 50 ms only: 0 means none reached 50 ms
    if (!frames.long.length) log('no main-thread task reached 50 ms during the storm');
    report('storm.long_task_max_ms', frames.long.length ? Math.max(...frames.long) : 0, 'ms');
    await ctx.close();
  });
}
