import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raiseAlarm, recoverAlarm } from '../alarms/store';
import { backends, startTestServer, type TestServer } from '../test/harness';
import { startMailSink, type MailSink } from './receivers';

// An alarm that comes and goes every minute (a loose contact, a threshold on the edge) is told
// as it starts, then once with its count: with a limit of 3 raises in 10 minutes, the fourth and
// later raises of the same rule on the same device go into one message at the window's end, and
// their clearing is not sent one by one. Another device's alarm is not caught by it.

const NOW = Date.UTC(2026, 10, 28, 2, 3);
const MIN = 60_000;

describe.each(backends())('a flapping alarm (%s)', (backend) => {
  let s: TestServer;
  let mail: MailSink;
  let x: number;
  let devices: { id: number; name: string }[];
  let seq = 0;

  const raise = async (deviceId: number) =>
    (
      await raiseAlarm(s.services.db, {
        stationId: x,
        deviceId,
        ruleCode: 'cellOverTemp',
        content: 'Cell temperature 45.1 °C above 45 °C',
        time: new Date(s.clock.now),
        dedupKey: `flap-${deviceId}-${++seq}`,
      })
    ).row;

  beforeAll(async () => {
    mail = await startMailSink();
    s = await startTestServer(backend, { clock: () => NOW, config: { smtpUrl: mail.url }, notify: { pollMs: 0, flapCount: 3, flapMinutes: 10 } });
    const fx = await s.fixtures();
    x = fx.stationOf.get(fx.providers[0]!)![0]!;
    devices = await s.services.db.query<{ id: number; name: string }>(
      "SELECT id, name FROM devices WHERE station_id = $1 AND type = 'battery_cluster' ORDER BY id LIMIT 2",
      [x],
    );
    const admin = await s.login('sunrise', 'Sunrise@2026');
    const r = await s.call('saveNotificationRule', { name: 'Cells', channels: ['email'], email: 'ops@example.com' }, admin, { headers: { locale: 'en_GB' } });
    expect(r.code).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await mail?.close();
  });

  it('is told three times, then once with the count of the rest; its clearing is not sent for each repeat', async () => {
    const [a, b] = devices;
    // seven raises of device a, a minute apart, each cleared 30 s later
    for (let i = 0; i < 7; i++) {
      const alarm = await raise(a!.id);
      await s.services.notifications.tick();
      s.clock.now += 30_000;
      await recoverAlarm(s.services.db, alarm.dedupKey, new Date(s.clock.now));
      await s.services.notifications.tick();
      s.clock.now += 30_000;
    }
    // one raise of device b in the same minutes: its own message
    await raise(b!.id);
    await s.services.notifications.tick();
    // (the seeded alarms of other stations are told too: only this station's are counted)
    const station = s.services.registry.stations.get(x)!.name;
    const here = async (n: number) => {
      const mine = () => mail.mails.map((m) => m.subject ?? '').filter((t) => t.includes(station));
      for (let t0 = Date.now(); mine().length < n && Date.now() - t0 < 3000;) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 100)); // one too many would show too
      return mine();
    };
    // the window (clock-aligned, 10 minutes) ends: one message counts the four repeats
    s.clock.now += 10 * MIN;
    await s.services.notifications.tick();
    await s.services.notifications.tick();
    const told = await here(8);
    expect(told.filter((t) => t.startsWith('[Alarm]') && t.includes(a!.name))).toHaveLength(3);
    expect(told.filter((t) => t.startsWith('[Cleared]') && t.includes(a!.name))).toHaveLength(3);
    expect(told.filter((t) => t.includes(b!.name))).toHaveLength(1);
    expect(told.filter((t) => / 4 alarms /.test(t))).toHaveLength(1);
    expect(told).toHaveLength(8);
  });
});
