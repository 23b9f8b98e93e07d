import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_WAY, alarmPush } from '../../protocol/push';
import { backends, startTestServer, type TestServer } from '../test/harness';
import { seedAlarmHistory } from './seed-history';
import { ALARM_RULES, actionWayOf, raiseAlarm, recoverAlarm, toPush } from './store';

const DAY = 86_400_000;

describe.each(backends())('alarm store (%s)', (backend) => {
  let s: TestServer;
  let stationId: number;
  let cluster: { id: number; name: string };
  beforeAll(async () => {
    s = await startTestServer(backend);
    const [c] = await s.services.db.query<{ id: number; name: string; stationId: number }>(
      `SELECT id, name, station_id AS "stationId" FROM devices WHERE type = 'battery_cluster' ORDER BY id LIMIT 1`,
    );
    cluster = c!;
    stationId = c!.stationId;
  });
  afterAll(() => s.close());

  const t = (min: number) => new Date(s.clock.now + min * 60_000);

  it('dedups a flapping condition into one open alarm, and raises a new one after recovery', async () => {
    const base = { stationId, deviceId: cluster.id, ruleCode: 'cellOverTemp', content: `${cluster.name} cell over-temperature 56.2 °C` };
    const first = await raiseAlarm(s.services.db, { ...base, params: { cellTempC: 56.2 }, time: t(0) });
    expect(first.isNew).toBe(true);
    expect(first.row).toMatchObject({ status: 1, occurrences: 1, category: 'alarm', type: 'alert', deviceType: 'battery_cluster', deviceName: cluster.name });

    const again = await raiseAlarm(s.services.db, { ...base, content: `${cluster.name} cell over-temperature 57.0 °C`, params: { cellTempC: 57 }, time: t(1) });
    expect(again.isNew).toBe(false);
    expect(again.row.id).toBe(first.row.id);
    expect(again.row.occurrences).toBe(2);
    expect(again.row.content).toBe(base.content); // the first occurrence's text and time stay
    expect(again.row.happenTime.getTime()).toBe(first.row.happenTime.getTime());
    expect(again.row.params.cellTempC).toBe(57); // the latest values merge in
    const rows = await s.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM alarms WHERE dedup_key = $1', [first.row.dedupKey]);
    expect(rows[0]!.n).toBe(1);

    const recovered = await recoverAlarm(s.services.db, first.row.dedupKey, t(5));
    expect(recovered).toMatchObject({ id: first.row.id, status: 2 });
    expect(recovered!.recoveryTime!.getTime()).toBe(t(5).getTime());
    expect(await recoverAlarm(s.services.db, first.row.dedupKey, t(6))).toBeNull(); // nothing open any more

    const next = await raiseAlarm(s.services.db, { ...base, time: t(10) });
    expect(next.isNew).toBe(true);
    expect(next.row.id).not.toBe(first.row.id);
    await recoverAlarm(s.services.db, next.row.dedupKey, t(11));
  });

  it('concurrent raises of one condition give one row', async () => {
    const input = { stationId, deviceId: cluster.id, ruleCode: 'cellVoltageSpread', content: `${cluster.name} cell voltage spread 182 mV`, time: t(20) };
    const results = await Promise.all(Array.from({ length: 6 }, () => raiseAlarm(s.services.db, input)));
    expect(results.filter((r) => r.isNew)).toHaveLength(1);
    expect(new Set(results.map((r) => r.row.id)).size).toBe(1);
    expect(Math.max(...results.map((r) => r.row.occurrences))).toBe(6);
    await recoverAlarm(s.services.db, results[0]!.row.dedupKey, t(21));
  });

  it('needs category and type for a rule outside the catalogue, and an existing station', async () => {
    await expect(raiseAlarm(s.services.db, { stationId, ruleCode: 'customRule', content: 'x', time: t(0) })).rejects.toThrow(/unknown rule/);
    await expect(raiseAlarm(s.services.db, { stationId: 999_999, ruleCode: 'gatewayOffline', content: 'x', time: t(0) })).rejects.toThrow(/does not exist/);
    const custom = await raiseAlarm(s.services.db, {
      stationId,
      ruleCode: 'customRule',
      category: 'event',
      type: 'event',
      deviceType: 'gateway',
      params: { ruleName: 'Custom check' },
      content: 'Custom check fired',
      time: t(30),
    });
    expect(custom.row).toMatchObject({ deviceId: null, deviceType: 'gateway', deviceName: null });
    const push = toPush(custom.row, s.services.registry);
    expect(push.alarmRuleName).toBe('Custom check');
    expect(push.monitoredObjectName).toBe(s.services.registry.stations.get(stationId)!.name); // station-level: the station itself
    await recoverAlarm(s.services.db, custom.row.dedupKey, t(31));
  });

  it('builds the protocol push: 35003 for fault and protection, 35002 for alarm and event', async () => {
    expect(actionWayOf('fault')).toBe(ACTION_WAY.popupWithSound);
    expect(actionWayOf('protection')).toBe(ACTION_WAY.popupWithSound);
    expect(actionWayOf('alarm')).toBe(ACTION_WAY.popup);
    expect(actionWayOf('event')).toBe(ACTION_WAY.popup);
    const { row } = await raiseAlarm(s.services.db, {
      stationId,
      deviceId: cluster.id,
      ruleCode: 'cellOverTempTrip',
      content: `${cluster.name} over-temperature protection`,
      time: t(40),
    });
    const push = toPush(row, s.services.registry);
    expect(alarmPush.parse(push)).toEqual(push);
    expect(push).toMatchObject({
      alarmId: row.id,
      orgId: row.providerId,
      stationId,
      actionWay: 35003,
      monitoredObjectName: cluster.name,
      alarmRuleName: ALARM_RULES.cellOverTempTrip!.name,
      alarmCategory: 'protection',
      status: 'unresolved',
    });
    const done = await recoverAlarm(s.services.db, row.dedupKey, t(41));
    expect(toPush(done!, s.services.registry).status).toBe('resolved');
  });

  it('seeds a plausible 30-day history once', async () => {
    const db = s.services.db;
    await db.query('DELETE FROM alarms');
    const now = new Date(s.clock.now);
    const sum = await seedAlarmHistory(db, s.services.registry, now);
    expect(sum.inserted).toBeGreaterThanOrEqual(200);
    expect(sum.inserted).toBeLessThanOrEqual(800);
    expect(sum.open).toBeGreaterThanOrEqual(10);
    expect(sum.open).toBeLessThanOrEqual(20);
    expect(await seedAlarmHistory(db, s.services.registry, now)).toEqual({ inserted: 0, open: 0 }); // not twice

    const stats = await db.query<{
      n: number;
      stations: number;
      cats: number;
      types: number;
      devtypes: number;
      oldest: Date;
      newest: Date;
      bad: number;
      handResolved: number;
    }>(
      `SELECT count(*)::int AS n, count(DISTINCT station_id)::int AS stations, count(DISTINCT category)::int AS cats,
              count(DISTINCT type)::int AS types, count(DISTINCT device_type)::int AS devtypes,
              min(happen_time) AS oldest, max(happen_time) AS newest,
              count(*) FILTER (WHERE (status = 2) <> (recovery_time IS NOT NULL) OR recovery_time < happen_time OR recovery_time > $1)::int AS bad,
              count(*) FILTER (WHERE resolved_by IS NOT NULL)::int AS "handResolved"
       FROM alarms`,
      [now],
    );
    const st = stats[0]!;
    expect(st.n).toBe(sum.inserted);
    expect(st.stations).toBeGreaterThanOrEqual(30);
    expect(st.cats).toBe(4);
    expect(st.types).toBe(3);
    expect(st.devtypes).toBeGreaterThanOrEqual(6);
    expect(now.getTime() - st.oldest.getTime()).toBeLessThanOrEqual(30 * DAY);
    expect(st.newest.getTime()).toBeLessThanOrEqual(now.getTime());
    expect(st.bad).toBe(0);
    expect(st.handResolved).toBeGreaterThan(0);

    // Devices belong to their stations, rules fit their device types, texts name the device.
    const mismatched = await db.query(
      `SELECT a.id FROM alarms a JOIN devices d ON d.id = a.device_id JOIN stations s ON s.id = a.station_id
       WHERE d.station_id <> a.station_id OR d.type <> a.device_type OR s.provider_id <> a.provider_id OR s.operation_date > a.happen_time`,
    );
    expect(mismatched).toHaveLength(0);
    const sample = await db.query<{ content: string; rule: string }>(`SELECT content, rule_code AS rule FROM alarms WHERE rule_code = 'cellOverTemp' LIMIT 1`);
    expect(sample[0]?.content).toMatch(/^Cluster \d+-\d+ cell over-temperature \d+\.\d °C$/);
  });
});
