import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors';
import { raiseAlarm, recoverAlarm } from '../alarms/store';
import { backends, startTestServer, type TestServer } from '../test/harness';
import { emptyTables } from './notify-fixture';
import { startHookSink, startMailSink, type HookSink, type MailSink } from './receivers';

// Who hears of what, and when: rules within the account's data scope, quiet hours on the
// recipient's clock, digests, one message per recipient for a gateway's storm of device alarms,
// a test-send that answers what the receiver said, and rules that only their owner can touch.

const GRACE = 60_000;
type Issue = { path: string; issue: string };

describe.each(backends())('notification rules (%s)', (backend) => {
  let s: TestServer;
  let mail: MailSink;
  let hook: HookSink;
  let secret = '';
  let admin: string;
  let providerId: number;
  let x: number;
  let y: number;
  let seq = 0;

  const devicesOf = (stationId: number, type: string) =>
    s.services.db.query<{ id: number; name: string }>('SELECT id, name FROM devices WHERE station_id = $1 AND type = $2 ORDER BY id', [stationId, type]);
  const raise = async (stationId: number, ruleCode: string, deviceId: number | null, at = s.clock.now) =>
    (await raiseAlarm(s.services.db, { stationId, deviceId, ruleCode, content: ruleCode, time: new Date(at), dedupKey: `r-${++seq}` })).row;
  const save = async (rule: Record<string, unknown>, token = admin) => {
    const r = await s.call('saveNotificationRule', { name: 'Rule', ...rule }, token);
    if (r.data?.webhookSecret) secret = r.data.webhookSecret;
    return r;
  };
  const tick = () => s.services.notifications.tick();

  beforeAll(async () => {
    mail = await startMailSink();
    hook = await startHookSink(() => secret);
    s = await startTestServer(backend, {
      clock: () => Date.UTC(2026, 10, 28, 2, 0),
      config: { smtpUrl: mail.url },
      notify: { pollMs: 0, stormGraceMs: GRACE },
    });
    const fx = await s.fixtures();
    providerId = fx.providers[0]!;
    [x, y] = fx.stationOf.get(providerId)! as [number, number];
    admin = await s.login('sunrise', 'Sunrise@2026');
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await mail?.close();
    await hook?.close();
  });
  beforeEach(async () => {
    await tick();
    await emptyTables(s);
    mail.mails.length = 0;
    hook.hooks.length = 0;
    s.clock.now += 3_600_000;
    // tests move the clock by days: a session of the day before has expired
    admin = await s.login('sunrise', 'Sunrise@2026');
  });

  it("keeps a rule within the account's data scope, and sends only alarms of stations it may see", async () => {
    const narrow = await s.makeAccount({ orgId: providerId, permissions: ['alarm.alarmList'], dataScope: 'stations', stationIds: [y] });
    const refused = await save({ channels: ['email'], email: 'narrow@example.com', stationIds: [x] }, narrow.token);
    expect(refused.code).toBe(ErrorCode.validationFailed);
    expect((refused.data as unknown as { issues: Issue[] }).issues).toEqual([{ path: 'stationIds.0', issue: 'notFound' }]);
    const noHook = await save({ channels: ['webhook'] }, narrow.token);
    expect((noHook.data as unknown as { issues: Issue[] }).issues).toEqual([{ path: 'webhookUrl', issue: 'required' }]);
    expect((await save({ channels: ['email'], email: 'narrow@example.com', categories: ['fault'] }, narrow.token)).code).toBe(0);

    const [bx] = await devicesOf(x, 'battery_cluster');
    const [by] = await devicesOf(y, 'battery_cluster');
    await raise(x, 'clusterInsulationLow', bx!.id); // out of scope
    await raise(y, 'cellOverTemp', by!.id); // category alarm, not fault
    await raise(y, 'clusterInsulationLow', by!.id);
    await tick();
    expect(await mail.received(1)).toHaveLength(1);
    expect(mail.mails[0]!.subject).toContain(s.services.registry.stations.get(y)!.name);
    expect(mail.mails[0]!.subject).toContain('Insulation resistance low');
  });

  it("holds an alarm raised in quiet hours until they end on the recipient's clock", async () => {
    await save({ channels: ['email'], quietFrom: '22:00', quietTo: '07:00', zone: 'Asia/Shanghai' });
    s.clock.now = Date.UTC(2026, 10, 29, 15, 30); // 23:30 in Shanghai
    const [b] = await devicesOf(x, 'battery_cluster');
    await raise(x, 'cellOverTemp', b!.id);
    await tick();
    s.clock.now = Date.UTC(2026, 10, 29, 22, 59); // 06:59
    await tick();
    expect(await mail.received(0)).toHaveLength(0);
    s.clock.now = Date.UTC(2026, 10, 29, 23, 0); // 07:00
    await tick();
    expect(await mail.received(1)).toHaveLength(1);
  });

  it("collects a digest window's alarms into one message", async () => {
    await save({ channels: ['email'], digestMinutes: 15 });
    s.clock.now = Date.UTC(2026, 10, 30, 1, 0);
    const [b] = await devicesOf(x, 'battery_cluster');
    for (const code of ['cellOverTemp', 'cellOverVoltage', 'cellVoltageSpread']) {
      await raise(x, code, b!.id);
      await tick();
      s.clock.now += 60_000;
    }
    expect(await mail.received(0)).toHaveLength(0);
    s.clock.now = Date.UTC(2026, 10, 30, 1, 15);
    await tick();
    expect(await mail.received(1)).toHaveLength(1);
    expect(mail.mails[0]!.subject).toContain('3 alarms');
    expect(mail.mails[0]!.text).toContain('Cell over-voltage');
    await raise(x, 'pcsIgbtOverTemp', null);
    await tick();
    s.clock.now += 15 * 60_000;
    await tick();
    expect((await mail.received(2)).map((m) => m.subject?.includes('1 alarm'))).toEqual([false, true]);
  });

  it('a gateway going offline is one message per recipient with the count of device alarms it stands for', async () => {
    const other = await s.makeAccount({ orgId: providerId, permissions: ['alarm.alarmList'] });
    await save({ channels: ['email'], email: 'ops@example.com' });
    await save({ channels: ['email'], email: 'other@example.com' }, other.token);
    const [gw] = await devicesOf(x, 'gateway');
    const clusters = await devicesOf(x, 'battery_cluster');
    const t0 = s.clock.now;
    await raise(x, 'bmsCommLost', clusters[0]!.id, t0 - 10_000); // seen just before the gateway's silence was
    const gwAlarm = await raise(x, 'gatewayOffline', gw!.id, t0);
    for (let i = 1; i < 50; i++) await raise(x, i % 2 ? 'bmsCommLost' : 'meterCommLost', clusters[i % clusters.length]!.id, t0 + i * 100);
    await tick();
    expect(await mail.received(0)).toHaveLength(0);
    s.clock.now = t0 + GRACE + 5000; // every device alarm's own grace is over too
    await tick();
    expect(await mail.received(2)).toHaveLength(2);
    for (const m of mail.mails) expect(m.subject).toMatch(/Gateway offline · 50 device alarms suppressed$/);
    const [suppressed] = await s.services.db.query<{ n: number }>("SELECT count(*)::int AS n FROM notification_deliveries WHERE status = 'suppressed'");
    expect(suppressed!.n).toBe(100);

    await recoverAlarm(s.services.db, gwAlarm.dedupKey, new Date(s.clock.now));
    await tick();
    expect((await mail.received(4)).filter((m) => m.subject?.startsWith('[Cleared]'))).toHaveLength(2);
  });

  it('a test-send answers what each receiver said and lands in the delivery log', async () => {
    const rule = (await save({ name: 'On call', channels: ['email', 'webhook'], webhookUrl: hook.url })).data;
    const sent = await s.call('testNotificationRule', { ruleId: rule.ruleId }, admin);
    expect(sent.data.results).toEqual([
      { channel: 'email', address: 'admin@sunrise-energy.example', outcome: 'sent', error: null },
      { channel: 'webhook', address: hook.url, outcome: 'sent', error: null },
    ]);
    expect((await mail.received(1))[0]!.subject).toBe('[Test notification] On call');
    expect(hook.hooks[0]).toMatchObject({ signatureValid: true, body: { type: 'test', ruleName: 'On call' } });

    const broken = (await save({ name: 'Broken', channels: ['webhook'], webhookUrl: 'http://127.0.0.1:9/none' })).data;
    const failed = await s.call('testNotificationRule', { ruleId: broken.ruleId }, admin);
    expect(failed.data.results[0]).toMatchObject({ outcome: 'failed' });
    const log = await s.call('queryNotificationDeliveries', { kind: 'test' }, admin);
    expect(log.data.dataList.map((d) => d.status)).toEqual(['dead', 'sent', 'sent']);
  });

  it("a rule is its owner's: others neither see, test nor delete it; a new secret is shown once", async () => {
    const rule = (await save({ channels: ['webhook'], webhookUrl: hook.url })).data;
    expect(rule.webhookSecret).not.toBeNull();
    const listed = await s.call('queryNotificationRules', {}, admin);
    expect(listed.data.dataList).toEqual([expect.objectContaining({ ruleId: rule.ruleId, webhookSecret: null, hasWebhookSecret: true })]);
    const kept = await save({ ruleId: rule.ruleId, channels: ['webhook'], webhookUrl: hook.url, name: 'Renamed' });
    expect(kept.data).toMatchObject({ name: 'Renamed', webhookSecret: null });
    const rotated = await save({ ruleId: rule.ruleId, channels: ['webhook'], webhookUrl: hook.url, rotateSecret: true });
    expect(rotated.data.webhookSecret).not.toBe(rule.webhookSecret);

    const other = await s.makeAccount({ orgId: providerId, permissions: [] });
    expect((await s.call('queryNotificationRules', {}, other.token)).data.dataList).toEqual([]);
    expect((await s.call('testNotificationRule', { ruleId: rule.ruleId }, other.token)).code).toBe(ErrorCode.notFound);
    expect((await s.call('deleteNotificationRule', { ruleId: rule.ruleId }, other.token)).code).toBe(ErrorCode.notFound);
    expect((await s.call('deleteNotificationRule', { ruleId: rule.ruleId }, admin)).code).toBe(0);
  });
});
