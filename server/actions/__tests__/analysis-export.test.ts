import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../protocol/errors';
import { backends } from '../../test/harness';
import { serverWorld } from '../../test/world';
import { startWithHistory } from './history-fixture';

// exportAnalysis: the analysis a screen shows as an XLSX workbook whose numbers are the answer's,
// stored as numbers under headers that name the unit; only with the analysis' own permission and
// inside the caller's scope.

describe.each(backends())('exportAnalysis (%s)', (backend) => {
  const w = serverWorld(
    () => startWithHistory(backend),
    async (s) => {
      const [pA, pB] = (await s.fixtures()).providers as [number, number];
      const first = async (p: number) =>
        (await s.services.db.query<{ id: number }>('SELECT id FROM stations WHERE provider_id=$1 ORDER BY id LIMIT 1', [p]))[0]!.id;
      return {
        a: await s.login('sunrise', 'Sunrise@2026'),
        usageOnly: (await s.makeAccount({ orgId: pA, permissions: ['analysis.energyUsage'] })).token,
        station: await first(pA),
        bStation: await first(pB),
      };
    },
    120_000,
  );

  const month = () => ({ stationId: w.station, period: 'month', date: '2026-07-15', compare: 'previous' }) as const;

  it('the usage month as a workbook: figures, chart, stations, tariff periods, parameters', async () => {
    const answer = await w.s.call('queryEnergyUsageAnalysis', month(), w.usageOnly);
    const job = await w.s.call('exportAnalysis', { ...month(), analysis: 'usage', format: 'xlsx' }, w.usageOnly);
    expect(job.code).toBe(0);
    expect(job.data).toMatchObject({ status: 'done', fileName: 'usage-analysis_2026-07-01_2026-07-31.xlsx' });
    const file = await w.s.app.inject({ method: 'GET', url: job.data.downloadUrl! });
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Load analysis', 'Chart', 'Stations', 'Energy and cost per tariff peri', 'Parameters']);

    const figs = wb.worksheets[0]!;
    expect(figs.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const head = (figs.getRow(1).values as unknown[]).slice(1) as string[];
    expect(head[head.indexOf('Consumption (kWh)')]).toBeDefined();
    expect(head).toContain('Self-sufficiency (%)');
    expect(head).toContain('Income (CNY)');
    const at = (row: number, title: string) => figs.getRow(row).getCell(head.indexOf(title) + 1).value;
    expect(at(2, 'Consumption (kWh)')).toBe(answer.data.totals.consumptionKwh);
    expect(typeof at(2, 'Consumption (kWh)')).toBe('number');
    expect(at(2, 'Income (CNY)')).toBe(answer.data.totals.income);
    expect(figs.getRow(3).getCell(1).value).toBe('2026-06-01 – 2026-06-30');
    expect(at(3, 'Consumption (kWh)')).toBe(answer.data.compareTotals!.consumptionKwh);
    // every figure reads as the report workbook's do: grouped, to the hundredth (never General)
    const fmt = (row: number, title: string) => figs.getRow(row).getCell(head.indexOf(title) + 1).numFmt;
    for (const title of ['Consumption (kWh)', 'Self-sufficiency (%)', 'Peak demand (kW)', 'Income (CNY)']) {
      expect(head, title).toContain(title);
      expect(fmt(2, title), title).toBe('#,##0.00');
      expect(fmt(3, title), title).toBe('#,##0.00');
    }

    const chart = wb.getWorksheet('Chart')!;
    expect(chart.rowCount).toBe(1 + answer.data.buckets.length);
    expect(chart.getRow(16).getCell(1).value).toBe('2026-07-15');
    expect(chart.getRow(16).getCell(2).value).toBe(answer.data.series[0]!.values[14]);
    const stations = wb.getWorksheet('Stations')!;
    expect(stations.getRow(2).getCell(1).value).toBe(answer.data.stations[0]!.stationName);
    expect(chart.getRow(16).getCell(2).numFmt).toBe('#,##0.00');
    // the station table: energies, powers and shares formatted, the name left as text
    const stationHead = (stations.getRow(1).values as unknown[]).slice(1) as string[];
    expect(stationHead.length).toBeGreaterThan(5);
    stationHead.slice(1).forEach((h, i) => expect(stations.getRow(2).getCell(i + 2).numFmt, h).toBe('#,##0.00'));
    expect(stations.getRow(2).getCell(1).numFmt ?? 'General').toBe('General');
    const tou = wb.worksheets[3]!;
    expect(tou.getRow(2).getCell(2).numFmt).toBe('#,##0.00');
    const params = new Map(
      wb
        .getWorksheet('Parameters')!
        .getSheetValues()
        .filter(Boolean)
        .map((r) => [(r as unknown[])[1], (r as unknown[])[2]]),
    );
    expect(params.get('Compare with')).toBe('Previous period: 2026-06-01 – 2026-06-30');
  });

  it("another analysis than the caller holds is forbidden; another provider's station is notFound; a bad format names the field", async () => {
    expect((await w.s.call('exportAnalysis', { ...month(), analysis: 'pv', format: 'xlsx' }, w.usageOnly)).code).toBe(ErrorCode.forbidden);
    const probe = await w.s.call('exportAnalysis', { ...month(), stationId: w.bStation, analysis: 'usage', format: 'xlsx' }, w.a);
    expect(probe.code).toBe(ErrorCode.notFound);
    expect(probe.data).toBeNull();
    const bad = await w.s.call('exportAnalysis', { ...month(), analysis: 'usage', format: 'pdf' }, w.a);
    expect(bad.code).toBe(ErrorCode.validationFailed);
  });
});
