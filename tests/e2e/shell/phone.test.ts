// The phone layout (docs/console.md, "Phone layout") at 390×844 in zh and en, as a person on a
// phone uses it, against the server with the simulated fleet: no field-staff page (home, alarm
// list, station list, station overview, equipment, modes) is wider than the window, neither the
// page nor its main area; the menu is a drawer that opens from the header, navigates and closes
// (Escape, backdrop), giving focus back; an alarm card is acknowledged and its rule shelved by
// tapping the buttons it shows; the shelve and acknowledge dialogs and a mode switch's
// confirmation are sheets inside the window with finger-sized controls. The managing pages
// (reports with their rows, bills, analytics, system management, shelves, maintenance windows,
// oil prices) are no wider than the window either: their tables are cards, or scroll inside a box
// of their own, and no figure on them is cut. The station's alarm log, the audit log, an account's
// detail and both message lists are cards with no box scrolling sideways, every value whole and
// each card's key fields shown; a card's action (an alarm's details, an account, marking a message
// read) is reached by tapping it. Screenshots (light and dark) go to /tmp/phone-shots/.
import { mkdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import enModes from '../../../locales/en/modes.json';
import zhModes from '../../../locales/zh/modes.json';
import enSystem from '../../../locales/en/system.json';
import zhSystem from '../../../locales/zh/system.json';
import { en, zh } from '../../catalogues';
import { describeBrowser } from '../helpers/browser';
import { md5 } from '../../../protocol/md5';
import { callApi, DEMO, tokenOf } from '../helpers/console';
import { openPage } from '../helpers/session';
import { settler } from '../helpers/settle';
import { tickingStationStack } from '../station/server';
import { clippedValues, dialogDefects, pageOverflow } from './layout-probes';
import { cutInCards, missingFields, sidewaysBoxes } from './phone-probes';

const SHOTS = '/tmp/phone-shots';
const PHONE = { width: 390, height: 844 };
const stack = tickingStationStack();
/** The administrator on a phone at `path`, in `lang`. */
const openPhone = (lang: 'en' | 'zh', path: string) => openPage(stack.browser, { baseURL: stack.server.url, language: lang, ...PHONE, who: DEMO.admin, path });

/** The main area never scrolls sideways either (the page's own overflow is caught there). */
const mainOverflow = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const m = document.querySelector<HTMLElement>('main')!;
    const out = m.scrollWidth > m.clientWidth + 1 ? [`main scrolls sideways: ${m.scrollWidth} > ${m.clientWidth}`] : [];
    // and no box in it is cut by it, unless a box of its own scrolls it
    for (const e of m.querySelectorAll<HTMLElement>('*')) {
      const r = e.getBoundingClientRect();
      if (r.width > 0 && r.right > innerWidth + 1 && !e.closest('[data-scrolls-sideways]')) {
        const clipped = [...ancestors(e)].some(
          (a) => a !== m && getComputedStyle(a).overflowX !== 'visible' && a.getBoundingClientRect().right <= innerWidth + 1,
        );
        if (!clipped)
          out.push(`beyond the window: <${e.tagName.toLowerCase()} ${e.dataset.testid ?? String(e.className).slice(0, 50)}> right ${Math.round(r.right)}`);
      }
    }
    return out.slice(0, 10);
    function* ancestors(e: HTMLElement) {
      for (let a = e.parentElement; a && a !== m; a = a.parentElement) yield a;
    }
  });

/** Every control of the open dialog is at least a finger (44 px) tall. */
const shortControls = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-dialog] :is(button, select, input:not([type=checkbox], [type=radio], [type=hidden]))')]
      .filter((e) => e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().height < 43.5)
      .map((e) => `too short: ${e.tagName.toLowerCase()}[${e.dataset.testid ?? ''}] ${Math.round(e.getBoundingClientRect().height)} px`),
  );

const inViewport = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((e) => {
    const r = e.getBoundingClientRect();
    return r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
  });

/** A dialog by its role and name, waited for through its panel (Headless UI's dialog element has no box of its own). */
const dialogNamed = async (page: Page, name?: string) => {
  const d = page.getByRole('dialog', name ? { name } : undefined);
  await d.locator('[data-dialog]').waitFor({ timeout: 15_000 });
  return d;
};

