import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../protocol/errors';
import type { ResponseOf } from '../../../protocol/catalogue';
import { REPORT_ITEMS } from '../../../protocol/actions/report-shapes';
import { backends, startTestServer, type TestServer } from '../../test/harness';
import { parseCsv } from '../../test/csv';
import { cellText, energyScale, kindOfUnit } from '../../reports/numbers';
import { seedIntervals } from './report-fixture';

// A fixed clock on 15 July 2026 (noon in East Asia); fourteen days of 15-minute intervals are
// written for three stations (two of provider A, one of provider B).
const NOW = Date.UTC(2026, 6, 15, 4, 0);
const ITEMS = [...REPORT_ITEMS];
type Report = ResponseOf<'querySiteReport'>;
type Job = ResponseOf<'queryExportJob'>;
interface Issue {
  path: string;
  issue: string;
}
const issuesOf = (data: unknown): Issue[] => (data as { issues: Issue[] }).issues;

describe.each(backends())(
  'report actions (%s)',
  (backend) => {
    let s: TestServer;
    let root: string;
    let adminA: string;
    let nobody: string;
    let pA: number;
    let pB: number;
    let x: number; // provider A, with intervals
    let y: number; // provider A
    let z: number; // provider B

    beforeAll(async () => {
      s = await startTestServer(backend, { clock: () => NOW });
      [pA, pB] = (await s.fixtures()).providers as [number, number];
      const reg = s.services.registry;
      [x, y] = reg.stationsByProvider.get(pA)!.slice(0, 2) as [number, number];
      z = reg.stationsByProvider.get(pB)![0]!;
      await seedIntervals(s.services.db, [x, y, z], '2026-07-01', 14);
      root = await s.login('admin', 'Admin@2026');
      adminA = await s.login('sunrise', 'Sunrise@2026');
      nobody = (await s.makeAccount({ orgId: pA, permissions: ['system.role'] })).token;
    }, 120_000);
    afterAll(() => s?.close());

    const site = (extra: Record<string, unknown> = {}) => ({ stationId: x, granularity: 'day', from: '2026-07-01', to: '2026-07-31', items: ITEMS, ...extra });

    it('site report: a row per local day up to today, totals the sum of the rows, units given', async () => {
      const r = await s.call('querySiteReport', site(), adminA);
      expect(r.code).toBe(0);
      const d = r.data;
      expect(d.columns).toEqual(ITEMS);
      expect(d.units[ITEMS.indexOf('pvKwh')]).toBe('kWh');
      expect(d.units[ITEMS.indexOf('income')]).toBe('CNY'); // provider A's currency
      expect(d.currency).toBe('CNY');
      expect(d.rows.map((row) => row.period)).toEqual(Array.from({ length: 15 }, (_, i) => `2026-07-${String(i + 1).padStart(2, '0')}`));
      const pv = ITEMS.indexOf('pvKwh');
      expect(d.rows[0]!.values[pv]).toBeGreaterThan(0);
      const sum = d.rows.reduce((a, row) => a + (row.values[pv] ?? 0), 0);
      expect(d.totals[pv]).toBeCloseTo(sum, 2);
      // a full metered day is 100 % available; today, not metered yet, has no data and counts neither way
      const availability = ITEMS.indexOf('availabilityPct');
      expect(d.rows[0]!.values[availability]).toBe(100);
      expect(d.rows.at(-1)!.values[availability]).toBeNull();
      expect(d.totals[availability]).toBe(100);
    });

    it('a station-month equals the station overview energy (same energy and income)', async () => {
      const rep = await s.call('querySiteReport', site({ granularity: 'month' }), adminA);
      const ov = await s.call('queryStationEnergy', { stationId: x, granularity: 'month', from: '2026-07-01', to: '2026-07-31' }, adminA);
      expect(ov.code).toBe(0);
      const row = rep.data.rows[0]!;
      const m = ov.data.rows[0]!;
      expect(row.values[ITEMS.indexOf('pvKwh')]).toBeCloseTo(m.pvKwh, 3);
      expect(row.values[ITEMS.indexOf('gridImportKwh')]).toBeCloseTo(m.gridImportKwh, 3);
      expect(row.values[ITEMS.indexOf('income')]).toBeCloseTo(m.income, 3);
      expect(row.values[ITEMS.indexOf('fuelCost')]).toBeCloseTo(m.fuelCost, 3);
      expect(Math.abs(m.income)).toBeGreaterThan(0);
    });

    it('service rows per station of the provider; platform rows per provider add up to the same totals', async () => {
      const q = { granularity: 'month', from: '2026-07-01', to: '2026-07-31', items: ['pvKwh', 'income'] };
      const svc = await s.call('queryServiceReport', { ...q, orgId: pA }, root);
      expect(svc.code).toBe(0);
      expect(new Set(svc.data.rows.map((r) => r.key.split(':')[0]))).toEqual(new Set(s.services.registry.stationsByProvider.get(pA)!.map(String)));
      const plat = await s.call('queryPlatformReport', q, root);
      const rowA = plat.data.rows.find((r) => r.key === `${pA}:2026-07`)!;
      expect(rowA.values[0]).toBeCloseTo(svc.data.totals[0]!, 2);
      expect(rowA.label).toBe(s.services.registry.orgs.get(pA)!.name);
      // provider A's admin sees only provider A
      const own = await s.call('queryPlatformReport', q, adminA);
      expect(own.data.rows.map((r) => r.key.split(':')[0])).toEqual([String(pA)]);
    });

    it('invalid payloads: no data item, missing dates, end before start, site without station', async () => {
      for (const items of [[], undefined]) {
        const r = await s.call('querySiteReport', { ...site(), items }, adminA);
        expect(r.code).toBe(ErrorCode.validationFailed);
        expect(issuesOf(r.data)).toContainEqual({ path: 'items', issue: 'selectDataItem' });
      }
      const noFrom = await s.call('querySiteReport', { ...site(), from: undefined }, adminA);
      expect(issuesOf(noFrom.data)).toContainEqual({ path: 'from', issue: 'required' });
      const back = await s.call('querySiteReport', site({ from: '2026-07-10', to: '2026-07-01' }), adminA);
      expect(issuesOf(back.data)).toContainEqual({ path: 'to', issue: 'timeError' });
      const noStation = await s.call('querySiteReport', { ...site(), stationId: undefined }, adminA);
      expect(issuesOf(noStation.data)).toContainEqual({ path: 'stationId', issue: 'required' });
    });

    it('permission denied and cross-tenant probes answer without data', async () => {
      for (const a of ['queryPlatformReport', 'queryServiceReport', 'querySiteReport', 'exportReport', 'createReportShare', 'queryBillList'] as const) {
        const r = await s.call(a, { ...site(), report: 'site', format: 'csv', kind: 'month', date: '2026-07-01', year: 2026 }, nobody);
        expect(r.code).toBe(ErrorCode.forbidden);
        expect(r.data).toBeNull();
      }
      const probes = [
        ['querySiteReport', site({ stationId: z })],
        ['queryServiceReport', { ...site(), stationId: undefined, orgId: pB }],
        ['exportReport', { ...site({ stationId: z }), report: 'site', format: 'xlsx' }],
        ['createReportShare', { stationId: z, kind: 'month', date: '2026-07-01' }],
        ['queryBillList', { stationId: z, year: 2026 }],
        ['queryBillDetail', { billId: `${z}-2026-07` }],
      ] as const;
      for (const [a, p] of probes) {
        const r = await s.call(a, p, adminA);
        expect(r.code, a).toBe(ErrorCode.notFound);
        expect(r.data).toBeNull();
      }
    });

    const download = async (job: Job, token: string): Promise<Buffer> => {
      let j = job;
      for (let i = 0; i < 500 && j.status === 'running'; i++) {
        await new Promise((r) => setTimeout(r, 20));
        j = (await s.call('queryExportJob', { jobId: job.jobId }, token)).data;
      }
      expect(j.status).toBe('done');
      expect(j.progress).toBe(1);
      const res = await s.app.inject({ method: 'GET', url: j.downloadUrl! });
      expect(res.statusCode).toBe(200);
      expect(Number(res.headers['content-length'])).toBe(j.bytes);
      return res.rawPayload;
    };
    const exportOf = async (format: 'xlsx' | 'csv' | 'pdf', q: Record<string, unknown> = site(), report = 'site', locale = 'en_GB') => {
      const r = await s.call('exportReport', { ...q, report, format }, adminA, { headers: { locale } });
      expect(r.code).toBe(0);
      return download(r.data, adminA);
    };

    it('XLSX: every cell equals the answer, units in the header, frozen header, a parameters sheet', async () => {
      const q = site();
      const answer = (await s.call('querySiteReport', q, adminA)).data as Report;
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await exportOf('xlsx', q)) as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(ws.getRow(1).getCell(3).value).toBe('PV generation (kWh)');
      answer.rows.forEach((row, i) => {
        const cells = ws.getRow(i + 2);
        expect(cells.getCell(1).value).toBe(row.label);
        expect(cells.getCell(2).value).toBe(row.period);
        // a value the answer leaves null reads "No data" in the file, never an empty (zero-looking) cell
        row.values.forEach((v, k) => expect(cells.getCell(k + 3).value).toBe(v ?? 'No data'));
      });
      const totals = ws.getRow(answer.rows.length + 2);
      answer.totals.forEach((v, k) => expect(totals.getCell(k + 3).value).toBe(v ?? 'No data'));
      expect(typeof totals.getCell(3).value).toBe('number');
      const params = wb.getWorksheet('Parameters')!;
      expect(params.getRow(2).values).toContain('2026-07-01');
    });

    it('CSV: every field equals the answer (service report)', async () => {
      const q = { ...site(), stationId: undefined, orgId: pA, granularity: 'month' };
      const answer = (await s.call('queryServiceReport', q, adminA)).data as Report;
      const rows = parseCsv((await exportOf('csv', q, 'service')).toString('utf8'));
      expect(rows[0]![2]).toBe('PV generation (kWh)');
      answer.rows.forEach((row, i) => expect(rows[i + 1]).toEqual([row.label, row.period, ...row.values.map((v) => (v === null ? 'No data' : String(v)))]));
      expect(rows.at(-1)!.slice(2)).toEqual(answer.totals.map((v) => (v === null ? 'No data' : String(v))));
    });

    it("PDF in Chinese: the provider's name, the title, the generated time with its zone, the totals as printed", async () => {
      const q = site({ items: ['pvKwh', 'income', 'gridImportKwh'] });
      const answer = (await s.call('querySiteReport', q, adminA)).data as Report;
      const pdf = await exportOf('pdf', q, 'site', 'zh_CN');
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const file = join(tmpdir(), `report-${backend}.pdf`);
      writeFileSync(file, pdf);
      const text = execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
      expect(text).toContain(s.services.registry.orgs.get(pA)!.name);
      expect(text).toContain('站点报表');
      expect(text).toMatch(/生成时间 2026-07-15 \d\d:\d\d \([A-Za-z_/]+\)/);
      const totals = text.split('\n').find((l) => l.trim().startsWith('合计'))!;
      // as the PDF prints them: grouped, energies on their column's kWh / MWh / GWh step
      answer.totals.forEach((v, k) => {
        const kind = kindOfUnit(answer.units[k]!);
        const scale = kind === 'energy' ? energyScale(answer.rows.map((r) => r.values[k] ?? null)) : undefined;
        expect(totals).toContain(cellText(v, kind, 'zh', scale?.factor));
      });
    });

    it("a job is the caller's own; download tokens are single files and unknown ones 404", async () => {
      const r = await s.call('exportReport', { ...site(), report: 'site', format: 'csv' }, adminA);
      const other = await s.call('queryExportJob', { jobId: r.data.jobId }, root);
      expect(other.code).toBe(ErrorCode.notFound);
      await download(r.data, adminA);
      const bad = await s.app.inject({ method: 'GET', url: `/api/export/${'A'.repeat(43)}` });
      expect(bad.statusCode).toBe(404);
    });
  },
  180_000,
);
