// The homepage in Chromium against the real server: the station list (filters, sort, 'noDate' on an
// empty filter, row click), the monitoring hall, the homepage matrix card click and the energy
// formatter's values on screen, and each screen in zh. The English screens are signed in once
// and share that session. Screenshots go to /tmp/shots-home/ (those of the English tour only with
// SHOTS_DIR set: the tests above have been through those screens).
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { describeBrowser, newContext, watchErrors } from '../helpers/browser';
import { startServer } from '../helpers/server';
import { DEMO, login, pathOf, storeState } from '../helpers/console';
import { openPage, serverAndBrowser } from '../helpers/session';
import { en as enText, zh } from '../../catalogues';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-home';

describeBrowser('homepage and monitoring hall', () => {
  const stack = serverAndBrowser(() => startServer({ seedStations: 40 }));
  let server: typeof stack.server;
  /** the English session the tests share (each test opens its own page in it) */
  let en: BrowserContext;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = stack.server;
    en = await newContext(stack.browser, { baseURL: server.url, language: 'en', width: 1600, height: 900 });
    await login(await en.newPage(), DEMO.admin);
  });
  afterAll(() => en?.close());
  const open = async (language: 'en' | 'zh' = 'en'): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> => {
    if (language !== 'en') return openPage(stack.browser, { baseURL: server.url, language, width: 1600, height: 900, who: DEMO.admin });
    const page = await en.newPage();
    return { page, errors: watchErrors(page), close: () => page.close() };
  };
  const rowCount = (page: Page) => page.getByTestId('table-row').count();
  const countText = async (page: Page) => Number((await page.getByTestId('station-count').innerText()).replace(/\D/g, ''));

  it('station list: filters, search, sort, column chooser and noDate on an empty filter', async () => {
    const { page, errors, close } = await open('en');
    await page.goto('/monitor-station/list');
    await page.getByTestId('table-row').first().waitFor();
    const total = await countText(page);
    expect(total).toBeGreaterThan(5);
    expect(await rowCount(page)).toBeGreaterThan(0);
    expect(await rowCount(page)).toBeLessThanOrEqual(80);

    // sort by name, descending on the second click
    await page.getByTestId('sort-stationName').click();
    const names = async () => page.locator('[data-testid="table-row"] [data-col="stationName"]').allInnerTexts();
    const asc = await names();
    expect(asc).toEqual([...asc].sort((a, b) => a.localeCompare(b, 'zh-CN')));
    expect(await page.locator('[role="columnheader"][data-col="stationName"]').getAttribute('aria-sort')).toBe('ascending');
    await page.getByTestId('sort-stationName').click();
    const desc = await names();
    expect(desc).toEqual([...desc].sort((a, b) => b.localeCompare(a, 'zh-CN')));

    // online filter: every visible row is online
    await page.getByTestId('filter-online').selectOption('true');
    const online = await countText(page);
    expect(online).toBeLessThanOrEqual(total);
    for (const v of await page.locator('[data-testid="table-row"] [data-online]').evaluateAll((els) => els.map((e) => e.getAttribute('data-online'))))
      expect(v).toBe('true');
    // energy type filter narrows further or equal
    await page.getByTestId('filter-energyType').selectOption('pv');
    expect(await countText(page)).toBeLessThanOrEqual(online);
    await page.getByTestId('filter-reset').click();
    expect(await countText(page)).toBe(total);

    // column chooser hides a column
    await page.getByTestId('column-chooser').locator('summary').click();
    await page.getByTestId('col-toggle-region').uncheck();
    expect(await page.locator('[role="columnheader"][data-col="region"]').count()).toBe(0);
    // and from every row already drawn (rows are drawn again only when something of theirs changes)
    expect(await page.locator('[role="cell"][data-col="region"]').count()).toBe(0);

    // a search nothing matches: the spec's 'noDate' text
    await page.getByTestId('station-search').fill('zzz-no-such-station');
    await page.getByTestId('empty').waitFor();
    expect(await page.getByTestId('empty').innerText()).toBe('No data');
    expect(await rowCount(page)).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('station list row click opens the overview with stationId and serviceProviderId', async () => {
    const { page, close } = await open('en');
    await page.goto('/monitor-station/list');
    await page.getByTestId('table-row').first().click();
    await page.waitForURL('**/overviewStations/overviewStations?**');
    const q = new URL(page.url()).searchParams;
    expect(Number(q.get('stationId'))).toBeGreaterThan(0);
    expect(Number(q.get('serviceProviderId'))).toBeGreaterThan(0);
    await close();
  });

  it('monitoring hall: providers with search and a status summary; the detail lists its stations', async () => {
    const { page, errors, close } = await open('en');
    await page.goto('/monitor/customers');
    await page.getByTestId('table-row').first().waitFor();
    const n = await page.getByTestId('table-row').count();
    expect(n).toBeGreaterThan(0);
    expect(await page.getByTestId('provider-summary').innerText()).toMatch(/Sites/);
    await page.getByTestId('provider-search').fill('zzz-none');
    expect(await page.getByTestId('empty').innerText()).toBe('No data');
    await page.getByTestId('provider-search').fill('');
    await page.getByTestId('table-row').first().click();
    await page.waitForURL('**/monitor/customersDetails?orgId=*');
    await page.getByTestId('provider-stations').getByTestId('table-row').first().waitFor();
    expect(await page.getByTestId('provider-name').innerText()).not.toBe('');
    expect(errors).toEqual([]);
    await close();
  });

  it('homepage: a matrix card opens the station overview with the right query', async () => {
    const { page, errors, close } = await open('en');
    await page.goto('/homepage/index');
    const card = page.getByTestId('station-card').first();
    await card.waitFor();
    const id = await card.getAttribute('data-station-id');
    await card.click();
    await page.waitForURL('**/overviewStations/overviewStations?**');
    const q = new URL(page.url()).searchParams;
    expect(q.get('stationId')).toBe(id);
    expect(Number(q.get('serviceProviderId'))).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await close();
  });

  // without a GPU (this browser) the stations are drawn on a 2D canvas; deck.gl's layer, which a
  // GPU gets, is chosen by the override the map reads
  it.each(['canvas', 'deck'] as const)(
    'homepage map (%s layer): stations drawn, hovering one shows its card, a drag moves the view under it',
    async (layer) => {
      const { page, errors, close } = await open('en');
      if (layer === 'deck') await page.addInitScript(() => localStorage.setItem('ems.mapStations', 'deck'));
      await page.goto('/homepage/index');
      const map = page.getByTestId('station-map');
      await map.waitFor({ timeout: 30_000 });
      await page.waitForFunction(() => Number(document.querySelector('[data-testid="station-map"]')?.getAttribute('data-stations')) > 0);
      expect(await map.getAttribute('data-stations-layer')).toBe(layer);
      await map.locator('canvas').first().waitFor();
      // sweep the map until the layer reports a station or cluster under the pointer (again while
      // the first frames are still coming)
      const b = (await map.boundingBox())!;
      let seen = false;
      for (const until = Date.now() + 20_000; !seen && Date.now() < until;) {
        for (let y = b.y + 10; y < b.y + b.height - 10 && !seen; y += 8) {
          for (let x = b.x + 10; x < b.x + b.width - 10 && !seen; x += 8) {
            await page.mouse.move(x, y);
            seen = (await page.getByTestId('map-hover').count()) > 0;
          }
        }
      }
      expect(seen).toBe(true);
      const card = await page.getByTestId('map-hover').innerText();
      expect(card).toMatch(/Installed power/);
      // status is never colour alone: a key names each circle's glyph, and a list read out in
      // place of the picture names every point with its status
      const S = enText.monitor.status;
      const words = [S.normal, S.alarm, S.fault, S.offline, S.notCommissioned];
      expect((await page.getByTestId('map-legend').innerText()).split('\n').filter(Boolean)).toEqual([
        '✓',
        S.normal,
        '!',
        S.alarm,
        '×',
        S.fault,
        '–',
        S.offline,
        '…',
        S.notCommissioned,
      ]);
      const listed = await map.getByRole('list', { name: enText.home.map.list }).getByRole('listitem').allTextContents();
      expect(listed.length).toBeGreaterThan(0);
      for (const item of listed) expect(words.some((w) => item.endsWith(`: ${w}`))).toBe(true);

      // a drag slides the map (the test browser has no GPU: one picture of it) and the camera follows once the
      // pointer rests: the same station is then under the pointer's new place
      const at = await page.evaluate(() => document.querySelector<HTMLElement>('[data-testid="station-map"]')!.dataset.center ?? '');
      const pointer = await page.evaluate(() => {
        const h = document.querySelector<HTMLElement>('[data-testid="map-hover"]')!;
        const m = document.querySelector<HTMLElement>('[data-testid="station-map"]')!.getBoundingClientRect();
        return { x: m.left + parseFloat(h.style.left) - 12, y: m.top + parseFloat(h.style.top) - 12 };
      });
      await page.mouse.move(pointer.x, pointer.y);
      await page.mouse.down();
      for (let i = 1; i <= 8; i++) await page.mouse.move(pointer.x - i * 10, pointer.y + i * 5);
      const picture = page.getByTestId('map-drag-snapshot');
      expect(await picture.evaluate((c) => getComputedStyle(c).display)).toBe('block');
      expect(await picture.evaluate((c) => c.style.transform)).toBe('translate(-80px, 40px)');
      await page.mouse.up();
      await page.waitForFunction(
        (before) => {
          const m = document.querySelector<HTMLElement>('[data-testid="station-map"]')!;
          const shot = m.querySelector<HTMLElement>('[data-testid="map-drag-snapshot"]')!;
          return m.dataset.center !== before && getComputedStyle(shot).display === 'none';
        },
        at,
        { timeout: 10_000 },
      );
      const [lon0, lat0] = at.split(',').map(Number);
      const [lon1, lat1] = (await map.getAttribute('data-center'))!.split(',').map(Number);
      expect(lon1!).toBeGreaterThan(lon0!); // dragged west: the view moves east
      expect(lat1!).toBeGreaterThan(lat0!); // dragged south: the view moves north
      await page.mouse.move(pointer.x - 80, pointer.y + 41);
      await page.mouse.move(pointer.x - 80, pointer.y + 40);
      await expect
        .poll(() =>
          page
            .getByTestId('map-hover')
            .innerText()
            .catch(() => ''),
        )
        .toBe(card);
      expect(errors).toEqual([]);
      await close();
    },
  );

  it('homepage map by keyboard: Tab reaches the points as a visible list; Enter zooms into a cluster or opens a station', async () => {
    const { page, errors, close } = await open('en');
    await page.goto('/homepage/index');
    const map = page.getByTestId('station-map');
    await map.waitFor({ timeout: 30_000 });
    const list = map.getByRole('list', { name: enText.home.map.list });
    await list.getByRole('button').first().waitFor({ state: 'attached' });
    // Tab from the map's zoom-out button (the control before the list) lands on the first point
    await map.getByRole('button', { name: 'Zoom out' }).focus();
    await page.keyboard.press('Tab');
    const first = list.getByRole('button').first();
    await expect.poll(() => first.evaluate((b) => b === document.activeElement)).toBe(true);
    // focused, the list is a panel the eye can follow, not a hidden one
    const box = (await list.boundingBox())!;
    expect(box.width).toBeGreaterThan(100);
    expect(box.height).toBeGreaterThan(20);
    await page.screenshot({ path: '/tmp/map-list-focus.png' });
    // Enter: a cluster zooms in (more points), a station opens its overview
    const label = (await first.textContent())!;
    const before = Number(await map.getAttribute('data-zoom'));
    await page.keyboard.press('Enter');
    if (/\d+ sites?:/.test(label)) await expect.poll(async () => Number(await map.getAttribute('data-zoom')), { timeout: 10_000 }).toBeGreaterThan(before);
    else await page.waitForURL('**/overviewStations/overviewStations?**');
    expect(errors).toEqual([]);
    await close();
  });

  it('homepage map: a pushed fault alarm recolours its station without a reload', async () => {
    const { page, errors, close } = await open('en');
    await page.goto('/homepage/index');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="station-map"]')?.getAttribute('data-stations')) > 0, null, {
      timeout: 30_000,
    });
    await page.waitForFunction(
      () => (window as unknown as { __ems: { state(): { connection: { push: string } } } }).__ems.state().connection.push === 'online',
      null,
      { timeout: 30_000 },
    );
    // a station of the current provider the map does not show in alarm or fault yet
    const matrix = await storeState<{ ids: number[]; byId: Record<number, { stationStatus: number; serviceProviderId: number }> }>(page, 'home.matrix');
    const orgId = await storeState<number>(page, 'session.currentOrg.id');
    const own = new Set(server.services.registry.stationsByProvider.get(orgId)!);
    const stationId = matrix.ids.find((id) => own.has(id) && ![1, 2].includes(matrix.byId[id]!.stationStatus))!;
    expect(stationId).toBeDefined();
    const alarmed = () => page.getByTestId('station-map').getAttribute('data-alarmed');
    expect((await alarmed())?.split(' ')).not.toContain(`${stationId}:2`);
    await server.alarm({ stationId, category: 'fault' });
    await page.waitForFunction(
      (id) => (document.querySelector('[data-testid="station-map"]')?.getAttribute('data-alarmed') ?? '').split(' ').includes(`${id}:2`),
      stationId,
      { timeout: 10_000 },
    );
    // the matrix cards read the same record as the map
    expect(await storeState<number>(page, `home.matrix.byId.${stationId}.stationStatus`)).toBe(2);
    expect(errors).toEqual([]);
    await close();
  });

  it('wall screen: ?wall=1 shows the homepage without chrome, dark, with data-age badges', async () => {
    const { page, errors, close } = await open('en');
    await page.goto('/homepage/index?wall=1');
    await page.getByTestId('wall').waitFor();
    await page.getByTestId('station-card').first().waitFor();
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    expect(await page.getByTestId('data-age').count()).toBeGreaterThan(2);
    await page.screenshot({ path: `${SHOTS}/wall-en.png` });
    expect(errors).toEqual([]);
    await close();
  });

  it('homepage statistics use the energy unit scale: 999.99 kWh, 1,000 kWh, 999,999 kWh, 1e6 kWh', async () => {
    const { page, close } = await open('en');
    // answer queryHomepageStatistics with boundary figures; everything else goes to the server
    await page.route('**/api/energystorage', async (route) => {
      const body = route.request().postData() ?? '';
      if (/(^|&)action=queryStationPowerCurve(&|$)/.test(body)) {
        // the six hours before the last complete quarter: points whatever the time of day (from
        // the browser's midnight, a run at 00:12 had none, the running interval being left out)
        const t0 = Math.floor(Date.now() / 900_000) * 900_000 - 25 * 900_000;
        const t = Array.from({ length: 24 }, (_, i) => t0 + i * 900_000);
        const wave = (k: number, a: number) => t.map((_, i) => Math.round(a * Math.max(0, Math.sin(((i - k) / 96) * Math.PI * 2))));
        const s = (point: string, unit: string, v: number[]) => ({ point, unit, resolution: '15m', stepwise: false, t, v });
        const data = {
          timezone: 'UTC',
          series: [
            s('pvKw', 'kW', wave(24, 800)),
            s('loadKw', 'kW', wave(10, 500)),
            s('essKw', 'kW', wave(40, 300)),
            s('gridKw', 'kW', wave(60, 200)),
            s(
              'soc',
              '%',
              t.map((_, i) => 30 + (i % 48)),
            ),
          ],
        };
        return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 0, msg: 'success', data }) });
      }
      if (!/(^|&)action=queryHomepageStatistics(&|$)/.test(body)) return route.continue();
      const data = {
        time: new Date().toISOString(),
        charging: { todayKwh: 999.99, monthKwh: 1000, totalKwh: 999_999, sessionsToday: 3 },
        pv: { todayKwh: 1e6, monthKwh: 1e6, totalKwh: 1e6, powerKw: 10 },
        ess: { chargeTodayKwh: 0, dischargeTodayKwh: 0, totalDischargeKwh: 0, avgSoc: 50 },
        proportion: { pvPct: 50, gridPct: 30, essPct: 20, generatorPct: 0 },
        stations: { total: 1, online: 1, byStatus: { '0': 1 } },
        income: { todayUsd: 0, totalUsd: 0 },
      };
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 0, msg: 'success', data }) });
    });
    await page.goto('/homepage/index');
    await page.getByTestId('charging-today').filter({ hasText: 'kWh' }).waitFor();
    expect(await page.getByTestId('charging-today').innerText()).toBe('999.99 kWh');
    expect(await page.getByTestId('charging-month').innerText()).toBe('1.00 MWh');
    expect(await page.getByTestId('charging-total').innerText()).toBe('999.99 MWh');
    expect(await page.getByTestId('pv-today').innerText()).toBe('1.00 GWh');
    // the trend boxes got their columns through setData
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="trend-power"] [data-points]')?.getAttribute('data-points')) > 0);
    // the time axis says whose hours it shows (in browser mode the browser's; chart-zone.test.ts has the other modes)
    await page.getByTestId('zone-browser').click();
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await expect.poll(() => page.getByTestId('trend-power').locator('[data-time-label]').getAttribute('data-time-label')).toBe(`Time (${zone})`);
    await page.getByTestId('zone-station').click();
    await page.screenshot({ path: `${SHOTS}/homepage-figures-en.png` });
    await close();
  });

  it('each screen in zh, with screenshots', async () => {
    for (const lang of process.env.SHOTS_DIR ? (['zh', 'en'] as const) : (['zh'] as const)) {
      const { page, errors, close } = await open(lang);
      const shots: [string, string, string][] = [
        ['homepage', '/homepage/index', 'station-card'],
        ['stations', '/monitor-station/list', 'table-row'],
        ['customers', '/monitor/customers', 'table-row'],
      ];
      for (const [name, path, ready] of shots) {
        await page.goto(path);
        await page.getByTestId(ready).first().waitFor();
        await page.screenshot({ path: `${SHOTS}/${name}-${lang}.png` });
      }
      await page.goto('/monitor/customers');
      await page.getByTestId('table-row').first().click();
      await page.getByTestId('provider-stations').getByTestId('table-row').first().waitFor();
      await page.screenshot({ path: `${SHOTS}/customer-detail-${lang}.png` });
      await page.goto('/monitor-station/list');
      await page.getByTestId('table-row').first().waitFor();
      await page.getByTestId('station-search').fill('zzz');
      await page.getByTestId('empty').waitFor();
      expect(await page.getByTestId('empty').innerText()).toBe(lang === 'zh' ? zh.noDate : 'No data');
      await page.screenshot({ path: `${SHOTS}/stations-empty-${lang}.png` });
      expect(pathOf(page)).toBe('/monitor-station/list');
      expect(errors).toEqual([]);
      await close();
    }
  });
});
