// Two consoles of one provider side by side, one in English and one in Chinese, as two NOC
// operators would have them: acknowledging a sounding alarm on one silences the other and shows
// there who took it; a shelved rule and a maintenance window keep their alarms off both screens
// (listed and marked, never popped up nor sounded) and a shelf that has ended lets the next
// occurrence pop up again. Screenshots of the second console go to SHOTS_DIR.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { en, zh } from '../../catalogues';
import { describeBrowser, launch, newContext, watchErrors } from '../helpers/browser';
import { callApi, DEMO, evalState, login, tokenOf, type EmsWindow } from '../helpers/console';
import { startServer, type TestServer } from '../helpers/server';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
const RULE = 'cellOverTemp';

interface Console {
  page: Page;
  errors: string[];
  token: string;
}

const faultSounding = (page: Page) =>
  page.evaluate(() => {
    const a = document.querySelector('audio[data-sound=fault]') as HTMLAudioElement | null;
    return !!a && !a.paused;
  });
const poppedUp = (c: Console, alarmId: number) =>
  evalState<boolean>(c.page, `s => s.popups.visible.includes(${alarmId}) || s.popups.queue.includes(${alarmId})`);
const received = (c: Console, alarmId: number) => evalState<boolean>(c.page, `s => !!s.alarms.byId[${alarmId}]`);

