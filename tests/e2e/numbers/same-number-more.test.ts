// The same number everywhere, continued (same-number.test.ts has the homepage, overview, site
// report screen, XLSX and PDF, bills and share page): for the same closed station month, in
// Chromium against the real server, zh and en, the analytics center's PV, storage and usage
// figures for that station and month, the site report's CSV and the month bill's XLSX read what
// the site report answers. Numbers are compared as printed: within half a last digit (energies
// on the MWh step as the one energy formatter cuts them).
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { itemName, word } from '../../../server/reports/labels';
import { href } from '../../../src/lib/paths';
import { formatEnergy } from '../../../streams/format/energy';
import { parseCsv } from '../analysis/csv';
import { describeBrowser } from '../helpers/browser';
import { expectRounded } from '../helpers/numbers';
import { downloadExport, openSiteReport, queryReport } from '../helpers/reports';
import { serverAndBrowser } from '../helpers/session';
import { FIRST, ITEMS, LAST, MONTH, STATIONS, openStationMonth, startMonthServer, type Bill, type Item } from './month';

const stack = serverAndBrowser(() => startMonthServer());

// the analytics screens and the site report item each of their cards must equal
const SCREENS = [
  { path: '/analysis/photovoltaic', testId: 'analysis-pv', figures: { pvKwh: 'pvKwh' } },
  { path: '/analysis/energyStorage', testId: 'analysis-ess', figures: { chargeKwh: 'chargeKwh', dischargeKwh: 'dischargeKwh' } },
  { path: '/analysis/energyUsage', testId: 'analysis-usage', figures: { income: 'income', fuelCost: 'fuelCost', fuelLitres: 'fuelLitres' } },
] as const satisfies readonly { path: string; testId: string; figures: Record<string, Item> }[];
const SCALE: Record<string, number> = { kWh: 1, MWh: 1e3, GWh: 1e6 };

/** A card's printed value (thousands grouped) against the answer. An energy is on its own step
 *  with its decimals cut, as every screen prints it (streams/format/energy.ts, SPEC §9: never a
 *  rounded "1000.00 MWh"), so it is the shared formatter's text; other figures are rounded. */
function expectCard(value: string, unit: string, answer: number, what: string) {
  if (SCALE[unit] !== undefined) return expect(`${value.replaceAll(',', '')} ${unit}`, what).toBe(formatEnergy(answer));
  expectRounded(value.replaceAll(',', ''), answer, `${what} (${value} ${unit})`);
}

for (const lang of ['en', 'zh'] as const) {
  describeBrowser(`the same number everywhere: analytics, CSV, bill workbook (${lang})`, () => {
    it('a closed station month reads the same in the analytics center, the report CSV and the bill XLSX', async () => {
      const stations = await stack.server.services.db.query<{ id: number; providerId: number }>(
        'SELECT id, provider_id AS "providerId" FROM stations WHERE id = ANY($1::int[]) ORDER BY id',
        [STATIONS],
      );
      for (const st of stations) {
        const { page, errors, close, api, v } = await openStationMonth(stack, lang, st);
        const what = (where: string, k: string) => `station ${st.id} ${where} ${k}`;
        expect(v('pvKwh')).toBeGreaterThan(1000);
        if (st.id === 3) expect(v('fuelCost')).toBeGreaterThan(0);

        // the analytics center: the station, the month
        for (const s of SCREENS) {
          await page.goto(s.path);
          await page.locator(`[data-testid=${s.testId}][data-loaded=true]`).waitFor({ timeout: 30_000 });
          await page.getByTestId('analysis-station').selectOption(String(st.id));
          await page.getByTestId('period-month').click();
          await page.getByTestId('analysis-month').fill(MONTH);
          await page.waitForFunction(
            ([id, has]) => {
              const el = document.querySelector(`[data-testid=${id}]`);
              const key = el?.getAttribute('data-key') ?? '';
              return el?.getAttribute('data-loading') === 'false' && has.every((x) => key.includes(x));
            },
            [s.testId, [`"stationId":${st.id}`, '"period":"month"', `"date":"${FIRST}"`]] as const,
            { timeout: 30_000 },
          );
          for (const [fig, item] of Object.entries(s.figures)) {
            const card = page.getByTestId(`fig-${fig}`);
            const value = (await card.getByTestId('fig-value').innerText()).trim();
            const unit = (await card.getByTestId('fig-unit').innerText()).trim();
            expectCard(value, unit, v(item), what(`analysis ${s.testId}`, fig));
          }
        }

        // the site report's CSV: the month's row and the totals line, each figure in its base unit
        await openSiteReport(page, st.id);
        await queryReport(page, FIRST, LAST, ITEMS, 'month');
        const csv = parseCsv(readFileSync(await downloadExport(page, 'csv', 'report-export'), 'utf8'));
        const header = csv[0]!;
        const totals = csv.at(-1)!;
        for (const k of ITEMS) {
          const col = header.findIndex((h) => h.startsWith(`${itemName(k, lang)} (`));
          expect(col, what('csv header', k)).toBeGreaterThan(0);
          expectRounded(totals[col]!, v(k), what('csv', k));
        }

        // the month's bill as a workbook: its lines add up to the month's import and export, its
        // diesel line is the fuel cost, its total the amount due
        const bill = (await api<{ dataList: Bill[] }>('queryBillList', { stationId: st.id, year: Number(MONTH.slice(0, 4)) })).dataList.find(
          (b) => b.month === MONTH,
        )!;
        await page.goto(href('bill.downloadDetail', { stationId: st.id, year: Number(MONTH.slice(0, 4)) }));
        const row = page.locator('[data-testid=bill-row]', { hasText: MONTH });
        await row.waitFor();
        await row.getByTestId('bill-open').click();
        await page.getByTestId('bill-total').waitFor();
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.readFile(await downloadExport(page, 'xlsx', 'bill-download'));
        const sheet = wb.worksheets[0]!;
        const lines: unknown[][] = [];
        sheet.eachRow((r, n) => {
          if (n > 1) lines.push((r.values as unknown[]).slice(1));
        });
        const total = lines.pop()!;
        const sum = (direction: string, at: number) => lines.filter((l) => l[1] === word(direction as 'import', lang)).reduce((a, l) => a + Number(l[at]), 0);
        expect(Math.abs(sum('import', 2) - v('gridImportKwh')), what('bill xlsx', 'import')).toBeLessThanOrEqual(0.001 * lines.length);
        expect(Math.abs(sum('export', 2) - v('gridExportKwh')), what('bill xlsx', 'export')).toBeLessThanOrEqual(0.001 * lines.length);
        if (v('fuelCost') > 0) expectRounded(sum('fuel', 5).toFixed(2), v('fuelCost'), what('bill xlsx', 'fuelCost'));
        expectRounded(Number(total[5]).toFixed(2), bill.amount, what('bill xlsx', 'amount'));
        expect(errors).toEqual([]);
        await close();
      }
    }, 240_000);
  });
}
