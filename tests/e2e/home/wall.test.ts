// The wall screen (/homepage/index?wall=1, issue 5) runs unattended: it must ride out network,
// server and broker restarts without a reload. (a) The network goes away: an offline banner,
// greyed data-age badges that keep counting; back online: the banner goes and the data is
// fetched again at once. (b) The server stops and starts again on the same port: the push
// connection comes back by itself and a pushed alarm still recolours its station.
// Screenshots online and offline go to /tmp/shots/wall-*.png.
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describeBrowser, launch, newContext, watchErrors } from '../helpers/browser';
import { startServer, type TestServer } from '../helpers/server';
import { DEMO, login, storeState, type EmsWindow } from '../helpers/console';

const SHOTS = process.env.WALL_SHOTS_DIR ?? '/tmp/shots';
const pushIs = (page: Page, status: string, timeout = 30_000) =>
  page.waitForFunction((st) => (window as unknown as EmsWindow).__ems.state().connection.push === st, status, { timeout });
/** ms epoch of the last good answer shown by each data-age badge */
const badgeTimes = (page: Page) => page.getByTestId('data-age').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-at') || 0)));
const ageSeconds = async (page: Page) => Number(/(\d+) s/.exec(await page.getByTestId('stats-charging').getByTestId('data-age').innerText())?.[1] ?? NaN);

describeBrowser('wall screen restarts', () => {
  let server: TestServer;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([startServer({ seedStations: 12 }), launch()]);
    ctx = await newContext(browser, { baseURL: server.url, language: 'en', width: 1600, height: 900 });
    page = await ctx.newPage();
    errors = watchErrors(page);
    await login(page, DEMO.provider);
    await page.goto('/homepage/index?wall=1');
    await page.getByTestId('wall').waitFor();
    await page.getByTestId('station-card').first().waitFor();
    await pushIs(page, 'online');
    // survives only if the page is never reloaded
    await page.evaluate(() => ((window as unknown as { __wallMarker: string }).__wallMarker = 'still here'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  let online = true;
  afterEach(async () => {
    if (!online) await ctx.setOffline(false);
    online = true;
  });
  const marker = () => page.evaluate(() => (window as unknown as { __wallMarker?: string }).__wallMarker);

  it('network loss: offline banner and greyed, growing data ages; back online: banner gone, data fetched again, no reload', async () => {
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=data-age]')].every((e) => Number(e.getAttribute('data-at')) > 0));
    expect(await page.getByTestId('connection-banner').count()).toBe(0);
    expect(await page.locator('[data-testid=data-age][data-stale=true]').count()).toBe(0);
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${SHOTS}/wall-online.png` });
    const before = await badgeTimes(page);

    await ctx.setOffline(true);
    online = false;
    await page.getByTestId('connection-banner').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('connection-banner').innerText()).toMatch(/Network offline/);
    // every box greys out at once: nothing on screen can be current while offline
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=data-age]')].every((e) => e.getAttribute('data-stale') === 'true'));
    expect(await page.locator('[data-testid=trend-power] div[data-points]').getAttribute('data-stale')).toBe('true');
    const age1 = await ageSeconds(page);
    await page.waitForTimeout(2500);
    const age2 = await ageSeconds(page);
    expect(age2).toBeGreaterThanOrEqual(age1 + 2);
    await page.screenshot({ path: `${SHOTS}/wall-offline.png` });
    // an alarm raised while the wall is offline arrives once it is back (push catch-up)
    const orgId = await storeState<number>(page, 'session.currentOrg.id');
    const missed = await server.alarm({ stationId: server.services.registry.stationsByProvider.get(orgId)![0]!, category: 'alarm' });

    await ctx.setOffline(false);
    online = true;
    await page.getByTestId('connection-banner').waitFor({ state: 'detached', timeout: 30_000 });
    // every box fetched again (not after its 60 s period): newer answers, no longer grey
    await page.waitForFunction(
      (b) => [...document.querySelectorAll('[data-testid=data-age]')].every((e, i) => Number(e.getAttribute('data-at')) > b[i]! && e.getAttribute('data-stale') === 'false'),
      before,
      { timeout: 15_000 },
    );
    await page.waitForFunction((id) => !!(window as unknown as EmsWindow).__ems.state().alarms.byId[id], missed.id, { timeout: 20_000 });
    expect(await marker()).toBe('still here');
    expect(errors).toEqual([]);
  });

  it('server restart on the same port: the push connection comes back and a pushed alarm recolours its station', async () => {
    const http = server.app.server;
    const { port, address } = http.address() as AddressInfo;
    const broker = server.services.broker as unknown as { wss: { clients: Set<{ terminate(): void }> } };
    const before = await badgeTimes(page);

    // stop: no new connections, every open one (HTTP keep-alive and the MQTT WebSocket) cut
    const closed = new Promise<void>((r) => http.close(() => r()));
    http.closeAllConnections();
    for (const ws of broker.wss.clients) ws.terminate();
    await closed;
    await pushIs(page, 'offline', 15_000);
    await page.getByTestId('connection-banner').waitFor();
    await page.waitForTimeout(2000);

    // start again on the same port
    await new Promise<void>((r) => http.listen(port, address, () => r()));
    await pushIs(page, 'online', 45_000);
    await page.getByTestId('connection-banner').waitFor({ state: 'detached', timeout: 30_000 });
    await page.waitForFunction(
      (b) => [...document.querySelectorAll('[data-testid=data-age]')].every((e, i) => Number(e.getAttribute('data-at')) > b[i]!),
      before,
      { timeout: 30_000 },
    );

    // a station of this provider that is neither in alarm nor in fault yet
    const matrix = await storeState<{ ids: number[]; byId: Record<number, { stationStatus: number }> }>(page, 'home.matrix');
    const orgId = await storeState<number>(page, 'session.currentOrg.id');
    const own = new Set(server.services.registry.stationsByProvider.get(orgId)!);
    const stationId = matrix.ids.find((id) => own.has(id) && ![1, 2].includes(matrix.byId[id]!.stationStatus));
    expect(stationId).toBeDefined();
    await server.alarm({ stationId: stationId!, category: 'fault' });
    await page.waitForFunction((id) => (document.querySelector('[data-testid=station-map]')?.getAttribute('data-alarmed') ?? '').split(' ').includes(`${id}:2`), stationId, { timeout: 15_000 });
    expect(await storeState<number>(page, `home.matrix.byId.${stationId}.stationStatus`)).toBe(2);
    expect(await marker()).toBe('still here');
    expect(errors).toEqual([]);
  });
});
