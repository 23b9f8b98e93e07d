// Shelved rules and maintenance windows in Chromium against the real server, in en and zh: a
// window planned through the dialog makes its station read "in maintenance" on the station list
// and its homepage card, and ending it clears that; a rule shelved for 4 h through the dialog is
// listed with its translated name and reason, and Unshelve removes it. Missing fields are said at
// the field. The read-only operator has neither view. Screenshots go to SHOTS_DIR.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { en, zh } from '../../catalogues';
import { describeBrowser, launch, newContext, watchErrors } from '../helpers/browser';
import { callApi, DEMO, login, tokenOf } from '../helpers/console';
import { startServer, type TestServer } from '../helpers/server';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';

describeBrowser('shelves and maintenance windows', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([startServer({ seedStations: 8 }), launch()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const open = async (lang: 'en' | 'zh', who: { account: string; password: string }, path: string) => {
    const ctx = await newContext(browser, { baseURL: server.url, language: lang, width: 1500, height: 900 });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await login(page, who);
    await page.goto(path);
    return { page, errors, close: () => ctx.close() };
  };
  const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

  for (const [lang, L, pick] of [['en', en, 1], ['zh', zh, 2]] as const) {
    it(`plans and ends a maintenance window, shelves and unshelves a rule (${lang})`, async () => {
      const { page, errors, close } = await open(lang, DEMO.admin, '/alarm/maintenance');
      const h = L.alarms.handling;
      await page.locator('[data-testid=maintenance-page][data-loaded=true]').waitFor({ timeout: 20_000 });
      expect(await page.locator('h1').innerText()).toBe(L.routes.alarmMaintenance);

      // plan a window: a missing reason is said at the field, then it saves and runs now
      await page.getByTestId('window-open').click();
      const station = page.getByTestId('window-station');
      await station.locator('option').nth(pick).waitFor({ state: 'attached' });
      const stationId = Number(await station.locator('option').nth(pick).getAttribute('value'));
      const stationName = await station.locator('option').nth(pick).innerText();
      await station.selectOption(String(stationId));
      await page.getByTestId('window-confirm').click();
      expect(await page.getByTestId('window-reason-error').innerText()).toBe(h.errors.required);
      await page.getByTestId('window-reason').fill('Inverter swap');
      await shot(page, `maintenance-dialog-${lang}`);
      await page.getByTestId('window-confirm').click();
      const row = page.locator(`[data-testid=window-row][data-station="${stationId}"]`);
      await row.waitFor({ timeout: 10_000 });
      expect(await row.getByTestId('window-state').innerText()).toBe(h.windowStates.active);
      expect(await row.innerText()).toContain('Inverter swap');
      await shot(page, `maintenance-${lang}`);

      // the station list and the homepage card say so
      await page.goto('/monitor-station/list');
      const listed = page.getByTestId('table-row').filter({ hasText: stationName });
      await listed.getByTestId('station-in-maintenance').waitFor({ timeout: 10_000 });
      expect(await listed.getByTestId('station-in-maintenance').innerText()).toBe(h.inMaintenance);
      expect(await page.getByTestId('station-in-maintenance').count()).toBe(1);
      await page.goto('/homepage/index');
      const card = page.locator(`[data-testid=station-card][data-station-id="${stationId}"]`);
      await card.getByTestId('station-in-maintenance').waitFor({ timeout: 10_000 });
      await shot(page, `maintenance-card-${lang}`);

      // shelve a rule for 4 h
      await page.goto('/alarm/shelves');
      await page.locator('[data-testid=shelves-page][data-loaded=true]').waitFor({ timeout: 10_000 });
      expect(await page.getByTestId('shelves-empty').innerText()).toBe(h.shelvesEmpty);
      await page.getByTestId('shelve-open').click();
      await page.getByTestId('shelve-confirm').click();
      expect(await page.getByTestId('shelve-station-error').innerText()).toBe(h.errors.required);
      expect(await page.getByTestId('shelve-rule-error').innerText()).toBe(h.errors.required);
      await page.getByTestId('shelve-station').selectOption(String(stationId));
      await page.getByTestId('shelve-rule').selectOption('cellOverTemp');
      await page.getByTestId('shelve-duration-240').check();
      await page.getByTestId('shelve-reason').fill('Sensor recalibration');
      await shot(page, `shelve-dialog-${lang}`);
      await page.getByTestId('shelve-confirm').click();
      const shelf = page.locator(`[data-testid=shelf-row][data-station="${stationId}"][data-rule=cellOverTemp]`);
      await shelf.waitFor({ timeout: 10_000 });
      expect(await shelf.getByTestId('shelf-rule').innerText()).toBe(L.alarms.rules.cellOverTemp);
      expect(await shelf.getByTestId('shelf-reason').innerText()).toBe('Sensor recalibration');
      const shelves = (await callApi(server.url, 'alarm', 'queryShelves', {}, (await tokenOf(page)) ?? undefined)).body.data as { dataList: { stationId: number; createdAt: string; until: string }[] };
      const mine = shelves.dataList.find((s) => s.stationId === stationId)!;
      expect(Math.round((Date.parse(mine.until) - Date.parse(mine.createdAt)) / 60_000)).toBe(240);
      await shot(page, `shelves-${lang}`);
      await shelf.getByTestId('shelf-unshelve').click();
      await page.getByTestId('shelves-empty').waitFor({ timeout: 10_000 });

      // end the window early: the station is no longer marked
      await page.goto('/alarm/maintenance');
      await row.getByTestId('window-end-now').click();
      await row.waitFor({ state: 'detached', timeout: 10_000 });
      await page.goto('/monitor-station/list');
      await page.getByTestId('table-row').filter({ hasText: stationName }).waitFor();
      expect(await page.getByTestId('station-in-maintenance').count()).toBe(0);
      expect(errors).toEqual([]);
      await close();
    }, 90_000);
  }

  it('the read-only operator has neither view', async () => {
    const { page, close } = await open('en', DEMO.operator, '/alarm/shelves');
    await page.waitForURL((u) => u.pathname === '/404', { timeout: 10_000 });
    await page.goto('/alarm/alarmList');
    await page.locator('[data-menu="alarm.alarmList"]').waitFor({ state: 'attached', timeout: 10_000 });
    expect(await page.locator('[data-menu="alarm.shelves"], [data-menu="alarm.maintenance"]').count()).toBe(0);
    await close();
  });
});
