// SPEC §2 routing rules, end to end against the real server.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeBrowser } from '../helpers/browser';
import { startServer } from '../helpers/server';
import { DEMO, login, pathOf } from '../helpers/console';
import { openPage, serverAndBrowser, type Opened } from '../helpers/session';

describeBrowser('routing rules', () => {
  const stack = serverAndBrowser(() => startServer());
  let opened: Opened | undefined;
  let page: Page;
  let errors: string[];
  /** a new session-less page, the previous one closed */
  const fresh = async (language: 'zh' | 'en' = 'en') => {
    await opened?.close();
    opened = await openPage(stack.browser, { baseURL: stack.server.url, language });
    ({ page, errors } = opened);
  };

  it('/ without a session goes to login with redirect=/', async () => {
    await fresh();
    await page.goto('/');
    await page.waitForURL('**/login?redirect=%2F');
    expect(pathOf(page)).toBe('/login?redirect=%2F');
  });

  it('a protected target without a session goes to login with the full target, and back after login', async () => {
    await fresh();
    await page.goto('/alarm/alarmList?a=1&b=x%20y');
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/alarm/alarmList?a=1&b=x%20y');
    await page.getByTestId('login-account').fill(DEMO.admin.account);
    await page.getByTestId('login-password').fill(DEMO.admin.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/alarm/alarmList?a=1&b=x%20y');
    expect(await page.title()).toContain('Alarm record list');
    expect(errors).toEqual([]);
  });

  it('unmatched paths go to /404 with the page_NotFound text', async () => {
    await fresh('en');
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
    await page.getByTestId('page-404').waitFor();
    expect(await page.getByTestId('page-404').textContent()).toContain('Sorry, the page you are looking for does not exist');
    expect(await page.locator('[data-testid=page-404] img').count()).toBe(1);
  });

  it('public pages open without a session', async () => {
    await fresh();
    for (const p of ['/404', '/findPassword', '/report/monthReport', '/report/yearReport', '/login']) {
      await page.goto(p);
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname).toBe(p);
    }
  });

  it('signed in: /login goes to the redirect value or /, and / to the first preferred route', async () => {
    await fresh();
    await login(page, DEMO.admin);
    expect(pathOf(page)).toBe('/homepage/index');
    await page.goto('/login');
    await page.waitForURL('**/homepage/index');
    await page.goto('/login?redirect=%2Fsystem%2Frole');
    await page.waitForURL('**/system/role');
    await page.goto('/homepage');
    await page.waitForURL('**/homepage/index');
    await page.goto('/monitor');
    await page.waitForURL('**/monitor/customers');
  });

  it('first navigation with a session but no stored profile loads route access first', async () => {
    await fresh();
    await login(page, DEMO.admin);
    await page.evaluate(() => localStorage.removeItem('userProfile'));
    await page.goto('/alarm/alarmAnalysis');
    await page.locator('[data-menu="alarm.alarmAnalysis"]').waitFor();
    expect(pathOf(page)).toBe('/alarm/alarmAnalysis');
    expect(await page.evaluate(() => !!localStorage.getItem('userProfile'))).toBe(true);
  });

  it('station-detail routes re-add missing ids from the previous route, then from session storage', async () => {
    await fresh();
    await login(page, DEMO.admin);
    const st = [...stack.server.services.registry.stations.values()][0]!;
    const q = `stationId=${st.id}&serviceProviderId=${st.providerId}`;
    await page.goto(`/overviewStations/overviewStations?${q}`);
    await page.getByTestId('station-bar').waitFor();
    // client-side navigation without the ids: taken from the previous route
    await page.evaluate(() => history.pushState(null, '', '/alarmLog/alarmLog'));
    await page.waitForURL(`**/alarmLog/alarmLog?${q}`);
    // a fresh load without ids: taken from session storage
    await page.goto('/dquipmentMonitoring/dquipmentMonitoring');
    await page.waitForURL(`**/dquipmentMonitoring/dquipmentMonitoring?${q}`);
    // the header shows the station name from queryStationInfoById
    await page.getByTestId('header-station').waitFor();
    expect(await page.getByTestId('header-station').textContent()).toBe(st.name);
    // station menus only on station routes
    expect(await page.locator('[data-menu-group="tariff"]').count()).toBe(1);
    await page.goto('/alarm/alarmList');
    await page.locator('[data-menu="homepage.index"]').waitFor();
    expect(await page.locator('[data-menu-group="tariff"]').count()).toBe(0);
  });

  it('without any station ids a station route says so', async () => {
    await fresh();
    await login(page, DEMO.admin);
    await page.goto('/alarmLog/alarmLog');
    await page.getByTestId('station-missing').waitFor();
  });
});
