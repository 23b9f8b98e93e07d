import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors';
import { raiseAlarm, recoverAlarm } from '../alarms/store';
import { backends, startTestServer } from '../test/harness';
import { serverWorld } from '../test/world';
import { issuesOf, nextCase, type Receivers, startReceivers } from './notify-fixture';

// Who hears of what, and when: rules within the account's data scope, quiet hours on the
// recipient's clock, digests, one message per recipient for a gateway's storm of device alarms,
// a test-send that answers what the receiver said, and rules that only their owner can touch.

const GRACE = 60_000;

describe.each(backends())('notification rules (%s)', (backend) => {
  let rx: Receivers;
  let seq = 0;

  const devicesOf = (stationId: number, type: string) =>
    w.s.services.db.query<{ id: number; name: string }>('SELECT id, name FROM devices WHERE station_id = $1 AND type = $2 ORDER BY id', [stationId, type]);
  const raise = async (stationId: number, ruleCode: string, deviceId: number | null, at = w.s.clock.now) =>
    (await raiseAlarm(w.s.services.db, { stationId, deviceId, ruleCode, content: ruleCode, time: new Date(at), dedupKey: `r-${++seq}` })).row;
  const save = async (rule: Record<string, unknown>, token = w.admin) => {
    const r = await w.s.call('saveNotificationRule', { name: 'Rule', ...rule }, token);
    if (r.data?.webhookSecret) rx.secret = r.data.webhookSecret;
    return r;
  };
  const tick = () => w.s.services.notifications.tick();

  afterAll(() => rx?.close());
  const w = serverWorld(
    async () => {
      rx = await startReceivers();
      return startTestServer(backend, {
        clock: () => Date.UTC(2026, 10, 28, 2, 0),
        config: { smtpUrl: rx.mail.url },
        notify: { pollMs: 0, stormGraceMs: GRACE },
      });
    },
    async (s) => {
      const fx = await s.fixtures();
      const providerId = fx.providers[0]!;
      const [x, y] = fx.stationOf.get(providerId)! as [number, number];
      return { providerId, x, y, admin: await s.login('sunrise', 'Sunrise@2026') };
    },
    120_000,
  );
  beforeEach(async () => {
    await nextCase(w.s, [rx.mail.mails, rx.hook.hooks]);
    // tests move the clock by days: a session of the day before has expired
    w.admin = await w.s.login('sunrise', 'Sunrise@2026');
  });

  it("keeps a rule within the account's data scope, and sends only alarms of stations it may see", async () => {
    const narrow = await w.s.makeAccount({ orgId: w.providerId, permissions: ['alarm.alarmList'], dataScope: 'stations', stationIds: [w.y] });
    const refused = await save({ channels: ['email'], email: 'narrow@example.com', stationIds: [w.x] }, narrow.token);
    expect(refused.code).toBe(ErrorCode.validationFailed);
    expect(issuesOf(refused)).toEqual([{ path: 'stationIds.0', issue: 'notFound' }]);
    const noHook = await save({ channels: ['webhook'] }, narrow.token);
    expect(issuesOf(noHook)).toEqual([{ path: 'webhookUrl', issue: 'required' }]);
    expect((await save({ channels: ['email'], email: 'narrow@example.com', categories: ['fault'] }, narrow.token)).code).toBe(0);

    const [bx] = await devicesOf(w.x, 'battery_cluster');
    const [by] = await devicesOf(w.y, 'battery_cluster');
    await raise(w.x, 'clusterInsulationLow', bx!.id); // out of scope
    await raise(w.y, 'cellOverTemp', by!.id); // category alarm, not fault
    await raise(w.y, 'clusterInsulationLow', by!.id);
    await tick();
    expect(await rx.mail.received(1)).toHaveLength(1);
    expect(rx.mail.mails[0]!.subject).toContain(w.s.services.registry.stations.get(w.y)!.name);
    expect(rx.mail.mails[0]!.subject).toContain('Insulation resistance low');
  });

  it("holds an alarm raised in quiet hours until they end on the recipient's clock", async () => {
    await save({ channels: ['email'], quietFrom: '22:00', quietTo: '07:00', zone: 'Asia/Shanghai' });
    w.s.clock.now = Date.UTC(2026, 10, 29, 15, 30); // 23:30 in Shanghai
    const [b] = await devicesOf(w.x, 'battery_cluster');
    await raise(w.x, 'cellOverTemp', b!.id);
    await tick();
    w.s.clock.now = Date.UTC(2026, 10, 29, 22, 59); // 06:59
    await tick();
    expect(await rx.mail.received(0)).toHaveLength(0);
    w.s.clock.now = Date.UTC(2026, 10, 29, 23, 0); // 07:00
    await tick();
    expect(await rx.mail.received(1)).toHaveLength(1);
  });

  it("collects a digest window's alarms into one message", async () => {
    await save({ channels: ['email'], digestMinutes: 15 });
    w.s.clock.now = Date.UTC(2026, 10, 30, 1, 0);
    const [b] = await devicesOf(w.x, 'battery_cluster');
    for (const code of ['cellOverTemp', 'cellOverVoltage', 'cellVoltageSpread']) {
      await raise(w.x, code, b!.id);
      await tick();
      w.s.clock.now += 60_000;
    }
    expect(await rx.mail.received(0)).toHaveLength(0);
    w.s.clock.now = Date.UTC(2026, 10, 30, 1, 15);
    await tick();
    expect(await rx.mail.received(1)).toHaveLength(1);
    expect(rx.mail.mails[0]!.subject).toContain('3 alarms');
    expect(rx.mail.mails[0]!.text).toContain('Cell over-voltage');
    await raise(w.x, 'pcsIgbtOverTemp', null);
    await tick();
    w.s.clock.now += 15 * 60_000;
    await tick();
    expect((await rx.mail.received(2)).map((m) => m.subject?.includes('1 alarm'))).toEqual([false, true]);
  });

  it('a gateway going offline is one message per recipient with the count of device alarms it stands for', async () => {
    const other = await w.s.makeAccount({ orgId: w.providerId, permissions: ['alarm.alarmList'] });
    await save({ channels: ['email'], email: 'ops@example.com' });
    await save({ channels: ['email'], email: 'other@example.com' }, other.token);
    const [gw] = await devicesOf(w.x, 'gateway');
    const clusters = await devicesOf(w.x, 'battery_cluster');
    const t0 = w.s.clock.now;
    await raise(w.x, 'bmsCommLost', clusters[0]!.id, t0 - 10_000); // seen just before the gateway's silence was
    const gwAlarm = await raise(w.x, 'gatewayOffline', gw!.id, t0);
    for (let i = 1; i < 50; i++) await raise(w.x, i % 2 ? 'bmsCommLost' : 'meterCommLost', clusters[i % clusters.length]!.id, t0 + i * 100);
    await tick();
    expect(await rx.mail.received(0)).toHaveLength(0);
    w.s.clock.now = t0 + GRACE + 5000; // every device alarm's own grace is over too
    await tick();
    expect(await rx.mail.received(2)).toHaveLength(2);
    for (const m of rx.mail.mails) expect(m.subject).toMatch(/Gateway offline · 50 device alarms suppressed$/);
    const [suppressed] = await w.s.services.db.query<{ n: number }>("SELECT count(*)::int AS n FROM notification_deliveries WHERE status = 'suppressed'");
    expect(suppressed!.n).toBe(100);

    await recoverAlarm(w.s.services.db, gwAlarm.dedupKey, new Date(w.s.clock.now));
    await tick();
    expect((await rx.mail.received(4)).filter((m) => m.subject?.startsWith('[Cleared]'))).toHaveLength(2);
  });

  it('a test-send answers what each receiver said and lands in the delivery log', async () => {
    const rule = (await save({ name: 'On call', channels: ['email', 'webhook'], webhookUrl: rx.hook.url })).data;
    const sent = await w.s.call('testNotificationRule', { ruleId: rule.ruleId }, w.admin);
    expect(sent.data.results).toEqual([
      { channel: 'email', address: 'admin@sunrise-energy.example', outcome: 'sent', error: null },
      { channel: 'webhook', address: rx.hook.url, outcome: 'sent', error: null },
    ]);
    expect((await rx.mail.received(1))[0]!.subject).toBe('[Test notification] On call');
    expect(rx.hook.hooks[0]).toMatchObject({ signatureValid: true, body: { type: 'test', ruleName: 'On call' } });

    const broken = (await save({ name: 'Broken', channels: ['webhook'], webhookUrl: 'http://127.0.0.1:9/none' })).data;
    const failed = await w.s.call('testNotificationRule', { ruleId: broken.ruleId }, w.admin);
    expect(failed.data.results[0]).toMatchObject({ outcome: 'failed' });
    const log = await w.s.call('queryNotificationDeliveries', { kind: 'test' }, w.admin);
    expect(log.data.dataList.map((d) => d.status)).toEqual(['dead', 'sent', 'sent']);
  });

  it("a rule is its owner's: others neither see, test nor delete it; a new secret is shown once", async () => {
    const rule = (await save({ channels: ['webhook'], webhookUrl: rx.hook.url })).data;
    expect(rule.webhookSecret).not.toBeNull();
    const listed = await w.s.call('queryNotificationRules', {}, w.admin);
    expect(listed.data.dataList).toEqual([expect.objectContaining({ ruleId: rule.ruleId, webhookSecret: null, hasWebhookSecret: true })]);
    const kept = await save({ ruleId: rule.ruleId, channels: ['webhook'], webhookUrl: rx.hook.url, name: 'Renamed' });
    expect(kept.data).toMatchObject({ name: 'Renamed', webhookSecret: null });
    const rotated = await save({ ruleId: rule.ruleId, channels: ['webhook'], webhookUrl: rx.hook.url, rotateSecret: true });
    expect(rotated.data.webhookSecret).not.toBe(rule.webhookSecret);

    const other = await w.s.makeAccount({ orgId: w.providerId, permissions: [] });
    expect((await w.s.call('queryNotificationRules', {}, other.token)).data.dataList).toEqual([]);
    expect((await w.s.call('testNotificationRule', { ruleId: rule.ruleId }, other.token)).code).toBe(ErrorCode.notFound);
    expect((await w.s.call('deleteNotificationRule', { ruleId: rule.ruleId }, other.token)).code).toBe(ErrorCode.notFound);
    expect((await w.s.call('deleteNotificationRule', { ruleId: rule.ruleId }, w.admin)).code).toBe(0);
  });
});
