// The homepage's and the wall's summed charts read in the console's clock setting (docs/time.md,
// policy 3), in en and zh: station mode draws them in the stations' own zone when they share one,
// UTC and browser mode in that zone; the axis names it, "today" starts at that zone's midnight
// (the curve's request), and the wall's clock reads in it with the zone beside it. The browser
// runs in New York so that none of the three zones is another's.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dayStart, formatWall } from '../../../protocol/site-time';
import { en, zh } from '../../catalogues';
import { describeBrowser, newContext, watchErrors } from '../helpers/browser';
import { DEMO, login, type EmsWindow } from '../helpers/console';
import { startServer } from '../helpers/server';
import { serverAndBrowser } from '../helpers/session';

const BROWSER_ZONE = 'America/New_York';
const stack = serverAndBrowser(() => startServer({ seedStations: 12 }));

/** the `from` of each power-curve request the page makes from now on */
const curveFroms = (page: Page): string[] => {
  const froms: string[] = [];
  page.on('request', (r) => {
    const form = new URLSearchParams(r.postData() ?? '');
    const from = form.get('action') === 'queryStationPowerCurve' ? form.get('from') : null;
    if (from) froms.push(from);
  });
  return froms;
};

for (const lang of ['en', 'zh'] as const) {
  const L = lang === 'en' ? en : zh;
  describeBrowser(`summed charts follow the clock setting (${lang})`, () => {
    it('names and draws the zone the setting picks, on the homepage and the wall', async () => {
      const { server, browser } = stack;
      const ctx = await newContext(browser, { baseURL: server.url, language: lang, width: 1600, height: 900, timezoneId: BROWSER_ZONE });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      const froms = curveFroms(page);
      await login(page, DEMO.provider);
      await page.goto('/homepage/index');
      await page.getByTestId('trend-power').waitFor();
      const orgId = await page.evaluate(() => (window as unknown as EmsWindow).__ems.state().session.currentOrg!.id);
      const zones = new Set(server.services.registry.stationsByProvider.get(orgId)!.map((id) => server.services.registry.stations.get(id)!.timezone));
      const stationZone = zones.size === 1 ? [...zones][0]! : BROWSER_ZONE;
      expect(stationZone, "the provider's stations share one zone other than the browser's").not.toBe(BROWSER_ZONE);

      const label = (zone: string) => L.home.trend.timeAxis.replace('{{zone}}', zone);
      const axis = (box: string) => page.getByTestId(box).locator('[data-time-label]').getAttribute('data-time-label');
      for (const [mode, zone] of [
        ['station', stationZone],
        ['utc', 'UTC'],
        ['browser', BROWSER_ZONE],
      ] as const) {
        await page.getByTestId(`zone-${mode}`).click();
        await expect.poll(() => axis('trend-power'), { timeout: 15_000 }).toBe(label(zone));
        expect(await axis('trend-soc')).toBe(label(zone));
        // today is that zone's day: the curve is asked for from its midnight
        const midnight = new Date(dayStart(zone, Date.now())).toISOString();
        await expect.poll(() => froms.includes(midnight), { timeout: 15_000 }).toBe(true);
      }

      await page.getByTestId('zone-station').click();
      await page.goto('/homepage/index?wall=1');
      await page.getByTestId('wall-clock').waitFor();
      await expect.poll(() => axis('trend-power'), { timeout: 15_000 }).toBe(label(stationZone));
      expect(await page.getByTestId('wall-zone').innerText()).toBe(stationZone);
      const clock = await page.getByTestId('wall-clock').innerText();
      const now = Date.now();
      expect([formatWall(stationZone, now).slice(11, 16), formatWall(stationZone, now - 60_000).slice(11, 16)]).toContain(clock);
      expect(errors).toEqual([]);
      await ctx.close();
    });
  });
}
