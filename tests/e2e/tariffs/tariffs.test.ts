// Tariff screens in Chromium against the real server, in en and zh: a two-season, five-slot
// tariff built by splitting and dragging on the 24-hour line, every SPEC §5 message at its field
// (and the server's own refusal at the date), its bill for a metered day equal to the figure
// worked out by hand, a template applied to three stations (and refused, with the reason, where
// a tariff already starts that day), the bill on a 25-hour day in Berlin, a fuel price turning
// active when the server clock passes its start, and a delete that asks first. The read-only
// operator sees no edit control. The flows run in full in the first language; the second reads
// its messages only, reaching them by the shortest way.
import { beforeAll, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import enTariffs from '../../../locales/en/tariffs.json';
import zhTariffs from '../../../locales/zh/tariffs.json';
import { addDateDays, dateKey } from '../../../protocol/site-time';
import { describeBrowser } from '../helpers/browser';
import { callApi, DEMO, tokenOf } from '../helpers/console';
import { openPage, serverAndBrowser, type Account } from '../helpers/session';
import { startTariffServer, type TariffServer } from './server';

const SHANGHAI_DAY = '2026-11-20';
const BERLIN_CHANGE_DAY = '2026-10-25';
// by hand, import 1 and export 0.5 per quarter, season 1 (all months but Jun-Aug):
// valley 00:00-07:30 at 0.1/0.05 → 0.075 a quarter, peak 07:30-18:00 at 0.3/0.05 → 0.275,
// flat 18:00-24:00 at 0.2/0.05 → 0.175.
// Shanghai, 96 quarters: 30 × 0.075 + 42 × 0.275 + 24 × 0.175 = 2.25 + 11.55 + 4.20 = 18.00
// Berlin on 25 Oct 2026 (clocks back at 03:00, 100 quarters; 02:00-03:00 twice, in the valley):
// 34 × 0.075 + 42 × 0.275 + 24 × 0.175 = 2.55 + 11.55 + 4.20 = 18.30
const SHANGHAI_BILL = '18.00';
const BERLIN_BILL = '18.30';
const SEASONS = [
  {
    months: [1, 2, 3, 4, 5, 9, 10, 11, 12],
    slots: [
      { start: '00:00', end: '07:30', period: 'valley', fromGridPrice: 0.1, feedInPrice: 0.05 },
      { start: '07:30', end: '18:00', period: 'peak', fromGridPrice: 0.3, feedInPrice: 0.05 },
      { start: '18:00', end: '24:00', period: 'flat', fromGridPrice: 0.2, feedInPrice: 0.05 },
    ],
  },
  {
    months: [6, 7, 8],
    slots: [
      { start: '00:00', end: '12:00', period: 'valley', fromGridPrice: 0.15, feedInPrice: 0.04 },
      { start: '12:00', end: '24:00', period: 'sharp', fromGridPrice: 0.5, feedInPrice: 0.04 },
    ],
  },
];

const stack = serverAndBrowser(startTariffServer);

for (const [lang, T, first] of [
  ['en', enTariffs, 0],
  ['zh', zhTariffs, 5],
] as const) {
  const full = lang === 'en';
  describeBrowser(`tariffs (${lang})`, () => {
    let server: TariffServer;
    beforeAll(() => void (server = stack.server));
    const open = (who: Account) => openPage(stack.browser, { baseURL: server.url, language: lang, width: 1600, height: 1000, who });
    const go = async (page: Page, route: string, stationId: number, providerId: number, extra = '') => {
      await page.goto(`/electricityPriceManagement/${route}?stationId=${stationId}&serviceProviderId=${providerId}${extra}`);
    };
    /** clicks the line of `season` at minute `m` */
    const splitAt = async (season: Locator, m: number) => {
      const line = season.getByTestId('timeline').locator('[role=group]');
      const box = (await line.boundingBox())!;
      await line.click({ position: { x: (box.width * m) / 1440, y: box.height / 2 } });
    };
    const dragTo = async (page: Page, season: Locator, edge: number, m: number) => {
      const line = season.getByTestId('timeline').locator('[role=group]');
      const handle = season.getByTestId('timeline-boundary').nth(edge);
      await handle.scrollIntoViewIfNeeded();
      const box = (await line.boundingBox())!;
      const h = (await handle.boundingBox())!;
      await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + (box.width * m) / 1440, h.y + h.height / 2, { steps: 6 });
      await page.mouse.up();
    };
    const bands = (season: Locator) =>
      season.getByTestId('timeline-band').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-start')}-${e.getAttribute('data-end')}`));

    it('builds a two-season, five-slot tariff on the timeline with every message at its field, prices a day by hand and deletes after asking', async () => {
      const { providerId, stations } = await server.biggestProvider();
      const st = stations[first]!;
      expect(st.timezone).toBe('Asia/Shanghai');
      await server.clearPlans([st.id]);
      if (full) expect(await server.meterDay(st.id, st.timezone, SHANGHAI_DAY)).toBe(96);
      const today = dateKey('Asia/Shanghai', Date.now());
      const { page, errors, close } = await open(DEMO.admin);
      await go(page, 'electricityPriceManagement', st.id, providerId);
      await page.getByTestId('tariff-create').click();
      const dialog = page.getByTestId('tariff-dialog');
      await page.getByTestId('tariff-save').click();
      // name and both prices, at their fields
      await expect.poll(() => dialog.getByTestId('tariff-name-error').innerText()).toBe(T.errors.nameRequired);
      expect(await dialog.getByTestId('slot-from-grid-error').first().innerText()).toBe(T.errors.priceRequired);
      expect(await dialog.getByTestId('slot-feed-in-error').first().innerText()).toBe(T.errors.priceRequired);
      await dialog.getByTestId('tariff-name').fill(`TOU ${lang}`);
      await dialog.getByTestId('slot-from-grid').first().fill('0.12345');
      expect(await dialog.getByTestId('slot-from-grid-error').first().innerText()).toBe(T.errors.priceFormat);

      // season 1: split at 08:00 and 18:00, drag 08:00 to 07:00, then two steps right by keyboard
      const s1 = dialog.getByTestId('season').nth(0);
      await splitAt(s1, 8 * 60 + 4);
      await splitAt(s1, 18 * 60 + 3);
      expect(await bands(s1)).toEqual(['00:00-08:00', '08:00-18:00', '18:00-24:00']);
      if (full) await dragAndStep(page, s1);

      // season 2 takes June-August; months left out say so
      await dialog.getByTestId('season-add').click();
      const s2 = dialog.getByTestId('season').nth(1);
      expect(await s2.getByTestId('season-months-error').innerText()).toBe(T.errors.monthsIncomplete);
      for (const m of [6, 7, 8]) await s2.locator(`[data-testid=month-chip][data-month="${m}"]`).click();
      await s1.locator('[data-testid=month-chip][data-month="9"]').click();
      expect(await dialog.getByTestId('months-error').innerText()).toBe(T.errors.monthsIncomplete);
      await s1.locator('[data-testid=month-chip][data-month="9"]').click();
      expect(await dialog.getByTestId('months-error').innerText()).toBe('');
      await splitAt(s2, 12 * 60);
      expect(await bands(s2)).toEqual(['00:00-12:00', '12:00-24:00']);

      // typed times: an end before its start is 'Time Error' at the slot; a gap is at the line
      const end = s1.getByTestId('slot-end').nth(1);
      await end.fill('06:00');
      expect(await s1.getByTestId('slot-time-error').nth(1).innerText()).toBe(T.errors.timeError);
      await end.fill('17:00');
      expect(await s1.getByTestId('season-slots-error').innerText()).toBe(T.errors.hoursIncomplete);
      await end.fill('18:00');
      expect(await s1.getByTestId('season-slots-error').innerText()).toBe('');

      // periods and prices of the five slots
      await fill(s1, SEASONS[0]!.slots);
      await fill(s2, SEASONS[1]!.slots);
      expect(await dialog.locator('[role=alert]').count()).toBe(0);

      // the server is the authority: a past date comes back at the date field
      await dialog.getByTestId('tariff-date').fill(addDateDays(today, -1));
      await page.getByTestId('tariff-save').click();
      await expect.poll(() => dialog.getByTestId('tariff-date-error').innerText()).toBe(T.errors.pastDate.replace('{{limit}}', today));
      if (full) await saveBillAndDelete(page, st, providerId, today);
      expect(errors).toEqual([]);
      await close();
    });

    const fill = async (season: Locator, rows: { period: string; fromGridPrice: number; feedInPrice: number }[]) => {
      for (const [i, r] of rows.entries()) {
        await season.getByTestId('slot-period').nth(i).selectOption(r.period);
        await season.getByTestId('slot-from-grid').nth(i).fill(String(r.fromGridPrice));
        await season.getByTestId('slot-feed-in').nth(i).fill(String(r.feedInPrice));
      }
    };

    /** drags the 08:00 boundary to 07:00, then two steps right by keyboard */
    const dragAndStep = async (page: Page, s1: Locator) => {
      await dragTo(page, s1, 0, 7 * 60 + 5);
      await expect.poll(() => s1.getByTestId('timeline-boundary').first().getAttribute('aria-valuetext')).toBe('07:00');
      await s1.getByTestId('timeline-boundary').first().press('ArrowRight');
      await s1.getByTestId('timeline-boundary').first().press('ArrowRight');
      expect(await s1.getByTestId('timeline-boundary').first().getAttribute('aria-valuetext')).toBe('07:30');
      expect(await bands(s1)).toEqual(['00:00-07:30', '07:30-18:00', '18:00-24:00']);
    };

    /** saves for tomorrow, prices the metered day by hand, then deletes after asking */
    const saveBillAndDelete = async (page: Page, st: { id: number }, providerId: number, today: string) => {
      const dialog = page.getByTestId('tariff-dialog');
      await dialog.getByTestId('tariff-date').fill(addDateDays(today, 1));
      await page.getByTestId('tariff-save').click();
      const card = page.locator('[data-testid=tariff-card][data-status=pending]');
      await card.waitFor({ timeout: 15_000 });
      expect(await card.getByTestId('tariff-card-name').innerText()).toBe(`TOU ${lang}`);
      expect(await card.getByTestId('timeline-band').count()).toBe(5);
      const saved = await callApi(server.url, 'mot', 'queryStationTariffs', { stationId: st.id }, (await tokenOf(page)) ?? undefined);
      expect((saved.body.data as { pending: { seasons: unknown }[] }).pending[0]!.seasons).toEqual(SEASONS);

      // the bill of the metered day, by hand
      await card.getByTestId('tariff-preview').click();
      await page.getByTestId('preview-date').fill(SHANGHAI_DAY);
      await page.locator(`[data-testid=bill][data-date="${SHANGHAI_DAY}"]`).waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('bill-candidate-total').innerText()).toBe(SHANGHAI_BILL);
      const inForce = Number(await page.getByTestId('bill-inforce-total').innerText());
      expect(await page.getByTestId('bill-difference').innerText()).toBe((18 - inForce).toFixed(2));
      expect(await page.getByTestId('price-chart').count()).toBe(2);

      // delete asks first; cancel keeps it
      await go(page, 'electricityPriceManagement', st.id, providerId);
      await card.getByTestId('tariff-delete').click();
      expect(await page.getByTestId('confirm-dialog').innerText()).toContain(`TOU ${lang}`);
      await page.getByTestId('confirm-cancel').click();
      await expect.poll(() => card.count()).toBe(1);
      await card.getByTestId('tariff-delete').click();
      await page.getByTestId('confirm-ok').click();
      await expect.poll(() => card.count()).toBe(0);
    };

    it("previews a tariff with names and times of day: periods in the reader's language, 00:00-style times, the station bar by name", async () => {
      const { providerId, stations } = await server.biggestProvider();
      const st = stations.at(lang === 'en' ? -1 : -2)!;
      await server.clearPlans([st.id]);
      await server.meterDay(st.id, st.timezone, SHANGHAI_DAY);
      const { page, errors, close } = await open(DEMO.admin);
      const token = (await tokenOf(page)) ?? undefined;
      const tomorrow = addDateDays(dateKey(st.timezone, Date.now()), 1);
      const made = await callApi(
        server.url,
        'mot',
        'saveTariff',
        { stationId: st.id, name: `Names ${lang}`, effectiveDate: tomorrow, seasons: SEASONS },
        token,
      );
      const tariffId = (made.body.data as { tariffId: number }).tariffId;
      await go(page, 'preview', st.id, providerId, `&tariffId=${tariffId}`);
      await page.getByTestId('preview-date').fill(SHANGHAI_DAY);
      await page.locator(`[data-testid=bill][data-date="${SHANGHAI_DAY}"]`).waitFor({ timeout: 15_000 });
      const table = await page.getByTestId('bill-table').innerText();
      for (const p of ['valley', 'peak', 'flat'] as const) expect(table).toContain(T.period[p]);
      expect(table).not.toMatch(/\b(sharp|peak|flat|valley)\b/);
      // the price axis is a day: a time of day under the cursor, never a 1970 date
      const chart = page.getByTestId('price-chart').first();
      const plot = chart.locator('.u-over');
      const box = (await plot.boundingBox())!;
      await plot.hover({ position: { x: box.width / 2, y: box.height / 2 } });
      const x = (await chart.locator('.u-legend .u-series').first().locator('.u-value').innerText()).trim();
      expect(x).toMatch(/^(0\d|1\d|2[0-4]):[0-5]\d$/);
      expect(await chart.innerText()).not.toMatch(/1970|am\b|pm\b/i);
      // the station bar: names, not the ids of the URL
      const bar = page.getByTestId('station-bar');
      const provider = (await bar.getByTestId('station-bar-provider').innerText()).split('\n').at(-1)!;
      const customer = (await bar.getByTestId('station-bar-customer').innerText()).split('\n').at(-1)!;
      for (const name of [provider, customer]) expect(name).toMatch(/\p{L}/u);
      expect(await bar.innerText()).not.toMatch(/\bID\b|编号/);
      await page.screenshot({ path: `/tmp/rawvals-preview-${lang}.png`, fullPage: true });
      expect(errors).toEqual([]);
      await close();
    });

    it('applies a template to three stations, prices the Berlin change day by hand, and says why a fourth refused', async () => {
      const { providerId, stations } = await server.biggestProvider();
      const pick = (i: number) => stations[first + i]!;
      const [busy, berlin, c, d] = [pick(1), pick(2), pick(3), pick(4)];
      await server.clearPlans([busy.id, berlin.id, c.id, d.id]);
      if (full) {
        await server.setZone(berlin.id, 'Europe/Berlin');
        expect(await server.meterDay(berlin.id, 'Europe/Berlin', BERLIN_CHANGE_DAY)).toBe(100);
      }
      const { page, errors, close } = await open(DEMO.admin);
      const token = (await tokenOf(page)) ?? undefined;
      const tomorrow = addDateDays(dateKey('Europe/Berlin', Date.now()), 2);
      const made = await callApi(server.url, 'mot', 'saveTariffTemplate', { orgId: providerId, name: `Template ${lang}`, seasons: SEASONS }, token);
      expect(made.body.code).toBe(0);
      // the busy station already has a tariff starting that day
      expect(
        (await callApi(server.url, 'mot', 'saveTariff', { stationId: busy.id, name: 'Already', effectiveDate: tomorrow, seasons: SEASONS }, token)).body.code,
      ).toBe(0);

      await go(page, 'priceTemlate', berlin.id, providerId);
      const tpl = page.locator('[data-testid=template-card]', { hasText: `Template ${lang}` });
      await tpl.getByTestId('template-apply').click();
      const dialog = page.getByTestId('apply-dialog');
      await dialog.getByTestId('apply-station').first().waitFor();
      await dialog.getByTestId('apply-date').fill(tomorrow);
      for (const s of [busy, c, d]) await dialog.locator(`[data-testid=apply-station][data-station="${s.id}"]`).check();
      await dialog.getByTestId('apply-send').click();
      await dialog.getByTestId('apply-results').waitFor({ timeout: 15_000 });
      const results = await dialog
        .getByTestId('apply-result')
        .evaluateAll((els) => els.map((e) => [Number(e.getAttribute('data-station')), e.getAttribute('data-ok'), e.textContent ?? '']));
      expect(
        results.map((r) => [r[0], r[1]]),
        JSON.stringify(results),
      ).toEqual([
        [berlin.id, 'true'],
        [busy.id, 'false'],
        [c.id, 'true'],
        [d.id, 'true'],
      ]);
      expect(results[1]![2]).toContain(T.errors.duplicateDate);
      await dialog.getByTestId('apply-close').click();

      // the Berlin tariff from the template, priced on its 25-hour day (no text of its own: in
      // the first language only)
      if (full) {
        await go(page, 'electricityPriceManagement', berlin.id, providerId);
        await page.locator('[data-testid=tariff-card][data-status=pending] [data-testid=tariff-preview]').click();
        await page.getByTestId('preview-date').fill(BERLIN_CHANGE_DAY);
        await page.locator(`[data-testid=bill][data-date="${BERLIN_CHANGE_DAY}"]`).waitFor({ timeout: 15_000 });
        expect(await page.getByTestId('bill-day-info').innerText()).toContain('Europe/Berlin');
        expect(await page.getByTestId('bill-day-info').innerText()).toContain('25');
        expect(await page.getByTestId('bill-candidate-total').innerText()).toBe(BERLIN_BILL);
      }
      expect(errors).toEqual([]);
      await close();
    });

    it('shows a fuel price pending, then active once the server clock passes its start; the operator sees no edit control', async () => {
      const { providerId, stations } = await server.biggestProvider();
      const st = stations[first]!;
      await server.clearPlans([st.id]);
      const { page, errors, close } = await open(DEMO.admin);
      await go(page, 'oilPrice', st.id, providerId);
      await page.getByTestId('oil-create').click();
      const dialog = page.getByTestId('oil-dialog');
      const local = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16);
      const start = Math.ceil((Date.now() + 90_000) / 60_000) * 60_000;
      await dialog.getByTestId('oil-start').fill(local(start));
      await dialog.getByTestId('oil-end').fill(local(start - 60_000));
      await dialog.getByTestId('oil-price').fill('1.2');
      await dialog.getByTestId('oil-kwh').fill('3.5');
      await dialog.getByTestId('oil-save').click();
      expect(await dialog.getByTestId('oil-end-error').innerText()).toBe(T.oil.errors.endBeforeStart);
      await dialog.getByTestId('oil-end').fill(local(start + 30 * 86_400_000));
      expect(await dialog.getByTestId('oil-cost').innerText()).toBe('0.3429');
      await dialog.getByTestId('oil-save').click();
      const row = page.getByTestId('oil-row').first();
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 10_000 }).toBe('pending');
      expect(await row.getByTestId('oil-status').innerText()).toBe(T.oil.status.pending);
      // an overlapping window is refused at its field
      await page.getByTestId('oil-create').click();
      await dialog.getByTestId('oil-start').fill(local(start + 86_400_000));
      await dialog.getByTestId('oil-end').fill(local(start + 40 * 86_400_000));
      await dialog.getByTestId('oil-price').fill('1.3');
      await dialog.getByTestId('oil-kwh').fill('3.5');
      await dialog.getByTestId('oil-save').click();
      expect(await dialog.getByTestId('oil-start-error').innerText()).toContain(T.oil.errors.overlap.split('{{')[0]!.trim());
      await dialog.getByTestId('oil-cancel').click();

      server.advance(start + 30_000 - Date.now());
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 20_000 }).toBe('active');
      expect(await row.getByTestId('oil-status').innerText()).toBe(T.oil.status.active);
      server.resetClock();
      expect(errors).toEqual([]);
      await close();
      if (!full) return;

      const op = await open(DEMO.operator);
      const token = (await tokenOf(op.page)) ?? undefined;
      const mine = (await callApi(server.url, 'energystorage', 'queryStationInfoList', { page: 1, length: 5 }, token)).body.data as {
        dataList: { stationId: number; serviceProviderId?: number; orgId?: number }[];
      };
      const seen = mine.dataList[0]!;
      await go(op.page, 'electricityPriceManagement', seen.stationId, seen.serviceProviderId ?? seen.orgId ?? providerId);
      await op.page.locator('[data-testid=tariff-config][data-loaded=true]').waitFor({ timeout: 15_000 });
      expect(await op.page.getByTestId('tariff-create').count()).toBe(0);
      expect(await op.page.getByTestId('tariff-edit').count()).toBe(0);
      await op.close();
    });
  });
}
