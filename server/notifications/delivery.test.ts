import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatWall } from '../../protocol/site-time';
import { raiseAlarm, recoverAlarm } from '../alarms/store';
import { backends, startTestServer, type TestServer } from '../test/harness';
import { alarmSource, emptyTables } from './notify-fixture';
import type { Channels } from './channels';
import { startHookSink, startMailSink, type HookSink, type MailSink } from './receivers';
import { Notifications } from './service';

// Alarm notifications end to end: an alarm stored by the alarm repository reaches a real SMTP
// server and a real webhook endpoint (signature checked there), in the rule's language, with the
// station's time; its clearing reaches whoever was told; several replicas and a replica that dies
// mid-send deliver each message once; a receiver that keeps failing ends in the delivery log.

const NOW = Date.UTC(2026, 10, 28, 2, 0);
const quiet = { warn: () => undefined };

describe.each(backends())('alarm notifications (%s)', (backend) => {
  let s: TestServer;
  let mail: MailSink;
  let hook: HookSink;
  let secret = '';
  let admin: string;
  let x: number;
  let device: { id: number; name: string };
  let seq = 0;

  const raise = async (ruleCode = 'cellOverTemp', deviceId: number | null = device.id) =>
    (
      await raiseAlarm(s.services.db, {
        stationId: x,
        deviceId,
        ruleCode,
        content: 'Cell temperature 56.2 °C above 45 °C',
        time: new Date(s.clock.now),
        dedupKey: `t-${++seq}`,
      })
    ).row;
  const saveRule = async (rule: Record<string, unknown>, locale = 'en_GB') => {
    const r = await s.call('saveNotificationRule', { name: 'Faults', ...rule }, admin, { headers: { locale } });
    expect(r.code).toBe(0);
    if (r.data.webhookSecret) secret = r.data.webhookSecret;
    return r.data;
  };
  const replica = (channels?: Channels, leaseMs = 30_000) =>
    new Notifications(
      {
        db: s.services.db,
        registry: s.services.registry,
        clock: () => s.clock.now,
        log: quiet,
        smtpUrl: mail.url,
        mailFrom: 'EMS <no-reply@ems.example>',
        channels,
      },
      // twenty raises of one rule on one device within minutes would flap: not what is tested here
      { pollMs: 0, leaseMs, stormGraceMs: 60_000, flapCount: 0 },
    );

  beforeAll(async () => {
    mail = await startMailSink();
    hook = await startHookSink(() => secret);
    s = await startTestServer(backend, { clock: () => NOW, config: { smtpUrl: mail.url }, notify: { pollMs: 0, maxAttempts: 3, backoff: () => 60_000 } });
    ({ stationId: x, device } = await alarmSource(s));
    admin = await s.login('sunrise', 'Sunrise@2026');
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await mail?.close();
    await hook?.close();
  });
  beforeEach(async () => {
    await s.services.notifications.tick();
    await emptyTables(s);
    mail.mails.length = 0;
    hook.hooks.length = 0;
    hook.status = 204;
    s.clock.now += 3_600_000;
  });

  it('a raised alarm reaches e-mail and a signed webhook once, in English with the station time; its clearing follows', async () => {
    const rule = await saveRule({ channels: ['email', 'webhook'], email: 'ops@example.com', webhookUrl: hook.url });
    expect(rule.webhookSecret).toMatch(/^[\w-]{32}$/);
    const alarm = await raise();
    await s.services.notifications.tick();
    await s.services.notifications.tick();
    const station = s.services.registry.stations.get(x)!;
    expect(await mail.received(1)).toHaveLength(1);
    expect(mail.mails[0]!.subject).toBe(`[Alarm] ${station.name} · ${device.name} · Cell over-temperature`);
    expect(mail.mails[0]!.to).toMatchObject({ text: 'ops@example.com' });
    expect(mail.mails[0]!.text).toContain(`Site: ${station.name}`);
    expect(mail.mails[0]!.text).toContain(`Device: ${device.name}`);
    expect(mail.mails[0]!.text).toContain(`Raised at: ${formatWall(station.timezone, alarm.happenTime.getTime())} (${station.timezone})`);
    expect(hook.hooks).toHaveLength(1);
    expect(hook.hooks[0]).toMatchObject({
      signatureValid: true,
      body: { type: 'alarm.raised', alarm: { alarmId: alarm.id, stationName: station.name, status: 'unresolved' } },
    });
    expect(hook.hooks[0]!.body.eventId).toBe(hook.hooks[0]!.eventId);

    s.clock.now += 600_000;
    await recoverAlarm(s.services.db, alarm.dedupKey, new Date(s.clock.now));
    await s.services.notifications.tick();
    expect((await mail.received(2)).map((m) => m.subject)).toEqual([
      mail.mails[0]!.subject,
      `[Cleared] ${station.name} · ${device.name} · Cell over-temperature`,
    ]);
    expect(mail.mails[1]!.text).toContain('Cleared at: ');
    expect(hook.hooks.map((h) => [h.body.type, h.signatureValid])).toEqual([
      ['alarm.raised', true],
      ['alarm.cleared', true],
    ]);
    expect(new Set(hook.hooks.map((h) => h.eventId)).size).toBe(2);
  });

  it('writes in Chinese for a rule saved from a Chinese console', async () => {
    await saveRule({ channels: ['email'] }, 'zh_CN');
    await raise('bmsCommLost');
    s.clock.now += 61_000; // past the storm grace of a communication alarm
    await s.services.notifications.tick();
    const station = s.services.registry.stations.get(x)!;
    expect(await mail.received(1)).toHaveLength(1);
    expect(mail.mails[0]!.to).toMatchObject({ text: 'admin@sunrise-energy.example' });
    expect(mail.mails[0]!.subject).toBe(`[告警] ${station.name} · ${device.name} · BMS 通信中断`);
    expect(mail.mails[0]!.text).toContain(`站点: ${station.name}`);
    expect(mail.mails[0]!.text).toContain('级别: 故障');
  });

  it('an acknowledgement in the console reaches webhooks only, and a resolution by hand is a clearing for all', async () => {
    await saveRule({ channels: ['email', 'webhook'], email: 'ops@example.com', webhookUrl: hook.url });
    const alarm = await raise();
    await s.services.notifications.tick();
    expect((await s.call('ackAlarm', { alarmId: alarm.id, note: 'on my way' }, admin)).code).toBe(0);
    await s.services.notifications.tick();
    expect(hook.hooks.map((h) => h.body.type)).toEqual(['alarm.raised', 'alarm.acked']);
    expect(hook.hooks[1]!.body).toMatchObject({ alarm: { ackedBy: '王建国' } });
    expect((await s.call('resolveAlarm', { alarmId: alarm.id }, admin)).code).toBe(0);
    await s.services.notifications.tick();
    expect(hook.hooks.map((h) => h.body.type)).toEqual(['alarm.raised', 'alarm.acked', 'alarm.cleared']);
    expect((await mail.received(2)).map((m) => m.subject?.split(' ')[0])).toEqual(['[Alarm]', '[Cleared]']);
  });

  it('tells of a clearing only those who were told of the raise', async () => {
    const alarm = await raise();
    await s.services.notifications.tick();
    await saveRule({ channels: ['email'] });
    await recoverAlarm(s.services.db, alarm.dedupKey, new Date(s.clock.now));
    await s.services.notifications.tick();
    expect(await mail.received(0)).toHaveLength(0);
  });

  it('three replicas ticking at once send each of 20 alarms once per channel', async () => {
    await saveRule({ channels: ['email', 'webhook'], email: 'ops@example.com', webhookUrl: hook.url });
    for (let i = 0; i < 20; i++) await raise();
    const replicas = [replica(), replica(), replica()];
    await Promise.all([...replicas, ...replicas].map((r) => r.tick()));
    expect(await mail.received(20)).toHaveLength(20);
    expect(new Set(mail.mails.map((m) => m.messageId)).size).toBe(20);
    expect(await s.services.db.query("SELECT outcome, error FROM notification_attempts WHERE outcome <> 'sent'")).toEqual([]);
    expect(hook.hooks).toHaveLength(20);
    expect(new Set(hook.hooks.map((h) => h.eventId)).size).toBe(20);
    const sent = await s.services.db.query<{ n: number }>("SELECT count(*)::int AS n FROM notification_attempts WHERE outcome = 'sent'");
    expect(sent[0]!.n).toBe(40);
  });

  it('a replica that dies mid-send loses its lease; another sends the message once', async () => {
    await saveRule({ channels: ['webhook'], webhookUrl: hook.url });
    await raise();
    const hang = new Promise<never>(() => undefined);
    const dying = replica({ email: () => hang, webhook: () => hang, push: () => hang, sms: () => hang });
    void dying.tick();
    for (let i = 0; i < 100; i++) {
      const [r] = await s.services.db.query<{ status: string }>('SELECT status FROM notification_deliveries');
      if (r?.status === 'sending') break;
      await new Promise((res) => setTimeout(res, 20));
    }
    await s.services.notifications.tick();
    expect(hook.hooks).toHaveLength(0); // still within the dead replica's lease
    s.clock.now += 61_000;
    await s.services.notifications.tick();
    expect(hook.hooks).toHaveLength(1);
    const log = await s.call('queryNotificationDeliveries', { channel: 'webhook' }, admin);
    expect(log.data.dataList[0]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(log.data.dataList[0]!.attemptLog.map((a) => a.outcome)).toEqual(['interrupted', 'sent']);
  });

  it('retries a failing receiver with backoff, then marks it dead; administrators read every attempt', async () => {
    await saveRule({ channels: ['webhook'], webhookUrl: hook.url });
    hook.status = 503;
    const alarm = await raise();
    for (let i = 0; i < 4; i++) {
      await s.services.notifications.tick();
      s.clock.now += 60_000;
    }
    expect(hook.hooks).toHaveLength(3);
    const log = await s.call('queryNotificationDeliveries', { alarmId: alarm.id }, admin);
    expect(log.code).toBe(0);
    expect(log.data.totalCount).toBe(1);
    expect(log.data.dataList[0]).toMatchObject({
      status: 'dead',
      attempts: 3,
      recipient: '王建国',
      channel: 'webhook',
      lastError: 'the webhook answered HTTP 503',
    });
    expect(log.data.dataList[0]!.attemptLog.map((a) => a.outcome)).toEqual(['failed', 'failed', 'failed']);

    const plain = await s.makeAccount({ orgId: s.services.registry.stations.get(x)!.providerId, permissions: ['alarm.alarmList'] });
    expect((await s.call('queryNotificationDeliveries', {}, plain.token)).code).not.toBe(0);
  });
});
