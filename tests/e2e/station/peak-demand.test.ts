// Peak shaving's money on screen, in en and zh: the overview's peak demand so far (peak kW, when
// on the station's clock, billed kW after the ratchet) equal to the server's figures, the peak
// alarm's margin set in its dialog with its error at its field; the bill's demand make-up (peak,
// when, the ratchet floor, billed kW and the amount) equal to queryBillDetail; the predicted
// day's month peak with and without storage. Photographed at 1366 and 1920 px, light and dark.
//
// One grid-tied storage station (Asia/Shanghai) with a peak-period 15-minute demand charge of
// 30/kW, a ratchet of 80 % of the previous 11 months and a fixed fee of 100: last month imported
// 10 kWh a quarter with one 300 kW quarter at 10:00; this month the same with a 200 kW quarter at
// 10:00 on the 1st, so 240 kW is billed.
import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import enModes from '../../../locales/en/modes.json';
import enReports from '../../../locales/en/reports.json';
import enStation from '../../../locales/en/station.json';
import zhModes from '../../../locales/zh/modes.json';
import zhReports from '../../../locales/zh/reports.json';
import zhStation from '../../../locales/zh/station.json';
import { addMonthKey, dateKey, dateStart } from '../../../protocol/site-time';
import { threePeriodYear } from '../../../server/test/tariffs';
import { describeBrowser } from '../helpers/browser';
import { callApi, DEMO, tokenOf } from '../helpers/console';
import { openPage, serverAndBrowser } from '../helpers/session';
import { startTariffServer, type TariffServer } from '../tariffs/server';

const stack = serverAndBrowser(startTariffServer);
const ZONE = 'Asia/Shanghai';
const QUARTER = 900_000;
const SHOTS = '.tmp';
const seasons = threePeriodYear([0.3, 1.1, 0.7], 0.1);
const charges = {
  demand: [{ pricePerKw: 30, windowMinutes: 15, periods: ['peak'], ratchet: { percent: 80, months: 11 } }],
  fixedMonthlyFee: 100,
  // 10 kWh a quarter passes 1,000 kWh on the month's 2nd day
  blocks: [
    { fromKwh: 0, adderPerKwh: 0 },
    { fromKwh: 1000, adderPerKwh: 0.05 },
  ],
};

interface Setup {
  station: number;
  provider: number;
  month: string;
}

const prepare = async (server: TariffServer, providerId?: number): Promise<Setup> => {
  const db = server.services.db;
  const [row] = await db.query<{ id: number; provider: number }>(
    `SELECT s.id, s.provider_id AS provider FROM stations s WHERE 'ess' = ANY(s.energy_types) AND s.system_type <> 2 AND ($1::int IS NULL OR s.provider_id = $1)
       AND EXISTS (SELECT 1 FROM strategies g WHERE g.station_id = s.id AND g.kind = 'peakShaving' AND g.deleted_at IS NULL) ORDER BY s.id LIMIT 1`,
    [providerId ?? null],
  );
  const station = row!.id;
  await server.setZone(station, ZONE);
  await db.query('DELETE FROM tariffs WHERE station_id = $1', [station]);
  await db.query(`INSERT INTO tariffs (station_id, name, effective_date, seasons, charges) VALUES ($1, 'Two-part', '2020-01-01', $2::jsonb, $3::jsonb)`, [
    station,
    JSON.stringify(seasons),
    JSON.stringify(charges),
  ]);
  const now = Date.now();
  const month = dateKey(ZONE, now).slice(0, 7);
  const prev = addMonthKey(month, -1);
  const spikes = new Map([
    [dateStart(ZONE, `${prev}-15`) + 10 * 3_600_000, 75],
    [dateStart(ZONE, `${month}-01`) + 10 * 3_600_000, 50],
  ]);
  // on the 1st at 11:00 the load takes 75 kWh (300 kW) and the battery discharges 50: 100 kW from the grid
  const shaved = dateStart(ZONE, `${month}-01`) + 11 * 3_600_000;
  spikes.set(shaved, 25);
  const from = dateStart(ZONE, `${prev}-01`);
  await db.query('DELETE FROM station_energy WHERE station_id = $1 AND bucket >= to_timestamp($2 / 1000.0)', [station, from]);
  const buckets: string[] = [];
  const kwh: number[] = [];
  for (let t = from; t + QUARTER <= now; t += QUARTER) {
    buckets.push(new Date(t).toISOString());
    kwh.push(spikes.get(t) ?? 10);
  }
  await db.query(
    `INSERT INTO station_energy (station_id, bucket, load, grid_import) SELECT $1, b, k, k FROM unnest($2::timestamptz[], $3::float8[]) AS x(b, k)`,
    [station, buckets, kwh],
  );
  await db.query('UPDATE station_energy SET discharge = 50, load = 75 WHERE station_id = $1 AND bucket = to_timestamp($2 / 1000.0)', [station, shaved]);
  await db.query('DELETE FROM station_days WHERE station_id = $1', [station]);
  return { station, provider: row!.provider, month };
};

