// Station trends in zh and en, against the real server with the simulated fleet: two
// points on one chart, a second chart whose cursor follows the first and whose zoom is shared,
// tariff periods as bands along the axis with a legend, and a strategy issued in the test marked
// on the axis. Screenshots of the screen go to /tmp/shots/trend-<lang>.png.
import { mkdirSync, readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import enTariffs from '../../../locales/en/tariffs.json';
import zhTariffs from '../../../locales/zh/tariffs.json';
import { en, zh } from '../../catalogues';
import { describeBrowser, newContext, watchErrors } from '../helpers/browser';
import { DEMO, callApi, login, tokenOf } from '../helpers/console';
import { tickingStationStack, type StationServer } from './server';
import { trendNarrowedBelow, trendSettled } from './trend-helpers';

const STATION = 4; // seed station with pv, ess, dg and load (off-grid), zone Africa/Nairobi
const TOU_STATION = 1; // seed station on a time-of-use tariff (valley, flat, peak in a day), Asia/Shanghai

type Query = { from: number; to: number; width: number };

for (const lang of ['zh', 'en'] as const) {
  const L = lang === 'zh' ? zh : en;
  // the periods are named by the tariff texts on every screen
  const PERIOD_TEXT = (lang === 'zh' ? zhTariffs : enTariffs).period;
  describeBrowser(`station trends (${lang})`, () => {
    const stack = tickingStationStack();
    let server: StationServer;
    let browser: Browser;
    beforeAll(() => void ({ server, browser } = stack));
    const open = async (station = STATION): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> => {
      const ctx = await newContext(browser, { baseURL: server.url, language: lang, width: 1440, height: 1400 });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await login(page, DEMO.admin);
      const sp = await spOf(station);
      await page.goto(`/dquipmentMonitoring/dquipmentMonitoring?stationId=${station}&serviceProviderId=${sp}`);
      await page.getByTestId('device-card').first().waitFor();
      await page.getByTestId('device-tab-pcs').click();
      await loaded(page, 0);
      return { page, errors, close: () => ctx.close() };
    };
    const spOf = async (station: number): Promise<number> => {
      const [row] = await server.services.db.query<{ p: number }>('SELECT provider_id AS p FROM stations WHERE id = $1', [station]);
      return row!.p;
    };
    const panel = (page: Page, i: number) => page.locator(`[data-testid=trend-panel][data-index="${i}"]`);
    const loaded = (page: Page, i: number) =>
      page.waitForFunction((k) => document.querySelector(`[data-testid=trend-panel][data-index="${k}"]`)?.getAttribute('data-state') === 'loaded', i, {
        timeout: 20_000,
      });
    const settled = (page: Page) => trendSettled(page);
    const chart = (i: number) => (i === 0 ? '[data-testid=trend-chart]' : `[data-testid=trend-chart-${i}]`);
    /** the legend values of a chart: [time, series…] */
    const legend = (page: Page, i: number) => page.locator(`${chart(i)} .u-legend .u-series .u-value`).allTextContents();
    /** the plot area of chart i, scrolled into view */
    const plotBox = async (page: Page, i: number) => {
      const l = page.locator(`${chart(i)} .u-over`);
      await l.scrollIntoViewIfNeeded();
      return (await l.boundingBox())!;
    };
    const query = async (page: Page): Promise<Query> => JSON.parse((await page.getByTestId('trend').getAttribute('data-query'))!) as Query;

    it('shows two points on one chart, exports both as columns, and a second chart follows the cursor and the zoom', async () => {
      const { page, errors, close } = await open();
      // a second point on the first chart
      const add = panel(page, 0).getByTestId('trend-add-point');
      const second = await add.locator('option').nth(1).getAttribute('value');
      await add.selectOption(second!);
      await page.waitForFunction(() => document.querySelector('[data-testid=trend-panel][data-index="0"]')?.getAttribute('data-series') === '2', null, {
        timeout: 20_000,
      });
      expect(await panel(page, 0).getAttribute('data-points')).toBe(`p,${second}`);
      expect(await page.locator(`${chart(0)} .u-legend .u-series`).count()).toBe(3); // time + 2 series
      // the legend is a layout table: read as its text, not announced as a table without headers
      expect(await page.locator(`${chart(0)} .u-legend`).getAttribute('role')).toBe('presentation');
      // both series are drawn: hovering the middle gives each a value
      let over0 = await plotBox(page, 0);
      await page.mouse.move(over0.x + over0.width * 0.5, over0.y + over0.height / 2);
      await page.waitForFunction(
        (sel) => [...document.querySelectorAll(`${sel} .u-legend .u-series .u-value`)].slice(1).every((e) => /\d/.test(e.textContent ?? '')),
        chart(0),
      );

      // CSV: one column per series, one row per instant on screen
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('trend-csv').click()]);
      const text = readFileSync((await download.path())!, 'utf8');
      expect(text.startsWith('\uFEFF')).toBe(true); // Excel then reads it as UTF-8
      const csv = text.slice(1).trim().split('\r\n');
      expect(csv[0]!.split(',')).toHaveLength(4);
      expect(csv[0]).toMatch(/^time \(Africa\/Nairobi\),time \(UTC\),p \(kW\),/);
      expect(csv.length - 1).toBe(Number(await page.getByTestId('trend').getAttribute('data-shown')));
      const q = await query(page);
      for (const line of csv.slice(1)) {
        const cells = line.split(',');
        const t = Date.parse(cells[1]!);
        expect(t).toBeGreaterThanOrEqual(q.from - 1);
        expect(t).toBeLessThanOrEqual(q.to + 1);
        expect(cells[2] !== '' || cells[3] !== '').toBe(true);
      }

      // a second chart (another device of the station)
      await page.getByTestId('trend-add-chart').click();
      await panel(page, 1).waitFor();
      await loaded(page, 1);
      expect(await page.getByTestId('trend').getAttribute('data-charts')).toBe('2');
      expect(Number(await panel(page, 1).getAttribute('data-device'))).not.toBe(Number(await panel(page, 0).getAttribute('data-device')));

      // hover the first chart at 30 % and then 70 %: the second chart's cursor and legend follow
      const over1 = await plotBox(page, 1);
      over0 = (await page.locator(`${chart(0)} .u-over`).boundingBox())!;
      // stacked charts line up (same plot area left and width)
      expect(Math.abs(over0.x - over1.x)).toBeLessThan(2);
      expect(Math.abs(over0.width - over1.width)).toBeLessThan(2);
      const cursorLeft = () => page.locator(`${chart(1)} .u-cursor-x`).evaluate((e) => e.getBoundingClientRect().left);
      const times: string[] = [];
      for (const f of [0.3, 0.7]) {
        await page.mouse.move(over0.x + over0.width * f, over0.y + over0.height / 2);
        await page.waitForFunction(
          ([sel, before]) => {
            const v = [...document.querySelectorAll(`${sel} .u-legend .u-series .u-value`)].map((e) => e.textContent ?? '');
            return /\d/.test(v[0] ?? '') && v[0] !== before && /\d/.test(v[1] ?? '');
          },
          [chart(1), times.at(-1) ?? ''] as const,
        );
        expect(Math.abs((await cursorLeft()) - (over1.x + over1.width * f))).toBeLessThan(3);
        const [time1, v1] = await legend(page, 1);
        expect(v1).toMatch(/\d/);
        times.push(time1!);
      }
      expect(times[1]).not.toBe(times[0]);

      // a wheel zoom on the second chart zooms both and fetches finer history for the first
      const q0 = await query(page);
      const fetches0 = Number(await page.getByTestId('trend').getAttribute('data-fetches'));
      await page.mouse.move(over1.x + over1.width * 0.6, over1.y + over1.height / 2);
      for (let i = 0; i < 6; i++) {
        await page.mouse.wheel(0, -200);
        await page.waitForTimeout(40);
      }
      await page.waitForFunction((f) => Number(document.querySelector('[data-testid=trend]')?.getAttribute('data-fetches')) > f, fetches0, { timeout: 15_000 });
      // every step applied: 6 × 200 px of wheel is 1.3^10 ≈ 13.8 times narrower (5 steps: 8.9)
      await trendNarrowedBelow(page, (q0.to - q0.from) / 12);
      await settled(page);
      await loaded(page, 1);
      const q1 = await query(page);
      expect((q1.to - q1.from) / q1.width).toBeLessThan((q0.to - q0.from) / q0.width / 3);
      const scaleOf = (sel: string) =>
        page
          .locator(`${sel} .u-axis`)
          .first()
          .evaluate((e) => e.textContent);
      expect(await scaleOf(chart(1))).toBe(await scaleOf(chart(0))); // same x axis labels

      // a drag-select on the first chart narrows both to the selection, leaving no selection box behind
      const fetches1 = Number(await page.getByTestId('trend').getAttribute('data-fetches'));
      await page.mouse.move(over0.x + over0.width * 0.3, over0.y + over0.height / 2);
      await page.mouse.down();
      await page.mouse.move(over0.x + over0.width * 0.5, over0.y + over0.height / 2, { steps: 5 });
      await page.mouse.up();
      await page.waitForFunction((f) => Number(document.querySelector('[data-testid=trend]')?.getAttribute('data-fetches')) > f, fetches1, { timeout: 15_000 });
      const span1 = q1.to - q1.from;
      await trendNarrowedBelow(page, span1 * 0.3); // the selection (a fifth of the range) applied
      await settled(page);
      const q2 = await query(page);
      expect((q2.to - q2.from) / span1).toBeGreaterThan(0.15);
      expect((q2.to - q2.from) / span1).toBeLessThan(0.25);
      expect(Math.abs(q2.from - (q1.from + span1 * 0.3))).toBeLessThan(span1 * 0.02);
      expect(await scaleOf(chart(1))).toBe(await scaleOf(chart(0)));
      for (const i of [0, 1]) expect(await page.locator(`${chart(i)} .u-select`).evaluate((e) => e.getBoundingClientRect().width)).toBeLessThan(1);
      expect(errors).toEqual([]);
      await close();
    }, 120_000);

    it('marks tariff periods and a strategy issued now on the time axis', async () => {
      // issue a strategy of the station as the administrator, before the screen opens
      const { page: p0, close: c0 } = await (async () => {
        const ctx = await newContext(browser, { baseURL: server.url, language: lang });
        const page = await ctx.newPage();
        await login(page, DEMO.admin);
        return { page, close: () => ctx.close() };
      })();
      const token = (await tokenOf(p0))!;
      const list = await callApi(server.url, 'mot', 'queryStrategyList', { stationId: TOU_STATION, page: 1, length: 10 }, token);
      expect(list.body.code).toBe(0);
      const strategy = (list.body.data as { dataList: Array<{ strategyId: number; name: string }> }).dataList[0]!;
      const issued = await callApi(server.url, 'mot', 'issueStrategy', { strategyId: strategy.strategyId }, token);
      expect(issued.body.code).toBe(0);
      const issuedAt = Date.parse((issued.body.data as { issuedAt: string }).issuedAt);
      await c0();

      const { page, errors, close } = await open(TOU_STATION);
      const trend = page.getByTestId('trend');
      // a day: the tariff's valley, flat and peak hours
      const f0 = Number(await trend.getAttribute('data-fetches'));
      await page.getByTestId('trend-preset-d1').click();
      await page.waitForFunction((f) => Number(document.querySelector('[data-testid=trend]')?.getAttribute('data-fetches')) > f, f0);
      await settled(page);
      await page.waitForFunction(() => Number(document.querySelector('[data-testid=trend]')?.getAttribute('data-strategy-marks')) > 0, null, {
        timeout: 20_000,
      });
      await page.waitForFunction(() => Number(document.querySelector('[data-testid=trend]')?.getAttribute('data-tariff-bands')) > 0, null, { timeout: 20_000 });
      // the tariff legend names the periods in the user's language, and the bands are drawn
      const legendText = (await page.getByTestId('trend-legend').textContent()) ?? '';
      expect(legendText).toContain(L.station.trend.tariff);
      const periods = await page.locator('[data-testid^=trend-period-]').allTextContents();
      expect(periods.length).toBeGreaterThan(1);
      for (const p of periods) expect(Object.values(PERIOD_TEXT)).toContain(p);
      expect(legendText).toContain(L.station.trend.legendIssue);
      await page.waitForFunction(
        (sel) =>
          Number(document.querySelector(sel)?.getAttribute('data-bands-drawn')) > 0 &&
          Number(document.querySelector(sel)?.getAttribute('data-markers-drawn')) > 0,
        chart(0),
      );
      expect(await page.getByTestId('trend-strategies').textContent()).toMatch(/\d/);

      // the mark sits at the issuance time: hovering there names the strategy
      const q = await query(page);
      expect(issuedAt).toBeGreaterThanOrEqual(q.from);
      expect(issuedAt).toBeLessThanOrEqual(q.to);
      const over = await plotBox(page, 0);
      await page.mouse.move(over.x + (over.width * (issuedAt - q.from)) / (q.to - q.from), over.y + over.height / 3);
      await page.waitForFunction((sel) => (document.querySelector(`${sel} .u-over`) as HTMLElement | null)?.title !== '', chart(0));
      const title = await page.locator(`${chart(0)} .u-over`).getAttribute('title');
      expect(title).toContain(strategy.name);
      expect(title).toContain(L.station.trend.issued.split('{{')[0]!.trim());

      // the same overlays on an added chart, then the screenshot
      await page.getByTestId('trend-add-chart').click();
      await loaded(page, 1);
      await panel(page, 0).getByTestId('trend-add-point').selectOption({ index: 1 });
      await page.waitForFunction(() => document.querySelector('[data-testid=trend-panel][data-index="0"]')?.getAttribute('data-series') === '2', null, {
        timeout: 20_000,
      });
      await page.waitForFunction((sel) => Number(document.querySelector(sel)?.getAttribute('data-bands-drawn')) > 0, chart(1));
      await page.mouse.move(over.x + over.width * 0.5, over.y + over.height / 2);
      mkdirSync('/tmp/shots', { recursive: true });
      await trend.screenshot({ path: `/tmp/shots/trend-${lang}.png` });
      expect(errors).toEqual([]);
      await close();
    }, 120_000);
  });
}
