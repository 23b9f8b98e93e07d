import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../protocol/errors';
import { backends, type TestServer } from '../../test/harness';
import { startWithHistory } from './history-fixture';

// exportAnalysis: the analysis a screen shows as an XLSX workbook whose numbers are the answer's,
// stored as numbers under headers that name the unit; only with the analysis' own permission and
// inside the caller's scope.


describe.each(backends())('exportAnalysis (%s)', (backend) => {
  let s: TestServer;
  let a: string;
  let usageOnly: string;
  let station: number;
  let bStation: number;

  beforeAll(async () => {
    s = await startWithHistory(backend);
    a = await s.login('sunrise', 'Sunrise@2026');
    const [pA, pB] = (await s.fixtures()).providers as [number, number];
    usageOnly = (await s.makeAccount({ orgId: pA, permissions: ['analysis.energyUsage'] })).token;
    const first = async (p: number) => (await s.services.db.query<{ id: number }>('SELECT id FROM stations WHERE provider_id=$1 ORDER BY id LIMIT 1', [p]))[0]!.id;
    [station, bStation] = [await first(pA), await first(pB)];
  }, 120_000);
  afterAll(() => s?.close());

  const month = () => ({ stationId: station, period: 'month', date: '2026-07-15', compare: 'previous' }) as const;

  it('the usage month as a workbook: figures, chart, stations, tariff periods, parameters', async () => {
    const answer = await s.call('queryEnergyUsageAnalysis', month(), usageOnly);
    const job = await s.call('exportAnalysis', { ...month(), analysis: 'usage', format: 'xlsx' }, usageOnly);
    expect(job.code).toBe(0);
    expect(job.data).toMatchObject({ status: 'done', fileName: 'usage-analysis_2026-07-01_2026-07-31.xlsx' });
    const file = await s.app.inject({ method: 'GET', url: job.data.downloadUrl! });
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Load analysis', 'Chart', 'Stations', 'Energy and cost per tariff peri', 'Parameters']);

    const figs = wb.worksheets[0]!;
    expect(figs.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const head = (figs.getRow(1).values as unknown[]).slice(1) as string[];
    expect(head[head.indexOf('Consumption (kWh)')]).toBeDefined();
    expect(head).toContain('Self-sufficiency (%)');
    expect(head).toContain('Income (USD)');
    const at = (row: number, title: string) => figs.getRow(row).getCell(head.indexOf(title) + 1).value;
    expect(at(2, 'Consumption (kWh)')).toBe(answer.data.totals.consumptionKwh);
    expect(typeof at(2, 'Consumption (kWh)')).toBe('number');
    expect(at(2, 'Income (USD)')).toBe(answer.data.totals.income);
    expect(figs.getRow(3).getCell(1).value).toBe('2026-06-01 – 2026-06-30');
    expect(at(3, 'Consumption (kWh)')).toBe(answer.data.compareTotals!.consumptionKwh);

    const chart = wb.getWorksheet('Chart')!;
    expect(chart.rowCount).toBe(1 + answer.data.buckets.length);
    expect(chart.getRow(16).getCell(1).value).toBe('2026-07-15');
    expect(chart.getRow(16).getCell(2).value).toBe(answer.data.series[0]!.values[14]);
    const stations = wb.getWorksheet('Stations')!;
    expect(stations.getRow(2).getCell(1).value).toBe(answer.data.stations[0]!.stationName);
    const params = new Map(wb.getWorksheet('Parameters')!.getSheetValues().filter(Boolean).map((r) => [(r as unknown[])[1], (r as unknown[])[2]]));
    expect(params.get('Compare with')).toBe('Previous period: 2026-06-01 – 2026-06-30');
  });

  it('another analysis than the caller holds is forbidden; another provider\'s station is notFound; a bad format names the field', async () => {
    expect((await s.call('exportAnalysis', { ...month(), analysis: 'pv', format: 'xlsx' }, usageOnly)).code).toBe(ErrorCode.forbidden);
    const probe = await s.call('exportAnalysis', { ...month(), stationId: bStation, analysis: 'usage', format: 'xlsx' }, a);
    expect(probe.code).toBe(ErrorCode.notFound);
    expect(probe.data).toBeNull();
    const bad = await s.call('exportAnalysis', { ...month(), analysis: 'usage', format: 'pdf' }, a);
    expect(bad.code).toBe(ErrorCode.validationFailed);
  });
});
