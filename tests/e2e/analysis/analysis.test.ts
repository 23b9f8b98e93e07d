// Analytics center in Chromium against the real server with five weeks of simulated history, in
// zh and en: each screen (PV, energy storage, energy usage) for the selected provider and for one
// station agrees with its action's answer, switches period, compares with the previous month,
// exports a CSV whose numbers are the screen's and the answer's, and says 'noDate' for an empty
// range. Every figure carries its definition on hover.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import enAnalysis from '../../../locales/en/analysis.json';
import zhAnalysis from '../../../locales/zh/analysis.json';
import { en, zh } from '../../catalogues';
import { describeBrowser } from '../helpers/browser';
import { callApi, DEMO, storeState, tokenOf } from '../helpers/console';
import { parseCsv } from './csv';
import { openPage } from '../helpers/session';
import { analysisStack } from './server';
import { expectRounded } from '../helpers/numbers';

type Figures = Record<string, number | null>;
interface Answer {
  from: string;
  buckets: string[];
  stationCount: number;
  compare: { from: string; to: string } | null;
  series: { key: string; values: (number | null)[]; compare: (number | null)[] | null }[];
  totals: Figures & { rteMethod?: string; tou?: unknown[] };
  compareTotals: Figures | null;
  stations: (Figures & { stationId: number; stationName: string; rankPr?: number | null; prDropped?: boolean })[];
  soh?: unknown[];
}
const SCREENS = [
  { name: 'pv', path: '/analysis/photovoltaic', action: 'queryPvAnalysis', testId: 'analysis-pv', busiest: 'pvKwh' },
  { name: 'ess', path: '/analysis/energyStorage', action: 'queryEssAnalysis', testId: 'analysis-ess', busiest: 'dischargeKwh' },
  { name: 'usage', path: '/analysis/energyUsage', action: 'queryEnergyUsageAnalysis', testId: 'analysis-usage', busiest: 'consumptionKwh' },
] as const;
const SCALE: Record<string, number> = { kWh: 1, MWh: 1e3, GWh: 1e6, kW: 1, MW: 1e3, GW: 1e6, kWp: 1, MWp: 1e3, GWp: 1e6 };

/** A printed value agrees with the answer: scaled energies to the cut hundredth, others exactly
 *  (thousands grouped); a value too small for its decimals reads "< 0.01", never 0. */
function expectShown(shown: string, unit: string, answer: number | null | undefined, what: string) {
  if (answer === null || answer === undefined) return expect(shown, what).toBe('-');
  const value = shown.replaceAll(',', '');
  if (value.startsWith('< ')) return expect(answer > 0 && answer < Number(value.slice(2)) * (SCALE[unit] ?? 1), `${what}: ${shown} vs ${answer}`).toBe(true);
  const f = SCALE[unit];
  if (f !== undefined) return expect(Math.abs(Number(value) * f - answer), `${what}: ${value} ${unit} vs ${answer}`).toBeLessThanOrEqual(f * 0.01 + 1e-6);
  expectRounded(value, answer, what);
}

const stack = analysisStack(6, { backfillDays: 35, backfillMinuteHours: 2, backfillDeviceHours: 24 });

