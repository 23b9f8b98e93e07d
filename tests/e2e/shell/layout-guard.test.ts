// The layout guard (docs/console.md): every route of the route table, in zh and en, at 1366×768,
// 1600×900 and 1920×1080, signed in as the platform admin against a server with the simulated
// fleet (so figures, times and names are real-sized): the page never scrolls sideways and no
// value (data-value) is cut; every dialog keeps its controls inside its box and a finger wide;
// the tariff dialog keeps its size and place while its slots are split; a refused strategy save
// shows its message at the field, scrolled into view and focused. Each route is opened once per
// language and measured at the three sizes by resizing the window.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ROUTES } from '../../../src/app/routes';
import { describeBrowser } from '../helpers/browser';
import { DEMO, login } from '../helpers/console';
import { listenApp } from '../helpers/server';
import { openPage, serverAndBrowser } from '../helpers/session';
import { clippedValues, dialogBox, dialogDefects, pageOverflow } from './layout-probes';
import { DIALOGS } from './layout-dialogs';
import { navigate, queryOf, quietAfter, where as whereIn } from './route-visits';

const SIZES = [
  [1366, 768],
  [1600, 900],
  [1920, 1080],
] as const;

const stack = serverAndBrowser(() => listenApp({ seedStations: 12, config: { simulator: true, backfillDays: 2 } }));
const where = () => whereIn(stack.server.services.db);

/** Resizes and lets the page lay itself out again (resize observers, charts). */
const resize = async (page: Page, width: number, height: number) => {
  await page.setViewportSize({ width, height });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForTimeout(150);
};

/** The three sizes' defects of what is on screen now, each line prefixed with where it was. */
async function measure(page: Page, label: string, probes: ReadonlyArray<(p: Page) => Promise<string[]>>): Promise<string[]> {
  const out: string[] = [];
  for (const [w, h] of SIZES) {
    await resize(page, w, h);
    for (const probe of probes) out.push(...(await probe(page)).map((d) => `${label} @${w}: ${d}`));
  }
  return out;
}

describeBrowser('layout guard', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`${lang}: no route scrolls sideways or cuts a value at 1366, 1600 and 1920 px`, async () => {
      const w = await where();
      const { page, errors, close } = await openPage(stack.browser, { baseURL: stack.server.url, language: lang, width: 1366, height: 768 });
      const quiet = quietAfter(page);
      const defects: string[] = [];
      const publicRoutes = ROUTES.filter((r) => r.permission === null);
      for (const r of publicRoutes) {
        await page.goto(r.path + queryOf(r, w));
        await quiet();
        defects.push(...(await measure(page, `${lang} ${r.name}`, [pageOverflow, clippedValues])));
      }
      await resize(page, 1366, 768);
      await login(page, DEMO.admin);
      for (const r of ROUTES.filter((x) => x.permission !== null)) {
        await navigate(page, r.path + queryOf(r, w));
        await page.getByTestId('main').waitFor();
        await quiet();
        defects.push(...(await measure(page, `${lang} ${r.name}`, [pageOverflow, clippedValues])));
        await resize(page, 1366, 768);
      }
      expect(defects).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    }, 300_000);

    it(`${lang}: every dialog keeps its controls inside it and a finger wide at 1366, 1600 and 1920 px`, async () => {
      const w = await where();
      const { page, errors, close } = await openPage(stack.browser, { baseURL: stack.server.url, language: lang, width: 1366, height: 768, who: DEMO.admin });
      const quiet = quietAfter(page);
      const defects: string[] = [];
      for (const d of DIALOGS) {
        await resize(page, 1366, 768);
        await page.goto(d.path(w));
        await quiet();
        await d.open(page);
        await page.locator('[data-dialog]').waitFor();
        await quiet();
        defects.push(...(await measure(page, `${lang} ${d.name} dialog`, [dialogDefects, pageOverflow])));
      }
      expect(defects).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    }, 300_000);
  }

  it('the tariff dialog keeps its size and place while slots are split and priced', async () => {
    const w = await where();
    const { page, close } = await openPage(stack.browser, { baseURL: stack.server.url, language: 'en', width: 1366, height: 768, who: DEMO.admin });
    await page.goto(`/electricityPriceManagement/electricityPriceManagement?stationId=${w.stationId}&serviceProviderId=${w.providerId}`);
    await page.getByTestId('tariff-create').click();
    const dialog = page.getByTestId('tariff-dialog');
    await dialog.waitFor();
    const before = await dialogBox(page);
    const line = dialog.getByTestId('timeline').first().locator('[role=group]');
    for (const m of [8 * 60, 18 * 60]) {
      const b = (await line.boundingBox())!;
      await line.click({ position: { x: (b.width * m) / 1440, y: b.height / 2 } });
      expect(await dialogBox(page)).toEqual(before);
    }
    expect(await dialog.getByTestId('slot-row').count()).toBe(3);
    await dialog.getByTestId('slot-from-grid').last().fill('0.3456');
    await dialog.getByTestId('slot-feed-in').last().fill('0.05');
    expect(await dialogBox(page)).toEqual(before);
    expect(await dialogDefects(page)).toEqual([]);
    await close();
  });

  it('a refused strategy save shows its message at the dates, scrolled into view and focused', async () => {
    const w = await where();
    const db = stack.server.services.db;
    // a second peak-shaving strategy far ahead, to be moved onto the dates of the first
    const [first] = await db.query<{ id: number; startDate: string; endDate: string }>(
      `SELECT id, start_date::text AS "startDate", end_date::text AS "endDate" FROM strategies WHERE station_id = $1 AND kind = 'peakShaving' AND deleted_at IS NULL ORDER BY id LIMIT 1`,
      [w.stationId],
    );
    await db.query(
      `INSERT INTO strategies(station_id, kind, name, start_date, end_date, params, issue_status, created_by, created_at, updated_at)
       SELECT station_id, kind, 'Layout guard later', '2097-01-01', '2097-12-31', params, 0, created_by, now(), now() FROM strategies WHERE id = $1`,
      [first!.id],
    );
    const { page, close } = await openPage(stack.browser, { baseURL: stack.server.url, language: 'en', width: 1366, height: 768, who: DEMO.admin });
    await page.goto(`/operationModeManagement/operationModeManagement?stationId=${w.stationId}&serviceProviderId=${w.providerId}`);
    await page.locator('[data-testid=strategy-row][data-name="Layout guard later"]').getByTestId('strategy-edit').click();
    const form = page.getByTestId('strategy-form');
    await form.waitFor();
    await page.getByTestId('field-startDate').fill(first!.startDate);
    await page.getByTestId('field-endDate').fill(first!.endDate);
    // the reader is at the bottom of the form when saving
    await form.locator('.overflow-y-auto').evaluate((e) => e.scrollTo(0, e.scrollHeight));
    await page.getByTestId('strategy-save').click();
    const message = page.getByTestId('field-startDate-error');
    await expect.poll(() => message.textContent()).toBe("Overlaps another strategy's dates");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('field-startDate');
    const inView = async () => {
      const body = (await form.locator('.overflow-y-auto').boundingBox())!;
      const m = (await message.boundingBox())!;
      return m.y >= body.y && m.y + m.height <= body.y + body.height;
    };
    await expect.poll(inView).toBe(true);
    await close();
  });
});
