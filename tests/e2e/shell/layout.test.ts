// Layout rules (SPEC §2, §4, §6): sidebar cookie, org switcher scope, permission filtering with
// the server refusing too, 401 mid-session, logout, root font size, a screen whose code fails to load.
import { expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { describeBrowser, newContext } from '../helpers/browser';
import { startServer } from '../helpers/server';
import { DEMO, callApi, pathOf, tokenOf } from '../helpers/console';
import { openPage, serverAndBrowser, type Account } from '../helpers/session';

const SELECTOR_ROUTES = [
  '/monitor-station/list',
  '/message/list',
  '/analysis/photovoltaic',
  '/alarm/alarmList',
  '/operations/siteReport',
  '/monitor/customersDetails',
  '/analysis/energyStorage',
  '/analysis/energyUsage',
  '/system/role',
  '/system/account',
  '/alarm/alarmAnalysis',
  '/operations/serviceReport',
];
const NO_SELECTOR_ROUTES = ['/homepage/index', '/monitor/customers', '/operations/platformReport'];

describeBrowser('layout, permissions and session', () => {
  const stack = serverAndBrowser(() => startServer());
  const open = (who: Account) => openPage(stack.browser, { baseURL: stack.server.url, language: 'en', who });
  /** in-app navigation, as the menu does it (a page load per route would start the app again) */
  const navigate = (page: Page, path: string) =>
    page.evaluate(async (p) => {
      history.pushState(null, '', p);
      await new Promise((r) => setTimeout(r, 0));
    }, path);
  const cookie = async (ctx: BrowserContext, name: string) => (await ctx.cookies()).find((c) => c.name === name)?.value;

  it('sidebar state lives in a cookie as 1/0 and survives a reload', async () => {
    const { ctx, page } = await open(DEMO.admin);
    await page.goto('/alarm/alarmList');
    await page.getByTestId('sidebar').waitFor();
    expect(await page.getByTestId('sidebar').getAttribute('data-open')).toBe('1');
    await page.getByTestId('sidebar-toggle').click();
    expect(await cookie(ctx, 'sidebarStatus')).toBe('0');
    await page.reload();
    await page.getByTestId('sidebar').waitFor();
    expect(await page.getByTestId('sidebar').getAttribute('data-open')).toBe('0');
    await page.getByTestId('sidebar-toggle').click();
    expect(await cookie(ctx, 'sidebarStatus')).toBe('1');
    // unique-open accordion
    await page.locator('[data-menu-group="analysis"]').click();
    expect(await page.locator('[data-menu-group][aria-expanded="true"]').count()).toBe(1);
    await page.locator('[data-menu-group="system"]').click();
    expect(await page.locator('[data-menu-group][aria-expanded="true"]').count()).toBe(1);
    expect(await page.locator('[data-menu-group="system"]').getAttribute('aria-expanded')).toBe('true');
    await ctx.close();
  });

  it('the provider selector shows for orgType 1 on exactly the listed routes, and a change reloads the main area', async () => {
    const { ctx, page } = await open(DEMO.admin);
    await page.goto(NO_SELECTOR_ROUTES[0]!);
    await page.getByTestId('main').waitFor();
    // each route with the selector after one without, and the other way round
    for (const [i, p] of SELECTOR_ROUTES.entries()) {
      const q = NO_SELECTOR_ROUTES[i % NO_SELECTOR_ROUTES.length]!;
      await navigate(page, p);
      await expect.poll(() => page.getByTestId('provider-selector').count(), { message: p }).toBe(1);
      await navigate(page, q);
      await expect.poll(() => page.getByTestId('provider-selector').count(), { message: q }).toBe(0);
    }
    await page.goto('/alarm/alarmList');
    await page.locator('[data-testid=provider-selector] button').click();
    const options = page.locator('[data-org]');
    await options.first().waitFor();
    expect(await options.count()).toBeGreaterThan(1);
    const before = await page.getByTestId('main').getAttribute('data-reload');
    const current = await page.getByTestId('provider-current').textContent();
    const other = page
      .locator('[data-org]')
      .filter({ hasNotText: current ?? '' })
      .first();
    const name = await other.textContent();
    await other.click();
    await page.waitForFunction((b) => document.querySelector('[data-testid=main]')?.getAttribute('data-reload') !== b, before);
    expect(await page.getByTestId('provider-current').textContent()).toBe(name);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('currentOrg')))!).name).toBe(name);
    await ctx.close();
  });

  it('a provider admin (orgType 2) never sees the selector; Home carries customerId', async () => {
    const { ctx, page } = await open(DEMO.provider);
    for (const p of SELECTOR_ROUTES.slice(0, 4)) {
      await navigate(page, p);
      await page.getByTestId('main').waitFor();
      expect(await page.getByTestId('provider-selector').count(), p).toBe(0);
    }
    const href = await page.getByTestId('breadcrumb-home').getAttribute('href');
    expect(href).toMatch(/^\/homepage\/index\?customerId=\d+$/);
    await ctx.close();
  });

  it('a menu entry without its permission is hidden and the server refuses its action', async () => {
    const { ctx, page } = await open(DEMO.operator);
    await page.goto('/alarm/alarmList');
    await page.getByTestId('menu').waitFor();
    expect(await page.locator('[data-menu="system.account"]').count()).toBe(0);
    expect(await page.locator('[data-menu-group="system"]').count()).toBe(0);
    await page.goto('/system/account');
    await page.waitForURL('**/404');
    const r = await callApi(stack.server.url, 'asset', 'queryAccountList', { page: 1, length: 10 }, (await tokenOf(page))!);
    expect(r.status).toBe(403);
    expect(r.body.code).toBe(2003);
    await ctx.close();
  });

  it('a 401 mid-session clears the token and lands on login with the current path as redirect', async () => {
    const { ctx, page } = await open(DEMO.admin);
    await page.goto('/alarm/alarmList?x=1');
    await page.getByTestId('main').waitFor();
    const token = (await tokenOf(page))!;
    expect((await callApi(stack.server.url, 'asset', 'logout', {}, token)).body.code).toBe(0);
    // the next call of the page answers 401: open the message list (it loads alarm records)
    await page.locator('[data-menu="alarm.alarmList"]').waitFor();
    await page.evaluate(() => history.pushState(null, '', '/message/list?stationName=abc'));
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/message/list?stationName=abc');
    expect(await tokenOf(page)).toBeNull();
    expect(await cookie(ctx, 'accessToken')).toBeUndefined();
    await ctx.close();
  });

  it('logout clears credentials, calls logout and goes to login', async () => {
    const { ctx, page } = await open(DEMO.admin);
    await page.goto('/alarm/alarmList');
    const token = (await tokenOf(page))!;
    const call = page.waitForRequest((r) => (r.postData() ?? '').includes('action=logout'));
    await page.getByTestId('navbar-logout').click();
    await call;
    await page.waitForURL('**/login');
    expect(await tokenOf(page)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('userProfile'))).toBeNull();
    expect((await callApi(stack.server.url, 'asset', 'queryProfile', {}, token)).status).toBe(401);
    await page.goto('/alarm/alarmList');
    await page.waitForURL(/\/login\?redirect=/);
    await ctx.close();
  });

  it('a screen whose code fails to load shows its error inside the layout; the sidebar and header stay usable', async () => {
    const { ctx, page } = await open(DEMO.admin);
    await page.route(/\/assets\/AlarmAnalysisPage-[^/]*\.js$/, (r) => r.abort());
    await page.goto('/alarm/alarmAnalysis');
    const error = page.getByTestId('chunk-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('This screen failed to load');
    expect(await page.getByTestId('main').getByTestId('chunk-error').count()).toBe(1);
    await page.getByTestId('sidebar').waitFor();
    await page.getByTestId('header-home').waitFor();
    // another screen opens from the same sidebar, without a reload
    await page.locator('[data-menu="alarm.alarmList"]').click();
    await page.waitForURL('**/alarm/alarmList');
    await page.getByTestId('alarm-list').waitFor();
    expect(await error.count()).toBe(0);
    await ctx.close();
  });

  it('root font size is width/10 clamped to 136..192 px', async () => {
    const ctx = await newContext(stack.browser, { baseURL: stack.server.url, language: 'en', width: 1600, height: 900 });
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByTestId('login-submit').waitFor();
    const size = () => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    expect(await size()).toBe('160px');
    await page.setViewportSize({ width: 1200, height: 800 });
    await expect.poll(size).toBe('136px');
    await page.setViewportSize({ width: 2400, height: 900 });
    await expect.poll(size).toBe('192px');
    expect(pathOf(page)).toBe('/login');
    await ctx.close();
  });
});