const digits = (s: string | null) => Number((s ?? '').replace(/[^\d.]/g, ''));
const SIZES = [
  [1366, 'light'],
  [1920, 'dark'],
  [1366, 'dark'],
  [1920, 'light'],
] as const;

for (const lang of ['en', 'zh'] as const) {
  const L = lang === 'zh' ? { station: zhStation, reports: zhReports, modes: zhModes } : { station: enStation, reports: enReports, modes: enModes };
  describeBrowser(`peak demand on screen (${lang})`, () => {
    let server: TariffServer;
    let s: Setup;
    beforeAll(async () => {
      server = stack.server;
      s = await prepare(server);
    });
    const open = async (width: number, theme: string, path: string): Promise<{ page: Page; close: () => Promise<void> }> => {
      const o = await openPage(stack.browser, { baseURL: server.url, language: lang, width, height: width === 1366 ? 768 : 1080, who: DEMO.admin });
      await o.page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await o.page.goto(path);
      return o;
    };

    it("the overview's peak so far equals the server's; the alarm margin is refused at its field, then set", async () => {
      for (const [width, theme] of SIZES) {
        const { page, close } = await open(width, theme, `/overviewStations/overviewStations?stationId=${s.station}&serviceProviderId=${s.provider}`);
        const card = page.getByTestId('ov-peak');
        await card.getByTestId('peak-kw').waitFor({ timeout: 20_000 });
        const token = (await tokenOf(page))!;
        const r = await callApi(server.url, 'energystorage', 'queryStationPeakDemand', { stationId: s.station }, token);
        const line = (r.body.data as { demand: { peakKw: number; peakLocal: string; billedKw: number; amount: number }[] }).demand[0]!;
        expect(line).toMatchObject({ peakKw: 200, peakLocal: `${s.month}-01 10:00`, billedKw: 240 });
        expect(digits(await card.getByTestId('peak-kw').textContent())).toBe(200);
        expect(await card.getByTestId('peak-when').textContent()).toContain(`${s.month}-01 10:00`);
        expect(await card.getByTestId('peak-billed').textContent()).toContain('240');
        expect(await card.getByTestId('peak-billed').textContent()).toContain(line.amount.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ','));
        await card.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/peak-overview-${lang}-${width}-${theme}.png` });
        if (width === 1366 && theme === 'light') {
          await card.getByRole('button', { name: L.station.overview.peak.setAlarm }).click();
          const dialog = page.getByRole('dialog');
          await dialog.getByLabel(L.station.overview.peak.margin).fill('40');
          await dialog.getByRole('button', { name: L.station.overview.peak.save }).click();
          await expect.poll(() => dialog.getByText(L.station.overview.peak.errors.margin).isVisible()).toBe(true);
          expect(await dialog.getByLabel(L.station.overview.peak.margin).getAttribute('aria-invalid')).toBe('true');
          await page.screenshot({ path: `${SHOTS}/peak-alarm-dialog-${lang}-${width}-${theme}.png` });
          await dialog.getByLabel(L.station.overview.peak.margin).fill('90');
          await dialog.getByRole('button', { name: L.station.overview.peak.save }).click();
          await expect.poll(() => dialog.isVisible()).toBe(false);
          expect(await card.getByTestId('peak-alarm').textContent()).toBe(L.station.overview.peak.alarmPeak.replace('{{pct}}', '90'));
          const after = await callApi(server.url, 'energystorage', 'queryStationPeakDemand', { stationId: s.station }, token);
          expect((after.body.data as { alarm: unknown }).alarm).toEqual({ marginPct: 90, targetKw: null });
          await callApi(server.url, 'energystorage', 'savePeakAlarm', { stationId: s.station }, token);
        }
        await close();
      }
    }, 240_000);

    it("the bill's demand make-up shows the peak, when, the ratchet floor, billed kW and the amounts of queryBillDetail", async () => {
      for (const [width, theme] of SIZES.slice(0, 2)) {
        const billId = `${s.station}-${s.month}`;
        const { page, close } = await open(width, theme, `/bill/downloadDetail?stationId=${s.station}&billId=${billId}`);
        await page.getByTestId('bill-demand-makeup').waitFor({ timeout: 20_000 });
        const token = (await tokenOf(page))!;
        const r = await callApi(server.url, 'energystorage', 'queryBillDetail', { billId }, token);
        const bill = r.body.data as {
          total: number;
          lines: { direction: string; quantity: number; amount: number; demand?: { peakKw: number; peakLocal: string; ratchetKw: number } }[];
        };
        const demand = bill.lines.find((l) => l.direction === 'demand')!;
        expect(demand).toMatchObject({ quantity: 240, amount: 7200, demand: { peakKw: 200, peakLocal: `${s.month}-01 10:00`, ratchetKw: 240 } });
        const lines = page.getByTestId('bill-line');
        const row = lines.filter({ hasText: L.reports.bills.directions.demand });
        const cells = await row.locator('td').allTextContents();
        expect(digits(cells[2]!)).toBe(demand.quantity);
        expect(digits(cells[4]!)).toBe(demand.amount);
        const makeup = (await page.getByTestId('bill-demand-makeup').textContent())!;
        expect(makeup).toContain(`${s.month}-01 10:00`);
        expect(makeup).toContain('200.00 kW');
        expect(makeup).toContain('240.00 kW');
        expect(makeup).toContain(L.reports.bills.ratchet.replace('{{percent}}', '80').replace('{{months}}', '11').replace('{{kw}}', '240.00'));
        // the second tier's line: its name, kWh and money as the answer has them
        const tier = bill.lines.find(
          (l) =>
            l.direction === 'tier' && l.quantity !== undefined && l.amount !== undefined && 'tier' in l && (l as { tier: { tier: number } }).tier.tier === 2,
        )!;
        const tierName = L.reports.bills.tierName.replace('{{tier}}', '2').replace('{{from}}', '1,000');
        const tierCells = await lines.filter({ hasText: tierName }).locator('td').allTextContents();
        expect(tierCells[1]).toBe(L.reports.bills.directions.tier);
        expect(digits(tierCells[2]!)).toBeCloseTo(tier.quantity, 1);
        expect(digits(tierCells[4]!)).toBeCloseTo(tier.amount, 1);
        expect(digits(await page.getByTestId('bill-total').textContent())).toBe(bill.total);
        await page.getByTestId('bill-demand-makeup').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/peak-bill-${lang}-${width}-${theme}.png` });
        await close();
      }
    }, 120_000);

    it('the storage analysis splits net revenue into arbitrage and the demand charge saved, as queryEssAnalysis answers', async () => {
      for (const [width, theme] of SIZES) {
        const { page, close } = await open(width, theme, '/analysis/energyStorage');
        await page.locator('[data-testid=analysis-ess][data-loaded=true]').waitFor({ timeout: 30_000 });
        const token = (await tokenOf(page))!;
        const orgId = Number(
          await page.evaluate(
            () => (window as unknown as { __ems: { state(): { session: { currentOrg: { id: number } } } } }).__ems.state().session.currentOrg.id,
          ),
        );
        const mine = orgId === s.provider ? s : await prepare(server, orgId);
        await page.getByTestId('analysis-station').selectOption(String(mine.station));
        await expect.poll(() => page.getByTestId('fig-demandSavings').getByTestId('fig-value').innerText(), { timeout: 20_000 }).toBe('1,800.00');
        const r = await callApi(
          server.url,
          'energystorage',
          'queryEssAnalysis',
          { stationId: mine.station, period: 'month', date: dateKey(ZONE, Date.now()), compare: 'none' },
          token,
        );
        const totals = (r.body.data as { totals: { netRevenue: number; netArbitrage: number; demandSavings: number } }).totals;
        // without storage the 1st's 300 kW is billed above the 240 kW ratchet floor: 60 kW × 30 saved
        expect(totals.demandSavings).toBe(1800);
        expect(totals.netRevenue).toBeCloseTo(totals.netArbitrage + 1800, 4);
        expect(digits(await page.getByTestId('fig-netRevenue').getByTestId('fig-value').innerText())).toBeCloseTo(totals.netRevenue, 2);
        expect(await page.getByTestId('fig-netRevenue').getByTestId('fig-note').innerText()).toContain('1,800.00');
        await page.screenshot({ path: `${SHOTS}/peak-analysis-${lang}-${width}-${theme}.png` });
        await close();
      }
    }, 240_000);

    it("the predicted day shows the month's peak with and without storage and the demand charge saved", async () => {
      for (const [width, theme] of SIZES) {
        const { page, close } = await open(
          width,
          theme,
          `/operationModeManagement/operationModeManagement?stationId=${s.station}&serviceProviderId=${s.provider}`,
        );
        await page.getByTestId('strategy-edit').first().click({ timeout: 20_000 });
        await page.getByTestId('strategy-predict').click();
        const box = page.getByTestId('predict-demand');
        await box.waitFor({ timeout: 20_000 });
        expect(await box.textContent()).toContain(L.modes.predict.withoutStorage);
        expect(Number(await box.getAttribute('data-saved'))).toBeGreaterThanOrEqual(0);
        // without storage the month's peak is never below the one with it
        const kw = async (id: string) => digits((await page.getByTestId(`predict-demand-${id}`).locator('dd').first().textContent())!.split('kW')[0]!);
        expect(await kw('without')).toBeGreaterThanOrEqual(await kw('with'));
        await box.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/peak-predict-${lang}-${width}-${theme}.png` });
        await close();
      }
    }, 240_000);
  });
}
