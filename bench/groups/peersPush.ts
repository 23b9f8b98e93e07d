// Alarm delivery beside polling: the real server in-process, our console signed in on the alarm
// list (MQTT push → pop-up) and, in the same session, a minimal polling console
// (bench/pages/peers/poll.ts: fuzzyAlarmRecord every 5 s). Each sample raises a real alarm row and
// publishes its push, as the fleet does, and times publish → the alarm in that page's DOM. Polling
// samples are published at phases spread evenly over the 5 s period (golden-ratio steps), so
// their latencies cover the period rather than hitting one spot of it. Runs alternate.
import type { Browser, Page } from 'playwright-core';
import { benchAlarmPush, buildConsole } from '../browser';
import { orgAlarmTopic } from '../../protocol/push';
import { newContext } from '../../tests/e2e/helpers/browser';
import { DEMO, login, type EmsWindow } from '../../tests/e2e/helpers/console';
import { startServer } from '../../tests/e2e/helpers/server';
import { log, median, report } from '../report';
import { servePages } from './peersPages';

/** Records in window.__seen when each `selector` element (by its data-alarm-id) first enters the DOM. */
const watch = (page: Page, selector: string) =>
  page.evaluate(`(() => { window.__seen = new Map();
    new MutationObserver((ms) => { const at = performance.timeOrigin + performance.now();
      for (const m of ms) for (const n of m.addedNodes) { if (!(n instanceof HTMLElement)) continue;
        for (const c of n.matches(${JSON.stringify(selector)}) ? [n] : n.querySelectorAll(${JSON.stringify(selector)})) {
          const id = Number(c.dataset.alarmId); if (!window.__seen.has(id)) window.__seen.set(id, at); } } })
      .observe(document.body, { childList: true, subtree: true }); })()`);
const seenAt = (page: Page, id: number, timeout: number): Promise<number> =>
  page
    .waitForFunction((x) => (window as unknown as { __seen: Map<number, number> }).__seen.get(x), id, { timeout, polling: 'raf' })
    .then((h) => h.jsonValue() as Promise<number>);

export async function push(browser: Browser, out: string, runs: number): Promise<void> {
  await buildConsole();
  const server = await startServer({ seedStations: 12 });
  try {
    const ctx = await newContext(browser, { baseURL: server.url, language: 'en' });
    await servePages(ctx, out, server.url, '/__peers/');
    const ours = await ctx.newPage();
    await login(ours, DEMO.provider);
    await ours.goto('/alarm/alarmList');
    await ours.waitForFunction(() => (window as unknown as EmsWindow).__ems.state().connection.push === 'online', null, { timeout: 30_000 });
    const orgId = (await ours.evaluate('window.__ems.state().session.currentOrg.id')) as number;
    const stationId = server.services.registry.stationsByProvider.get(orgId)![0]!;
    const stationName = server.services.registry.stations.get(stationId)!.name;
    const polling = await ctx.newPage();
    await polling.goto('/__peers/poll.html');
    await polling.waitForFunction(() => (window as unknown as { polls: number }).polls > 0, null, { timeout: 30_000 });
    await watch(ours, '[data-testid=popup]');
    await watch(polling, 'tr[data-alarm-id]');

    let seq = 0;
    /** a real open alarm row, then its push; returns its id and the publish time (epoch ms) */
    const raise = async (): Promise<{ id: number; t0: number }> => {
      seq += 1;
      const [row] = await server.services.db.query<{ id: number }>(
        `INSERT INTO alarms(provider_id, station_id, device_type, rule_code, category, type, status, content, happen_time, dedup_key)
         VALUES ($1, $2, 'gateway', 'benchRule', 'fault', 'fault', 1, 'bench alarm', now(), $3) RETURNING id`,
        [orgId, stationId, `peers:${Date.now()}:${seq}`],
      );
      const id = row!.id;
      const msg = benchAlarmPush({ orgId, stationId, stationName }, id, 'fault');
      const t0 = performance.timeOrigin + performance.now();
      await server.services.broker.publish(orgAlarmTopic(orgId), JSON.stringify(msg));
      return { id, t0 };
    };
    const dismiss = async (id: number) => {
      await ours.evaluate((x) => (document.querySelector(`[data-alarm-id="${x}"] [data-testid=popup-ignore]`) as HTMLElement | null)?.click(), id);
      await ours.waitForTimeout(320); // the next pop-up gets its own 300 ms slot
    };
    const warm = await raise(); // the first pop-up loads its code paths and fonts
    await seenAt(ours, warm.id, 10_000);
    await dismiss(warm.id);

    const pushed: number[] = [];
    const polled: number[] = [];
    for (let i = 0; i < runs; i++) {
      const order = i % 2 === 0 ? (['push', 'poll'] as const) : (['poll', 'push'] as const);
      for (const who of order) {
        if (who === 'poll') await polling.waitForTimeout(((i * 0.618034) % 1) * 5000);
        const a = await raise();
        const at = await seenAt(who === 'push' ? ours : polling, a.id, 15_000);
        (who === 'push' ? pushed : polled).push(at - a.t0);
        log(`alarm run ${i + 1} ${who}: ${(at - a.t0).toFixed(1)} ms`);
        if (who === 'poll') await seenAt(ours, a.id, 10_000).catch(() => 0);
        await dismiss(a.id);
      }
    }
    report('peer.alarm_latency_ms.push', median(pushed), 'ms');
    report('peer.alarm_latency_ms.polling', median(polled), 'ms');
    report('peer.alarm_latency_ratio', median(pushed.map((p, i) => polled[i]! / p)), 'x');
    await ctx.close();
  } finally {
    await server.close();
  }
}
