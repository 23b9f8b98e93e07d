import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../protocol/errors';
import type { ResponseOf } from '../../../protocol/catalogue';
import { backends, type TestServer } from '../../test/harness';
import { startSimulatedFleet } from '../../test/simulated-fleet';
import { parseCsv } from '../../test/csv';
import { HISTORY_NOW } from './history-fixture';
import { seedIntervals } from './report-fixture';

// One currency per service provider: the platform administrator switches provider A (seeded
// CNY) to EUR, and every money figure of A's stations then says EUR, in every answer and in the
// exported files' headers; the provider's own administrator may not change it.

type Job = ResponseOf<'queryExportJob'>;
/** Any other currency a money figure could still carry, as a code or as zh names it. */
const OTHER = /USD|CNY|美元|元/;

describe.each(backends())('provider currency (%s)', (backend) => {
  let s: TestServer;
  let root: string;
  let adminA: string;
  let pA: number;
  let x: number; // provider A, with intervals

  beforeAll(async () => {
    s = await startSimulatedFleet(backend, HISTORY_NOW, { days: 1 });
    pA = (await s.fixtures()).providers[0]!;
    x = s.services.registry.stationsByProvider.get(pA)![0]!;
    await seedIntervals(s.services.db, [x], '2026-07-01', 14);
    root = await s.login('admin', 'Admin@2026');
    adminA = await s.login('sunrise', 'Sunrise@2026');
  }, 180_000);
  afterAll(() => s?.close());

  const currencyOfA = async () => (await s.call('queryServiceProviderInfoById', { orgId: pA }, root)).data.currency;

  it("a provider's administrator cannot change its currency; a malformed code is refused", async () => {
    expect(await currencyOfA()).toBe('CNY');
    const own = await s.call('updateProviderCurrency', { orgId: pA, currency: 'EUR' }, adminA);
    expect({ status: own.status, code: own.code, data: own.data }).toEqual({ status: 403, code: ErrorCode.forbidden, data: { reason: 'platformOnly' } });
    for (const currency of ['eur', 'EURO', 'E1R']) {
      const bad = await s.call('updateProviderCurrency', { orgId: pA, currency }, root);
      expect(bad.code, currency).toBe(ErrorCode.validationFailed);
    }
    expect(await currencyOfA()).toBe('CNY');
  });

  it('switched to EUR by the platform, every money figure of the provider says EUR and no number changes', async () => {
    const site = { stationId: x, granularity: 'day', from: '2026-07-01', to: '2026-07-14', items: ['pvKwh', 'income', 'savings', 'fuelCost'] };
    const before = await s.call('querySiteReport', site, adminA);
    expect(before.data.currency).toBe('CNY');

    const r = await s.call('updateProviderCurrency', { orgId: pA, currency: 'EUR' }, root);
    expect(r.code).toBe(0);
    expect(await currencyOfA()).toBe('EUR');

    const tariffs = await s.call('queryStationTariffs', { stationId: x }, adminA);
    const month = { stationId: x, period: 'month', date: '2026-07-15' };
    const answers = {
      site: await s.call('querySiteReport', site, adminA),
      service: await s.call('queryServiceReport', { ...site, stationId: undefined, orgId: pA }, adminA),
      platform: await s.call('queryPlatformReport', { ...site, stationId: undefined }, adminA),
      bills: await s.call('queryBillList', { stationId: x, year: 2026 }, adminA),
      bill: await s.call('queryBillDetail', { billId: `${x}-2026-07` }, adminA),
      usage: await s.call('queryEnergyUsageAnalysis', month, adminA),
      ess: await s.call('queryEssAnalysis', { ...month, stationId: undefined }, adminA),
      tariffs,
      // the tariff screens name the unit of prices from the station and each template
      station: await s.call('queryStationInfoById', { stationId: x }, adminA),
      templates: await s.call('queryTariffTemplateList', { orgId: pA, page: 1, length: 50 }, adminA),
      preview: await s.call('previewTariffBill', { stationId: x, date: '2026-07-02', tariffId: tariffs.data.active!.tariffId }, adminA),
      cards: await s.call('queryStationMatrix', {}, adminA),
      home: await s.call('queryHomepageStatistics', {}, adminA),
      overview: await s.call('queryStationOverview', { stationId: x }, adminA),
      energy: await s.call('queryStationEnergy', { stationId: x, granularity: 'day', from: '2026-07-01', to: '2026-07-03' }, adminA),
    };
    for (const [name, a] of Object.entries(answers)) {
      expect(a.code, name).toBe(0);
      const text = JSON.stringify(a.data);
      expect(text, name).toContain('"EUR"');
      expect(text, name).not.toMatch(OTHER);
    }
    expect(answers.site.data.units).toEqual(['kWh', 'EUR', 'EUR', 'EUR']);
    // relabelled, not converted
    expect(answers.site.data.totals).toEqual(before.data.totals);
    expect(answers.cards.data.dataList.every((c) => c.currency === 'EUR')).toBe(true);
    expect(answers.bill.data.currency).toBe('EUR');
  });

  const download = async (job: Job): Promise<Buffer> => {
    let j = job;
    for (let i = 0; i < 500 && j.status === 'running'; i++) {
      await new Promise((res) => setTimeout(res, 20));
      j = (await s.call('queryExportJob', { jobId: job.jobId }, adminA)).data;
    }
    expect(j.status).toBe('done');
    return (await s.app.inject({ method: 'GET', url: j.downloadUrl! })).rawPayload;
  };
  const sheetHead = async (file: Buffer, sheet = 0): Promise<string[]> => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ArrayBuffer);
    return (wb.worksheets[sheet]!.getRow(1).values as unknown[]).slice(1).map(String);
  };

  it('the exported files name EUR in their money headers, in English and in Chinese', async () => {
    const q = { stationId: x, granularity: 'day', from: '2026-07-01', to: '2026-07-14', items: ['pvKwh', 'income'], report: 'site' };
    for (const locale of ['en_GB', 'zh_CN']) {
      const csv = await s.call('exportReport', { ...q, format: 'csv' }, adminA, { headers: { locale } });
      const head = parseCsv((await download(csv.data)).toString('utf8'))[0]!;
      expect(head[3]).toBe(locale === 'en_GB' ? 'Income (EUR)' : '收益 (EUR)');
      const xlsx = await s.call('exportReport', { ...q, format: 'xlsx' }, adminA, { headers: { locale } });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await download(xlsx.data)) as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      expect(ws.getRow(1).getCell(4).value).toBe(head[3]);
      // full precision kept, two decimals shown
      expect(ws.getRow(2).getCell(4).numFmt).toBe('#,##0.00');
      // energies too: a number at full precision shown grouped to the hundredth, never General
      expect(typeof ws.getRow(2).getCell(3).value).toBe('number');
      expect(ws.getRow(2).getCell(3).numFmt).toBe('#,##0.00');
      const params = wb.getWorksheet('Parameters')!.getSheetValues().flat().map(String).join(' ');
      expect(params).toContain('EUR');
      expect(params).not.toMatch(OTHER);
    }
    const bill = await s.call('exportBill', { billId: `${x}-2026-07`, format: 'xlsx' }, adminA, { headers: { locale: 'zh_CN' } });
    const billFile = await download(bill.data);
    const billBook = new ExcelJS.Workbook();
    await billBook.xlsx.load(billFile as unknown as ArrayBuffer);
    // quantity to the hundredth, price to the tariff's 4 decimals, amount to the cent
    expect([3, 5, 6].map((c) => billBook.worksheets[0]!.getRow(2).getCell(c).numFmt)).toEqual(['#,##0.00', '#,##0.0000', '#,##0.00']);
    const billHead = await sheetHead(billFile);
    expect(billHead.filter((h) => h.includes('EUR'))).toEqual(['单价 (EUR/单位)', '金额 (EUR)']);
    expect(billHead.join(' ')).not.toMatch(OTHER);
    const usage = await s.call('exportAnalysis', { stationId: x, period: 'month', date: '2026-07-15', analysis: 'usage', format: 'xlsx' }, adminA);
    const usageHead = await sheetHead(await download(usage.data));
    expect(usageHead).toContain('Income (EUR)');
    expect(usageHead.join(' ')).not.toMatch(OTHER);
  });
});
