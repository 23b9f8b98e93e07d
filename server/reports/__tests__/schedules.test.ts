import ExcelJS from 'exceljs';
import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../protocol/errors';
import { seedIntervals } from '../../actions/__tests__/report-fixture';
import { backends, startTestServer, type TestServer } from '../../test/harness';
import { isoWeekKey, lastFullPeriod } from '../schedule-periods';
import { ScheduleRunner, type MailTransport } from '../schedule-runner';

// Scheduled reports: mailed through a real SMTP conversation to an in-process server, exactly
// once per period however many processes run the same tick, and recorded.
const NOW = Date.UTC(2026, 10, 23, 4, 0); // Monday 2026-11-23
const quiet = { info: () => undefined, warn: () => undefined };
type Issue = { path: string; issue: string };

describe('schedule periods', () => {
  it('the previous ISO week and the previous month, in the zone given', () => {
    expect(lastFullPeriod('weekly', 'Asia/Shanghai', NOW)).toEqual({ key: '2026-W47', from: '2026-11-16', to: '2026-11-22' });
    expect(lastFullPeriod('monthly', 'Asia/Shanghai', NOW)).toEqual({ key: '2026-10', from: '2026-10-01', to: '2026-10-31' });
    // 23:30 UTC on Sunday is already Monday in Shanghai, still Sunday in New York
    const sunday = Date.UTC(2026, 10, 22, 23, 30);
    expect(lastFullPeriod('weekly', 'Asia/Shanghai', sunday).key).toBe('2026-W47');
    expect(lastFullPeriod('weekly', 'America/New_York', sunday).key).toBe('2026-W46');
    expect(isoWeekKey('2025-12-29')).toBe('2026-W01');
    expect(isoWeekKey('2020-12-28')).toBe('2020-W53');
  });
});

