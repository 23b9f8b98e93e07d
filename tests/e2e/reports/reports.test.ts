// Operations reports in Chromium against the real server with a week of metered 15-minute
// intervals, in en and zh: the SPEC §5 messages at their fields (client-side, and the server's
// own 'Time Error'), a platform report whose totals are the action's answer, XLSX and CSV exports
// downloaded whose totals line is the screen's, and a site report share link that opens in a
// fresh browser without a session and is refused once revoked.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import enReports from '../../../locales/en/reports.json';
import zhReports from '../../../locales/zh/reports.json';
import { REPORT_ITEMS } from '../../../protocol/actions/report-shapes';
import { addDateDays } from '../../../protocol/site-time';
import { parseCsv } from '../analysis/csv';
import { describeBrowser, newContext } from '../helpers/browser';
import { callApi, DEMO, tokenOf } from '../helpers/console';
import { md5 } from '../../../protocol/md5';
import { openPage } from '../helpers/session';
import { reportStack } from './server';
import { expectRounded } from '../helpers/numbers';

interface Report {
  currency: string;
  columns: string[];
  units: string[];
  rows: { label: string; period: string; values: (number | null)[] }[];
  totals: (number | null)[];
}
const SCALE: Record<string, number> = { kWh: 1, MWh: 1e3, GWh: 1e6 };
const FIRST = addDateDays(new Date().toISOString().slice(0, 10), -9);
const LAST = addDateDays(FIRST, 6);

/** A printed value agrees with the answer: scaled energies to the cut hundredth, others to their decimals. */
function expectShown(text: string, answer: number | null, what: string) {
  if (answer === null) return expect(text, what).toBe('-');
  const [shownValue = '', unit = ''] = text.split(' ');
  const value = shownValue.replaceAll(',', ''); // money has grouped thousands
  const f = SCALE[unit];
  if (f !== undefined) return expect(Math.abs(Number(value) * f - answer), `${what}: ${text} vs ${answer}`).toBeLessThanOrEqual(f * 0.01 + 1e-6);
  expectRounded(value, answer, what);
}

const stack = reportStack(FIRST);

