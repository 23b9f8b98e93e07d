// A broker that comes back empty (Mosquitto restarted from a fresh dynamic-security file): alarms
// raised while the console's push channel was down, and one stored after the broker returned
// but before the console subscribed again (so its push reached nobody), appear as pop-ups, in
// the order they were raised, within 10 s of the broker's return. A private Mosquitto on ports
// of its own (tests/mosquitto/start.sh); skipped with the reason where it is not installed.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { describeBrowser, launch, newContext, watchErrors } from '../helpers/browser';
import { startServer, type TestServer } from '../helpers/server';
import { DEMO, login, storeState, type EmsWindow } from '../helpers/console';

const TCP = 19_800 + (process.pid % 90) * 2;
const env = { ...process.env, MOSQ_DIR: `/tmp/ems-mosq-popups-${process.pid}`, MOSQ_TCP_PORT: String(TCP), MOSQ_WS_PORT: String(TCP + 1) };
const broker = (script: 'start' | 'stop') => execFileSync(`tests/mosquitto/${script}.sh`, { env, stdio: 'pipe' });
let skip: string | null = null;
try {
  broker('start');
} catch (e) {
  skip = (e as { stderr?: Buffer }).stderr?.toString().trim() || String(e);
  console.warn(`skipping the empty-broker pop-up test: no private Mosquitto with dynamic security (${skip})`);
}
const push = (page: Page) => page.evaluate(() => (window as unknown as EmsWindow).__ems.state().connection.push);

(skip ? describeBrowser.skip : describeBrowser)('pop-ups after the broker came back empty', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({
        seedStations: 3,
        config: {
          mqttUrl: `mqtt://127.0.0.1:${TCP}`,
          mqttPublicWsUrl: `ws://127.0.0.1:${TCP + 1}`,
          mqttAdminUser: 'ems-admin',
          mqttAdminPassword: 'ems-admin-secret',
          gatewaySecret: 'e2e-popups',
        },
      }),
      launch(),
    ]);
    const ctx = await newContext(browser, { baseURL: server.url, language: 'en' });
    page = await ctx.newPage();
    errors = watchErrors(page);
    await login(page, DEMO.provider);
    await page.waitForFunction(() => (window as unknown as EmsWindow).__ems.state().connection.push === 'online', null, { timeout: 30_000 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (!skip) broker('stop');
  });

  it('shows every alarm raised meanwhile as a pop-up, in order, within 10 s', async () => {
    const orgId = await storeState<number>(page, 'session.currentOrg.id');
    const stationId = server.services.registry.stationsByProvider.get(orgId)![0]!;
    // the order pop-ups appear in, as the operator sees them
    await page.evaluate(() => {
      const w = window as unknown as { __shown: number[] };
      w.__shown = [];
      new MutationObserver(() => {
        for (const el of document.querySelectorAll<HTMLElement>('[data-testid=popup]')) {
          const id = Number(el.dataset.alarmId);
          if (!w.__shown.includes(id)) w.__shown.push(id);
        }
      }).observe(document.body, { childList: true, subtree: true });
    });

    broker('stop');
    await page.waitForFunction(() => (window as unknown as EmsWindow).__ems.state().connection.push !== 'online', null, { timeout: 15_000 });
    // raised while the channel is down: stored, their push reaches nobody
    const during = [];
    for (const category of ['fault', 'alarm'] as const) during.push(await server.alarm({ stationId, category, publish: false }));

    broker('start');
    const back = Date.now();
    // stored after the broker returned, before the console subscribed again
    expect(await push(page)).not.toBe('online');
    const before = await server.alarm({ stationId, category: 'event', publish: false });
    const want = [...during, before].map((r) => r.id);

    await page.waitForFunction((ids) => ids.every((id) => (window as unknown as { __shown: number[] }).__shown.includes(id)), want, { timeout: 10_000 });
    const tookMs = Date.now() - back;
    const shown = await page.evaluate(() => (window as unknown as { __shown: number[] }).__shown);
    console.info(JSON.stringify({ 'broker.empty_popups_ms': tookMs }));
    expect(shown.filter((id) => want.includes(id))).toEqual(want);
    expect(await push(page)).toBe('online');
    expect(errors).toEqual([]);
  });
});
