// The analysis screens' XLSX export in Chromium, zh and en: for one station's month compared
// with the month before, the downloaded workbook (opened with exceljs) holds the screen's
// figures and comparison in the screen's order, as numbers under headers that name the unit,
// the chart's buckets and the station table's cells, with a frozen header and a parameters sheet.
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import enAnalysis from '../../../locales/en/analysis.json';
import zhAnalysis from '../../../locales/zh/analysis.json';
import { describeBrowser } from '../helpers/browser';
import { DEMO } from '../helpers/console';
import { openPage } from '../helpers/session';
import { analysisStack } from './server';
import { expectRounded } from '../helpers/numbers';

const SCREENS = [
  { name: 'pv', path: '/analysis/photovoltaic', testId: 'analysis-pv' },
  { name: 'ess', path: '/analysis/energyStorage', testId: 'analysis-ess' },
  { name: 'usage', path: '/analysis/energyUsage', testId: 'analysis-usage' },
] as const;
const SCALE: Record<string, number> = { kWh: 1, MWh: 1e3, GWh: 1e6, kW: 1, MW: 1e3, GW: 1e6, kWp: 1, MWp: 1e3, GWp: 1e6 };
type Cell = ExcelJS.CellValue;

/** A printed value agrees with the workbook's number: scaled energies to the cut hundredth, others as printed. */
function expectSame(printed: string, unit: string, cell: Cell, what: string) {
  if (printed === '-') return expect(cell ?? null, what).toBeNull();
  expect(typeof cell, `${what}: a number`).toBe('number');
  const shown = printed.replaceAll(',', ''); // thousands grouped on screen
  const f = SCALE[unit];
  // a value below the shown precision reads "< 0.01": never 0, and below a hundredth of its unit
  if (shown.startsWith('< ')) return expect((cell as number) > 0 && (cell as number) < 0.01 * (f ?? 1), `${what}: ${printed} vs ${String(cell)}`).toBe(true);
  if (f !== undefined)
    return expect(Math.abs(Number(shown) * f - (cell as number)), `${what}: ${shown} ${unit} vs ${String(cell)}`).toBeLessThanOrEqual(f * 0.01 + 1e-6);
  expectRounded(shown, cell as number, what);
}
/** 'Label (unit)' → unit; '' when the header names none. */
const unitOf = (header: string): string => /\(([^()]*)\)$/.exec(header)?.[1] ?? '';
/** '507.93 MWh' → ['507.93', 'MWh']: an energy or power cell names its own unit (each on its own scale) */
const valueAndUnit = (text: string): [string, string] => {
  const m = /^(.*\d)\s+([A-Za-z]+)$/.exec(text);
  return m && SCALE[m[2]!] !== undefined ? [m[1]!, m[2]!] : [text, ''];
};
const rowOf = (ws: ExcelJS.Worksheet, n: number): Cell[] => (ws.getRow(n).values as Cell[]).slice(1);

const stack = analysisStack(4, { backfillDays: 32, backfillMinuteHours: 1, backfillDeviceHours: 6 });

