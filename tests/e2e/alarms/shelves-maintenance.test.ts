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

  for (const [lang, L, pick] of [
    ['en', en, 1],
    ['zh', zh, 2],
  ] as const) {
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
      const shelves = (await callApi(server.url, 'alarm', 'queryShelves', {}, (await tokenOf(page)) ?? undefined)).body.data as {
        dataList: { stationId: number; createdAt: string; until: string }[];
      };
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

  it("plans a window in the station's local time (Europe/Berlin, across spring forward) and edits its end", async () => {
    const BERLIN = 'Europe/Berlin';
    // the last Sunday of next March: Berlin goes from +01:00 to +02:00 at 02:00 local
    const year = new Date().getUTCFullYear() + 1;
    let day = 31;
    while (new Date(Date.UTC(year, 2, day)).getUTCDay() !== 0) day--;
    const date = `${year}-03-${day}`;
    const utc = (h: number, m: number) => new Date(Date.UTC(year, 2, day, h, m)).toISOString();

    const { page, errors, close } = await open('en', DEMO.admin, '/alarm/maintenance');
    const h = en.alarms.handling;
    await page.locator('[data-testid=maintenance-page][data-loaded=true]').waitFor({ timeout: 20_000 });
    await page.getByTestId('window-open').click();
    const options = page.getByTestId('window-station').locator('option');
    await options.nth(3).waitFor({ state: 'attached' });
    const stationId = Number(await options.last().getAttribute('value'));
    const { db, registry } = server.services;
    await db.query('UPDATE stations SET timezone = $1 WHERE id = $2', [BERLIN, stationId]);
    await registry.load(db);
    await page.reload();
    await page.locator('[data-testid=maintenance-page][data-loaded=true]').waitFor({ timeout: 20_000 });

    // before a station is chosen the dialog says times follow it; then it names Berlin
    await page.getByTestId('window-open').click();
    const dialog = page.getByTestId('window-dialog');
    expect(await dialog.getByTestId('window-zone').innerText()).toBe(h.windowZoneFollows);
    await dialog.locator(`[data-testid=window-station] option[value="${stationId}"]`).waitFor({ state: 'attached', timeout: 10_000 });
    await dialog.getByTestId('window-station').selectOption(String(stationId));
    await expect.poll(() => dialog.getByTestId('window-zone').getAttribute('data-zone')).toBe(BERLIN);
    expect(await dialog.getByTestId('window-zone').innerText()).toBe(h.windowZone.replace('{{zone}}', BERLIN));
    await dialog.getByTestId('window-start').fill(`${date}T01:30`);
    await dialog.getByTestId('window-end').fill(`${date}T04:30`);
    await dialog.getByTestId('window-reason').fill('Transformer inspection');
    await shot(page, 'maintenance-berlin-dialog-en');
    await dialog.getByTestId('window-confirm').click();
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });

    // the server got the instants: 01:30 CET = 00:30 UTC, 04:30 CEST = 02:30 UTC
    const token = (await tokenOf(page)) ?? undefined;
    type Win = { windowId: number; start: string; end: string; state: string };
    const windows = async () =>
      ((await callApi(server.url, 'energystorage', 'queryMaintenanceWindows', { stationId }, token)).body.data as { dataList: Win[] }).dataList;
    const [saved] = await windows();
    expect(saved).toMatchObject({ start: utc(0, 30), end: utc(2, 30), state: 'planned' });

    // the row shows Berlin wall time with the zone named
    const row = page.locator(`[data-testid=window-row][data-window="${saved!.windowId}"]`);
    await row.waitFor({ timeout: 10_000 });
    await expect.poll(() => row.getByTestId('window-row-start').getAttribute('data-zone'), { timeout: 10_000 }).toBe(BERLIN);
    expect(await row.getByTestId('window-row-start').innerText()).toBe(`${date} 01:30:00\n${BERLIN}`);
    expect(await row.getByTestId('window-row-end').innerText()).toBe(`${date} 04:30:00\n${BERLIN}`);
    await shot(page, 'maintenance-berlin-en');

    // a refused save (longer than the server allows) is said at the end field; a dialog opened
    // afterwards starts clean
    await row.getByTestId('window-edit').click();
    await dialog.getByTestId('window-end').fill(`${year}-05-${day}T05:15`);
    await dialog.getByTestId('window-confirm').click();
    await expect.poll(() => dialog.getByTestId('window-end-error').innerText(), { timeout: 10_000 }).toBe(h.errors.windowTooLong.replace('{{days}}', '31'));
    await dialog.getByTestId('window-cancel').click();
    await dialog.waitFor({ state: 'hidden' });

    // Edit: the dialog comes filled in Berlin time with the station fixed; a new end is saved
    await row.getByTestId('window-edit').click();
    expect(await dialog.getByTestId('window-end-error').innerText()).toBe('');
    await dialog.getByRole('heading', { name: h.editWindow, exact: true }).waitFor({ timeout: 10_000 });
    expect(await dialog.getByTestId('window-station').isDisabled()).toBe(true);
    expect(await dialog.getByTestId('window-station').inputValue()).toBe(String(stationId));
    expect(await dialog.getByTestId('window-start').inputValue()).toBe(`${date}T01:30`);
    expect(await dialog.getByTestId('window-end').inputValue()).toBe(`${date}T04:30`);
    expect(await dialog.getByTestId('window-reason').inputValue()).toBe('Transformer inspection');
    await dialog.getByTestId('window-end').fill(`${date}T05:15`);
    await shot(page, 'maintenance-berlin-edit-en');
    await dialog.getByTestId('window-confirm').click();
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    await expect.poll(() => row.getByTestId('window-row-end').innerText(), { timeout: 10_000 }).toBe(`${date} 05:15:00\n${BERLIN}`);
    expect(await row.getByTestId('window-row-start').innerText()).toBe(`${date} 01:30:00\n${BERLIN}`);
    expect(await windows()).toEqual([expect.objectContaining({ windowId: saved!.windowId, start: utc(0, 30), end: utc(3, 15), state: 'planned' })]);
    expect(errors).toEqual([]);
    await close();
  }, 90_000);
});
