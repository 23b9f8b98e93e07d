import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recoverAlarm } from '../alarms/store';
import { backends, startTestServer, type TestServer } from '../test/harness';
import { closeAll, emptyTables, issuesOf, raiseAt } from './notify-fixture';
import { sweepEscalations } from './escalation';
import { inShift } from './oncall-shifts';
import { startMailSink, type MailSink } from './receivers';
import { Notifications } from './service';

// Escalation through an on-call schedule, end to end to a real SMTP server: tier 1 at once, tier 2
// after 15 unacknowledged minutes to the night shift of a weekday night on the schedule's clock,
// no tier 3 once acknowledged, the clearing to everyone told once each, nobody outside the
// station's scope, and two notifiers sweeping one database sending each message once.

// Wednesday 25 November 2026, 22:00 in Shanghai
const WED_NIGHT = Date.UTC(2026, 10, 25, 14, 0);
const MIN = 60_000;
const quiet = { warn: () => undefined };

describe('shifts on the schedule clock', () => {
  const night = { days: [1, 2, 3, 4, 5], from: '20:00', to: '08:00', accountIds: [1], roleIds: [] };
  it('a night shift crosses midnight into the next weekday, and Friday night into Saturday morning', () => {
    expect(inShift(night, 'Asia/Shanghai', WED_NIGHT)).toBe(true);
    expect(inShift(night, 'Asia/Shanghai', WED_NIGHT + 9 * 60 * MIN)).toBe(true); // Thursday 07:00
    expect(inShift(night, 'Asia/Shanghai', WED_NIGHT + 11 * 60 * MIN)).toBe(false); // Thursday 09:00
    expect(inShift(night, 'Asia/Shanghai', WED_NIGHT + (2 * 24 + 9) * 60 * MIN)).toBe(true); // Saturday 07:00
    expect(inShift(night, 'Asia/Shanghai', WED_NIGHT + (3 * 24 + 9) * 60 * MIN)).toBe(false); // Sunday 07:00
    expect(inShift(night, 'Asia/Shanghai', WED_NIGHT + 4 * 24 * 60 * MIN)).toBe(false); // Sunday 22:00
    // the same instant is 15:00 in London: no night there
    expect(inShift(night, 'Europe/London', WED_NIGHT + 60 * MIN)).toBe(false);
  });
});

