import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors';
import { recoverAlarm } from '../alarms/store';
import { backends, startTestServer } from '../test/harness';
import { emptyTables, issuesOf, notifyWorld, raiseAt } from './notify-fixture';
import { saveSubscription } from './push';
import { startPushSink, type PushSink } from './push-receiver';
import { Notifications } from './service';

// Web Push end to end: an alarm stored by the alarm repository reaches every browser its
// recipient subscribed, through a real local push service that checks the VAPID signature and
// decrypts the message; the clearing replaces it (same tag); a subscription the service calls
// gone is forgotten; the key pair is made once and kept, so a restart signs with the same one.

const NOW = Date.UTC(2026, 10, 28, 2, 0);

describe.each(backends())('web push (%s)', (backend) => {
  let push: PushSink;
  let seq = 0;

  const subscribe = async (name: string) => {
    const sub = push.subscribe(name);
    await saveSubscription(
      w.s.services.db,
      w.accountId,
      { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, userAgent: null },
      w.s.clock.now,
    );
    return sub;
  };
  const raise = () => raiseAt(w.s, { stationId: w.stationId, deviceId: null, dedupKey: `p-${++seq}` });
  const settle = async () => {
    for (let i = 0; i < 3; i++) await w.s.services.notifications.tick();
  };

  afterAll(() => push?.close());
  const w = notifyWorld(async () => {
    push = await startPushSink();
    return startTestServer(backend, { clock: () => NOW, notify: { pollMs: 0, maxAttempts: 2, backoff: () => 60_000 } });
  });
  beforeEach(async () => {
    await settle();
    await emptyTables(w.s, ['notification_rules', 'notification_deliveries', 'push_subscriptions']);
    push.received.length = 0;
    push.status.clear();
    w.s.clock.now += 3_600_000;
    w.admin = await w.s.login('sunrise', 'Sunrise@2026');
  });

  it('a raised alarm reaches every subscribed browser, signed and encrypted; its clearing replaces it', async () => {
    const key = (await w.s.call('queryPushKey', {}, w.admin)).data.publicKey;
    await subscribe('phone');
    await subscribe('laptop');
    expect((await w.s.call('saveNotificationRule', { name: 'Phone', channels: ['push'] }, w.admin, { headers: { locale: 'en_GB' } })).code).toBe(0);
    const alarm = await raise();
    await settle();
    const station = w.s.services.registry.stations.get(w.stationId)!;
    expect(push.received.map((r) => r.path).sort()).toEqual(['/push/laptop', '/push/phone']);
    for (const r of push.received) {
      expect(r).toMatchObject({ vapidKey: key, jwtValid: true, ttl: 86_400, urgency: 'high' });
      expect(r.payload).toMatchObject({ tag: `alarm-${alarm.id}`, type: 'alarm.raised' });
      expect(String(r.payload.title)).toMatch(new RegExp(`^\\[Alarm\\] ${station.name} · .+ · Cell over-temperature$`));
      expect(String(r.payload.body)).toContain(`Site: ${station.name}`);
      expect(String(r.payload.path)).toContain(`alarmId=${alarm.id}`);
    }
    w.s.clock.now += 60_000;
    await recoverAlarm(w.s.services.db, alarm.dedupKey, new Date(w.s.clock.now));
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
    const rule = (await w.s.call('saveNotificationRule', { name: 'Phone', channels: ['push'] }, w.admin)).data;
    const sent = await w.s.call('testNotificationRule', { ruleId: rule.ruleId }, w.admin);
    expect(sent.data.results).toEqual([{ channel: 'push', address: 'subscribed browsers', outcome: 'sent', error: null }]);
    expect(push.received.map((r) => r.path)).toEqual(['/push/new']);
    expect((await w.s.services.db.query<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions')).map((r) => r.endpoint)).toEqual([
      expect.stringContaining('/push/new'),
    ]);

    await w.s.services.db.query('DELETE FROM push_subscriptions');
    const none = await w.s.call('testNotificationRule', { ruleId: rule.ruleId }, w.admin);
    expect(none.data.results[0]).toMatchObject({ outcome: 'failed', error: 'no browser of this account is subscribed to push' });
  });

  it('the console subscribes and unsubscribes a browser; a push endpoint must be https', async () => {
    const keys = push.subscribe('console').keys;
    const bad = await w.s.call('savePushSubscription', { endpoint: 'http://push.example/x', keys }, w.admin);
    expect(bad.code).toBe(ErrorCode.validationFailed);
    expect(issuesOf(bad)).toEqual([expect.objectContaining({ path: 'endpoint' })]);
    expect((await w.s.call('savePushSubscription', { endpoint: 'https://push.example/abc', keys }, w.admin)).code).toBe(0);
    expect(await w.s.services.db.query('SELECT account_id AS "accountId" FROM push_subscriptions')).toEqual([{ accountId: w.accountId }]);
    expect((await w.s.call('deletePushSubscription', { endpoint: 'https://push.example/abc' }, w.admin)).code).toBe(0);
    expect((await w.s.call('deletePushSubscription', { endpoint: 'https://push.example/abc' }, w.admin)).code).toBe(ErrorCode.notFound);
  });

  it('the VAPID key pair is made once and kept: another replica signs with the same key', async () => {
    const key = (await w.s.call('queryPushKey', {}, w.admin)).data.publicKey;
    expect(key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const other = new Notifications(
      {
        db: w.s.services.db,
        registry: w.s.services.registry,
        clock: () => w.s.clock.now,
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