describe.each(backends())('scheduled reports (%s)', (backend) => {
  let s: TestServer;
  let smtp: SMTPServer;
  let smtpTransport: MailTransport;
  const mails: ParsedMail[] = [];
  let adminA: string;
  let pA: number;
  let x: number;
  let z: number;
  const runner = (transport: MailTransport = smtpTransport) =>
    new ScheduleRunner({ db: s.services.db, clock: () => s.clock.now, mail: { transport, from: 'EMS Cloud <no-reply@ems.example>' }, log: quiet });
  const deliveries = async (scheduleId: number) => (await s.call('queryReportDeliveries', { scheduleId }, adminA)).data.dataList;
  /** Saves a schedule of daily figures as provider A's administrator; it must be accepted. */
  const saveSchedule = async (schedule: Record<string, unknown>) => {
    const saved = await s.call('saveReportSchedule', { granularity: 'day', ...schedule }, adminA);
    expect(saved.code).toBe(0);
    return saved;
  };

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData: (stream, _session, done) => void simpleParser(stream).then((m) => (mails.push(m), done()), done),
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    const { port } = smtp.server.address() as AddressInfo;
    smtpTransport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    s = await startTestServer(backend, { clock: () => NOW });
    const fx = await s.fixtures();
    pA = fx.providers[0]!;
    x = fx.stationOf.get(pA)![0]!;
    z = fx.stationOf.get(fx.providers[1]!)![0]!;
    await seedIntervals(s.services.db, [x], '2026-11-10', 14);
    adminA = await s.login('sunrise', 'Sunrise@2026');
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await new Promise<void>((r) => (smtp ? smtp.close(r) : r()));
  });

  it('a weekly site report arrives once with its XLSX and PDF, however many processes run the tick', async () => {
    const saved = await saveSchedule({
      report: 'site',
      stationId: x,
      cadence: 'weekly',
      items: ['pvKwh', 'loadKwh'],
      recipients: ['ops@example.com', 'cfo@example.com'],
    });
    expect(saved.data).toMatchObject({ report: 'site', stationId: x, cadence: 'weekly', createdBy: 'sunrise', enabled: true });
    const listed = await s.call('queryReportSchedules', {}, adminA);
    expect(listed.data.dataList.map((r) => r.scheduleId)).toContain(saved.data.scheduleId);

    const claimed = await Promise.all([runner().tick(), runner().tick()]);
    expect(claimed.reduce((a, n) => a + n, 0)).toBe(1);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toContain('2026-W47');
    expect([mail.to].flat().flatMap((a) => a!.value.map((v) => v.address))).toEqual(['ops@example.com', 'cfo@example.com']);
    const names = mail.attachments.map((a) => a.filename);
    expect(names.some((n) => n?.endsWith('.pdf'))).toBe(true);
    expect(
      mail.attachments
        .find((a) => a.filename?.endsWith('.pdf'))!
        .content.subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const xlsx = mail.attachments.find((a) => a.filename?.endsWith('.xlsx'))!;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.content as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(3).value).toBe('PV generation (kWh)');
    expect(sheet.getRow(2).getCell(2).value).toBe('2026-11-16');
    expect(sheet.getRow(8).getCell(2).value).toBe('2026-11-22');
    expect(typeof sheet.getRow(2).getCell(3).value).toBe('number');

    const site = await s.call(
      'querySiteReport',
      { stationId: x, granularity: 'day', from: '2026-11-16', to: '2026-11-22', items: ['pvKwh', 'loadKwh'] },
      adminA,
    );
    expect(sheet.getRow(9).getCell(3).value).toBeCloseTo(site.data.totals[0]!, 3);

    // a restarted process finds the period delivered
    expect(await runner().tick()).toBe(0);
    expect(mails).toHaveLength(1);
    expect(await deliveries(saved.data.scheduleId)).toEqual([expect.objectContaining({ periodKey: '2026-W47', status: 'sent', error: null })]);
  });

  it('a refused mail is recorded as failed with the reason, and not retried for that period', async () => {
    const saved = await saveSchedule({ report: 'service', orgId: pA, cadence: 'monthly', items: ['pvKwh'], recipients: ['ops@example.com'] });
    const refusing: MailTransport = { sendMail: () => Promise.reject(new Error('550 mailbox unavailable')) };
    expect(await runner(refusing).tick()).toBe(1);
    const [d] = await deliveries(saved.data.scheduleId);
    expect(d).toMatchObject({ periodKey: '2026-10', status: 'failed', sentAt: null });
    expect(d!.error).toContain('550 mailbox unavailable');
    expect(await runner().tick()).toBe(0);
    expect(mails).toHaveLength(1);
  });

  it('needs the export permission; another tenant’s schedules stay invisible', async () => {
    const siteOnly = (await s.makeAccount({ orgId: pA, permissions: ['operations.siteReport'] })).token;
    const body = { report: 'site', stationId: x, cadence: 'weekly', items: ['pvKwh'], recipients: ['ops@example.com'] };
    expect((await s.call('saveReportSchedule', body, siteOnly)).code).toBe(ErrorCode.forbidden);
    expect((await s.call('queryReportSchedules', {}, siteOnly)).code).toBe(ErrorCode.forbidden);

    expect((await s.call('saveReportSchedule', { ...body, stationId: z }, adminA)).code).toBe(ErrorCode.notFound);
    const root = await s.login('admin', 'Admin@2026');
    const theirs = await s.call('saveReportSchedule', { ...body, stationId: z }, root);
    expect(theirs.code).toBe(0);
    const id = theirs.data.scheduleId;
    expect((await s.call('queryReportSchedules', {}, adminA)).data.dataList.map((r) => r.scheduleId)).not.toContain(id);
    for (const probe of [
      s.call('queryReportDeliveries', { scheduleId: id }, adminA),
      s.call('deleteReportSchedule', { scheduleId: id }, adminA),
      s.call('saveReportSchedule', { ...body, scheduleId: id }, adminA),
    ]) {
      const r = await probe;
      expect(r.code).toBe(ErrorCode.notFound);
      expect(r.data).toBeNull();
    }
    expect((await s.call('deleteReportSchedule', { scheduleId: id }, root)).code).toBe(0);
    expect((await s.call('queryReportDeliveries', { scheduleId: id }, root)).code).toBe(ErrorCode.notFound);
  });

  it('refuses a schedule without items, without a valid recipient, or with more than 20', async () => {
    const body = { report: 'site', stationId: x, cadence: 'weekly', items: ['pvKwh'], recipients: ['ops@example.com'] };
    const issues = async (payload: Record<string, unknown>) => {
      const r = await s.call('saveReportSchedule', payload, adminA);
      expect(r.code).toBe(ErrorCode.validationFailed);
      return (r.data as unknown as { issues: Issue[] }).issues;
    };
    expect(await issues({ ...body, items: [] })).toContainEqual({ path: 'items', issue: 'selectDataItem' });
    expect(await issues({ ...body, recipients: ['ops@example.com', 'not-an-address'] })).toContainEqual({ path: 'recipients.1', issue: 'invalidFormat' });
    expect((await issues({ ...body, recipients: [] })).map((i) => i.path)).toContain('recipients');
    expect((await issues({ ...body, recipients: Array.from({ length: 21 }, (_, i) => `u${i}@example.com`) })).map((i) => i.path)).toContain('recipients');
    expect((await issues({ ...body, cadence: 'daily' })).map((i) => i.path)).toContain('cadence');
    expect((await issues({ ...body, stationId: undefined })).map((i) => i.issue)).toContain('required');
  });
});
