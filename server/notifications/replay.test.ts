import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raiseAlarm } from '../alarms/store';
import { backends, startTestServer, type TestServer } from '../test/harness';
import { startHookSink, type HookSink } from './receivers';

// Dead-letter replay: a webhook that keeps failing ends dead; once the receiver works again an
// administrator replays it and it arrives under the same event id; the log shows who replayed
// it; a delivery that is not dead is refused at its field; another organisation's is notFound.

const NOW = Date.UTC(2026, 10, 28, 2, 0);

describe.each(backends())('dead-letter replay (%s)', (backend) => {
  let s: TestServer;
  let hook: HookSink;
  let secret = '';
  let admin: string;
  let x: number;
  let seq = 0;
  let deviceId = 0;

  const raise = async () =>
    (
      await raiseAlarm(s.services.db, {
        stationId: x,
        deviceId,
        ruleCode: 'cellOverTemp',
        content: 'Cell temperature 56.2 °C above 45 °C',
        time: new Date(s.clock.now),
        dedupKey: `r-${++seq}`,
      })
    ).row;
  const drain = async (rounds: number) => {
    for (let i = 0; i < rounds; i++) {
      await s.services.notifications.tick();
      s.clock.now += 60_000;
    }
  };
  const deliveryOf = async (alarmId: number) => (await s.call('queryNotificationDeliveries', { alarmId, kind: 'raised' }, admin)).data.dataList[0]!;

  beforeAll(async () => {
    hook = await startHookSink(() => secret);
    s = await startTestServer(backend, { clock: () => NOW, notify: { pollMs: 0, maxAttempts: 3, backoff: () => 60_000 } });
    const fx = await s.fixtures();
    x = fx.stationOf.get(fx.providers[0]!)![0]!;
    deviceId = (
      await s.services.db.query<{ id: number }>("SELECT id FROM devices WHERE station_id = $1 AND type = 'battery_cluster' ORDER BY id LIMIT 1", [x])
    )[0]!.id;
    admin = await s.login('sunrise', 'Sunrise@2026');
    await s.services.notifications.tick(); // whatever the seed left to plan, before any rule exists
    const r = await s.call('saveNotificationRule', { name: 'Hooks', channels: ['webhook'], webhookUrl: hook.url }, admin, { headers: { locale: 'en_GB' } });
    expect(r.code).toBe(0);
    secret = r.data.webhookSecret!;
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await hook?.close();
  });

  it('a dead webhook delivery is replayed once the receiver works and arrives with the same event id', async () => {
    hook.status = 503;
    const alarm = await raise();
    await drain(4);
    const dead = await deliveryOf(alarm.id);
    expect(dead).toMatchObject({ status: 'dead', attempts: 3 });
    expect(hook.hooks).toHaveLength(3);
    const failedId = hook.hooks[0]!.eventId;
    expect(failedId).toBe(`ntf_${dead.deliveryId}`);

    // the alarm was acknowledged meanwhile: a raised notice is a record of what happened, still sent
    await s.services.db.query('UPDATE alarms SET acked_at = $2 WHERE id = $1', [alarm.id, new Date(s.clock.now)]);
    hook.status = 204;
    const r = await s.call('replayNotificationDeliveries', { deliveryIds: [dead.deliveryId] }, admin);
    expect(r).toMatchObject({ code: 0, data: { replayed: 1 } });
    expect(await deliveryOf(alarm.id)).toMatchObject({ status: 'pending', attempts: 0 });
    await s.services.notifications.tick();

    const sent = hook.hooks.filter((h) => h.body.type === 'alarm.raised');
    expect(sent).toHaveLength(4);
    expect(sent[3]).toMatchObject({ eventId: failedId, signatureValid: true });
    const after = await deliveryOf(alarm.id);
    expect(after).toMatchObject({ deliveryId: dead.deliveryId, status: 'sent', attempts: 1 });
    expect(after.attemptLog.map((a) => a.outcome)).toEqual(['failed', 'failed', 'failed', 'replayed', 'sent']);
    expect(after.attemptLog[3]!.by).toBeTruthy();

    const [row] = await s.services.db.query<{ target: string }>("SELECT target FROM audit_log WHERE action = 'replayNotificationDeliveries'");
    expect(row?.target).toBe(`notificationDeliveries:${dead.deliveryId}`);
  });

  it('refuses a delivery that is not dead at its field, and another organisation reads it as missing', async () => {
    const alarm = await raise();
    await drain(1);
    const sent = await deliveryOf(alarm.id);
    expect(sent.status).toBe('sent');
    const r = await s.call('replayNotificationDeliveries', { deliveryIds: [sent.deliveryId] }, admin);
    expect(r.code).not.toBe(0);
    expect(r.data).toMatchObject({ issues: [{ path: 'deliveryIds.0', issue: 'notDead' }] });

    const fx = await s.fixtures();
    const other = await s.makeAccount({ orgId: fx.providers[1]!, permissions: ['system.audit', 'system.account.edit'] });
    const theirs = await s.call('replayNotificationDeliveries', { deliveryIds: [sent.deliveryId] }, other.token);
    expect(theirs.code).toBe((await s.call('replayNotificationDeliveries', { deliveryIds: [999_999] }, admin)).code);
    expect(theirs.code).not.toBe(0);

    const readOnly = await s.makeAccount({ orgId: fx.providers[0]!, permissions: ['system.audit'] });
    expect((await s.call('replayNotificationDeliveries', { deliveryIds: [sent.deliveryId] }, readOnly.token)).code).not.toBe(0);
  });
});
