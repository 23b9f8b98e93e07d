// The wall screen (/homepage/index?wall=1) runs unattended: it must ride out network,
// server and broker restarts without a reload. (a) The network goes away: an offline banner,
// greyed data-age badges that keep counting; back online: the banner goes and the data is
// fetched again at once. (b) The server stops and starts again on the same port: the push
// connection comes back by itself and a pushed alarm still recolours its station.
// Screenshots online and offline go to /tmp/shots/wall-*.png.
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { describeBrowser } from '../helpers/browser';
import { listenApp, startServer } from '../helpers/server';
import { DEMO, storeState, type EmsWindow } from '../helpers/console';
import { openPage, serverAndBrowser } from '../helpers/session';
import { measureWall } from './wall-layout';
import { settler } from '../helpers/settle';
import { waitForTodayCurve } from '../helpers/today';

const SHOTS = process.env.WALL_SHOTS_DIR ?? '/tmp/shots';
const pushIs = (page: Page, status: string, timeout = 30_000) =>
  page.waitForFunction((st) => (window as unknown as EmsWindow).__ems.state().connection.push === st, status, { timeout });
/** ms epoch of the last good answer shown by each data-age badge */
const badgeTimes = (page: Page) => page.getByTestId('data-age').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-at') || 0)));
const ageSeconds = async (page: Page) => Number(/(\d+) s/.exec(await page.getByTestId('stats-charging').getByTestId('data-age').innerText())?.[1] ?? NaN);

describeBrowser('wall screen restarts', () => {
  const stack = serverAndBrowser(() => startServer({ seedStations: 12 }));
  let ctx: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ({ ctx, page, errors } = await openPage(stack.browser, {
      baseURL: stack.server.url,
      language: 'en',
      width: 1600,
      height: 900,
      who: DEMO.provider,
      path: '/homepage/index?wall=1',
    }));
    await page.getByTestId('wall').waitFor();
    await page.getByTestId('station-card').first().waitFor();
    await pushIs(page, 'online');
    // survives only if the page is never reloaded
    await page.evaluate(() => ((window as unknown as { __wallMarker: string }).__wallMarker = 'still here'));
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
    const missed = await stack.server.alarm({ stationId: stack.server.services.registry.stationsByProvider.get(orgId)![0]!, category: 'alarm' });

    await ctx.setOffline(false);
    online = true;
    await page.getByTestId('connection-banner').waitFor({ state: 'detached', timeout: 30_000 });
    // every box fetched again (not after its 60 s period): newer answers, no longer grey
    await page.waitForFunction(
      (b) =>
        [...document.querySelectorAll('[data-testid=data-age]')].every(
          (e, i) => Number(e.getAttribute('data-at')) > b[i]! && e.getAttribute('data-stale') === 'false',
        ),
      before,
      { timeout: 15_000 },
    );
    await page.waitForFunction((id) => !!(window as unknown as EmsWindow).__ems.state().alarms.byId[id], missed.id, { timeout: 20_000 });
    expect(await marker()).toBe('still here');
    expect(errors).toEqual([]);
  });

  it('server restart on the same port: the push connection comes back and a pushed alarm recolours its station', async () => {
    const http = stack.server.app.server;
    const { port, address } = http.address() as AddressInfo;
    const broker = stack.server.services.broker as unknown as { wss: { clients: Set<{ terminate(): void }> } };
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
    const own = new Set(stack.server.services.registry.stationsByProvider.get(orgId)!);
    const stationId = matrix.ids.find((id) => own.has(id) && ![1, 2].includes(matrix.byId[id]!.stationStatus));
    expect(stationId).toBeDefined();
    await stack.server.alarm({ stationId: stationId!, category: 'fault' });
    await page.waitForFunction(
      (id) => (document.querySelector('[data-testid=station-map]')?.getAttribute('data-alarmed') ?? '').split(' ').includes(`${id}:2`),
      stationId,
      { timeout: 15_000 },
    );
    expect(await storeState<number>(page, `home.matrix.byId.${stationId}.stationStatus`)).toBe(2);
    expect(await marker()).toBe('still here');
    expect(errors).toEqual([]);
  });
});

