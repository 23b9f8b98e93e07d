import ExcelJS from 'exceljs';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../protocol/errors';
import type { ResponseOf } from '../../../protocol/catalogue';
import { billDays } from '../../money';
import { backends, startTestServer, type TestServer } from '../../test/harness';
import { seedIntervals } from './report-fixture';

// Share links of a station's month or year (public report pages) and monthly bills.
const NOW = Date.UTC(2026, 6, 15, 4, 0);
const DAY = 86_400_000;
type Job = ResponseOf<'queryExportJob'>;

describe.each(backends())(
  'report shares and bills (%s)',
  (backend) => {
    let s: TestServer;
    let adminA: string;
    let siteOnly: string;
    let pA: number;
    let x: number;
    let z: number;

    beforeAll(async () => {
      s = await startTestServer(backend, { clock: () => NOW });
      const fx = await s.fixtures();
      pA = fx.providers[0]!;
      x = fx.stationOf.get(pA)![0]!;
      z = fx.stationOf.get(fx.providers[1]!)![0]!;
      await seedIntervals(s.services.db, [x, z], '2026-06-20', 25);
      adminA = await s.login('sunrise', 'Sunrise@2026');
      siteOnly = (await s.makeAccount({ orgId: pA, permissions: ['operations.siteReport'] })).token;
    }, 120_000);
    afterAll(() => s?.close());

    it('a share link opens its station month without a session, listed with its maker, until revoked', async () => {
      const made = await s.call('createReportShare', { stationId: x, kind: 'month', date: '2026-07-03', expiresInDays: 7 }, adminA);
      expect(made.code).toBe(0);
      expect(made.data).toMatchObject({ stationId: x, kind: 'month', period: '2026-07', createdBy: 'sunrise', status: 'active' });
      const pub = await s.call('queryReportByShareToken', { shareToken: made.data.shareToken });
      expect(pub.code).toBe(0);
      expect(pub.data.stationName).toBe(s.services.registry.stations.get(x)!.name);
      expect(pub.data.rows[0]!.period).toBe('2026-07-01');
      expect(pub.data.rows.every((r) => r.key.startsWith(`${x}:`))).toBe(true);
      const site = await s.call('querySiteReport', { stationId: x, granularity: 'day', from: '2026-07-01', to: '2026-07-31', items: pub.data.columns }, adminA);
      expect(pub.data.totals).toEqual(site.data.totals);

      const list = await s.call('queryReportShareList', { stationId: x }, adminA);
      expect(list.data.dataList.map((r) => r.shareId)).toContain(made.data.shareId);
      expect(JSON.stringify(list.data)).not.toContain(made.data.shareToken);

      const rev = await s.call('revokeReportShare', { shareId: made.data.shareId }, adminA);
      expect(rev.data.status).toBe('revoked');
      const gone = await s.call('queryReportByShareToken', { shareToken: made.data.shareToken });
      expect(gone.code).toBe(ErrorCode.notFound);
      expect(gone.data).toBeNull();
    });

    it('a foreign or expired token answers notFound with no report', async () => {
      const foreign = await s.call('queryReportByShareToken', { shareToken: 'x'.repeat(43) });
      expect(foreign.code).toBe(ErrorCode.notFound);
      expect(foreign.data).toBeNull();
      const made = await s.call('createReportShare', { stationId: x, kind: 'year', date: '2026-02-01', expiresInDays: 1 }, adminA);
      expect((await s.call('queryReportByShareToken', { shareToken: made.data.shareToken })).data.rows[0]!.period).toBe('2026-01');
      s.clock.now = NOW + 2 * DAY;
      try {
        const late = await s.call('queryReportByShareToken', { shareToken: made.data.shareToken });
        expect(late.code).toBe(ErrorCode.notFound);
        expect(late.data).toBeNull();
        // a session of its own: two idle days would end adminA's
        const later = await s.login('sunrise', 'Sunrise@2026');
        const listed = await s.call('queryReportShareList', { stationId: x }, later);
        expect(listed.data.dataList.find((r) => r.shareId === made.data.shareId)!.status).toBe('expired');
      } finally {
        s.clock.now = NOW;
      }
    });

    it('share links need the export permission; another tenant’s share cannot be revoked', async () => {
      const r = await s.call('createReportShare', { stationId: x, kind: 'month', date: '2026-07-01' }, siteOnly);
      expect(r.code).toBe(ErrorCode.forbidden);
      const root = await s.login('admin', 'Admin@2026');
      const theirs = await s.call('createReportShare', { stationId: z, kind: 'month', date: '2026-07-01' }, root);
      const probe = await s.call('revokeReportShare', { shareId: theirs.data.shareId }, adminA);
      expect(probe.code).toBe(ErrorCode.notFound);
      const bad = await s.call('createReportShare', { stationId: x, kind: 'week', date: '2026-07-01' }, adminA);
      expect(bad.code).toBe(ErrorCode.validationFailed);
    });

    it('bills: the months of the year; the detail sums to the money of server/money', async () => {
      const list = await s.call('queryBillList', { stationId: x, year: 2026 }, siteOnly);
      expect(list.code).toBe(0);
      expect(list.data.dataList.map((b) => b.month)).toEqual(['2026-06', '2026-07']);
      const st = s.services.registry.stations.get(x)!;
      const days = await billDays({ db: s.services.db }, st, '2026-07-01', '2026-07-31');
      const net = days.reduce((a, d) => a + d.gridCost - d.feedInRevenue, 0);
      const fuel = days.reduce((a, d) => a + d.fuelCost, 0);
      const july = list.data.dataList[1]!;
      expect(july.gridAmount).toBeCloseTo(net, 2);
      expect(july.fuelCost).toBeCloseTo(fuel, 2);
      expect(july.amount).toBeCloseTo(july.gridAmount + july.fuelCost, 2);
      const detail = await s.call('queryBillDetail', { billId: july.billId }, siteOnly);
      expect(detail.code).toBe(0);
      expect(detail.data.days).toBe(14);
      expect(detail.data.lines.some((l) => l.direction === 'import')).toBe(true);
      expect(detail.data.lines.reduce((a, l) => a + l.amount, 0)).toBeCloseTo(detail.data.total, 1);
      for (const bad of [`${x}-2026-13`, `${x}-2025-01`]) expect((await s.call('queryBillDetail', { billId: bad }, siteOnly)).code).toBe(ErrorCode.notFound);
      expect((await s.call('queryBillList', { stationId: x, year: 1999 }, siteOnly)).code).toBe(ErrorCode.validationFailed);
    });

    const fetchJob = async (job: Job, token: string): Promise<Buffer> => {
      let j = job;
      while (j.status === 'running') {
        await new Promise((r) => setTimeout(r, 20));
        j = (await s.call('queryExportJob', { jobId: job.jobId }, token)).data;
      }
      expect(j.status).toBe('done');
      return (await s.app.inject({ method: 'GET', url: j.downloadUrl! })).rawPayload;
    };

    it('a bill downloads as XLSX (every line) and PDF (the total)', async () => {
      const detail = (await s.call('queryBillDetail', { billId: `${x}-2026-07` }, siteOnly)).data;
      const xlsx = await s.call('exportBill', { billId: detail.billId, format: 'xlsx' }, siteOnly);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await fetchJob(xlsx.data, siteOnly)) as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      detail.lines.forEach((l, i) => {
        const row = ws.getRow(i + 2);
        expect([row.getCell(3).value, row.getCell(5).value, row.getCell(6).value]).toEqual([l.quantity, l.price, l.amount]);
      });
      expect(ws.getRow(detail.lines.length + 2).getCell(6).value).toBe(detail.total);
      const pdf = await s.call('exportBill', { billId: detail.billId, format: 'pdf' }, siteOnly, { headers: { locale: 'zh_CN' } });
      const file = join(tmpdir(), `bill-${backend}.pdf`);
      writeFileSync(file, await fetchJob(pdf.data, siteOnly));
      const text = execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
      expect(text).toContain(`账单 · ${detail.stationName} · 2026-07`);
      expect(text).toContain(detail.total.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
    });
  },
  180_000,
);
