// The same number everywhere, in Chromium against the real server, zh and en: for one closed
// station month (a CNY station and a USD station with a genset, each with metered 15-minute
// intervals for exactly last month and nothing else) and for its provider, energy and money read
// the same on the homepage (the storage card's last month, the PV total), the station overview
// (cumulative income, savings, fuel cost: that month is all there is), the site report screen,
// its XLSX and PDF, the month's bill (list, detail, PDF), the public share page and the platform
// report's provider row. Screens print with the console's formatters, the PDF with its own; each
// is checked against the site report's answer, money with its currency named as the language does.
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import enReports from '../../../locales/en/reports.json';
import zhReports from '../../../locales/zh/reports.json';
import { currencyLabel } from '../../../protocol/currency';
import { itemName } from '../../../server/reports/labels';
import { cellText, energyScale, kindOfUnit } from '../../../server/reports/numbers';
import { href, stationQuery } from '../../../src/lib/paths';
import { formatEnergy } from '../../../streams/format/energy';
import { formatMoney, moneyParts } from '../../../streams/format/money';
import { describeBrowser, newContext } from '../helpers/browser';
import { downloadExport, hasPdftotext, openSiteReport, pdfText, queryReport } from '../helpers/reports';
import { serverAndBrowser } from '../helpers/session';
import { FIRST, ITEMS, LAST, MONTH, STATIONS, openStationMonth, startMonthServer, type Bill, type Item, type Report } from './month';

// both stations are shown on storage cards (type 3: last month)
const stack = serverAndBrowser(() => startMonthServer((s) => s.services.db.query('UPDATE stations SET card_type = 3 WHERE id = ANY($1::int[])', [STATIONS])));

