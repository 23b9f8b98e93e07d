import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { formatWall } from '../../protocol/site-time';
import { recoverAlarm } from '../alarms/store';
import { backends, startTestServer } from '../test/harness';
import { nextCase, notifyWorld, raiseAt, startReceivers, type Receivers } from './notify-fixture';
import type { Channels } from './channels';
import { Notifications } from './service';

// Alarm notifications end to end: an alarm stored by the alarm repository reaches a real SMTP
// server and a real webhook endpoint (signature checked there), in the rule's language, with the
// station's time; its clearing reaches whoever was told; several replicas and a replica that dies
// mid-send deliver each message once; a receiver that keeps failing ends in the delivery log.

const NOW = Date.UTC(2026, 10, 28, 2, 0);
const quiet = { warn: () => undefined };

describe.each(backends())('alarm notifications (%s)', (backend) => {
  let rx: Receivers;
  let seq = 0;

  const raise = (ruleCode = 'cellOverTemp', deviceId: number | null = w.device.id) =>
    raiseAt(w.s, { stationId: w.stationId, deviceId, ruleCode, content: 'Cell temperature 56.2 °C above 45 °C', dedupKey: `t-${++seq}` });
  const saveRule = async (rule: Record<string, unknown>, locale = 'en_GB') => {
    const r = await w.s.call('saveNotificationRule', { name: 'Faults', ...rule }, w.admin, { headers: { locale } });
    expect(r.code).toBe(0);
    if (r.data.webhookSecret) rx.secret = r.data.webhookSecret;
    return r.data;
  };
  const replica = (channels?: Channels, leaseMs = 30_000) =>
    new Notifications(
      {
        db: w.s.services.db,
        registry: w.s.services.registry,
        clock: () => w.s.clock.now,
        log: quiet,
        smtpUrl: rx.mail.url,
        mailFrom: 'EMS <no-reply@ems.example>',
        channels,
      },
      // twenty raises of one rule on one device within minutes would flap: not what is tested here
      { pollMs: 0, leaseMs, stormGraceMs: 60_000, flapCount: 0 },
    );

  afterAll(() => rx?.close());
  const w = notifyWorld(async () => {
    rx = await startReceivers();
    return startTestServer(backend, { clock: () => NOW, config: { smtpUrl: rx.mail.url }, notify: { pollMs: 0, maxAttempts: 3, backoff: () => 60_000 } });
  });
  beforeEach(async () => {
    await nextCase(w.s, [rx.mail.mails, rx.hook.hooks]);
    rx.hook.status = 204;
  });

  it('a raised alarm reaches e-mail and a signed webhook once, in English with the station time; its clearing follows', async () => {
    const rule = await saveRule({ channels: ['email', 'webhook'], email: 'ops@example.com', webhookUrl: rx.hook.url });
    expect(rule.webhookSecret).toMatch(/^[\w-]{32}$/);
    const alarm = await raise();
    await w.s.services.notifications.tick();
    await w.s.services.notifications.tick();
    const station = w.s.services.registry.stations.get(w.stationId)!;
    expect(await rx.mail.received(1)).toHaveLength(1);
    expect(rx.mail.mails[0]!.subject).toBe(`[Alarm] ${station.name} · ${w.device.name} · Cell over-temperature`);
    expect(rx.mail.mails[0]!.to).toMatchObject({ text: 'ops@example.com' });
    expect(rx.mail.mails[0]!.text).toContain(`Site: ${station.name}`);
    expect(rx.mail.mails[0]!.text).toContain(`Device: ${w.device.name}`);
    expect(rx.mail.mails[0]!.text).toContain(`Raised at: ${formatWall(station.timezone, alarm.happenTime.getTime())} (${station.timezone})`);
    expect(rx.hook.hooks).toHaveLength(1);
    expect(rx.hook.hooks[0]).toMatchObject({
      signatureValid: true,
      body: { type: 'alarm.raised', alarm: { alarmId: alarm.id, stationName: station.name, status: 'unresolved' } },
    });
    expect(rx.hook.hooks[0]!.body.eventId).toBe(rx.hook.hooks[0]!.eventId);

    w.s.clock.now += 600_000;
    await recoverAlarm(w.s.services.db, alarm.dedupKey, new Date(w.s.clock.now));
    await w.s.services.notifications.tick();
    expect((await rx.mail.received(2)).map((m) => m.subject)).toEqual([
      rx.mail.mails[0]!.subject,
      `[Cleared] ${station.name} · ${w.device.name} · Cell over-temperature`,
    ]);
    expect(rx.mail.mails[1]!.text).toContain('Cleared at: ');
    expect(rx.hook.hooks.map((h) => [h.body.type, h.signatureValid])).toEqual([
      ['alarm.raised', true],
      ['alarm.cleared', true],
    ]);
    expect(new Set(rx.hook.hooks.map((h) => h.eventId)).size).toBe(2);
  });

  it('writes in Chinese for a rule saved from a Chinese console', async () => {
    await saveRule({ channels: ['email'] }, 'zh_CN');
    await raise('bmsCommLost');
    w.s.clock.now += 61_000; // past the storm grace of a communication alarm
    await w.s.services.notifications.tick();
    const station = w.s.services.registry.stations.get(w.stationId)!;
    expect(await rx.mail.received(1)).toHaveLength(1);
    expect(rx.mail.mails[0]!.to).toMatchObject({ text: 'admin@sunrise-energy.example' });
    expect(rx.mail.mails[0]!.subject).toBe(`[告警] ${station.name} · ${w.device.name} · BMS 通信中断`);
    expect(rx.mail.mails[0]!.text).toContain(`站点: ${station.name}`);
    expect(rx.mail.mails[0]!.text).toContain('级别: 故障');
  });

  it('an acknowledgement in the console reaches webhooks only, and a resolution by hand is a clearing for all', async () => {
    await saveRule({ channels: ['email', 'webhook'], email: 'ops@example.com', webhookUrl: rx.hook.url });
    const alarm = await raise();
    await w.s.services.notifications.tick();
    expect((await w.s.call('ackAlarm', { alarmId: alarm.id, note: 'on my way' }, w.admin)).code).toBe(0);
    await w.s.services.notifications.tick();
    expect(rx.hook.hooks.map((h) => h.body.type)).toEqual(['alarm.raised', 'alarm.acked']);
    expect(rx.hook.hooks[1]!.body).toMatchObject({ alarm: { ackedBy: '王建国' } });
    expect((await w.s.call('resolveAlarm', { alarmId: alarm.id }, w.admin)).code).toBe(0);
    await w.s.services.notifications.tick();
    expect(rx.hook.hooks.map((h) => h.body.type)).toEqual(['alarm.raised', 'alarm.acked', 'alarm.cleared']);
    expect((await rx.mail.received(2)).map((m) => m.subject?.split(' ')[0])).toEqual(['[Alarm]', '[Cleared]']);
  });

  it('tells of a clearing only those who were told of the raise', async () => {
    const alarm = await raise();
    await w.s.services.notifications.tick();
    await saveRule({ channels: ['email'] });
    await recoverAlarm(w.s.services.db, alarm.dedupKey, new Date(w.s.clock.now));
    await w.s.services.notifications.tick();
    expect(await rx.mail.received(0)).toHaveLength(0);
  });

  it('three replicas ticking at once send each of 20 alarms once per channel', async () => {
    await saveRule({ channels: ['email', 'webhook'], email: 'ops@example.com', webhookUrl: rx.hook.url });
    for (let i = 0; i < 20; i++) await raise();
    const replicas = [replica(), replica(), replica()];
    await Promise.all([...replicas, ...replicas].map((r) => r.tick()));
    expect(await rx.mail.received(20)).toHaveLength(20);
    expect(new Set(rx.mail.mails.map((m) => m.messageId)).size).toBe(20);
    expect(await w.s.services.db.query("SELECT outcome, error FROM notification_attempts WHERE outcome <> 'sent'")).toEqual([]);
    expect(rx.hook.hooks).toHaveLength(20);
    expect(new Set(rx.hook.hooks.map((h) => h.eventId)).size).toBe(20);
    const sent = await w.s.services.db.query<{ n: number }>("SELECT count(*)::int AS n FROM notification_attempts WHERE outcome = 'sent'");
    expect(sent[0]!.n).toBe(40);
  });

  it('a replica that dies mid-send loses its lease; another sends the message once', async () => {
    await saveRule({ channels: ['webhook'], webhookUrl: rx.hook.url });
    await raise();
    const hang = new Promise<never>(() => undefined);
    const dying = replica({ email: () => hang, webhook: () => hang, push: () => hang, sms: () => hang });
    void dying.tick();
    for (let i = 0; i < 100; i++) {
      const [r] = await w.s.services.db.query<{ status: string }>('SELECT status FROM notification_deliveries');
      if (r?.status === 'sending') break;
      await new Promise((res) => setTimeout(res, 20));
    }
    await w.s.services.notifications.tick();
    expect(rx.hook.hooks).toHaveLength(0); // still within the dead replica's lease
    w.s.clock.now += 61_000;
    await w.s.services.notifications.tick();
    expect(rx.hook.hooks).toHaveLength(1);
    const log = await w.s.call('queryNotificationDeliveries', { channel: 'webhook' }, w.admin);
    expect(log.data.dataList[0]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(log.data.dataList[0]!.attemptLog.map((a) => a.outcome)).toEqual(['interrupted', 'sent']);
  });

  it('retries a failing receiver with backoff, then marks it dead; administrators read every attempt', async () => {
    await saveRule({ channels: ['webhook'], webhookUrl: rx.hook.url });
    rx.hook.status = 503;
    const alarm = await raise();
    for (let i = 0; i < 4; i++) {
      await w.s.services.notifications.tick();
      w.s.clock.now += 60_000;
    }
    expect(rx.hook.hooks).toHaveLength(3);
    const log = await w.s.call('queryNotificationDeliveries', { alarmId: alarm.id }, w.admin);
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

    const plain = await w.s.makeAccount({ orgId: w.s.services.registry.stations.get(w.stationId)!.providerId, permissions: ['alarm.alarmList'] });
    expect((await w.s.call('queryNotificationDeliveries', {}, plain.token)).code).not.toBe(0);
  });
});