/** Switches the theme and waits for the colour transitions it starts (buttons fade over 150 ms), so the picture shows the theme's colours. */
const setTheme = (page: Page, theme: 'light' | 'dark') =>
  page.evaluate(async (d) => {
    document.documentElement.classList.toggle('dark', d);
    const faded = Promise.all(document.getAnimations().flatMap((a) => (a instanceof CSSTransition ? [a.finished.catch(() => undefined)] : [])));
    await Promise.race([faded, new Promise((r) => setTimeout(r, 1000))]);
  }, theme === 'dark');

async function shot(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/${name}-${theme}.png` });
  }
  await setTheme(page, 'light');
}

interface Station {
  id: number;
  providerId: number;
}

async function essStation(): Promise<Station> {
  const sim = [...stack.server.services.fleet!.gateways.keys()];
  const [s] = await stack.server.services.db.query<Station>(
    `SELECT s.id, s.provider_id AS "providerId" FROM stations s WHERE s.id = ANY($1::int[]) AND s.system_type = 1 AND 'ess' = ANY(s.energy_types) ORDER BY s.id LIMIT 1`,
    [sim],
  );
  return s!;
}

describeBrowser('phone layout (390×844)', () => {
  mkdirSync(SHOTS, { recursive: true });

  for (const lang of ['zh', 'en'] as const) {
    const L = lang === 'en' ? en : zh;
    const M = lang === 'en' ? enModes : zhModes;
    const S = lang === 'en' ? enSystem : zhSystem;

    it(`${lang}: no field-staff page is wider than the window`, async () => {
      const st = await essStation();
      const q = `?stationId=${st.id}&serviceProviderId=${st.providerId}`;
      const { page, errors, close } = await openPage(stack.browser, { baseURL: stack.server.url, language: lang, ...PHONE, who: DEMO.admin });
      const settle = settler(page);
      const pages: Array<[string, string, string]> = [
        ['home', '/homepage/index', 'main'],
        ['alarms', '/alarm/alarmList', 'alarm-list'],
        ['stations', '/monitor-station/list', 'station-list'],
        ['overview', `/overviewStations/overviewStations${q}`, 'station-bar'],
        ['equipment', `/dquipmentMonitoring/dquipmentMonitoring${q}`, 'station-bar'],
        ['modes', `/operationModeManagement/operationModeManagement${q}`, 'mode-controls'],
      ];
      const defects: string[] = [];
      for (const [name, path, ready] of pages) {
        await page.goto(path);
        await page.getByTestId(ready).first().waitFor({ timeout: 20_000 });
        await settle();
        for (const d of [...(await pageOverflow(page)), ...(await mainOverflow(page))]) defects.push(`${name}: ${d}`);
        await shot(page, `${name}-${lang}`);
        if (name !== 'equipment') continue;
        // the equipment's points: the list of every raw point, in rows of two lines
        await page.getByRole('tab', { name: L.station.types.points, exact: true }).click();
        await page.getByTestId('point-row').first().waitFor({ timeout: 15_000 });
        for (const d of [...(await pageOverflow(page)), ...(await mainOverflow(page))]) defects.push(`points: ${d}`);
        await shot(page, `points-${lang}`);
      }
      expect(defects).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    }, 180_000);

    it(`${lang}: reports, bills, analytics, system management, shelves and windows fit the window`, async () => {
      const st = await essStation();
      const q = `?stationId=${st.id}&serviceProviderId=${st.providerId}`;
      const { page, errors, close } = await openPhone(lang, '/homepage/index');
      await page.getByTestId('main').waitFor();
      const settle = settler(page);
      const token = (await tokenOf(page))!;
      // something to list: a shelved rule (one an alarm carried) and a planned window of the station
      const alarm = await stack.server.alarm(st.id, `phone-managing-${lang}`);
      expect(
        (
          await callApi(
            stack.server.url,
            'alarm',
            'shelveAlarmRule',
            {
              stationId: st.id,
              alarmRuleCode: alarm.ruleCode,
              minutes: 120,
              reason: lang === 'en' ? 'Inverter fan being replaced by the site crew this afternoon' : '现场人员今天下午更换逆变器风扇',
            },
            token,
          )
        ).body.code,
      ).toBe(0);
      const start = new Date(Date.now() + 3_600_000).toISOString();
      const end = new Date(Date.now() + 7_200_000).toISOString();
      expect(
        (
          await callApi(
            stack.server.url,
            'energystorage',
            'saveMaintenanceWindow',
            { stationId: st.id, start, end, reason: lang === 'en' ? 'Transformer inspection' : '变压器巡检' },
            token,
          )
        ).body.code,
      ).toBe(0);

      const defects: string[] = [];
      const check = async (name: string) => {
        await settle();
        for (const d of [...(await pageOverflow(page)), ...(await mainOverflow(page)), ...(await clippedValues(page))]) defects.push(`${name}: ${d}`);
        await shot(page, `${name}-${lang}`);
      };
      /** a table's column heads are hidden: its rows are cards that name each value */
      const headsShown = () =>
        page
          .locator('main [role=columnheader]')
          .evaluateAll((hs) => hs.filter((h) => h.getBoundingClientRect().width > 0 && !h.closest('[data-scrolls-sideways]')).length);

      for (const [name, path] of [
        ['report-platform', '/operations/platformReport'],
        ['report-provider', '/operations/serviceReport'],
      ] as const) {
        await page.goto(path);
        await page.getByTestId('report-query').click();
        await page.getByTestId('report-totals').waitFor({ timeout: 20_000 });
        await page.getByTestId('report-card').first().waitFor();
        expect(await headsShown(), `${name} column heads`).toBe(0);
        await check(name);
      }
      await page.goto('/operations/siteReport');
      await expect.poll(() => page.getByTestId('report-station').locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
      await page.getByTestId('report-station').selectOption(String(st.id));
      await page.getByTestId('report-query').click();
      await page.getByTestId('report-card').first().waitFor({ timeout: 20_000 });
      await check('report-site');
      await page.getByTestId('report-bills').click();
      await page.getByTestId('bill-row').first().waitFor({ timeout: 20_000 });
      await check('bills');
      await page.getByTestId('bill-open').first().click();
      await page.getByTestId('bill-total').waitFor();
      await check('bill');

      const listed: Array<[string, string, string]> = [
        ['analysis-pv', '/analysis/photovoltaic', 'analysis-stations'],
        ['analysis-ess', '/analysis/energyStorage', 'analysis-stations'],
        ['analysis-usage', '/analysis/energyUsage', 'analysis-stations'],
        ['accounts', '/system/account', 'account-table'],
        ['roles', '/system/role', 'role-table'],
        ['switch-records', `/operationModeManagement/switchRecord${q}`, 'switch-table'],
        ['providers', '/monitor/customers', 'provider-table'],
        ['provider-stations', `/monitor/customersDetails?serviceProviderId=${st.providerId}`, 'provider-stations'],
      ];
      for (const [name, path, table] of listed) {
        await page.goto(path);
        await page.getByTestId(table).waitFor({ timeout: 20_000 });
        await expect
          .poll(() => page.getByTestId(table).locator('[data-testid=table-card], [data-testid=empty]').count(), { timeout: 20_000 })
          .toBeGreaterThan(0);
        expect(await headsShown(), `${name} column heads`).toBe(0);
        // a field card's names, addresses and notes are read whole, not cut at a line's end
        for (const d of await cutInCards(page.getByTestId(table).locator('[data-testid=table-card]'))) defects.push(`${name}: ${d}`);
        await check(name);
      }
      for (const [name, path, ready] of [
        ['role-detail', '/system/roleDetail?roleId=1', 'main'],
        ['oil-price', `/electricityPriceManagement/oilPrice${q}`, 'oil-prices'],
      ] as const) {
        await page.goto(path);
        await page.getByTestId(ready).first().waitFor({ timeout: 20_000 });
        await check(name);
      }

      // a tariff's day bar: a band too narrow for its name shows none rather than "P…"
      await page.goto(`/electricityPriceManagement/electricityPriceManagement${q}`);
      await page.getByTestId('timeline-band').first().waitFor({ timeout: 20_000 });
      const bands = await page
        .getByTestId('timeline-band')
        .evaluateAll((bs) => bs.map((b) => ({ text: (b as HTMLElement).innerText.trim(), cut: b.scrollWidth > b.clientWidth + 1 })));
      expect(
        bands.filter((b) => b.cut).map((b) => b.text),
        'day bar names cut',
      ).toEqual([]);
      expect(
        bands.some((b) => b.text),
        'a band wide enough names its period',
      ).toBe(true);
      await check('tariffs');
      await page.goto('/alarm/shelves');
      const shelf = page.locator(`[data-testid=shelf-row][data-rule="${alarm.ruleCode}"]`);
      await shelf.waitFor({ timeout: 20_000 });
      expect(await headsShown(), 'shelves column heads').toBe(0);
      // the whole reason is read on the card, not cut
      expect(await shelf.getByTestId('shelf-reason').evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
      await check('shelves');
      await page.goto('/alarm/maintenance');
      await page.locator(`[data-testid=window-row][data-station="${st.id}"]`).first().waitFor({ timeout: 20_000 });
      expect(await headsShown(), 'windows column heads').toBe(0);
      await check('maintenance');
      expect(defects).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    }, 240_000);

    it(`${lang}: the alarm log, audit log, account detail and message lists are cards a finger reads and opens`, async () => {
      const st = await essStation();
      const q = `?stationId=${st.id}&serviceProviderId=${st.providerId}`;
      // an alarm whose text is longer than a phone's line
      const content =
        lang === 'en'
          ? `phone-cards-${Date.now()} DC bus over-voltage on the second converter cabinet after the morning start`
          : `phone-cards-${Date.now()} 早间启动后第二台变流器柜直流母线过压，请现场人员检查`;
      const alarm = await stack.server.alarm(st.id, content);
      const [{ name: stationName }] = (await stack.server.services.db.query<{ name: string }>('SELECT name FROM stations WHERE id = $1', [st.id])) as [
        { name: string },
      ];
      const { page, errors, close } = await openPhone(lang, '/homepage/index');
      await page.getByTestId('main').waitFor();
      const defects: string[] = [];
      const headsShown = () => page.locator('main [role=columnheader]').evaluateAll((hs) => hs.filter((h) => h.getBoundingClientRect().width > 0).length);
      /** the page as a whole, its boxes, and its cards (a page whose rows are not cards says so) */
      const check = async (name: string, cards: string, fields: readonly string[]) => {
        await page.waitForTimeout(800);
        const list = page.locator(cards);
        if ((await list.count()) === 0) defects.push(`${name}: no cards`);
        for (const d of [
          ...(await pageOverflow(page)),
          ...(await mainOverflow(page)),
          ...(await sidewaysBoxes(page)),
          ...(await clippedValues(page)),
          ...(await cutInCards(list)),
          ...(await missingFields(list, fields)),
        ])
          defects.push(`${name}: ${d}`);
        if ((await headsShown()) > 0) defects.push(`${name}: column heads shown`);
        await shot(page, `${name}-${lang}`);
      };

      // the station's alarm log: the alarm's card, and its details through the card's button
      await page.goto(`/alarmLog/alarmLog${q}`);
      const alarmCard = page.locator(`[data-alarm="${alarm.id}"]`);
      await alarmCard.waitFor({ timeout: 20_000 });
      await check('alarm-log-cards', '[data-testid=alarm-card]', ['alarm-type', 'alarm-status', 'alarm-device', 'alarm-content', 'alarm-time']);
      expect(await alarmCard.getByTestId('alarm-content').innerText()).toContain(content);
      await alarmCard.getByRole('button', { name: L.alarms.handling.details, exact: true }).click();
      const detail = await dialogNamed(page, L.alarms.handling.detailTitle);
      expect(await inViewport(page, 'alarm-detail')).toBe(true);
      expect(await dialogDefects(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await detail.waitFor({ state: 'detached' });

      // the audit log: who did what, on what, when, and how it went
      await page.goto('/system/audit');
      await page.locator('[data-action]').first().waitFor({ timeout: 20_000 });
      await check('audit-cards', '[data-testid=audit-card]', ['audit-card-action', 'audit-card-who', 'audit-card-target']);

      // an account opens from its card; its detail (a session and a sign-in of its own) has no box wider than the window
      expect((await callApi(stack.server.url, 'asset', 'login', { account: DEMO.provider.account, password: md5(DEMO.provider.password) })).body.code).toBe(0);
      await page.goto('/system/account');
      await page.getByRole('searchbox', { name: S.account.search }).fill(DEMO.provider.account);
      const accountCard = page
        .locator('[data-testid=table-card]')
        .filter({ has: page.getByTestId('account-cell').getByText(DEMO.provider.account, { exact: true }) });
      await accountCard.click({ timeout: 20_000 });
      await page.waitForURL(/accountDetail/);
      await page.getByTestId('account-detail').waitFor({ timeout: 20_000 });
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(DEMO.provider.account);
      await page.getByTestId('session-row').first().waitFor({ timeout: 20_000 });
      await page.locator('[data-testid=account-detail] [data-action]').first().waitFor({ timeout: 20_000 });
      await check('account-detail-cards', '[data-testid=account-detail] dl, [data-testid=session-row], [data-testid=audit-card]', []);
      await page.getByTestId('account-sessions').scrollIntoViewIfNeeded();
      await shot(page, `account-detail-sessions-${lang}`);

      // all messages: the alarm's card, marked read by a tap
      await page.goto('/message/global');
      const msgCard = page.locator(`[data-alarm="${alarm.id}"]`);
      await msgCard.waitFor({ timeout: 20_000 });
      expect(await msgCard.getAttribute('data-read')).toBe('false');
      await check('messages-cards', '[data-testid=msg-card]', ['msg-time', 'msg-station', 'msg-read-state']);
      await msgCard.click();
      await expect.poll(() => msgCard.getAttribute('data-read'), { timeout: 15_000 }).toBe('true');

      // the message list a pop-up's View opens: the alarm's card marked
      await page.goto(`/message/list?stationName=${encodeURIComponent(stationName)}&alarmId=${alarm.id}`);
      const messageCard = page.locator(`[data-alarm-id="${alarm.id}"]`);
      await messageCard.waitFor({ timeout: 20_000 });
      expect(await messageCard.getAttribute('aria-current')).toBe('true');
      await check('message-list-cards', '[data-testid=message-card]', ['message-time', 'message-station']);
      expect(defects).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    }, 180_000);

    it(`${lang}: the menu is a drawer that opens, navigates, and closes on Escape and on the backdrop`, async () => {
      const { page, errors, close } = await openPhone(lang, '/homepage/index');
      await page.getByTestId('main').waitFor();
      expect(await page.getByTestId('sidebar').count()).toBe(0);
      const menuButton = page.getByRole('button', { name: L.app.sidebar.open });
      const drawer = page.getByRole('navigation', { name: L.app.sidebar.label });

      await menuButton.click();
      await drawer.waitFor();
      expect(await inViewport(page, 'drawer')).toBe(true);
      await shot(page, `drawer-${lang}`);
      // focus stays inside while it is open
      for (let i = 0; i < 30; i++) await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid=drawer]'))).toBe(true);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('menu-open');

      // a tap beside it closes it
      await menuButton.click();
      await drawer.waitFor();
      await page.mouse.click(380, 400);
      await drawer.waitFor({ state: 'detached' });

      // a menu entry navigates and closes it
      await menuButton.click();
      await drawer.getByRole('button', { name: L.menu.alarmCenter, exact: true }).click();
      await drawer.getByRole('link', { name: L.routes.alarmAlarmList, exact: true }).click();
      await page.waitForURL(/\/alarm\/alarmList/);
      await drawer.waitFor({ state: 'detached' });
      expect(await page.getByTestId('header-title').innerText()).toBe(L.routes.alarmAlarmList);
      expect(errors).toEqual([]);
      await close();
    }, 90_000);

    it(`${lang}: an alarm card is acknowledged and its rule shelved by tapping its buttons`, async () => {
      const st = await essStation();
      const content = `phone-${lang}-${Date.now()}`;
      const row = await stack.server.alarm(st.id, content);
      const { page, errors, close } = await openPhone(lang, '/alarm/alarmList');
      await page.getByTestId('alarm-list').waitFor({ timeout: 20_000 });
      await page.getByText(L.alarmCenter.list.filters, { exact: true }).click();
      await page.getByPlaceholder(L.station.alarmLog.keyword).fill(content);
      const card = page.locator(`[data-testid=alarm-card][data-alarm="${row.id}"]`);
      await card.waitFor({ timeout: 15_000 });
      expect(await card.innerText()).toContain(content);
      await page.getByText(L.alarmCenter.list.filters, { exact: true }).click();
      await shot(page, `alarm-card-${lang}`);

      // acknowledge: the card's button, then the sheet's
      await card.getByRole('button', { name: L.alarms.handling.ack, exact: true }).click();
      const ack = await dialogNamed(page, L.alarms.handling.ackTitle);
      expect([...(await dialogDefects(page)), ...(await shortControls(page)), ...(await pageOverflow(page))]).toEqual([]);
      expect(await inViewport(page, 'ack-dialog')).toBe(true);
      await shot(page, `ack-dialog-${lang}`);
      await ack.getByRole('textbox').fill(lang === 'en' ? 'On site' : '已到现场');
      await ack.getByRole('button', { name: L.alarms.handling.ack, exact: true }).click();
      await ack.waitFor({ state: 'detached' });
      await card.getByTestId('alarm-acked-by').waitFor({ timeout: 15_000 });
      expect(await card.getByRole('button', { name: L.alarms.handling.ack, exact: true }).count()).toBe(0);

      // shelve: the card's link opens the shelve sheet filled with its station and rule
      await card.getByRole('link', { name: L.alarms.handling.shelve, exact: true }).click();
      const shelve = await dialogNamed(page, L.alarms.handling.shelveTitle);
      expect([...(await dialogDefects(page)), ...(await shortControls(page)), ...(await pageOverflow(page))]).toEqual([]);
      expect(await inViewport(page, 'shelve-dialog')).toBe(true);
      await shelve.getByRole('textbox').fill(lang === 'en' ? 'Crew working on it' : '检修中');
      await shot(page, `shelve-dialog-${lang}`);
      await shelve.getByRole('button', { name: L.alarms.handling.shelve, exact: true }).click();
      await shelve.waitFor({ state: 'detached', timeout: 15_000 });
      await page.locator(`[data-testid=shelf-row][data-station="${st.id}"][data-rule="${row.ruleCode}"]`).waitFor({ timeout: 15_000 });
      expect(errors).toEqual([]);
      await close();
    }, 120_000);

    it(`${lang}: a station opens from its card, and a mode switch asks in a sheet inside the window`, async () => {
      const st = await essStation();
      const { page, errors, close } = await openPhone(lang, '/monitor-station/list');
      const card = page.locator(`[data-testid=station-card][data-station="${st.id}"]`);
      const [{ name }] = (await stack.server.services.db.query<{ name: string }>('SELECT name FROM stations WHERE id = $1', [st.id])) as [{ name: string }];
      await page.getByRole('searchbox', { name: L.monitor.stations.search }).fill(name);
      await card.click({ timeout: 20_000 });
      await page.waitForURL(/overviewStations/);
      await page.getByTestId('station-bar').waitFor();

      // its equipment, through the drawer's station menu
      await page.getByRole('button', { name: L.app.sidebar.open }).click();
      await page.getByTestId('drawer').getByRole('link', { name: L.routes.equipmentMonitoring, exact: true }).click();
      await page.waitForURL(/dquipmentMonitoring/);
      expect([...(await pageOverflow(page)), ...(await mainOverflow(page))]).toEqual([]);

      await page.goto(`/operationModeManagement/operationModeManagement?stationId=${st.id}&serviceProviderId=${st.providerId}`);
      const controls = page.getByTestId('mode-controls');
      await expect.poll(() => controls.getAttribute('data-loaded'), { timeout: 20_000 }).toBe('true');
      const running = (await page.getByTestId('mode-peakShaving').getAttribute('data-running')) === 'true';
      await page
        .getByTestId('mode-peakShaving')
        .getByRole('button', { name: running ? M.control.shutDown : M.control.enable, exact: true })
        .click();
      const confirm = await dialogNamed(page);
      expect(await inViewport(page, 'confirm-dialog')).toBe(true);
      expect([...(await dialogDefects(page)), ...(await shortControls(page)), ...(await pageOverflow(page))]).toEqual([]);
      await shot(page, `mode-confirm-${lang}`);
      await confirm.getByRole('button', { name: M.actions.confirm, exact: true }).click();
      await confirm.waitFor({ state: 'detached' });
      await page.getByTestId('switch-outcome').waitFor({ timeout: 20_000 });
      expect(errors).toEqual([]);
      await close();
    }, 120_000);
  }
});