for (const [lang, T] of [
  ['en', enReports],
  ['zh', zhReports],
] as const) {
  describeBrowser(`operations reports (${lang})`, () => {
    const open = () => openPage(stack.browser, { baseURL: stack.server.url, language: lang, width: 1600, height: 1000, who: DEMO.admin });
    const download = async (page: Page, format: 'xlsx' | 'csv') => {
      await page.getByTestId('report-export').click();
      await page.getByTestId(`format-${format}`).check();
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-start').click()]);
      await expect.poll(() => page.getByTestId('export-status').getAttribute('data-status')).toBe('done');
      await page.getByTestId('export-close').click();
      return (await file.path())!;
    };

    it('checks the form, shows the answer with its totals, exports XLSX and CSV, shares a site month and refuses it once revoked', async () => {
      const { page, errors, close } = await open();
      const token = (await tokenOf(page))!;
      await page.goto('/operations/platformReport');
      await page.getByTestId('report-form').waitFor();

      // SPEC §5: a data item and both dates, at their fields, before anything is sent
      await page.getByTestId('items-none').click();
      await page.getByTestId('report-from').fill('');
      await page.getByTestId('report-query').click();
      await expect.poll(() => page.getByTestId('error-items').textContent()).toBe(T.errors.selectDataItem);
      expect(await page.getByTestId('error-from').textContent()).toBe(T.errors.fromRequired);
      expect(await page.getByTestId('report-idle').isVisible()).toBe(true);

      // the server's refusal of an end before the start lands at the end date
      await page.getByTestId('items-all').click();
      await page.getByTestId('report-from').fill(LAST);
      await page.getByTestId('report-to').fill(FIRST);
      await page.getByTestId('report-query').click();
      await expect.poll(() => page.getByTestId('error-to').textContent()).toBe(T.errors.timeError);
      expect(await page.getByTestId('error-items').textContent()).toBe('');

      await page.getByTestId('report-from').fill(FIRST);
      await page.getByTestId('report-to').fill(LAST);
      await page.getByTestId('report-query').click();
      await page.getByTestId('report-totals').waitFor();
      const { body } = await callApi(
        stack.server.url,
        'energystorage',
        'queryPlatformReport',
        { granularity: 'day', from: FIRST, to: LAST, items: [...REPORT_ITEMS] },
        token,
      );
      const answer = body.data as Report;
      expect(answer.rows.length).toBeGreaterThan(0);
      expect(answer.totals[0]).toBeGreaterThan(0);
      const shown = await page.getByTestId('report-totals').locator('[data-col]').allTextContents();
      expect(shown[0]).toBe(T.table.total);
      answer.totals.forEach((v, i) => expectShown(shown[i + 2]!, v, answer.columns[i]!));
      expect(await page.getByTestId('report-count').textContent()).toContain(String(answer.rows.length));

      // the files' totals line is the answer's, as plain numbers
      const xlsx = new ExcelJS.Workbook();
      await xlsx.xlsx.readFile(await download(page, 'xlsx'));
      const sheet = xlsx.worksheets[0]!;
      const last = sheet.getRow(sheet.actualRowCount).values as unknown[];
      // providers of different currencies: a currency column after the period
      const lead = answer.currency.includes('/') ? 1 : 0;
      answer.totals.forEach((v, i) => expect(last[i + 3 + lead] ?? null, `xlsx ${answer.columns[i]}`).toBe(v));
      const csv = parseCsv(readFileSync(await download(page, 'csv'), 'utf8')).filter((r) => r.length > 1);
      expect(csv.length).toBe(answer.rows.length + 2);
      answer.totals.forEach((v, i) => expect(csv.at(-1)![i + 2 + lead], `csv ${answer.columns[i]}`).toBe(v === null ? '' : String(v)));

      // a share link of one station's month opens without a session, then is refused once revoked
      await page.goto('/operations/siteReport');
      await page.getByTestId('report-station').waitFor();
      await expect.poll(() => page.getByTestId('report-station').locator('option').count()).toBeGreaterThan(1);
      await page.getByTestId('report-station').selectOption({ index: 1 });
      await page.getByTestId('report-to').fill(LAST);
      await page.getByTestId('share-create').click();
      const link = (await page.getByTestId('share-link').getAttribute('href'))!;
      await expect.poll(() => page.getByTestId('share-row').first().getAttribute('data-status')).toBe('active');
      const stranger = await newContext(stack.browser, { baseURL: stack.server.url, language: lang });
      const publicPage = await stranger.newPage();
      await publicPage.goto(link);
      await publicPage.getByTestId('shared-report').waitFor();
      const shared = (await callApi(stack.server.url, 'energystorage', 'queryReportByShareToken', { shareToken: new URL(link).searchParams.get('token')! }))
        .body.data as Report;
      expect(await publicPage.getByTestId('shared-row').count()).toBe(shared.rows.length);
      expectShown((await publicPage.getByTestId('shared-total-pvKwh').textContent())!, shared.totals[shared.columns.indexOf('pvKwh')]!, 'shared pv');
      await page.getByTestId('share-revoke').first().click();
      await expect.poll(() => page.getByTestId('share-row').first().getAttribute('data-status')).toBe('revoked');
      await publicPage.reload();
      await publicPage.getByTestId('shared-refused').waitFor();
      expect(await publicPage.getByTestId('shared-refused').textContent()).toBe(T.shared.refused);
      expect(await publicPage.getByTestId('shared-row').count()).toBe(0);
      await stranger.close();
      expect(errors).toEqual([]);
      await close();
    }, 60_000);
  });
}

