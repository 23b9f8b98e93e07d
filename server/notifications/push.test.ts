import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors';
import { raiseAlarm, recoverAlarm } from '../alarms/store';
import { backends, startTestServer, type TestServer } from '../test/harness';
import { emptyTables } from './notify-fixture';
import { saveSubscription } from './push';
import { startPushSink, type PushSink } from './push-receiver';
import { Notifications } from './service';

// Web Push end to end: an alarm stored by the alarm repository reaches every browser its
// recipient subscribed, through a real local push service that checks the VAPID signature and
// decrypts the message; the clearing replaces it (same tag); a subscription the service calls
// gone is forgotten; the key pair is made once and kept, so a restart signs with the same one.

const NOW = Date.UTC(2026, 10, 28, 2, 0);
type Issue = { path: string; issue: string };

describe.each(backends())('web push (%s)', (backend) => {
  let s: TestServer;
  let push: PushSink;
  let admin: string;
  let accountId: number;
  let x: number;
  let seq = 0;

  const subscribe = async (name: string) => {
    const sub = push.subscribe(name);
    await saveSubscription(s.services.db, accountId, { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, userAgent: null }, s.clock.now);
    return sub;
  };
  const raise = async () =>
    (
      await raiseAlarm(s.services.db, {
        stationId: x,
        deviceId: null,
        ruleCode: 'cellOverTemp',
        content: 'Cell temperature 56.2 °C',
        time: new Date(s.clock.now),
        dedupKey: `p-${++seq}`,
      })
    ).row;
  const settle = async () => {
    for (let i = 0; i < 3; i++) await s.services.notifications.tick();
  };

  beforeAll(async () => {
    push = await startPushSink();
    s = await startTestServer(backend, { clock: () => NOW, notify: { pollMs: 0, maxAttempts: 2, backoff: () => 60_000 } });
    const fx = await s.fixtures();
    x = fx.stationOf.get(fx.providers[0]!)![0]!;
    admin = await s.login('sunrise', 'Sunrise@2026');
    accountId = (await s.services.db.query<{ id: number }>("SELECT id FROM accounts WHERE account = 'sunrise'"))[0]!.id;
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await push?.close();
  });
  beforeEach(async () => {
    await settle();
    await emptyTables(s, ['notification_rules', 'notification_deliveries', 'push_subscriptions']);
    push.received.length = 0;
    push.status.clear();
    s.clock.now += 3_600_000;
    admin = await s.login('sunrise', 'Sunrise@2026');
  });

  it('a raised alarm reaches every subscribed browser, signed and encrypted; its clearing replaces it', async () => {
    const key = (await s.call('queryPushKey', {}, admin)).data.publicKey;
    await subscribe('phone');
    await subscribe('laptop');
    expect((await s.call('saveNotificationRule', { name: 'Phone', channels: ['push'] }, admin, { headers: { locale: 'en_GB' } })).code).toBe(0);
    const alarm = await raise();
    await settle();
    const station = s.services.registry.stations.get(x)!;
    expect(push.received.map((r) => r.path).sort()).toEqual(['/push/laptop', '/push/phone']);
    for (const r of push.received) {
      expect(r).toMatchObject({ vapidKey: key, jwtValid: true, ttl: 86_400, urgency: 'high' });
      expect(r.payload).toMatchObject({ tag: `alarm-${alarm.id}`, type: 'alarm.raised' });
      expect(String(r.payload.title)).toMatch(new RegExp(`^\\[Alarm\\] ${station.name} · .+ · Cell over-temperature$`));
      expect(String(r.payload.body)).toContain(`Site: ${station.name}`);
      expect(String(r.payload.path)).toContain(`alarmId=${alarm.id}`);
    }
    s.clock.now += 60_000;
    await recoverAlarm(s.services.db, alarm.dedupKey, new Date(s.clock.now));
    await settle();
    const cleared = push.received.filter((r) => r.payload.type === 'alarm.cleared');
    expect(cleared).toHaveLength(2);
    expect(cleared[0]!.payload).toMatchObject({ tag: `alarm-${alarm.id}` });
    expect(String(cleared[0]!.payload.title)).toMatch(/^\[Cleared\]/);
  });

  it('a subscription the push service calls gone is forgotten; a test-send without browsers says why it failed', async () => {
    await subscribe('old');
    await subscribe('new');
    push.status.set('/push/old', 410);
    const rule = (await s.call('saveNotificationRule', { name: 'Phone', channels: ['push'] }, admin)).data;
    const sent = await s.call('testNotificationRule', { ruleId: rule.ruleId }, admin);
    expect(sent.data.results).toEqual([{ channel: 'push', address: 'subscribed browsers', outcome: 'sent', error: null }]);
    expect(push.received.map((r) => r.path)).toEqual(['/push/new']);
    expect((await s.services.db.query<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions')).map((r) => r.endpoint)).toEqual([
      expect.stringContaining('/push/new'),
    ]);

    await s.services.db.query('DELETE FROM push_subscriptions');
    const none = await s.call('testNotificationRule', { ruleId: rule.ruleId }, admin);
    expect(none.data.results[0]).toMatchObject({ outcome: 'failed', error: 'no browser of this account is subscribed to push' });
  });

  it('the console subscribes and unsubscribes a browser; a push endpoint must be https', async () => {
    const keys = push.subscribe('console').keys;
    const bad = await s.call('savePushSubscription', { endpoint: 'http://push.example/x', keys }, admin);
    expect(bad.code).toBe(ErrorCode.validationFailed);
    expect((bad.data as unknown as { issues: Issue[] }).issues).toEqual([expect.objectContaining({ path: 'endpoint' })]);
    expect((await s.call('savePushSubscription', { endpoint: 'https://push.example/abc', keys }, admin)).code).toBe(0);
    expect(await s.services.db.query('SELECT account_id AS "accountId" FROM push_subscriptions')).toEqual([{ accountId }]);
    expect((await s.call('deletePushSubscription', { endpoint: 'https://push.example/abc' }, admin)).code).toBe(0);
    expect((await s.call('deletePushSubscription', { endpoint: 'https://push.example/abc' }, admin)).code).toBe(ErrorCode.notFound);
  });

  it('the VAPID key pair is made once and kept: another replica signs with the same key', async () => {
    const key = (await s.call('queryPushKey', {}, admin)).data.publicKey;
    expect(key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const other = new Notifications(
      {
        db: s.services.db,
        registry: s.services.registry,
        clock: () => s.clock.now,
        log: { warn: () => undefined },
        mailFrom: 'x',
        vapid: { subject: 'mailto:ops@example.com' },
      },
      { pollMs: 0 },
    );
    expect((await other.vapid()).publicKey).toBe(key);
    await other.close();
  });
});