describe.each(backends())('escalation (%s)', (backend) => {
  let s: TestServer;
  let mail: MailSink;
  let admin: string;
  let x: number;
  let y: number;
  let device: number;
  let seq = 0;
  const who: Record<string, number> = {};

  const person = async (name: string, orgId: number, stationIds?: number[]) => {
    const a = await s.makeAccount({ orgId, permissions: ['alarm.alarmList'], dataScope: stationIds ? 'stations' : 'org', stationIds });
    await s.services.db.query('UPDATE accounts SET email = $2 WHERE id = $1', [a.userId, `${name}@example.com`]);
    who[name] = a.userId;
  };
  const raise = () => raiseAt(s, { stationId: x, deviceId: device, dedupKey: `e-${++seq}` });
  const tick = () => s.services.notifications.tick();
  const to = (from: number) => mail.mails.slice(from).map((m) => `${String((m.to as { text: string }).text).split('@')[0]} ${m.subject?.split(' ')[0]}`);
  let roleId = 0;
  const schedule = (extra: Record<string, unknown> = {}) => ({
    name: 'Site night watch',
    zone: 'Asia/Shanghai',
    stationIds: [x],
    tiers: [
      {
        afterMinutes: 0,
        channels: ['email'],
        shifts: [{ days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '00:00', accountIds: [who.first], roleIds: [roleId] }],
      },
      {
        afterMinutes: 15,
        channels: ['email'],
        shifts: [
          { days: [1, 2, 3, 4, 5], from: '08:00', to: '20:00', accountIds: [who.day] },
          { days: [1, 2, 3, 4, 5], from: '20:00', to: '08:00', accountIds: [who.night] },
        ],
      },
      { afterMinutes: 30, channels: ['email'], shifts: [{ days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '00:00', accountIds: [who.boss] }] },
    ],
    ...extra,
  });

  beforeAll(async () => {
    mail = await startMailSink();
    s = await startTestServer(backend, { clock: () => WED_NIGHT, config: { smtpUrl: mail.url }, notify: { pollMs: 0, stormGraceMs: MIN, flapCount: 0 } });
    const fx = await s.fixtures();
    const provider = fx.providers[0]!;
    [x, y] = fx.stationOf.get(provider)! as [number, number];
    device = (await s.services.db.query<{ id: number }>("SELECT id FROM devices WHERE station_id = $1 AND type = 'battery_cluster' LIMIT 1", [x]))[0]!.id;
    admin = await s.login('sunrise', 'Sunrise@2026');
    for (const n of ['first', 'day', 'night', 'boss', 'held']) await person(n, provider);
    await person('outside', provider, [y]);
    // a role held by one account that sees station x and one that sees only y
    roleId = (await s.services.db.query<{ id: number }>("INSERT INTO roles (org_id, name) VALUES ($1, 'On call') RETURNING id", [provider]))[0]!.id;
    await s.services.db.query('UPDATE accounts SET role_id = $1 WHERE id = ANY($2::int[])', [roleId, [who.held, who.outside]]);
  }, 120_000);
  afterAll(() => closeAll(s, mail));
  beforeEach(async () => {
    await tick();
    await emptyTables(s, ['oncall_schedules', 'notification_deliveries']);
    await s.services.db.query('UPDATE alarms SET status = 2 WHERE status = 1');
    mail.mails.length = 0;
    // the next Wednesday 22:00 in Shanghai
    s.clock.now = WED_NIGHT + 7 * 24 * 60 * MIN * ++weeks;
    admin = await s.login('sunrise', 'Sunrise@2026');
  });
  let weeks = 0;

  it('tier 1 at once, tier 2 to the night shift after 15 min, no tier 3 once acknowledged, the clearing to each once', async () => {
    const saved = await s.call('saveOncallSchedule', schedule(), admin);
    expect(saved.code).toBe(0);
    const alarm = await raise();
    await tick();
    await mail.received(2);
    expect(to(0).sort()).toEqual(['first [Escalated', 'held [Escalated']);
    const station = s.services.registry.stations.get(x)!;
    expect(mail.mails[0]!.subject).toMatch(new RegExp(`^\\[Escalated · tier 1\\] ${station.name} · .+ · Cell over-temperature$`));
    expect(mail.mails[0]!.text).toContain(`(${station.timezone})`);

    s.clock.now += 15 * MIN;
    await tick();
    await mail.received(3);
    expect(to(2)).toEqual(['night [Escalated']);
    expect(mail.mails[2]!.subject).toMatch(/^\[Escalated · tier 2\] .* · unacknowledged for 15 min$/);

    s.clock.now += 5 * MIN;
    expect((await s.call('ackAlarm', { alarmId: alarm.id }, admin)).code).toBe(0);
    s.clock.now += 15 * MIN;
    await tick();
    await tick();
    await mail.received(4);
    expect(mail.mails).toHaveLength(3);

    await recoverAlarm(s.services.db, alarm.dedupKey, new Date(s.clock.now));
    await tick();
    await tick();
    await mail.received(6);
    expect(to(3).sort()).toEqual(['first [Cleared]', 'held [Cleared]', 'night [Cleared]']);
    expect(mail.mails.map((m) => String((m.to as { text: string }).text))).not.toContain('outside@example.com');
    expect(mail.mails.map((m) => String((m.to as { text: string }).text))).not.toContain('boss@example.com');

    const log = await s.call('queryNotificationDeliveries', { alarmId: alarm.id, kind: 'escalated', page: 1, length: 50 }, admin);
    expect(log.data.dataList.map((d) => [d.recipient.length > 0, d.status, d.detail.tier]).sort()).toEqual([
      [true, 'sent', 1],
      [true, 'sent', 1],
      [true, 'sent', 2],
    ]);
  });

  it('a tier planned but not sent before the acknowledgement ends without sending, and the log says why', async () => {
    expect((await s.call('saveOncallSchedule', schedule({ tiers: schedule().tiers.slice(0, 1) }), admin)).code).toBe(0);
    const alarm = await raise();
    const deps = { db: s.services.db, registry: s.services.registry, clock: () => s.clock.now, stormGraceMs: MIN };
    expect(await sweepEscalations(deps)).toBe(2);
    expect(await sweepEscalations(deps)).toBe(0);
    expect((await s.call('ackAlarm', { alarmId: alarm.id }, admin)).code).toBe(0);
    await tick();
    await mail.received(1);
    expect(mail.mails).toHaveLength(0);
    const log = await s.call('queryNotificationDeliveries', { alarmId: alarm.id, kind: 'escalated', page: 1, length: 50 }, admin);
    expect(log.data.dataList).toHaveLength(2);
    for (const d of log.data.dataList) {
      expect(d.status).toBe('suppressed');
      expect(d.lastError).toBe('the alarm was acknowledged before this was sent');
      expect(d.attemptLog.map((a) => a.outcome)).toEqual(['suppressed']);
    }
  });

  it('two notifiers sweeping one database send each escalation once', async () => {
    expect((await s.call('saveOncallSchedule', schedule(), admin)).code).toBe(0);
    const replica = () =>
      new Notifications(
        { db: s.services.db, registry: s.services.registry, clock: () => s.clock.now, log: quiet, smtpUrl: mail.url, mailFrom: 'EMS <no-reply@ems.example>' },
        { pollMs: 0, stormGraceMs: MIN, flapCount: 0 },
      );
    const [a, b] = [replica(), replica()];
    for (let i = 0; i < 5; i++) await raise();
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    s.clock.now += 16 * MIN;
    await Promise.all([a.tick(), b.tick()]);
    await Promise.all([a.tick(), b.tick()]);
    await mail.received(15);
    // 5 alarms × (first, held) at once, then × night
    expect(mail.mails).toHaveLength(15);
    const keys = mail.mails.map((m) => `${String((m.to as { text: string }).text)} ${m.messageId}`);
    expect(new Set(keys).size).toBe(15);
    await a.close();
    await b.close();
  });

  it('refuses at the field: tiers told later each time, known accounts, a known zone; another organisation answers notFound', async () => {
    const bad = schedule();
    bad.tiers[1]!.afterMinutes = 0;
    const r = await s.call('saveOncallSchedule', { ...bad, zone: 'Mars/Olympus' }, admin);
    expect(r.code).not.toBe(0);
    expect(issuesOf(r)).toContainEqual({ path: 'tiers.1.afterMinutes', issue: 'notIncreasing' });
    const r2 = await s.call('saveOncallSchedule', { ...schedule(), zone: 'Mars/Olympus' }, admin);
    expect(issuesOf(r2)).toEqual([{ path: 'zone', issue: 'invalidFormat' }]);
    const shift = schedule();
    shift.tiers[0]!.shifts[0]!.to = '25:00';
    const r3 = await s.call('saveOncallSchedule', shift, admin);
    expect(issuesOf(r3).map((i) => i.path)).toEqual(['tiers.0.shifts.0.to']);

    const mine = await s.call('saveOncallSchedule', schedule(), admin);
    const fx = await s.fixtures();
    const other = await s.makeAccount({ orgId: fx.providers[1]!, permissions: ['system.account', 'system.account.edit'] });
    expect((await s.call('deleteOncallSchedule', { scheduleId: mine.data.scheduleId }, other.token)).code).toBe(
      (await s.call('deleteOncallSchedule', { scheduleId: 999_999 }, other.token)).code,
    );
    expect((await s.call('queryOncallSchedules', {}, other.token)).data.dataList).toEqual([]);
    const foreign = schedule();
    foreign.tiers[2]!.shifts[0]!.accountIds = [who.first!];
    const r4 = await s.call('saveOncallSchedule', { ...foreign, stationIds: [] }, other.token);
    expect(issuesOf(r4).map((i) => i.path)).toContain('tiers.0.shifts.0.accountIds.0');
    expect((await s.call('queryOncallSchedules', {}, admin)).data.dataList.map((d) => d.name)).toEqual(['Site night watch']);
  });
});
