// Station overview and alarm log in zh and en: figures from queryStationOverview, the
// energy-flow edges with power and direction, today's curves; the alarm log lists exactly the
// station's alarms and gains a row on a push.
import { beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { en, zh } from '../../catalogues';
import { describeBrowser, newContext, watchErrors } from '../helpers/browser';
import { DEMO, callApi, login, storeState, tokenOf } from '../helpers/console';
import { tickingStationStack, type StationServer } from './server';

const STATION = 4;

for (const lang of ['zh', 'en'] as const) {
  const L = lang === 'zh' ? zh : en;
  describeBrowser(`station overview and alarm log (${lang})`, () => {
    const stack = tickingStationStack();
    let server: StationServer;
    let browser: Browser;
    beforeAll(() => void ({ server, browser } = stack));
    const open = async (
      path: string,
      pick?: (page: Page) => Promise<[number, number]>,
    ): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> => {
      const ctx = await newContext(browser, { baseURL: server.url, language: lang });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await login(page, pick ? DEMO.provider : DEMO.admin);
      const [sid, pid] = pick ? await pick(page) : [STATION, STATION];
      await page.goto(`${path}?stationId=${sid}&serviceProviderId=${pid}`);
      return { page, errors, close: () => ctx.close() };
    };

    it("the overview shows income, energy, device counts, the energy flow and today's curves", async () => {
      const { page, errors, close } = await open('/overviewStations/overviewStations');
      await page.getByTestId('energy-flow').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('ov-incomeToday').textContent()).toContain(L.station.overview.incomeToday);
      // in the station's provider's currency (the seed's: CNY or USD), as the language names it
      expect(await page.getByTestId('ov-incomeToday').textContent()).toMatch(lang === 'en' ? /\d\.\d\d (CNY|USD)$/ : /\d\.\d\d (元|美元)$/);
      // every device is counted, online or offline (the seed's gateways have offline windows, in
      // which the whole station is offline); the live states arrive a moment after the first paint
      const counted = async (id: string) => Number((await page.getByTestId(id).textContent())?.replace(/\D/g, '') || 0);
      await expect.poll(async () => (await counted('ov-online')) + (await counted('ov-offline'))).toBeGreaterThan(0);
      for (const node of ['pv', 'ess', 'generator', 'load']) {
        const edge = page.getByTestId(`flow-edge-${node}`);
        expect(['in', 'out', 'idle']).toContain(await edge.getAttribute('data-dir'));
        expect(await edge.textContent()).toMatch(/kW/);
      }
      expect(await page.getByTestId('flow-edge-grid').count()).toBe(0); // off-grid station
      // the load draws power while the station reports; in a gateway's offline window nothing flows
      const live = (await counted('ov-online')) > 0;
      expect(await page.getByTestId('flow-edge-load').getAttribute('data-dir')).toBe(live ? 'out' : 'idle');
      await page.waitForFunction(() => Number(document.querySelector('[data-testid=ov-curves]')?.getAttribute('data-series')) >= 5, null, { timeout: 20_000 });
      // leaving out stationId: the route restores both ids (session storage after a reload)
      await page.goto('/alarmLog/alarmLog');
      await page.waitForURL((u) => u.searchParams.get('stationId') === String(STATION) && u.searchParams.get('serviceProviderId') === String(STATION));
      await page.getByTestId('alarm-log').waitFor();
      expect(errors).toEqual([]);
      await close();
    });

    it("the alarm log lists the station's alarms, filters them, and gains a row on a push", async () => {
      // a provider account on one of its stations: pushes arrive on the provider's topic
      let station = 0;
      const { page, errors, close } = await open('/alarmLog/alarmLog', async (p) => {
        await p.waitForFunction(() => (window as unknown as { __ems: { state(): { session: { currentOrg: unknown } } } }).__ems.state().session.currentOrg);
        const org = await storeState<{ id: number }>(p, 'session.currentOrg');
        station = server.services.registry.stationsByProvider.get(org.id)![0]!;
        return [station, org.id];
      });
      await page.getByTestId('alarm-row').first().waitFor({ timeout: 20_000 });
      const token = await tokenOf(page);
      const api = await callApi(server.url, 'alarm', 'fuzzyAlarmRecord', { alarmRecordVo: { stationId: station }, page: 1, length: 1000 }, token ?? undefined);
      const total = (api.body.data as { totalCount: number }).totalCount;
      expect(Number(await page.getByTestId('alarm-log').getAttribute('data-total'))).toBe(total);
      const stations = await page.getByTestId('alarm-row').evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-station')))]);
      expect(stations).toEqual([String(station)]);
      // filter: unresolved only
      await page.getByTestId('alarm-filter-status').selectOption('1');
      await page.waitForFunction((t) => Number(document.querySelector('[data-testid=alarm-log]')?.getAttribute('data-total')) < t, total);
      const statuses = await page.getByTestId('alarm-status').allTextContents();
      expect(new Set(statuses)).toEqual(new Set([L.station.alarmLog.statuses['1']]));
      // a typed keyword narrows the list once the typing settles; cleared, the list is back
      const unresolved = Number(await page.getByTestId('alarm-log').getAttribute('data-total'));
      const keyword = page.getByLabel(L.station.alarmLog.keyword);
      await keyword.fill('no such alarm text');
      await page.waitForFunction(() => document.querySelector('[data-testid=alarm-log]')?.getAttribute('data-total') === '0');
      // the count is a status message: a screen reader hears "0 alarms" without leaving the field
      const none = L.station.alarmLog.total_other.replace('{{count}}', '0');
      await page.getByRole('status').filter({ hasText: none }).waitFor();
      expect(await keyword.evaluate((e) => e === document.activeElement)).toBe(true);
      await keyword.fill('');
      await page.waitForFunction((n) => Number(document.querySelector('[data-testid=alarm-log]')?.getAttribute('data-total')) === n, unresolved);
      // the push channel is up (the first connect only sets the catch-up cursor)
      await page.waitForFunction(
        () => (window as unknown as { __ems: { state(): { connection: { push: string } } } }).__ems.state().connection.push === 'online',
        null,
        { timeout: 20_000 },
      );
      await page.waitForTimeout(500);
      const before = Number(await page.getByTestId('alarm-log').getAttribute('data-total'));
      const row = await server.alarm(station, `e2e station push ${lang}`);
      await page.waitForFunction((n) => Number(document.querySelector('[data-testid=alarm-log]')?.getAttribute('data-total')) === n, before + 1, {
        timeout: 20_000,
      });
      await page.locator(`[data-testid=alarm-row][data-alarm="${row.id}"]`).waitFor();
      expect(errors).toEqual([]);
      await close();
    });
  });
}
