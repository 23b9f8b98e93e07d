// Alarm center in Chromium against the real server, in zh and en: the alarm list agrees with the
// server for the selected provider, shows translated contents, narrows on filters, says 'noDate'
// when nothing matches, gains a pushed alarm without reload, resolves one (admin) and exports
// the filtered CSV; the read-only operator sees no Resolve and the server refuses it. Screenshots
// go to /tmp/shots/alarm-*.png. One server for both languages; what has no text of its own (the
// date filters, the operator's refusal) runs in the first language only.
import { mkdirSync, readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { en, zh } from '../../catalogues';
import { describeBrowser } from '../helpers/browser';
import { callApi, DEMO, pathOf, storeState, tokenOf } from '../helpers/console';
import { startServer } from '../helpers/server';
import { openPage, serverAndBrowser, type Account } from '../helpers/session';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
type Rec = { alarmId: number; stationId: number; alarmStatus: number; content: string; alarmRuleCode: string };
type Page1000 = { totalCount: number; dataList: Rec[] };

beforeAll(() => void mkdirSync(SHOTS, { recursive: true }));
const stack = serverAndBrowser(() => startServer({ seedStations: 12 }));

for (const lang of ['en', 'zh'] as const) {
  const L = lang === 'en' ? en : zh;
  const full = lang === 'en';
  describeBrowser(`alarm center (${lang})`, () => {
    const open = (who: Account, path: string) => openPage(stack.browser, { baseURL: stack.server.url, language: lang, width: 1600, height: 900, who, path });
    const total = async (page: Page) => Number(await page.getByTestId('alarm-list').getAttribute('data-total'));
    const totalBecomes = (page: Page, pred: string, arg: number) =>
      page.waitForFunction(
        ([p, n]) => {
          const el = document.querySelector('[data-testid=alarm-list]');
          if (!el || el.getAttribute('data-loaded') !== 'true') return false;
          const v = Number(el.getAttribute('data-total'));
          return p === 'lt' ? v < (n as number) : v === n;
        },
        [pred, arg] as const,
        { timeout: 20_000 },
      );
    const apiList = async (page: Page, vo: Record<string, unknown>) =>
      (await callApi(stack.server.url, 'alarm', 'fuzzyAlarmRecord', { alarmRecordVo: vo, page: 1, length: 1000 }, (await tokenOf(page)) ?? undefined)).body
        .data as Page1000;

    it("lists the provider's alarms with translated contents, filters them and says noDate", async () => {
      const { page, errors, close } = await open(DEMO.admin, '/alarm/alarmList');
      await page.getByTestId('alarm-row').first().waitFor({ timeout: 20_000 });
      const orgId = await storeState<number>(page, 'session.currentOrg.id');
      const all = await apiList(page, { orgId });
      expect(all.totalCount).toBeGreaterThan(3);
      await totalBecomes(page, 'eq', all.totalCount);
      expect(await page.getByTestId('alarm-count').innerText()).toContain(String(all.totalCount));
      // newest first, exactly the server's order
      const ids = await page.getByTestId('alarm-row').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-alarm'))));
      expect(ids).toEqual(all.dataList.slice(0, ids.length).map((r) => r.alarmId));
      // times are each station's own by default, the header says so; the viewer's zone is named
      expect(await page.locator('[role=columnheader]').allInnerTexts()).toContain(L.alarms.handling.alarmTimeStation);
      await page.getByTestId('zone-browser').click();
      const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      await expect.poll(() => page.locator('[role=columnheader]').allInnerTexts()).toContain(L.alarmCenter.list.alarmTimeIn.replace('{{zone}}', zone));
      // the day filters below follow the viewer's days in this mode

      // contents in the reader's language: catalogue rules never show the server's English in zh
      const contents = await page.getByTestId('alarm-content').allInnerTexts();
      expect(contents.every((c) => c.length > 0 && !c.includes('{{'))).toBe(true);
      if (lang === 'zh') {
        // the newest catalogue alarm (the first language's test alarms carry their own text)
        const first = all.dataList.find((r) => r.alarmRuleCode in L.alarms.rules)!;
        const shown = await page.locator(`[data-testid=alarm-row][data-alarm="${first.alarmId}"] [data-testid=alarm-content]`).innerText();
        expect(shown).not.toBe(first.content);
        expect(shown).toMatch(/[\u4e00-\u9fff]/);
      }

      // status filter: fewer rows, all unresolved, and the server agrees on the count
      await page.getByTestId('filter-status').selectOption('1');
      const open1 = await apiList(page, { orgId, alarmStatus: 1 });
      await totalBecomes(page, 'eq', open1.totalCount);
      expect(open1.totalCount).toBeLessThan(all.totalCount);
      expect(new Set(await page.getByTestId('alarm-status').allInnerTexts())).toEqual(new Set(open1.totalCount ? [L.station.alarmLog.statuses['1']] : []));
      if (full) await dateAndCategoryFilters(page, orgId, all.totalCount);

      // keyword in the reader's language: the most frequent rule by its translated name
      await page.getByTestId('filter-status').selectOption('');
      await totalBecomes(page, 'eq', all.totalCount);
      await keywordFilter(page, all);

      // a station nobody has: 'noDate'
      await page.getByTestId('filter-station').fill('zzz-no-such-station');
      await page.getByTestId('empty').waitFor();
      expect(await page.getByTestId('empty').innerText()).toBe(L.noDate);
      expect(await page.getByTestId('alarm-row').count()).toBe(0);
      await page.getByTestId('filter-reset').click();
      await page.getByTestId('alarm-row').first().waitFor();

      await page.screenshot({ path: `${SHOTS}/alarm-list-${lang}.png` });
      // a station name opens that station's alarm log
      const row = page.getByTestId('alarm-row').first();
      const stationId = await row.getAttribute('data-station');
      await row.getByTestId('alarm-station').click();
      await page.waitForURL((u) => u.pathname === '/alarmLog/alarmLog');
      expect(pathOf(page)).toBe(`/alarmLog/alarmLog?stationId=${stationId}&serviceProviderId=${orgId}`);
      await page.getByTestId('alarm-log').waitFor();
      expect(errors).toEqual([]);
      await close();
    });

    /** category, today and a custom range of whole local days, each as the server counts */
    const dateAndCategoryFilters = async (page: Page, orgId: number, allCount: number) => {
      await page.getByTestId('filter-status').selectOption('');
      await page.getByTestId('filter-category').selectOption('fault');
      const faults = await apiList(page, { orgId, alarmCategory: 'fault' });
      await totalBecomes(page, 'eq', faults.totalCount);
      for (const c of await page.getByTestId('alarm-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-category')))) expect(c).toBe('fault');
      // today's range keeps only alarms raised since local midnight
      await page.getByTestId('filter-reset').click();
      await totalBecomes(page, 'eq', allCount);
      const midnight = await page.evaluate(() => new Date(new Date().setHours(0, 0, 0, 0)).toISOString());
      const today = await apiList(page, { orgId, from: midnight });
      await page.getByTestId('filter-range').selectOption('today');
      await totalBecomes(page, 'eq', today.totalCount);
      expect(today.totalCount).toBeLessThan(allCount);

      // custom range: whole local days, the end day included
      const days = await page.evaluate(() => {
        const d = (n: number) => {
          const x = new Date();
          x.setHours(0, 0, 0, 0);
          x.setDate(x.getDate() - n);
          return x;
        };
        const ymd = (x: Date) => `${x.getFullYear()}-${String(x.getMonth() + 1).padStart(2, '0')}-${String(x.getDate()).padStart(2, '0')}`;
        return { fromInput: ymd(d(10)), toInput: ymd(d(3)), from: d(10).toISOString(), to: d(2).toISOString() };
      });
      const custom = await apiList(page, { orgId, from: days.from, to: days.to });
      await page.getByTestId('filter-range').selectOption('custom');
      await page.getByTestId('filter-from').fill(days.fromInput);
      await page.getByTestId('filter-to').fill(days.toInput);
      await totalBecomes(page, 'eq', custom.totalCount);
      expect(custom.totalCount).toBeLessThan(allCount);
      await page.getByTestId('filter-reset').click();
      await totalBecomes(page, 'eq', allCount);
    };

    const keywordFilter = async (page: Page, all: Page1000) => {
      const names = L.alarms.rules as Record<string, string>;
      const freq = new Map<string, number>();
      for (const r of all.dataList) if (r.alarmRuleCode in names) freq.set(r.alarmRuleCode, (freq.get(r.alarmRuleCode) ?? 0) + 1);
      const [code] = [...freq.entries()].sort((a, b) => b[1] - a[1])[0]!;
      const word = names[code]!;
      const matching = Object.entries(names)
        .filter(([, n]) => n.toLowerCase().includes(word.toLowerCase()))
        .map(([c]) => c);
      await page.getByTestId('filter-keyword').fill(word);
      await totalBecomes(page, 'lt', all.totalCount);
      const rules = await page.getByTestId('alarm-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-rule')!));
      expect(rules.length).toBeGreaterThanOrEqual(freq.get(code)!);
      for (const r of rules) expect(matching).toContain(r);
      await page.getByTestId('filter-reset').click();
      await totalBecomes(page, 'eq', all.totalCount);
    };

    it('a pushed alarm appears without reload; Resolve turns it resolved and the server agrees; CSV exports the filter', async () => {
      const { page, errors, close } = await open(DEMO.admin, '/alarm/alarmList');
      await page.getByTestId('alarm-row').first().waitFor({ timeout: 20_000 });
      // the list of the selected provider has settled (the provider is chosen after sign-in)
      const orgId0 = await storeState<number>(page, 'session.currentOrg.id');
      await totalBecomes(page, 'eq', (await apiList(page, { orgId: orgId0 })).totalCount);
      const stationId = Number(await page.getByTestId('alarm-row').first().getAttribute('data-station'));
      const before = await total(page);
      await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
      const raised = await stack.server.alarm({ stationId, content: `e2e center push ${lang}`, category: 'fault' });
      const row = page.locator(`[data-testid=alarm-row][data-alarm="${raised.id}"]`);
      await row.waitFor({ timeout: 20_000 });
      expect(await total(page)).toBe(before + 1);
      // the first row, no page load in between (the list only re-read)
      expect(await page.getByTestId('alarm-row').first().getAttribute('data-alarm')).toBe(String(raised.id));
      expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
      expect(await row.getByTestId('alarm-content').innerText()).toBe(`e2e center push ${lang}`);

      // resolve: confirm dialog, then the row turns resolved with a recovery time
      await row.getByTestId('alarm-resolve').click();
      await page.getByTestId('resolve-dialog').waitFor();
      expect(await page.getByTestId('resolve-dialog').innerText()).toContain(L.alarmCenter.list.resolveConfirm);
      await page.screenshot({ path: `${SHOTS}/alarm-resolve-${lang}.png` });
      await page.getByTestId('resolve-confirm').click();
      await page.locator(`[data-testid=alarm-row][data-alarm="${raised.id}"][data-status="2"]`).waitFor();
      expect(await row.getByTestId('alarm-status').innerText()).toBe(L.station.alarmLog.statuses['2']);
      expect(await row.getByTestId('alarm-resolve').count()).toBe(0);
      await page.getByTestId('message-bar').filter({ hasText: L.alarmCenter.list.resolved }).waitFor();
      const token = (await tokenOf(page)) ?? undefined;
      const byId = await callApi(stack.server.url, 'alarm', 'queryAlarmById', { alarmId: raised.id }, token);
      expect((byId.body.data as { alarmStatus: number; resolvedBy: string | null }).alarmStatus).toBe(2);
      expect((byId.body.data as { resolvedBy: string | null }).resolvedBy).toBeTruthy();

      // CSV of the filtered list: header in the reader's language, one line per alarm
      await page.getByTestId('filter-status').selectOption('2');
      const orgId = await storeState<number>(page, 'session.currentOrg.id');
      const resolved = await apiList(page, { orgId, alarmStatus: 2 });
      await totalBecomes(page, 'eq', resolved.totalCount);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('alarm-export').click()]);
      const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
      const lines = csv.trim().split('\r\n');
      expect(lines[0]!.startsWith(`${L.station.alarmLog.site},${L.station.alarmLog.equipmentType}`)).toBe(true);
      expect(lines.length).toBe(resolved.totalCount + 1);
      expect(lines.some((l) => l.includes(`e2e center push ${lang}`) && l.includes(L.station.alarmLog.statuses['2']))).toBe(true);
      expect(errors).toEqual([]);
      await close();
    });

    it('analysis: the figures of the seeded history, days stacked by category, top stations and translated top rules', async () => {
      const { page, errors, close } = await open(DEMO.admin, '/alarm/alarmAnalysis');
      await page.waitForFunction(() => document.querySelector('[data-testid=alarm-analysis]')?.getAttribute('data-days') === '30', null, { timeout: 20_000 });
      const orgId = await storeState<number>(page, 'session.currentOrg.id');
      const token = (await tokenOf(page)) ?? undefined;
      const win = await page.evaluate(() => {
        const end = Math.floor(Date.now() / 86_400_000) * 86_400_000 + 86_400_000;
        return { from: new Date(end - 30 * 86_400_000).toISOString(), to: new Date(end).toISOString() };
      });
      const a = (await callApi(stack.server.url, 'alarm', 'queryAlarmAnalysis', { orgId, ...win }, token)).body.data as {
        total: number;
        byStatus: Record<string, number>;
        byCategory: Record<string, number>;
        perDay: Array<{ day: string; count: number; byCategory: Record<string, number> }>;
        topStations: Array<{ stationName: string; count: number }>;
        topRules: Array<{ ruleCode: string; count: number }>;
        meanRecoveryMinutes: number | null;
      };
      expect(a.total).toBeGreaterThan(3);
      const kpi = (id: string) => page.getByTestId(`kpi-${id}`).getByTestId('kpi-value').innerText();
      expect(await kpi('total')).toBe(String(a.total));
      expect(await kpi('unresolved')).toBe(String(a.byStatus.unresolved));
      expect(await kpi('mttr')).toBe(L.alarmCenter.analysis.mttrValue.replace('{{value}}', a.meanRecoveryMinutes!.toFixed(1)));
      // one bar per UTC day, the server's counts, stacked by category
      const bars = await page
        .getByTestId('day-bar')
        .evaluateAll((els) => els.map((e) => [e.getAttribute('data-day'), Number(e.getAttribute('data-count')), e.children.length] as const));
      expect(bars.map(([d, n]) => [d, n])).toEqual(a.perDay.map((d) => [d.day, d.count]));
      expect(bars.some(([, n, segs]) => n > 0 && segs > 0)).toBe(true);
      // a segment for each category the server counted that day
      expect(bars.map(([, , segs]) => segs)).toEqual(a.perDay.map((d) => Object.values(d.byCategory).filter((n) => n > 0).length));
      expect(await page.getByTestId('per-day').locator('[data-stacked=true]').count()).toBe(1);
      for (const c of ['fault', 'protection', 'alarm', 'event'] as const)
        expect(await page.locator(`[data-testid=category-item][data-key=${c}]`).getAttribute('data-count')).toBe(String(a.byCategory[c]));
      expect(await page.getByTestId('station-item').locator('span').first().allInnerTexts()).toEqual([a.topStations[0]!.stationName]);
      expect(await page.getByTestId('station-item').count()).toBe(a.topStations.length);
      // top rules: catalogue rules named in the reader's language (rules raised by this test file keep their code)
      const rules = await page
        .getByTestId('rule-item')
        .evaluateAll((els) => els.map((e) => [e.getAttribute('data-key')!, e.querySelector('span')!.textContent!] as const));
      expect(rules.map(([code]) => code)).toEqual(a.topRules.map((r) => r.ruleCode));
      const names = L.alarms.rules as Record<string, string>;
      const known = rules.filter(([code]) => code in names);
      expect(known.length).toBeGreaterThan(3);
      for (const [code, shown] of known) expect(shown).toBe(names[code]);
      // the largest category's bar is drawn across its track, its label readable
      const top = page
        .locator('[data-testid=category-item][data-count]')
        .filter({ has: page.locator('span[style*="width: 100%"]') })
        .first();
      expect((await top.locator('span span').boundingBox())!.width).toBeGreaterThan(60);
      expect((await top.locator('span').first().boundingBox())!.width).toBeGreaterThan(40);
      await page.setViewportSize({ width: 1600, height: 1300 });
      await page.screenshot({ path: `${SHOTS}/alarm-analysis-${lang}.png` });
      // 7 days: seven bars
      await page.getByTestId('range-7').click();
      await page.waitForFunction(() => document.querySelector('[data-testid=alarm-analysis]')?.getAttribute('data-days') === '7');
      expect(await page.getByTestId('day-bar').count()).toBe(7);
      expect(errors).toEqual([]);
      await close();
    });

    it.runIf(full)('the read-only operator sees no Resolve and the server refuses it', async () => {
      const { page, errors, close } = await open(DEMO.operator, '/alarm/alarmList');
      await page.getByTestId('alarm-list').waitFor({ timeout: 20_000 });
      const token = (await tokenOf(page))!;
      const mine = await callApi(stack.server.url, 'alarm', 'fuzzyAlarmRecord', { alarmRecordVo: {}, page: 1, length: 10 }, token);
      const stationId = (mine.body.data as Page1000).dataList[0]!.stationId;
      const raised = await stack.server.alarm({ stationId, content: `e2e operator ${lang}` });
      const row = page.locator(`[data-testid=alarm-row][data-alarm="${raised.id}"]`);
      await row.waitFor({ timeout: 20_000 });
      expect(await row.getAttribute('data-status')).toBe('1');
      expect(await page.getByTestId('alarm-resolve').count()).toBe(0);
      // the detail stays open to read; handling buttons follow the permissions in the dialog
      expect(await row.getByTestId('alarm-detail-open').count()).toBe(1);
      const refused = await callApi(stack.server.url, 'alarm', 'resolveAlarm', { alarmId: raised.id }, token);
      expect(refused.status).toBe(403);
      expect(refused.body.code).not.toBe(0);
      const after = await callApi(stack.server.url, 'alarm', 'queryAlarmById', { alarmId: raised.id }, token);
      expect((after.body.data as { alarmStatus: number }).alarmStatus).toBe(1);
      await page.screenshot({ path: `${SHOTS}/alarm-list-operator-${lang}.png` });
      expect(errors).toEqual([]);
      await close();
    });
  });
}
