import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import enAlarms from '../../locales/en/alarms.json';
import { ErrorCode } from '../../protocol/errors';
import { formatWall } from '../../protocol/site-time';
import { recoverAlarm } from '../alarms/store';
import { backends, startTestServer } from '../test/harness';
import { issuesOf, nextCase, notifyWorld, raiseAt } from './notify-fixture';
import { startSmsGateway, type SmsGatewaySink } from './sms-receiver';

// SMS through an operator's HTTP gateway: a raised alarm reaches a real local gateway as the
// configured JSON template, to the account's or the rule's number, in the rule's language, and
// its clearing follows; a gateway that refuses is tried again and its answer logged; rules that
// cannot be sent are refused at their fields, and without a gateway SMS is not offered at all.

const TEMPLATE = '{"msisdn":"{{to}}","message":{"body":"{{text}}"},"ref":"{{id}}","sender":"EMS"}';

describe.each(backends())('SMS notifications (%s)', (backend) => {
  let gw: SmsGatewaySink;
  let seq = 0;

  const raise = (ruleCode = 'cellOverTemp') =>
    raiseAt(w.s, { stationId: w.stationId, deviceId: w.device.id, ruleCode, content: 'Cell temperature 56.2 °C above 45 °C', dedupKey: `sms-${++seq}` });
  const save = (rule: Record<string, unknown>, locale = 'en_GB', token = w.admin) =>
    w.s.call('saveNotificationRule', { name: 'SMS', ...rule }, token, { headers: { locale } });
  const tick = () => w.s.services.notifications.tick();
  const wall = (at: Date) => `${formatWall(w.s.services.registry.stations.get(w.stationId)!.timezone, at.getTime()).slice(5, 16)}`;

  /** `text` is `full`, or (longer than one segment) a start of it cut with an ellipsis, the time kept whole */
  const expectFitted = (text: string, full: string, tail: string) => {
    const max = /[^\u0000-\u007f]/.test(full) ? 70 : 160;
    expect([...text].length).toBeLessThanOrEqual(max);
    expect(text.endsWith(tail)).toBe(true);
    if ([...full].length <= max) return expect(text).toBe(full);
    const head = text.slice(0, -tail.length);
    expect(head).toMatch(/…$/);
    expect(full.startsWith(head.slice(0, -1))).toBe(true);
  };

  afterAll(() => gw?.close());
  const w = notifyWorld(async () => {
    gw = await startSmsGateway();
    return startTestServer(backend, {
      clock: () => Date.UTC(2026, 10, 28, 2, 0),
      config: { sms: { url: gw.url, template: TEMPLATE, auth: 'Bearer gw-token' } },
      notify: { pollMs: 0, stormGraceMs: 60_000, flapCount: 0, maxAttempts: 3, backoff: () => 60_000 },
    });
  });
  beforeEach(async () => {
    await nextCase(w.s, [gw.requests]);
    gw.status = 200;
    gw.answer = '{"ok":true}';
    w.admin = await w.s.login('sunrise', 'Sunrise@2026');
  });

  it("texts a raised alarm to the account's mobile as the gateway's JSON, in English, and its clearing after", async () => {
    const rules = await w.s.call('queryNotificationRules', {}, w.admin);
    expect(rules.data.smsAvailable).toBe(true);
    const saved = await save({ channels: ['sms'] });
    expect(saved.code).toBe(0);
    expect(saved.data).toMatchObject({ channels: ['sms'], mobile: null });
    const alarm = await raise();
    await tick();
    const station = w.s.services.registry.stations.get(w.stationId)!;
    const category = enAlarms.category[alarm.category as keyof typeof enAlarms.category];
    expect(gw.requests).toHaveLength(1);
    const log = await w.s.call('queryNotificationDeliveries', { channel: 'sms' }, w.admin);
    const raisedId = log.data.dataList[0]!.deliveryId;
    expect(gw.requests[0]).toMatchObject({
      authorization: 'Bearer gw-token',
      contentType: 'application/json',
      body: { msisdn: '+8613900000001', ref: `ntf_${raisedId}`, sender: 'EMS' },
    });
    expect(Object.keys(gw.requests[0]!.body).sort()).toEqual(['message', 'msisdn', 'ref', 'sender']);
    const tail = ` - ${wall(alarm.happenTime)} (${station.timezone})`;
    // the station's name is Chinese, so the English text too is held to 70 characters
    expectFitted(
      (gw.requests[0]!.body.message as { body: string }).body,
      `[Alarm] ${category} - ${station.name} - ${w.device.name} - Cell over-temperature${tail}`,
      tail,
    );
    expect((gw.requests[0]!.body.message as { body: string }).body).toMatch(new RegExp(`^\\[Alarm\\] ${category} - ${station.name} - `));
    expect(log.data.dataList[0]).toMatchObject({ status: 'sent', address: '+8613900000001', kind: 'raised' });

    w.s.clock.now += 600_000;
    await recoverAlarm(w.s.services.db, alarm.dedupKey, new Date(w.s.clock.now));
    await tick();
    expect(gw.requests).toHaveLength(2);
    const clearedAt = ` - ${wall(new Date(w.s.clock.now))} (${station.timezone})`;
    expectFitted(
      (gw.requests[1]!.body.message as { body: string }).body,
      `[Cleared] ${category} - ${station.name} - ${w.device.name} - Cell over-temperature${clearedAt}`,
      clearedAt,
    );
    expect(gw.requests[1]!.body.ref).not.toBe(`ntf_${raisedId}`);
  });

  it("texts the rule's own number in Chinese for a rule saved from a Chinese console, within 70 characters", async () => {
    expect((await save({ channels: ['sms'], mobile: '+8613812345678' }, 'zh_CN')).code).toBe(0);
    const alarm = await raise('bmsCommLost');
    w.s.clock.now += 61_000; // past the storm grace of a communication alarm
    await tick();
    const station = w.s.services.registry.stations.get(w.stationId)!;
    expect(gw.requests).toHaveLength(1);
    expect(gw.requests[0]!.body.msisdn).toBe('+8613812345678');
    const text = (gw.requests[0]!.body.message as { body: string }).body;
    const tail = ` · ${wall(alarm.happenTime)} (${station.timezone})`;
    expectFitted(text, `[告警] 故障 · ${station.name} · ${w.device.name} · BMS 通信中断${tail}`, tail);
    expect(text.startsWith(`[告警] 故障 · ${station.name} · `)).toBe(true);
  });

  it('a gateway that answers 500 is tried again with the same id; its answer is in the log', async () => {
    expect((await save({ channels: ['sms'] })).code).toBe(0);
    gw.status = 500;
    gw.answer = '{"error":"quota exceeded"}';
    const alarm = await raise();
    await tick();
    let log = await w.s.call('queryNotificationDeliveries', { alarmId: alarm.id }, w.admin);
    expect(log.data.dataList[0]).toMatchObject({
      channel: 'sms',
      status: 'pending',
      attempts: 1,
      lastError: 'the SMS gateway answered HTTP 500: {"error":"quota exceeded"}',
    });
    gw.status = 200;
    w.s.clock.now += 61_000;
    await tick();
    expect(gw.requests).toHaveLength(2);
    expect(gw.requests[1]!.body).toEqual(gw.requests[0]!.body);
    log = await w.s.call('queryNotificationDeliveries', { alarmId: alarm.id }, w.admin);
    expect(log.data.dataList[0]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(log.data.dataList[0]!.attemptLog.map((a) => [a.outcome, a.error])).toEqual([
      ['failed', 'the SMS gateway answered HTTP 500: {"error":"quota exceeded"}'],
      ['sent', null],
    ]);
  });

  it('refuses a bad number, and SMS with no number anywhere, at the field', async () => {
    const bad = await save({ channels: ['email', 'sms'], mobile: '13800138000' });
    expect(bad.code).toBe(ErrorCode.validationFailed);
    expect(issuesOf(bad)).toEqual([{ path: 'mobile', issue: 'invalidFormat' }]);
    const short = await save({ channels: ['sms'], mobile: '+12345' });
    expect(issuesOf(short).map((i) => i.path)).toEqual(['mobile']);
    const plain = await w.s.makeAccount({ orgId: w.s.services.registry.stations.get(w.stationId)!.providerId, permissions: ['alarm.alarmList'] });
    const none = await save({ channels: ['sms'] }, 'en_GB', plain.token);
    expect(none.code).toBe(ErrorCode.validationFailed);
    expect(issuesOf(none)).toEqual([{ path: 'mobile', issue: 'required' }]);
    expect((await save({ channels: ['sms'], mobile: '+6580000003' }, 'en_GB', plain.token)).data).toMatchObject({ mobile: '+6580000003' });
  });

  it('without SMS_GATEWAY_URL, SMS is not offered and a rule asking for it is refused at its channel', async () => {
    const bare = await startTestServer(backend, { clock: () => w.s.clock.now, notify: { pollMs: 0 } });
    try {
      const token = await bare.login('sunrise', 'Sunrise@2026');
      expect((await bare.call('queryNotificationRules', {}, token)).data.smsAvailable).toBe(false);
      const r = await bare.call('saveNotificationRule', { name: 'SMS', channels: ['email', 'sms'] }, token);
      expect(r.code).toBe(ErrorCode.validationFailed);
      expect(issuesOf(r)).toEqual([{ path: 'channels.1', issue: 'smsUnavailable' }]);
    } finally {
      await bare.close();
    }
  }, 120_000);
});