// The wall's layout at the sizes NOC screens have, both languages, dark and light: it fills the
// screen exactly (no scroll bar, no empty band), every panel inside the screen with nothing cut,
// type and map clusters scaled to the screen; the alarm panel lists a pushed alarm with its age,
// which keeps counting; `rotate` pages through the station cards and the providers.
// Screenshots go to /tmp/wall-shots/ (WALL_LAYOUT_SHOTS_DIR).
const LAYOUT_SHOTS = process.env.WALL_LAYOUT_SHOTS_DIR ?? '/tmp/wall-shots';
const SIZES = [
  [1920, 1080],
  [2560, 1440],
  [3840, 2160],
] as const;
/** the least type on the wall: 12 px at 1920 wide, in proportion above */
const MIN_FONT_AT_1920 = 12;
/** cluster numbers: 18 px at 1920 wide, in proportion above */
const MIN_CLUSTER_FONT_AT_1920 = 18;

describeBrowser('wall screen layout', () => {
  // the simulated fleet with a day of history: figures, curves and alarms of real lengths
  const stack = serverAndBrowser(() => listenApp({ seedStations: 12, config: { simulator: true, backfillDays: 1 } }));
  beforeAll(() => {
    mkdirSync(LAYOUT_SHOTS, { recursive: true });
  });

  for (const lang of ['zh', 'en'] as const) {
    it(`${lang}: fills 1920×1080, 2560×1440 and 3840×2160 exactly, nothing cut, type and clusters scaled; dark and light`, async () => {
      const { page, errors, close } = await openPage(stack.browser, { baseURL: stack.server.url, language: lang, width: 1920, height: 1080, who: DEMO.admin });
      const settle = settler(page);
      for (const theme of ['dark', 'light'] as const) {
        await page.goto(`/homepage/index?wall=1${theme === 'light' ? '&theme=light' : ''}`);
        await page.getByTestId('wall').waitFor();
        for (const [w, h] of SIZES) {
          await page.setViewportSize({ width: w, height: h });
          await page.getByTestId('station-card').first().waitFor();
          await page.waitForFunction(() => document.querySelector('[data-testid=wall-alarms]')?.getAttribute('data-loaded') === 'true');
          await page.waitForFunction(() => Number(document.querySelector('[data-testid=station-map]')?.getAttribute('data-points')) > 0);
          await waitForTodayCurve(page, 'trend-power');
          await settle(); // resize observers and the charts
          await page.screenshot({ path: `${LAYOUT_SHOTS}/wall-${lang}-${w}x${h}-${theme}.png`, timeout: 120_000 });
          const m = await measureWall(page);
          const where = `${lang} ${theme} ${w}×${h}`;
          expect(m.doc.scrollWidth, `${where}: page width`).toBeLessThanOrEqual(w);
          expect(m.doc.scrollHeight, `${where}: page height`).toBeLessThanOrEqual(h);
          expect(m.defects, where).toEqual([]);
          // no empty band: the panels reach the screen's right and bottom edges (less the padding)
          expect(m.reach.right, `${where}: right edge`).toBeGreaterThan(w * 0.98);
          expect(m.reach.bottom, `${where}: bottom edge`).toBeGreaterThan(h * 0.98);
          expect(m.smallestFontPx, `${where}: smallest type`).toBeGreaterThanOrEqual((MIN_FONT_AT_1920 * w) / 1920 - 0.5);
          expect(m.clusterFontPx, `${where}: cluster numbers`).toBeGreaterThanOrEqual((MIN_CLUSTER_FONT_AT_1920 * w) / 1920);
        }
        await page.setViewportSize({ width: 1920, height: 1080 });
      }
      expect(errors).toEqual([]);
      await close();
    }, 900_000);
  }
});