describeBrowser('two consoles of one provider', () => {
  let server: TestServer;
  let browser: Browser;
  let a: Console; // English
  let b: Console; // Chinese
  let stationId = 0;
  let otherStationId = 0;

  const open = async (lang: 'en' | 'zh'): Promise<Console> => {
    const ctx = await newContext(browser, { baseURL: server.url, language: lang, width: 1500, height: 900 });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await login(page, DEMO.provider);
    await page.goto('/alarm/alarmList');
    await page.waitForFunction(() => (window as unknown as EmsWindow).__ems.state().connection.push === 'online', null, { timeout: 20_000 });
    await page.getByTestId('sound-toggle').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=sound-toggle]')?.getAttribute('data-state') === 'armed');
    return { page, errors, token: (await tokenOf(page))! };
  };
  /** the row of one alarm in the alarm center, narrowed by its text */
  const row = async (c: Console, content: string, alarmId: number) => {
    await c.page.getByTestId('filter-keyword').fill(content);
    const r = c.page.locator(`[data-testid=alarm-row][data-alarm="${alarmId}"]`);
    await r.waitFor({ timeout: 15_000 });
    return r;
  };
  const closePopups = async (c: Console) => {
    while ((await c.page.getByTestId('popup-ignore').count()) > 0) await c.page.getByTestId('popup-ignore').first().click();
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([startServer({ seedStations: 8 }), launch()]);
    [a, b] = await Promise.all([open('en'), open('zh')]);
    const orgId = await evalState<number>(a.page, 's => s.session.currentOrg.id');
    [stationId, otherStationId] = server.services.registry.stationsByProvider.get(orgId)! as [number, number];
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('an acknowledgement on one console stops the sound on the other, which shows who took it', async () => {
    const content = `two-consoles-ack-${Date.now()}`;
    const raised = await server.alarm({ stationId, category: 'fault', content });
    for (const c of [a, b]) await c.page.locator(`[data-testid=popup][data-alarm-id="${raised.id}"]`).waitFor({ timeout: 10_000 });
    await expect.poll(() => faultSounding(b.page)).toBe(true);
    const badgeB = Number(await b.page.getByTestId('alarm-badge').getAttribute('data-count'));

    const clicked = Date.now();
    await a.page.locator(`[data-testid=popup][data-alarm-id="${raised.id}"]`).getByTestId('popup-ack').click();
    await expect.poll(() => faultSounding(b.page)).toBe(false);
    const silencedMs = Date.now() - clicked;
    console.log(JSON.stringify({ 'alarms.ack_silences_other_console_ms': silencedMs }));
    expect(await faultSounding(a.page)).toBe(false);

    const timeline = (await callApi(server.url, 'alarm', 'queryAlarmTimeline', { alarmId: raised.id }, a.token)).body.data as {
      dataList: { event: string; by: string | null }[];
    };
    const by = timeline.dataList.find((e) => e.event === 'acked')!.by!;
    const card = b.page.locator(`[data-testid=popup][data-alarm-id="${raised.id}"]`);
    await expect.poll(() => card.getAttribute('data-acked')).toBe('true');
    expect(await card.getByTestId('popup-acked').innerText()).toContain(by);
    await expect.poll(() => b.page.getByTestId('alarm-badge').getAttribute('data-count')).toBe(String(badgeB - 1));
    const acked = (await row(b, content, raised.id)).getByTestId('alarm-acked-by');
    await expect.poll(() => acked.innerText()).toBe(`✓ ${by}`);
    await b.page.screenshot({ path: `${SHOTS}/two-consoles-acked-zh.png` });
    await expect.poll(() => row(a, content, raised.id).then((r) => r.getByTestId('alarm-acked-by').innerText())).toBe(`✓ ${by}`);
    await a.page.screenshot({ path: `${SHOTS}/two-consoles-acked-en.png` });
    await Promise.all([closePopups(a), closePopups(b)]);
  });

  it('a shelved rule stays off both screens until the shelf ends; a maintenance window keeps its station quiet', async () => {
    const shelf = await callApi(
      server.url,
      'alarm',
      'shelveAlarmRule',
      { stationId, alarmRuleCode: RULE, minutes: 60, reason: 'Sensor recalibration' },
      a.token,
    );
    expect(shelf.body.code).toBe(0);
    const content = `two-consoles-shelf-${Date.now()}`;
    const quiet = await server.alarm({ stationId, category: 'fault', ruleCode: RULE, content });
    for (const c of [a, b]) await expect.poll(() => received(c, quiet.id)).toBe(true);
    const shelvedRow = await row(b, content, quiet.id);
    expect(await shelvedRow.getByTestId('mark-shelved').innerText()).toBe(zh.alarms.handling.shelved);
    expect(await (await row(a, content, quiet.id)).getByTestId('mark-shelved').innerText()).toBe(en.alarms.handling.shelved);
    for (const c of [a, b]) {
      expect(await poppedUp(c, quiet.id)).toBe(false);
      expect(await faultSounding(c.page)).toBe(false);
    }
    await b.page.screenshot({ path: `${SHOTS}/two-consoles-shelved-zh.png` });

    // the shelf's hour is over: the next occurrence pops up and sounds again
    const { shelfId } = shelf.body.data as { shelfId: number };
    await server.services.db.query("UPDATE alarm_shelves SET until = now() - interval '1 second' WHERE id = $1", [shelfId]);
    const back = await server.alarm({ stationId, category: 'fault', ruleCode: RULE, content: `${content}-after` });
    for (const c of [a, b]) await c.page.locator(`[data-testid=popup][data-alarm-id="${back.id}"]`).waitFor({ timeout: 10_000 });
    await expect.poll(() => faultSounding(b.page)).toBe(true);
    expect(await (await row(b, `${content}-after`, back.id)).getByTestId('mark-shelved').count()).toBe(0);
    await Promise.all([closePopups(a), closePopups(b)]);

    // a window running now on the other station: its alarm is listed as in maintenance, silent
    const now = Date.now();
    const win = await callApi(
      server.url,
      'energystorage',
      'saveMaintenanceWindow',
      {
        stationId: otherStationId,
        start: new Date(now - 60_000).toISOString(),
        end: new Date(now + 3_600_000).toISOString(),
        reason: 'Inverter swap',
      },
      a.token,
    );
    expect(win.body.code).toBe(0);
    const inWindow = await server.alarm({ stationId: otherStationId, category: 'fault', content: `${content}-window` });
    for (const c of [a, b]) await expect.poll(() => received(c, inWindow.id)).toBe(true);
    expect(await (await row(b, `${content}-window`, inWindow.id)).getByTestId('mark-maintenance').innerText()).toBe(zh.alarms.handling.inMaintenance);
    for (const c of [a, b]) {
      expect(await poppedUp(c, inWindow.id)).toBe(false);
      expect(await faultSounding(c.page)).toBe(false);
    }
    await b.page.screenshot({ path: `${SHOTS}/two-consoles-maintenance-zh.png` });
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});