for (const lang of ['en', 'zh'] as const) {
  const A = lang === 'en' ? enAnalysis : zhAnalysis;
  describeBrowser(`analysis XLSX export (${lang})`, () => {
    const settled = (page: Page, testId: string, has: string[]) =>
      page.waitForFunction(
        ([id, h]) => {
          const el = document.querySelector(`[data-testid=${id}]`);
          const key = el?.getAttribute('data-key') ?? '';
          return el?.getAttribute('data-loading') === 'false' && h.every((s) => key.includes(s));
        },
        [testId, has] as const,
        { timeout: 30_000 },
      );
    const download = async (page: Page): Promise<ExcelJS.Workbook> => {
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('analysis-export-xlsx').click()]);
      expect(file.suggestedFilename()).toMatch(/^(pv|ess|usage)-analysis_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.xlsx$/);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile((await file.path())!);
      return wb;
    };

    it('each screen: the workbook holds the figures, comparison, chart and table the screen shows', async () => {
      const { page, errors, close } = await openPage(stack.browser, { baseURL: stack.server.url, language: lang, width: 1600, height: 1000, who: DEMO.admin });
      for (const s of SCREENS) {
        await page.goto(s.path);
        await page.locator(`[data-testid=${s.testId}][data-loaded=true]`).waitFor({ timeout: 30_000 });
        const station = await page.getByTestId('analysis-station').locator('option').nth(1).getAttribute('value');
        await page.getByTestId('analysis-station').selectOption(station!);
        await page.getByTestId('analysis-compare').selectOption('previous');
        await settled(page, s.testId, [`"stationId":${station}`, '"compare":"previous"']);
        const cards = await page.locator('[data-testid=analysis-figures] > [data-testid^="fig-"]').evaluateAll((els) =>
          els.map((e) => ({
            label: e.firstElementChild?.textContent ?? '',
            value: e.querySelector('[data-testid=fig-value]')?.textContent ?? '',
            unit: e.querySelector('[data-testid=fig-unit]')?.textContent ?? '',
            compare: (e.querySelector('[data-testid=fig-compare]')?.textContent ?? '')
              .replace(/[（(].*$/, '')
              .trim()
              .split(' '),
          })),
        );
        expect(cards.length, s.name).toBeGreaterThan(4);
        const wb = await download(page);
        const [figs, chart, stations] = wb.worksheets;
        expect(wb.worksheets.at(-1)!.name).toBe('Parameters');
        expect(figs!.views[0], s.name).toMatchObject({ state: 'frozen', ySplit: 1 });

        // figures: the screen's labels in its order, this period's row and the comparison's
        const head = rowOf(figs!, 1).slice(1) as string[];
        expect(
          head.map((h, i) => h === cards[i]!.label || h.startsWith(`${cards[i]!.label} (`)),
          s.name,
        ).toEqual(cards.map(() => true));
        const [now, before] = [rowOf(figs!, 2), rowOf(figs!, 3)];
        cards.forEach((c, i) => {
          expectSame(c.value, c.unit, now[i + 1] ?? null, `${s.name} ${c.label}`);
          expectSame(c.compare[0]!, c.compare[1] ?? '', before[i + 1] ?? null, `${s.name} ${c.label} compared`);
        });

        // the chart's buckets, and the station table's one row cell by cell
        expect(chart!.rowCount - 1).toBe(Number(await page.getByTestId('analysis-chart').getAttribute('data-buckets')));
        const heads = await page.locator('[data-testid=analysis-stations] [data-testid=col-head]').allInnerTexts();
        const cells = await page.locator('[data-testid=analysis-stations] [data-testid=table-row]').first().locator('[data-testid^=cell-]').allInnerTexts();
        expect(rowOf(stations!, 1).map(String)).toHaveLength(heads.length);
        expect(cells.length, s.name).toBe(heads.length);
        const row = rowOf(stations!, 2);
        expect(String(row[0])).toBe(cells[0]!.replace(/^▼ /, ''));
        cells.slice(1).forEach((text, i) => {
          const cell = row[i + 1] ?? null;
          if (typeof cell === 'string' || (cell === null && text !== '-')) expect(cell ?? '', heads[i + 1]).toBe(text);
          else {
            const headUnit = unitOf(heads[i + 1]!);
            const [value, unit] = headUnit ? [text, headUnit] : valueAndUnit(text);
            expectSame(value, unit, cell, `${s.name} ${heads[i + 1]}`);
          }
        });
        if (s.name === 'usage') expect(wb.getWorksheet(A.tou.title.slice(0, 31))).toBeDefined();
      }
      expect(await page.getByTestId('analysis-export-failed').count()).toBe(0);
      expect(errors).toEqual([]);
      await close();
    }, 150_000);
  });
}
