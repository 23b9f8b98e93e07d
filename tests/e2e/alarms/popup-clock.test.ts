// One clock for the alarm list and the pop-ups, in en and zh: a pop-up's time is the list's
// time of the same alarm, in the zone the header's clock setting picks (each station's, UTC,
// the browser's) and named under it, and switching it moves both. A burst of alarms is one group card that names
// how many alarms at how many stations and opens into them (their times again the list's);
// the pop-ups keep to the corner with the list ending above them, so its Action column stays
// clear; View opens the message list of the station with that alarm highlighted. The browser
// runs in New York so the three zones differ from each other and from the stations' Shanghai.
import { mkdirSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatWall } from '../../../protocol/site-time';
import { en, zh } from '../../catalogues';
import { describeBrowser, newContext, watchErrors } from '../helpers/browser';
import { DEMO, login, type EmsWindow } from '../helpers/console';
import { startServer } from '../helpers/server';
import { serverAndBrowser } from '../helpers/session';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
const BROWSER_ZONE = 'America/New_York';
beforeAll(() => void mkdirSync(SHOTS, { recursive: true }));
const stack = serverAndBrowser(() => startServer({ seedStations: 12 }));

/** the main text of an AlarmTime cell (the zone named under it is a line of its own) */
const timeText = async (page: Page, sel: string) => (await page.locator(sel).first().innerText()).split('\n')[0]!;

for (const lang of ['en', 'zh'] as const) {
  const L = lang === 'en' ? en : zh;
  describeBrowser(`pop-up and list clock (${lang})`, () => {
    it("a pop-up shows the list's time in the chosen zone; bursts group; the corner leaves the list clear", async () => {
      const { server, browser } = stack;
      const ctx = await newContext(browser, { baseURL: server.url, language: lang, width: 1600, height: 900, timezoneId: BROWSER_ZONE });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await login(page, DEMO.provider);
      await page.goto('/alarm/alarmList');
      await page.waitForFunction(() => (window as unknown as EmsWindow).__ems.state().connection.push === 'online', null, { timeout: 20_000 });
      await page.getByTestId('alarm-row').first().waitFor({ timeout: 20_000 });
      const orgId = await page.evaluate(() => (window as unknown as EmsWindow).__ems.state().session.currentOrg!.id);
      const stations = server.services.registry.stationsByProvider.get(orgId)!.slice(0, 3);
      const zoneOf = (id: number) => server.services.registry.stations.get(id)!.timezone;
      await page.getByTestId('zone-station').click();

      const row = await server.alarm({ stationId: stations[0]!, category: 'alarm', content: `clock ${lang}` });
      const at = row.happenTime.getTime();
      const popTime = `[data-testid=popup][data-alarm-id="${row.id}"] [data-testid=popup-time]`;
      const listTime = `[data-testid=alarm-row][data-alarm="${row.id}"] [data-testid=alarm-time]`;
      await page.locator(popTime).waitFor();
      await page.locator(listTime).waitFor({ timeout: 15_000 });
      // station mode: both in the station's zone, named
      const cases: Array<[string, string]> = [
        ['station', zoneOf(stations[0]!)],
        ['utc', 'UTC'],
        ['browser', BROWSER_ZONE],
      ];
      const seen = new Set<string>();
      for (const [mode, zone] of cases) {
        await page.getByTestId(`zone-${mode}`).click();
        const want = formatWall(zone, at);
        await expect.poll(() => timeText(page, popTime)).toBe(want);
        expect(await timeText(page, listTime)).toBe(want);
        expect(await page.locator(popTime).getAttribute('data-zone')).toBe(zone);
        expect(await page.locator(listTime).getAttribute('data-zone')).toBe(zone);
        // a pop-up has no column head, so it names its zone under the time in every mode
        expect((await page.locator(popTime).innerText()).split('\n')).toEqual([want, zone]);
        seen.add(want);
      }
      expect(seen.size).toBe(3);
      // the setting is kept like the language: a reload still reads the browser's zone
      await page.reload();
      await page.getByTestId('alarm-row').first().waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('zone-switch').getAttribute('data-mode')).toBe('browser');
      await page.getByTestId('zone-station').click();
      await page.waitForFunction(() => (window as unknown as EmsWindow).__ems.state().connection.push === 'online', null, { timeout: 20_000 });

      // a burst: more than three within a second are one card
      const burst = [];
      for (let i = 0; i < 6; i++) burst.push(await server.alarm({ stationId: stations[i % 3]!, category: 'alarm', content: `burst ${lang} ${i}` }));
      const group = page.getByTestId('popup-group');
      await expect.poll(() => group.getAttribute('data-count'), { timeout: 15_000 }).toBe('6');
      const title = L.alarms.group.title_other.replace('{{count}}', '6').replace('{{stations}}', L.alarms.group.stations_other.replace('{{count}}', '3'));
      expect(await page.getByTestId('popup-group-title').innerText()).toBe(title);
      // read as a sentence, not a pasted count
      expect(title).toBe(lang === 'en' ? '6 new alarms at 3 stations' : '3 个站点新增 6 条告警');
      expect(
        await page.locator('[data-testid=popup][data-alarm-id]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-alarm-id')))),
      ).not.toContain(burst[5]!.id);
      await page.getByTestId('popup-group-toggle').click();
      await expect.poll(() => page.getByTestId('popup-group-item').count()).toBe(6);
      const last = burst[5]!;
      await page.locator(`[data-testid=alarm-row][data-alarm="${last.id}"]`).waitFor({ timeout: 15_000 });
      expect(await timeText(page, `[data-testid=popup-group-item][data-alarm-id="${last.id}"] [data-testid=popup-group-time]`)).toBe(
        await timeText(page, `[data-testid=alarm-row][data-alarm="${last.id}"] [data-testid=alarm-time]`),
      );

      // the corner: fixed width, and the list's rows (their Action column) end above the stack
      const stackBox = (await page.getByTestId('popups').boundingBox())!;
      expect(stackBox.width).toBeLessThanOrEqual(340);
      expect(stackBox.x + stackBox.width).toBeGreaterThan(1550);
      // the list's scroll pane (its rows and their Action column) ends above the stack
      const listBottom = await page.evaluate(
        () => document.querySelector('[data-testid=alarm-row]')!.closest('[style*="100vh"]')!.getBoundingClientRect().bottom,
      );
      expect(listBottom).toBeLessThanOrEqual(stackBox.y);
      await page.screenshot({ path: `${SHOTS}/popups-group-${lang}.png` });

      // View: the station's message list in a new tab with that alarm highlighted
      const [tab] = await Promise.all([
        ctx.waitForEvent('page'),
        page.locator(`[data-testid=popup-group-item][data-alarm-id="${last.id}"] [data-testid=popup-group-view]`).click(),
      ]);
      await tab.waitForURL(/\/message\/list\?/);
      const url = new URL(tab.url());
      expect(url.searchParams.get('stationName')).toBe(server.services.registry.stations.get(last.stationId)!.name);
      await tab.locator(`[data-testid=message-row][data-alarm-id="${last.id}"][aria-current=true]`).waitFor({ timeout: 15_000 });
      await expect.poll(() => page.getByTestId('popup-group-item').count()).toBe(5);
      expect(errors).toEqual([]);
      await ctx.close();
    });
  });
}