describeBrowser('wall screen alarms and rotation', () => {
  const stack = serverAndBrowser(() => startServer({ seedStations: 30 }));
  const openWall = (path: string) => openPage(stack.browser, { baseURL: stack.server.url, language: 'en', width: 1920, height: 1080, who: DEMO.admin, path });

  it('the alarm panel lists a pushed alarm with its station, device, category as text and age, counted by category and in the badge; the age keeps counting', async () => {
    const { page, close } = await openWall('/homepage/index?wall=1');
    await page.waitForFunction(() => document.querySelector('[data-testid=wall-alarms]')?.getAttribute('data-loaded') === 'true');
    await pushIs(page, 'online');
    const orgId = await storeState<number>(page, 'session.currentOrg.id');
    const stationId = stack.server.services.registry.stationsByProvider.get(orgId)![0]!;
    const count = (c: string) => page.locator(`[data-testid=wall-alarm-count][data-category=${c}]`).getAttribute('data-count').then(Number);
    const faultsBefore = await count('fault');
    const badgeBefore = Number(await page.getByTestId('alarm-badge').getAttribute('data-count'));
    const totalBefore = Number(await page.getByTestId('wall-alarms').getAttribute('data-total'));

    const fresh = await stack.server.alarm({ stationId, category: 'fault', content: 'wall fault' });
    // the newest open alarm heads the list
    const row = page.locator('[data-testid=wall-alarm]').first();
    await page.waitForFunction((id) => document.querySelector('[data-testid=wall-alarm]')?.getAttribute('data-alarm-id') === String(id), fresh.id, {
      timeout: 15_000,
    });
    const stationName = await storeState<string>(page, `home.matrix.byId.${stationId}.stationName`);
    const text = await row.innerText();
    expect(text).toContain(stationName);
    expect(text).toContain('Fault');
    expect(text).toContain(fresh.deviceName ?? 'Site');
    const age = row.getByTestId('wall-alarm-age');
    const seconds = () => age.innerText().then((s) => Number(/^(\d+) s$/.exec(s)?.[1] ?? NaN));
    const s1 = await seconds();
    expect(s1).toBeGreaterThanOrEqual(0);
    // the shown age ticks once a second, not in step with this wait: 3.1 s later it has moved on by 2 at least
    await page.waitForTimeout(3100);
    expect(await seconds()).toBeGreaterThanOrEqual(s1 + 2);
    expect(await count('fault')).toBe(faultsBefore + 1);
    expect(Number(await page.getByTestId('wall-alarms').getAttribute('data-total'))).toBe(totalBefore + 1);
    await page.waitForFunction((b) => Number(document.querySelector('[data-testid=alarm-badge]')?.getAttribute('data-count')) === b + 1, badgeBefore, {
      timeout: 15_000,
    });
    // older open alarms read in minutes, hours or days
    const ages = await page.getByTestId('wall-alarm-age').allInnerTexts();
    expect(
      ages.every((a) => /^\d+ (s|min)$|^\d+ h \d+ min$|^\d+ d \d+ h$/.test(a)),
      ages.join(' | '),
    ).toBe(true);
    await close();
  }, 180_000);

  it('rotate pages through the station cards, then moves a platform admin on to the next provider', async () => {
    const { page, close } = await openWall('/homepage/index?wall=1&rotate=3');
    await page.getByTestId('station-card').first().waitFor();
    // every change of provider, page and the tiles shown, as it happens
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __rotation: string[] }).__rotation = seen;
      const note = () => {
        const m = document.querySelector('[data-testid=station-matrix]');
        const tiles = [...document.querySelectorAll('[data-testid=station-card]')].map((e) => e.getAttribute('data-station-id')).join(',');
        const now = `${document.querySelector('[data-testid=wall-provider]')?.textContent}|${m?.getAttribute('data-page')}|${m?.getAttribute('data-pages')}|${tiles}`;
        if (tiles && seen.at(-1) !== now) seen.push(now);
      };
      note();
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    const steps = () => page.evaluate(() => (window as unknown as { __rotation: string[] }).__rotation.map((e) => e.split('|')));
    await page.waitForFunction(() => new Set((window as unknown as { __rotation: string[] }).__rotation.map((e) => e.split('|')[0])).size >= 2, undefined, {
      timeout: 90_000,
    });
    const seen = await steps();
    const first = seen[0]![0];
    const before = seen.filter((e) => e[0] === first);
    const after = seen.find((e) => e[0] !== first)!;
    // the first provider's pages in order, each with other tiles, up to its last one
    const pages = Number(before[0]![2]);
    const visited = [...new Set(before.map((e) => Number(e[1])))];
    expect(visited).toEqual(Array.from({ length: visited.length }, (_, i) => visited[0]! + i));
    expect(visited.at(-1)).toBe(pages);
    const tilesOf = new Map(before.map((e) => [e[1], e[3]]));
    expect(new Set(tilesOf.values()).size).toBe(tilesOf.size);
    // then the next provider, from its first page
    expect(after[1]).toBe('1');
    expect((await storeState<{ ids: number[] }>(page, 'session.orgs')).ids.length).toBeGreaterThan(1);
    await close();
  }, 180_000);
});
