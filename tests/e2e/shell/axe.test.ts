// The accessibility guard (docs/accessibility.md): axe-core's WCAG 2.0/2.1 A and AA rules on every
// route of the route table and inside every dialog, as the platform admin at 1600×900, against a
// server with the simulated fleet. Any serious or critical violation fails, listed by rule, route
// and the first node's selector. Four cases: zh and en, light and dark; one page per case, moved
// between routes in-app as the menu does. By default the routes and dialogs are dealt out over the
// four cases in turn (each route once, each case a quarter of them; which quarter moves with the
// route table), which keeps the suite within its time; AXE_FULL=1 checks every route and dialog in
// every case (docs/accessibility.md).
import { expect, it } from 'vitest';
import { ROUTES } from '../../../src/app/routes';
import { describeBrowser } from '../helpers/browser';
import { DEMO, login } from '../helpers/console';
import { listenApp } from '../helpers/server';
import { openPage, serverAndBrowser } from '../helpers/session';
import { axeFindings, line, summary, type Finding } from './axe-probe';
import { DIALOGS } from './layout-dialogs';
import { navigate, queryOf, quietAfter, where } from './route-visits';

type Theme = 'light' | 'dark';
const CASES: ReadonlyArray<{ lang: 'zh' | 'en'; theme: Theme }> = [
  { lang: 'zh', theme: 'light' },
  { lang: 'en', theme: 'dark' },
  { lang: 'en', theme: 'light' },
  { lang: 'zh', theme: 'dark' },
];
const FULL = process.env.AXE_FULL === '1';
/** the items case `c` checks: all of them with AXE_FULL=1, else every fourth from the c-th */
const dealt = <T>(items: readonly T[], c: number): T[] => (FULL ? [...items] : items.filter((_, i) => i % CASES.length === c));

const stack = serverAndBrowser(() => listenApp({ seedStations: 12, config: { simulator: true, backfillDays: 2 } }));

async function themedPage(lang: 'zh' | 'en', theme: Theme) {
  const opened = await openPage(stack.browser, { baseURL: stack.server.url, language: lang, width: 1600, height: 900 });
  await opened.ctx.addInitScript((t) => localStorage.setItem('theme', t), theme);
  return opened;
}

const report = (label: string, findings: Finding[]) => {
  if (findings.length) console.log(`[axe] ${label}\n${summary(findings)}\n${findings.map(line).join('\n')}`);
};

describeBrowser('accessibility guard', () => {
  for (const [c, { lang, theme }] of CASES.entries()) {
    it(`${lang} ${theme}: no route has a serious or critical axe violation`, async () => {
      const w = await where(stack.server.services.db);
      const { page, errors, close } = await themedPage(lang, theme);
      const quiet = quietAfter(page);
      const findings: Finding[] = [];
      const mine = dealt(ROUTES, c);
      for (const r of mine.filter((x) => x.permission === null)) {
        await page.goto(r.path + queryOf(r, w));
        await quiet();
        findings.push(...(await axeFindings(page, `${lang} ${theme} ${r.name}`)));
      }
      await login(page, DEMO.admin);
      for (const r of mine.filter((x) => x.permission !== null)) {
        await navigate(page, r.path + queryOf(r, w));
        await page.getByTestId('main').waitFor();
        await quiet();
        findings.push(...(await axeFindings(page, `${lang} ${theme} ${r.name}`)));
      }
      report(`${lang} ${theme} routes`, findings);
      expect(findings.map(line)).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    }, 900_000);

    it(`${lang} ${theme}: no dialog has a serious or critical axe violation`, async () => {
      const w = await where(stack.server.services.db);
      const { page, errors, close } = await themedPage(lang, theme);
      await login(page, DEMO.admin);
      const quiet = quietAfter(page);
      const findings: Finding[] = [];
      for (const d of dealt(DIALOGS, c)) {
        await page.goto(d.path(w));
        await quiet();
        await d.open(page);
        await page.locator('[data-dialog]').waitFor();
        await quiet();
        findings.push(...(await axeFindings(page, `${lang} ${theme} ${d.name} dialog`, '[data-dialog]')));
      }
      report(`${lang} ${theme} dialogs`, findings);
      expect(findings.map(line)).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    }, 600_000);
  }

  it('a virtual table says which row of how many is shown and how it is sorted', async () => {
    const { page, errors, close } = await themedPage('en', 'light');
    await login(page, DEMO.admin);
    const quiet = quietAfter(page);
    await page.goto('/alarm/alarmList');
    await page.getByTestId('alarm-row').first().waitFor();
    await quiet();
    const table = page.locator('[role=table][aria-rowcount]').first();
    const rowCount = Number(await table.getAttribute('aria-rowcount'));
    expect(rowCount).toBeGreaterThan(10);
    expect(await table.locator('[role=row]').first().getAttribute('aria-rowindex')).toBe('1');
    // only a window of rows is in the page; the last one, scrolled to, is numbered last
    await table.locator('[role=rowgroup][tabindex="0"]').evaluate((e) => e.scrollTo(0, e.scrollHeight));
    await expect
      .poll(async () => Math.max(...(await table.getByTestId('alarm-row').evaluateAll((rs) => rs.map((r) => Number(r.getAttribute('aria-rowindex')))))))
      .toBe(rowCount);
    expect(await table.getByTestId('alarm-row').count()).toBeLessThan(rowCount - 1);

    await page.goto('/monitor-station/list');
    const header = page.locator('[role=columnheader]:has([data-testid^=sort-])').first();
    const sort = header.locator('[data-testid^=sort-]');
    await sort.waitFor();
    const before = await header.getAttribute('aria-sort');
    await sort.click();
    await expect.poll(() => header.getAttribute('aria-sort')).not.toBe(before);
    expect(['ascending', 'descending']).toContain(await header.getAttribute('aria-sort'));
    expect(errors).toEqual([]);
    await close();
  }, 120_000);
});