for (const [lang, T] of [
  ['en', enReports],
  ['zh', zhReports],
] as const) {
  describeBrowser(`the same number everywhere (${lang})`, () => {
    it('a closed station month and its provider read the same on every screen and file', async () => {
      const stations = await stack.server.services.db.query<{ id: number; providerId: number; providerName: string }>(
        'SELECT s.id, s.provider_id AS "providerId", o.name AS "providerName" FROM stations s JOIN orgs o ON o.id = s.provider_id WHERE s.id = ANY($1::int[]) ORDER BY s.id',
        [STATIONS],
      );

      for (const st of stations) {
        // as the provider's administrator: its homepage, its stations, its platform report row
        const { page, errors, close, api, site, v } = await openStationMonth(stack, lang, st);
        const cur = site.currency;
        const label = currencyLabel(cur, lang);
        const money = (k: Item) => formatMoney(v(k), cur, lang);
        const what = (where: string, k: string) => `station ${st.id} ${where} ${k}`;
        expect(v('income'), 'a month with income').toBeGreaterThan(0);
        expect(v('pvKwh')).toBeGreaterThan(1000); // a figure on the MWh step beside ones in kWh
        if (st.id === 3) expect(v('fuelCost')).toBeGreaterThan(0);

        // homepage: the storage card prints last month's charge, discharge and income; the PV
        // total is the provider's (this month is all its PV)
        await page.goto(href('homepage.index'));
        const card = page.locator(`[data-testid=station-card][data-station-id="${st.id}"]`);
        await card.waitFor();
        // a card figure's value and its (smaller) unit, spaces aside
        const fig = async (id: string) => (await card.getByTestId(`card-${id}`).locator('div').nth(1).innerText()).replace(/\s+/g, '');
        const flat = (x: string) => x.replace(/\s+/g, '');
        expect(await fig('lastCharge'), what('card', 'charge')).toBe(flat(formatEnergy(v('chargeKwh'))));
        expect(await fig('lastDischarge'), what('card', 'discharge')).toBe(flat(formatEnergy(v('dischargeKwh'))));
        expect(await fig('lastIncome'), what('card', 'income')).toBe(flat(money('income')));
        await expect.poll(() => page.getByTestId('pv-total').innerText()).not.toBe('-');
        expect(flat(await page.getByTestId('pv-total').innerText()), what('homepage', 'pv total')).toBe(flat(formatEnergy(v('pvKwh'))));

        // station overview: this month is the station's whole history, so its totals are the month's
        await page.goto(href('overviewStations.overviewStations', stationQuery(st.id, st.providerId)));
        const ov = async (id: string) => (await page.getByTestId(`ov-${id}`).locator('div').nth(1).innerText()).trim();
        await expect.poll(() => ov('incomeTotal')).not.toBe('-');
        expect(await ov('incomeTotal'), what('overview', 'income')).toBe(money('income'));
        expect(await ov('savings'), what('overview', 'savings')).toBe(money('savings'));
        expect(await ov('fuelCost'), what('overview', 'fuelCost')).toBe(money('fuelCost'));

        // the site report screen: the month's totals, money under a header naming the currency
        await openSiteReport(page, st.id);
        await queryReport(page, FIRST, LAST, ITEMS, 'month');
        await expect.poll(() => page.getByTestId('report-count').textContent()).toContain('1');
        const heads = await page.getByTestId('col-head').allInnerTexts();
        for (const k of ITEMS) {
          const shown = (await page.getByTestId(`total-${k}`).innerText()).trim();
          const unit = site.units[site.columns.indexOf(k)]!;
          if (unit === 'kWh') expect(shown, what('report', k)).toBe(formatEnergy(v(k)));
          else if (unit === cur) {
            expect(shown, what('report', k)).toBe(moneyParts(v(k), cur, lang).value);
            expect(
              heads.some((h) => h.includes(`(${label})`)),
              what('report header', k),
            ).toBe(true);
          } else expect(shown, what('report', k)).toBe(`${cellText(v(k), 'decimal', lang)} L`);
        }
        expect(await page.getByTestId('report-table').locator('[data-testid=cell-period]').allInnerTexts()).toEqual([MONTH]);

        // its XLSX: the totals as numbers at full precision, the currency in the header
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.readFile(await downloadExport(page, 'xlsx', 'report-export'));
        const sheet = wb.worksheets[0]!;
        const header = (sheet.getRow(1).values as unknown[]).map(String);
        const total = sheet.getRow(sheet.actualRowCount).values as unknown[];
        for (const k of ITEMS) {
          const col = header.findIndex((h, i) => i > 0 && h.startsWith(`${itemName(k, lang)} (`));
          expect(col, what('xlsx header', k)).toBeGreaterThan(0);
          expect(total[col], what('xlsx', k)).toBe(v(k));
          if (site.units[site.columns.indexOf(k)] === cur) expect(header[col], what('xlsx header', k)).toBe(`${itemName(k, lang)} (${label})`);
        }

        // its PDF: the totals line prints each figure as the screen does (energies on the column's step)
        if (hasPdftotext) {
          const text = pdfText(await downloadExport(page, 'pdf', 'report-export'));
          const line = text.split('\n').find((l) => l.trim().startsWith(T.table.total))!;
          expect(line, text.slice(-600)).toBeTruthy();
          for (const k of ITEMS) {
            const n = site.columns.indexOf(k);
            const kind = kindOfUnit(site.units[n]!);
            const scale = kind === 'energy' ? energyScale(site.rows.map((r) => r.values[n] ?? null)) : undefined;
            expect(line, what('pdf', k)).toContain(cellText(v(k), kind, lang, scale?.factor));
            if (kind === 'money') expect(line, what('pdf', k)).toContain(moneyParts(v(k), cur, lang).value);
          }
          expect(text, 'the PDF names the currency').toContain(label);
        }

        // the month's bill: list row, detail and PDF
        await page.goto(href('bill.downloadDetail', { stationId: st.id, year: Number(MONTH.slice(0, 4)) }));
        const row = page.locator('[data-testid=bill-row]', { hasText: MONTH });
        await row.waitFor();
        const bill = (await api<{ dataList: Bill[] }>('queryBillList', { stationId: st.id, year: Number(MONTH.slice(0, 4)) })).dataList.find(
          (b) => b.month === MONTH,
        )!;
        expect(bill.provisional, 'a closed month is final').toBe(false);
        expect(bill.currency).toBe(cur);
        expect(Math.abs(bill.importKwh - v('gridImportKwh')), what('bill', 'import')).toBeLessThanOrEqual(0.001);
        expect(Math.abs(bill.exportKwh - v('gridExportKwh')), what('bill', 'export')).toBeLessThanOrEqual(0.001);
        expect(Math.abs(bill.fuelCost - v('fuelCost')), what('bill', 'fuelCost')).toBeLessThanOrEqual(0.005);
        const cells = (await row.locator('td').allInnerTexts()).map((x) => x.trim());
        expect(cells[4], what('bill list', 'fuelCost')).toBe(money('fuelCost'));
        // monthly charges (demand, capacity, fixed) in their own column: none in these tariffs
        expect(cells[5], what('bill list', 'charges')).toBe(formatMoney(bill.chargesAmount, cur, lang));
        const amount = cells[6]!;
        expect(amount.endsWith(` ${label}`), amount).toBe(true);
        await row.getByTestId('bill-open').click();
        await expect.poll(() => page.getByTestId('bill-total').innerText()).toBe(amount);
        if (hasPdftotext) {
          const text = pdfText(await downloadExport(page, 'pdf', 'bill-download'));
          const line = text.split('\n').find((l) => l.trim().startsWith(T.table.total))!;
          expect(line, text.slice(-600)).toContain(amount.slice(0, -label.length - 1));
        }

        // the public share page of the month
        await openSiteReport(page, st.id);
        await page.getByTestId('report-to').fill(LAST);
        await page.getByTestId('share-kind').selectOption('month');
        await page.getByTestId('share-create').click();
        const link = (await page.getByTestId('share-link').getAttribute('href'))!;
        const stranger = await newContext(stack.browser, { baseURL: stack.server.url, language: lang });
        const pub = await stranger.newPage();
        await pub.goto(link);
        await pub.getByTestId('shared-report').waitFor();
        expect(await pub.getByTestId('shared-report').innerText()).toContain(`(${label})`);
        for (const k of ITEMS) {
          const cell = pub.getByTestId(`shared-total-${k}`);
          if ((await cell.count()) === 0) continue; // the share page carries the month report's own items
          const shown = (await cell.innerText()).trim();
          const unit = site.units[site.columns.indexOf(k)]!;
          expect(shown, what('share', k)).toBe(
            unit === 'kWh' ? formatEnergy(v(k)) : unit === cur ? moneyParts(v(k), cur, lang).value : `${cellText(v(k), 'decimal', lang)} L`,
          );
        }
        expect(await pub.locator('[data-testid^=shared-total-]').count()).toBeGreaterThanOrEqual(3);
        await stranger.close();

        // the provider: its row of the platform report for the month (its only station with data)
        const platform = await api<Report>('queryPlatformReport', { granularity: 'month', from: FIRST, to: LAST, items: [...ITEMS] });
        const provider = platform.rows.find((r) => r.label === st.providerName && r.period === MONTH)!;
        expect(provider, st.providerName).toBeDefined();
        ITEMS.forEach((k) => expect(provider.values[platform.columns.indexOf(k)], what('provider', k)).toBe(v(k)));
        expect(errors).toEqual([]);
        await close();
      }
    }, 240_000);
  });
}