// One currency per service provider: the platform switches provider A to EUR on the provider's
// page; A's administrator then sees EUR on the homepage cards, in the site report and on every
// tariff screen (prices in the editor, the price chart, templates, the preview bill, fuel
// prices), and no CNY or USD anywhere.
describeBrowser('provider currency on screen', () => {
  const OTHER = /USD|CNY|美元|元/;
  it('set to EUR on the provider page, the homepage cards, the site report and the tariff screens show EUR (en and zh)', async () => {
    const admin = (await callApi(stack.server.url, 'asset', 'login', { account: DEMO.admin.account, password: md5(DEMO.admin.password) })).body.data as {
      token: string;
    };
    const providerA = (await callApi(stack.server.url, 'asset', 'queryAllOrgIdAndName', {}, admin.token)).body.data as { dataList: { id: number }[] };
    const orgId = providerA.dataList[0]!.id;
    {
      const { page, errors, close } = await openPage(stack.browser, { baseURL: stack.server.url, language: 'en', width: 1600, height: 1000, who: DEMO.admin });
      await page.goto(`/monitor/customersDetails?orgId=${orgId}`);
      await page.getByTestId('provider-currency-change').click();
      await page.getByTestId('provider-currency-input').fill('eu');
      await page.getByTestId('provider-currency-save').click();
      expect(await page.getByTestId('provider-currency-input-error').innerText()).toContain('ISO 4217');
      await page.getByTestId('provider-currency-input').fill('eur');
      await page.getByTestId('provider-currency-save').click();
      await page.locator('[data-testid=provider-currency-value][data-value=EUR]').waitFor();
      expect(errors).toEqual([]);
      await close();
    }
    const stations = (await callApi(stack.server.url, 'energystorage', 'queryStationInfoList', { orgId, page: 1, length: 50 }, admin.token)).body.data as {
      dataList: { stationId: number }[];
    };
    const stationId = stations.dataList[0]!.stationId;
    const tariffs = (await callApi(stack.server.url, 'mot', 'queryStationTariffs', { stationId }, admin.token)).body.data as { active: { tariffId: number } };
    const at = (route: string, extra = '') => `/electricityPriceManagement/${route}?stationId=${stationId}&serviceProviderId=${orgId}${extra}`;
    for (const [lang, income] of [
      ['en', 'Income (EUR)'],
      ['zh', '收益 (EUR)'],
    ] as const) {
      const { page, errors, close } = await openPage(stack.browser, {
        baseURL: stack.server.url,
        language: lang,
        width: 1600,
        height: 1000,
        who: DEMO.provider,
      });
      /** the text of `testId`'s elements names EUR and no other currency */
      const onlyEur = async (testId: string) => {
        await page.getByTestId(testId).first().waitFor();
        const text = (await page.getByTestId(testId).allInnerTexts()).join(' ');
        expect(text, `${lang} ${testId}`).toContain('EUR');
        expect(text, `${lang} ${testId}`).not.toMatch(OTHER);
      };
      await page.goto('/');
      await page.getByTestId('station-card').first().waitFor();
      const cards = await page.getByTestId('station-matrix').innerText();
      expect(cards).toContain('EUR');
      expect(cards).not.toMatch(OTHER);
      await page.screenshot({ path: `/tmp/currency-home-${lang}.png` });

      await page.goto('/operations/siteReport');
      await expect.poll(() => page.getByTestId('report-station').locator('option').count()).toBeGreaterThan(1);
      await page.getByTestId('report-station').selectOption({ index: 1 });
      await page.getByTestId('items-all').click();
      await page.getByTestId('report-from').fill(FIRST);
      await page.getByTestId('report-to').fill(LAST);
      await page.getByTestId('report-query').click();
      await page.getByTestId('report-totals').waitFor();
      const heads = await page.getByTestId('col-head').allTextContents();
      expect(heads).toContain(income);
      const table = `${heads.join(' ')} ${await page.getByTestId('report-totals').innerText()}`;
      expect(table).not.toMatch(OTHER);
      await page.screenshot({ path: `/tmp/currency-site-report-${lang}.png` });

      await page.goto(at('electricityPriceManagement'));
      await onlyEur('slot-prices');
      await page.getByTestId('tariff-create').click();
      await onlyEur('slot-currency');
      const priceLabels = await page.getByTestId('slot-from-grid').first().getAttribute('aria-label');
      expect(priceLabels).toContain('EUR');
      await page.screenshot({ path: `/tmp/currency-tariff-editor-${lang}.png` });
      await page.getByTestId('tariff-cancel').click();

      await page.goto(at('preview', `&tariffId=${tariffs.active.tariffId}`));
      await onlyEur('price-chart');
      await onlyEur('bill-table');
      await page.screenshot({ path: `/tmp/currency-tariff-preview-${lang}.png` });

      await page.goto(at('priceTemlate'));
      await onlyEur('template-card');
      await page.screenshot({ path: `/tmp/currency-templates-${lang}.png` });

      await page.goto(at('oilPrice'));
      await page.locator('[data-testid=oil-prices][data-loaded=true]').waitFor();
      const oilHead = await page.getByTestId('oil-prices').locator('thead').innerText();
      expect(oilHead).toContain('EUR');
      expect(oilHead).not.toMatch(OTHER);
      await page.screenshot({ path: `/tmp/currency-oil-${lang}.png` });
      expect(errors).toEqual([]);
      await close();
    }
  }, 300_000);
});
