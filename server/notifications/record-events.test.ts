import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeCommand } from '../fleet/command-records';
import { claimDelivery, finishDelivery } from '../reports/schedule-store';
import { recordDistribution, recordSwitch, type Strategy } from '../strategies/records';
import { backends, startTestServer, type TestServer } from '../test/harness';
import { startHookSink, type HookSink } from './receivers';

// Webhook events beside alarms, end to end through the outbox: a strategy issuance closed by the
// gateway (or its timeout) and a mode switch reach a webhook that asked for dispatch results; an
// export job that finishes reaches one that asked for reports, with the console's relative link.
// A rule of another organisation hears of neither, a rule left at alarms hears nothing, every
// request is signed, and a redelivery keeps its event id and body.

const NOW = Date.UTC(2026, 10, 28, 2, 0);

describe.each(backends())('dispatch.result and report.ready webhooks (%s)', (backend) => {
  let s: TestServer;
  let mine: HookSink;
  let alarmsOnly: HookSink;
  let theirs: HookSink;
  const secrets = { mine: '', alarmsOnly: '', theirs: '' };
  let admin: string;
  let other: string;
  let x: number;
  let strategyId: number;

  const tick = async () => {
    await s.services.notifications.tick();
    await s.services.notifications.tick();
  };
  const rule = async (token: string, body: Record<string, unknown>) => {
    const r = await s.call('saveNotificationRule', { name: 'Systems', channels: ['webhook'], ...body }, token);
    expect(r.code).toBe(0);
    return r.data;
  };
  const issue = async () => {
    const strategy = { strategyId, stationId: x, kind: 'island', name: 'Night island', startDate: '2026-11-01', endDate: '2026-12-31', params: {} } as Strategy;
    return s.services.db.tx((q) => recordDistribution(q, { strategy, operatorId: null, at: new Date(s.clock.now) }));
  };

  beforeAll(async () => {
    mine = await startHookSink(() => secrets.mine);
    alarmsOnly = await startHookSink(() => secrets.alarmsOnly);
    theirs = await startHookSink(() => secrets.theirs);
    s = await startTestServer(backend, { clock: () => NOW, notify: { pollMs: 0, maxAttempts: 3, backoff: () => 60_000 } });
    const fx = await s.fixtures();
    x = fx.stationOf.get(fx.providers[0]!)![0]!;
    admin = await s.login('sunrise', 'Sunrise@2026');
    other = (await s.makeAccount({ orgId: fx.providers[1]!, permissions: ['operations.export'] })).token;
    [{ id: strategyId }] = (await s.services.db.query<{ id: number }>(
      `INSERT INTO strategies (station_id, kind, name, start_date, end_date, params) VALUES ($1, 'island', 'Night island', '2026-11-01', '2026-12-31', '{}') RETURNING id`,
      [x],
    )) as [{ id: number }];
    const events = ['alarm', 'dispatch.result', 'report.ready'];
    secrets.mine = (await rule(admin, { webhookUrl: mine.url, events })).webhookSecret!;
    secrets.alarmsOnly = (await rule(admin, { webhookUrl: alarmsOnly.url })).webhookSecret!;
    secrets.theirs = (await rule(other, { webhookUrl: theirs.url, events })).webhookSecret!;
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    for (const h of [mine, alarmsOnly, theirs]) await h?.close();
  });
  beforeEach(async () => {
    await tick();
    for (const h of [mine, alarmsOnly, theirs]) h.hooks.length = 0;
    mine.status = 204;
    s.clock.now += 3_600_000;
    // a session idles out over the hours the clock moves
    admin = await s.login('sunrise', 'Sunrise@2026');
  });

  it('an acknowledged issuance sends one dispatch.result with ok true; a timed-out one ok false with its reason', async () => {
    const acked = await issue();
    s.clock.now += 2_000;
    await closeCommand(s.services.db, { kind: 'distribution', id: acked.distributionId }, { ok: true, reason: null, at: new Date(s.clock.now) });
    await tick();
    expect(mine.hooks).toHaveLength(1);
    const station = s.services.registry.stations.get(x)!;
    expect(mine.hooks[0]).toMatchObject({
      signatureValid: true,
      body: {
        type: 'dispatch.result',
        occurredAt: new Date(s.clock.now).toISOString(),
        dispatch: { kind: 'strategy', recordId: acked.distributionId, stationId: x, stationName: station.name, strategyId, ok: true, reason: null },
      },
    });
    expect(mine.hooks[0]!.body).toMatchObject({ eventId: mine.hooks[0]!.eventId, dispatch: { stationZone: station.timezone } });

    const late = await issue();
    s.clock.now += 30_000;
    await closeCommand(s.services.db, { kind: 'distribution', id: late.distributionId }, { ok: false, reason: 'ackTimeout', at: new Date(s.clock.now) });
    const sw = await s.services.db.tx((q) =>
      recordSwitch(q, { stationId: x, mode: 'peakShaving', enabled: true, operatorId: null, at: new Date(s.clock.now) }),
    );
    await closeCommand(s.services.db, { kind: 'switch', id: sw.recordId }, { ok: true, reason: null, at: new Date(s.clock.now) });
    await tick();
    expect(mine.hooks.slice(1).map((h) => [h.signatureValid, h.body.dispatch])).toEqual([
      [true, expect.objectContaining({ kind: 'strategy', recordId: late.distributionId, ok: false, reason: 'ackTimeout' })],
      [true, expect.objectContaining({ kind: 'switch', recordId: sw.recordId, operation: 'enablePeakShaving', ok: true })],
    ]);
    // another organisation's station and a rule left at alarms: nothing
    expect(theirs.hooks).toHaveLength(0);
    expect(alarmsOnly.hooks).toHaveLength(0);
    const log = await s.call('queryNotificationDeliveries', { kind: 'dispatch', page: 1, length: 50 }, admin);
    expect(log.data.dataList.map((d) => d.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('a finished export sends one report.ready with its relative download link, redelivered under the same event id', async () => {
    mine.status = 503;
    const q = { report: 'site', stationId: x, granularity: 'day', from: '2026-07-01', to: '2026-07-03', items: ['pvKwh'], format: 'csv' };
    let job = (await s.call('exportReport', q, admin)).data;
    for (let i = 0; i < 500 && job.status === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      job = (await s.call('queryExportJob', { jobId: job.jobId }, admin)).data;
    }
    expect(job.status).toBe('done');
    await tick();
    s.clock.now += 61_000;
    mine.status = 204;
    await tick();
    expect(mine.hooks).toHaveLength(2);
    const [first, again] = mine.hooks as [(typeof mine.hooks)[0], (typeof mine.hooks)[0]];
    expect(first.body).toMatchObject({
      type: 'report.ready',
      report: { kind: 'export', jobId: job.jobId, report: 'site', format: 'csv', stationId: x, downloadUrl: job.downloadUrl, expiresAt: job.downloadExpiresAt },
    });
    expect(String((first.body.report as { downloadUrl: string }).downloadUrl)).toMatch(/^\/api\/export\/[\w-]+$/);
    expect([first.signatureValid, again.signatureValid]).toEqual([true, true]);
    expect(again.eventId).toBe(first.eventId);
    expect(again.body).toEqual(first.body);
    // the link works as the console's
    expect((await s.app.inject({ method: 'GET', url: job.downloadUrl! })).statusCode).toBe(200);
    expect(theirs.hooks).toHaveLength(0);
    expect(alarmsOnly.hooks).toHaveLength(0);
    // the log names the event's record, never the link
    const log = await s.call('queryNotificationDeliveries', { kind: 'report', page: 1, length: 50 }, admin);
    expect(JSON.stringify(log.data)).not.toContain(job.downloadUrl!);
  });

  it("a scheduled report sent tells its organisation's webhook, once", async () => {
    const fx = await s.fixtures();
    const [{ id: scheduleId }] = (await s.services.db.query<{ id: number }>(
      `INSERT INTO report_schedules (org_id, report, station_id, items, granularity, cadence, recipients, created_by, created_at)
       VALUES ($1, 'site', $2, '{pvKwh}', 'day', 'weekly', '{ops@example.com}', (SELECT id FROM accounts WHERE account = 'sunrise'), now()) RETURNING id`,
      [fx.providers[0], x],
    )) as [{ id: number }];
    expect(await claimDelivery(s.services.db, scheduleId, '2026-W47', s.clock.now)).toBe(true);
    await finishDelivery(s.services.db, scheduleId, '2026-W47', null, s.clock.now);
    await tick();
    expect(mine.hooks.map((h) => [h.signatureValid, h.body.type, h.body.report])).toEqual([
      [true, 'report.ready', { kind: 'schedule', scheduleId, report: 'site', format: 'xlsx+pdf', period: '2026-W47', stationId: x }],
    ]);
    expect(theirs.hooks).toHaveLength(0);
    expect(alarmsOnly.hooks).toHaveLength(0);
  });

  it('refuses dispatch results or reports on a rule without a webhook, at the event', async () => {
    const r = await s.call('saveNotificationRule', { name: 'Mail', channels: ['email'], email: 'ops@example.com', events: ['alarm', 'report.ready'] }, admin);
    expect(r.data).toMatchObject({ issues: [{ path: 'events.1', issue: 'webhookOnly' }] });
    const bad = await s.call('saveNotificationRule', { name: 'Hook', channels: ['webhook'], webhookUrl: mine.url, events: ['alarm', 'reports'] }, admin);
    expect(bad.data).toMatchObject({ issues: [expect.objectContaining({ path: 'events.1' })] });
  });
});