for (const lang of ['en', 'zh'] as const) {
  const L = lang === 'en' ? en : zh;
  const A = lang === 'en' ? enAnalysis : zhAnalysis;
  describeBrowser(`analytics center (${lang})`, () => {
    /** Waits until the screen shows the answer to a request holding every `has` and no `not`. */
    const settled = async (page: Page, testId: string, has: string[], not: string[] = []): Promise<Record<string, unknown>> => {
      await page.waitForFunction(
        ([id, h, n]) => {
          const el = document.querySelector(`[data-testid=${id}]`);
          const key = el?.getAttribute('data-key') ?? '';
          return el?.getAttribute('data-loading') === 'false' && key !== '' && h.every((s) => key.includes(s)) && n.every((s) => !key.includes(s));
        },
        [testId, has, not] as const,
        { timeout: 30_000 },
      );
      return JSON.parse((await page.getByTestId(testId).getAttribute('data-key'))!) as Record<string, unknown>;
    };
    const answerOf = async (page: Page, action: string, req: Record<string, unknown>): Promise<Answer> => {
      const r = await callApi(stack.server.url, 'energystorage', action, req, (await tokenOf(page)) ?? undefined);
      expect(r.body.code).toBe(0);
      return r.body.data as Answer;
    };
    const cards = (page: Page) =>
      page.locator('[data-testid=analysis-figures] > [data-testid^="fig-"]').evaluateAll((els) =>
        els.map((e) => ({
          key: e.getAttribute('data-testid')!.slice(4),
          label: e.firstElementChild?.textContent ?? '',
          value: e.querySelector('[data-testid=fig-value]')?.textContent ?? '',
          unit: e.querySelector('[data-testid=fig-unit]')?.textContent ?? '',
          compare: e.querySelector('[data-testid=fig-compare]')?.textContent ?? null,
          title: e.getAttribute('title'),
        })),
      );
    /** Every card agrees with the totals and explains itself on hover. */
    const expectFigures = async (page: Page, totals: Figures) => {
      const shown = await cards(page);
      expect(shown.length).toBeGreaterThan(4);
      for (const c of shown) {
        expectShown(c.value, c.unit, totals[c.key], c.key);
        expect(c.title).toBe(A.hint[c.key as keyof typeof A.hint]);
        expect(c.label).toBe(A.fig[c.key as keyof typeof A.fig]);
      }
      return shown;
    };

    for (const s of SCREENS) {
      it(`${s.name}: provider, one station, a period switch, the comparison, the CSV and noDate`, async () => {
        const { page, errors, close } = await openPage(stack.browser, {
          baseURL: stack.server.url,
          language: lang,
          width: 1600,
          height: 1000,
          who: DEMO.admin,
        });
        await page.goto(s.path);
        // the provider the selector settled on (the first answer comes once it has)
        await page.locator(`[data-testid=${s.testId}][data-loaded=true]`).waitFor({ timeout: 30_000 });
        const orgId = await storeState<number>(page, 'session.currentOrg.id');

        // the provider: the month so far, every station of it in the table
        const req = await settled(page, s.testId, [`"orgId":${orgId}`], ['stationId']);
        const all = await answerOf(page, s.action, req);
        expect(all.stationCount).toBeGreaterThan(0);
        await expectFigures(page, all.totals);
        // the table's row count as a screen reader hears it: its header row and a row per station
        expect(Number(await page.getByTestId('analysis-stations').getAttribute('aria-rowcount'))).toBe(all.stations.length + 1);
        expect(await page.getByTestId('analysis-range').innerText()).toContain(all.from);
        if (s.name === 'pv') {
          const best = all.stations.find((r) => r.rankPr === 1);
          if (best) expect(await page.locator('[data-testid=analysis-stations] [data-testid=table-row]').first().innerText()).toContain(best.stationName);
          const flagged = await page.locator(`[data-testid=analysis-stations] [title="${A.table.flagged}"]`).count();
          expect(flagged).toBe(all.stations.filter((r) => r.prDropped).length);
        }

        // one station: the busiest of the provider
        const one = [...all.stations].sort((a, b) => (b[s.busiest] ?? 0) - (a[s.busiest] ?? 0))[0]!;
        await page.getByTestId('analysis-station').selectOption(String(one.stationId));
        const oneReq = await settled(page, s.testId, [`"stationId":${one.stationId}`]);
        const single = await answerOf(page, s.action, oneReq);
        expect(single.stationCount).toBe(1);
        await expectFigures(page, single.totals);
        expect(await page.getByTestId('analysis-range').innerText()).toContain(A.toolbar.stationCount.replace('{{count}}', '1'));
        if (s.name === 'ess') {
          expect(await page.getByTestId('fig-rtePct').innerText()).toContain(A.rte[single.totals.rteMethod as 'sameSoc' | 'socCorrected']);
          expect(await page.getByTestId('fig-rtePct').innerText()).toContain(A.rte.ac);
          if ((single.soh ?? []).length > 0) expect(await page.getByTestId('soh-cluster').count()).toBe(single.soh!.length);
        }
        if (s.name === 'usage') expect(await page.locator('[data-testid=analysis-tou] [data-testid=small-row]').count()).toBe((single.totals.tou ?? []).length);

        // a period switch: the year, per month
        await page.getByTestId('period-year').click();
        const yearReq = await settled(page, s.testId, ['"period":"year"', `"stationId":${one.stationId}`]);
        const year = await answerOf(page, s.action, yearReq);
        expect(Number(await page.getByTestId('analysis-chart').getAttribute('data-buckets'))).toBe(12);
        await expectFigures(page, year.totals);

        // the comparison: this month against the previous one
        await page.getByTestId('period-month').click();
        await page.getByTestId('analysis-compare').selectOption('previous');
        const cmpReq = await settled(page, s.testId, ['"period":"month"', '"compare":"previous"']);
        const cmp = await answerOf(page, s.action, cmpReq);
        expect(cmp.compare).not.toBeNull();
        expect(await page.getByTestId('analysis-compare-range').innerText()).toContain(cmp.compare!.from);
        const shown = await expectFigures(page, cmp.totals);
        for (const c of shown) {
          expect(c.compare, c.key).not.toBeNull();
          const [v, u] = c.compare!.split(' ');
          expectShown(v!, u!.replace(/[（(].*$/, ''), cmp.compareTotals![c.key], `${c.key} compared`);
        }
        expect(Number(await page.getByTestId('analysis-chart').getAttribute('data-lines'))).toBeGreaterThan(0);

        // the CSV: the screen's figures as printed, the chart's numbers as answered, the table's rows
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('analysis-export').click()]);
        const csv = parseCsv(readFileSync((await download.path())!, 'utf8'));
        expect(csv[0]).toEqual([A.csv.section, A.csv.figure, A.csv.value, A.csv.unit, A.csv.compare, A.csv.note]);
        const figRows = csv.filter((r) => r[0] === A.csv.figures);
        expect(figRows.map((r) => [r[1], r[2], r[3]])).toEqual(shown.map((c) => [c.label, c.value, c.unit]));
        const chartHead = csv.find((r) => r[0] === A.csv.chart)!;
        const chartRows = csv.filter((r) => r[0] === A.csv.chart).slice(1);
        expect(chartRows.map((r) => r[1])).toEqual(cmp.buckets);
        cmp.series.forEach((line, i) => {
          expect(
            chartRows.map((r) => (r[2 + i] === '' ? null : Number(r[2 + i]))),
            line.key,
          ).toEqual(line.values);
        });
        expect(chartHead.length).toBe(2 + cmp.series.length * 2);
        const stationRows = csv.filter((r) => r[0] === A.table.stations || r[0] === A.table.ranking).slice(1);
        expect(stationRows.map((r) => r[1])).toEqual([single.stations[0]!.stationName]);

        // an empty range says noDate
        await page.getByTestId('period-custom').click();
        await page.getByTestId('analysis-from').fill('2020-01-01');
        await page.getByTestId('analysis-to').fill('2020-01-31');
        await settled(page, s.testId, ['"period":"custom"', '"date":"2020-01-01"', '"to":"2020-01-31"']);
        expect(await page.getByTestId('analysis-empty').innerText()).toBe(L.noDate);
        expect(await page.getByTestId('analysis-export').isDisabled()).toBe(true);

        // back to the whole provider
        await page.getByTestId('analysis-station').selectOption('');
        await settled(page, s.testId, [`"orgId":${orgId}`], ['stationId']);
        expect(errors).toEqual([]);
        await close();
      }, 120_000);
    }
  });
}
