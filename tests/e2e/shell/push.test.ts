// Live alarms (SPEC §4): broker push -> pop-up (text, 300 ms spacing, a storm as one group card),
// sound for 35003, badge following pushes, and catch-up after a broker outage.
import type { Duplex } from 'node:stream';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { describeBrowser } from '../helpers/browser';
import { startServer } from '../helpers/server';
import { DEMO, evalState, type EmsWindow } from '../helpers/console';
import { openPage, serverAndBrowser } from '../helpers/session';
import { publishAlarm, recoverAlarm, toPush } from '../../../server/alarms/store';

const badge = async (page: Page) => Number(await page.getByTestId('alarm-badge').getAttribute('data-count'));
const waitBadge = (page: Page, n: number) =>
  page.waitForFunction((x) => Number(document.querySelector('[data-testid=alarm-badge]')?.getAttribute('data-count')) === x, n, { timeout: 15_000 });

describeBrowser('live alarms', () => {
  const stack = serverAndBrowser(() => startServer());
  let ctx: BrowserContext;
  let page: Page;
  let errors: string[];
  let stationId: number;
  let stationName: string;

  beforeAll(async () => {
    ({ ctx, page, errors } = await openPage(stack.browser, { baseURL: stack.server.url, language: 'en', who: DEMO.provider, path: '/alarm/alarmList' }));
    await page.waitForFunction(() => (window as unknown as EmsWindow).__ems.state().connection.push === 'online', null, { timeout: 20_000 });
    const orgId = await evalState<number>(page, 's => s.session.currentOrg.id');
    stationId = stack.server.services.registry.stationsByProvider.get(orgId)![0]!;
    stationName = stack.server.services.registry.stations.get(stationId)!.name;
    await page.getByTestId('sound-toggle').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=sound-toggle]')?.getAttribute('data-state') === 'armed');
  });
  beforeEach(async () => {
    // close whatever is on screen or queued from the previous test
    for (let i = 0; i < 100; i++) {
      const p = await evalState<{ queue: number[]; visible: number[] }>(page, 's => s.popups');
      if (p.queue.length === 0 && p.visible.length === 0) break;
      if ((await page.getByTestId('popup-ignore').count()) > 0) await page.getByTestId('popup-ignore').first().click();
      else await page.waitForTimeout(100);
    }
    // a quiet second, so a test's alarms do not make a burst (a group card) with the last test's
    await page.waitForTimeout(1100);
  });

  it('a 35003 push shows a pop-up with its text, plays the category sound and moves the badge', async () => {
    const before = await badge(page);
    const plays = () => page.evaluate(() => Number(document.querySelector('audio[data-sound=fault]')?.getAttribute('data-plays') ?? 0));
    const played = await plays();
    const row = await stack.server.alarm({ stationId, category: 'fault', content: 'Cell over-temperature' });
    const push = toPush(row, stack.server.services.registry);
    expect(push.actionWay).toBe(35003);
    const card = page.locator(`[data-testid=popup][data-alarm-id="${row.id}"]`);
    await card.waitFor();
    expect(await card.getByTestId('popup-title').textContent()).toBe(`Fault · ${stationName}`);
    expect(await card.getByTestId('popup-device').textContent()).toBe(push.monitoredObjectName);
    expect(await card.getByTestId('popup-rule').textContent()).toBe(push.alarmRuleName);
    await page.waitForFunction((n) => Number(document.querySelector('audio[data-sound=fault]')?.getAttribute('data-plays')) > n, played);
    await waitBadge(page, before + 1);
    // Ignore closes it and stops the sound
    await card.getByTestId('popup-ignore').click();
    await card.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (document.querySelector('audio[data-sound=fault]') as HTMLAudioElement).paused)).toBe(true);
  });

  it('a 35002 push pops up without a sound', async () => {
    const plays = () => page.evaluate(() => Number(document.querySelector('audio[data-sound=alarm]')?.getAttribute('data-plays') ?? 0));
    const played = await plays();
    const row = await stack.server.alarm({ stationId, category: 'alarm' });
    expect(toPush(row, stack.server.services.registry).actionWay).toBe(35002);
    await page.locator(`[data-testid=popup][data-alarm-id="${row.id}"]`).waitFor();
    await page.waitForTimeout(300);
    expect(await plays()).toBe(played);
  });

  it('queued pop-ups appear one every 300 ms', async () => {
    await page.evaluate(() => {
      const w = window as unknown as { __shown: number[] };
      w.__shown = [];
      new MutationObserver((ms) => {
        for (const m of ms)
          for (const n of m.addedNodes) {
            if (!(n instanceof HTMLElement)) continue;
            const cards = n.dataset.testid === 'popup' ? [n] : [...n.querySelectorAll('[data-testid=popup]')];
            for (const _ of cards) w.__shown.push(performance.now());
          }
      }).observe(document.body, { childList: true, subtree: true });
    });
    for (let i = 0; i < 3; i++) await stack.server.alarm({ stationId, category: 'event' });
    await page.waitForFunction(() => (window as unknown as { __shown: number[] }).__shown.length >= 3);
    const t = await page.evaluate(() => (window as unknown as { __shown: number[] }).__shown);
    for (let i = 1; i < 3; i++) {
      expect(t[i]! - t[i - 1]!).toBeGreaterThanOrEqual(280);
      expect(t[i]! - t[i - 1]!).toBeLessThan(1000);
    }
  });

  it('View opens the message list filtered by station in a new tab and closes the pop-up', async () => {
    const row = await stack.server.alarm({ stationId, category: 'alarm' });
    const card = page.locator(`[data-testid=popup][data-alarm-id="${row.id}"]`);
    await card.waitFor();
    const [tab] = await Promise.all([ctx.waitForEvent('page'), card.getByTestId('popup-view').click()]);
    await tab.waitForURL(/\/message\/list\?stationName=/);
    expect(new URL(tab.url()).searchParams.get('stationName')).toBe(stationName);
    await tab.getByTestId('message-row').first().waitFor();
    await card.waitFor({ state: 'detached' });
    await tab.close();
  });

  it('an alarm storm is one group card and loses no count', async () => {
    const before = await badge(page);
    const received = await evalState<number>(page, 's => s.alarms.receivedTotal');
    const N = 30;
    for (let i = 0; i < N; i++) await stack.server.alarm({ stationId, category: 'event' });
    await waitBadge(page, before + N);
    expect(await evalState<number>(page, 's => s.alarms.receivedTotal')).toBe(received + N);
    // more than three within a second fold into one card; the storm keeps adding to it
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid=popup-group]')?.getAttribute('data-count')) === n, N);
    const p = await evalState<{ visible: number[]; queue: number[]; overflow: number; group: number[] }>(page, 's => s.popups');
    expect([p.visible.length, p.queue.length, p.overflow, p.group.length]).toEqual([0, 0, 0, N]);
    expect(await page.getByTestId('popup').count()).toBe(0);
    await page.getByTestId('popup-group-close').click();
    await page.getByTestId('popup-group').waitFor({ state: 'detached' });
  });

  it('a resolved push counts the badge down', async () => {
    const row = await stack.server.alarm({ stationId, category: 'event' });
    await page.waitForFunction((id) => !!(window as unknown as EmsWindow).__ems.state().alarms.byId[id], row.id);
    const now = await badge(page);
    const rec = await recoverAlarm(stack.server.services.db, row.dedupKey, new Date());
    expect(rec).not.toBeNull();
    await publishAlarm(stack.server.services.broker, stack.server.services.registry, rec!);
    await waitBadge(page, now - 1);
  });

  it('after a broker outage it reconnects and catches up the alarms published meanwhile', async () => {
    const broker = stack.server.services.broker as unknown as { onUpgrade: (...a: unknown[]) => void; wss: { clients: Set<{ terminate(): void }> } };
    const http = stack.server.app.server;
    const refuse = (_req: unknown, socket: Duplex) => socket.destroy();
    http.off('upgrade', broker.onUpgrade);
    http.on('upgrade', refuse);
    for (const ws of broker.wss.clients) ws.terminate();
    await page.waitForFunction(() => (window as unknown as EmsWindow).__ems.state().connection.push !== 'online');
    await page.getByTestId('connection-banner').waitFor();
    const before = await badge(page);
    const missed = [await stack.server.alarm({ stationId, category: 'alarm' }), await stack.server.alarm({ stationId, category: 'fault' })];
    http.off('upgrade', refuse);
    http.on('upgrade', broker.onUpgrade);
    await page.waitForFunction(() => (window as unknown as EmsWindow).__ems.state().connection.push === 'online', null, { timeout: 40_000 });
    for (const r of missed) await page.waitForFunction((id) => !!(window as unknown as EmsWindow).__ems.state().alarms.byId[id], r.id, { timeout: 15_000 });
    await waitBadge(page, before + 2);
    await page.getByTestId('connection-banner').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});
