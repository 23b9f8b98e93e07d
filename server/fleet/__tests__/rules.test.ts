import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { EmbeddedBroker } from '../../broker/embedded';
import { POINTS, type TelemetryFrame } from '../../../protocol/fleet';
import { orgAlarmTopic, parseAlarmPush, type AlarmPush } from '../../../protocol/push';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('alarm rules on telemetry', () => {
  let s: TestServer;
  const pushes: AlarmPush[] = [];
  let stationId: number;
  let cluster: number;

  const frame = (ts: number, cellTmax: number): TelemetryFrame => {
    const v = POINTS.battery_cluster.map(() => 0);
    Object.assign(v, [55, 0, 800, 0, 3.3, 3.29, cellTmax, cellTmax - 2, 0]);
    return { ver: 1, stationId, seq: 0, ts, devices: [{ id: cluster, on: true, s: 0, v }] };
  };
  const send = async (f: TelemetryFrame) => {
    s.services.fleet!.onMessage(`ems/gw/${stationId}/telemetry`, JSON.stringify(f));
    await s.services.fleet!.rules.settled();
    await wait(20); // the push travels through the broker
  };

  beforeAll(async () => {
    s = await startTestServer('pglite', { seedStations: 3, config: { simulator: false } });
    [{ stationId, cluster }] = (await s.services.db.query<{ stationId: number; cluster: number }>(
      'SELECT station_id AS "stationId", min(id) AS cluster FROM devices WHERE type = \'battery_cluster\' GROUP BY station_id ORDER BY station_id LIMIT 1',
    )) as [{ stationId: number; cluster: number }];
    const provider = s.services.registry.stations.get(stationId)!.providerId;
    const broker = s.services.broker as EmbeddedBroker;
    await new Promise<void>((r) =>
      broker.aedes.subscribe(
        orgAlarmTopic(provider),
        (packet, cb) => {
          const p = parseAlarmPush(packet.payload as Buffer);
          if (p.ok) pushes.push(p.message);
          cb();
        },
        () => r(),
      ),
    );
  });
  afterAll(() => s?.close());

  it('raises once, pushes once while the condition lasts or flaps within it, and resolves on recovery', async () => {
    const t = s.clock.now;
    await send(frame(t, 50));
    await send(frame(t + 5000, 51));
    await send(frame(t + 10_000, 52));
    const raised = pushes.filter((p) => p.alarmRuleName === 'Cell over-temperature');
    expect(raised).toHaveLength(1);
    expect(raised[0]!.status).toBe('unresolved');
    expect(raised[0]!.actionWay).toBe(35002);
    const id = raised[0]!.alarmId;
    const [open] = await s.services.db.query<{ status: number; n: number }>('SELECT status, count(*) OVER ()::int AS n FROM alarms WHERE id = $1', [id]);
    expect(open!.status).toBe(1);

    await send(frame(t + 15_000, 30));
    const resolved = pushes.filter((p) => p.alarmId === id && p.status === 'resolved');
    expect(resolved).toHaveLength(1);
    const [row] = await s.services.db.query<{ status: number; recovery: Date }>('SELECT status, recovery_time AS recovery FROM alarms WHERE id = $1', [id]);
    expect(row!.status).toBe(2);
    expect(row!.recovery.getTime()).toBe(t + 15_000);

    // the condition comes back: a new alarm with a new id
    await send(frame(t + 20_000, 49));
    const again = pushes.filter((p) => p.alarmRuleName === 'Cell over-temperature' && p.status === 'unresolved');
    expect(again).toHaveLength(2);
    expect(again[1]!.alarmId).toBeGreaterThan(id);
  });

  it('raises gatewayOffline when a station goes quiet and recovers it when data returns', async () => {
    const fleet = s.services.fleet!;
    s.clock.now += 5 * 60_000;
    fleet.rules.sweep(fleet.store, s.clock.now);
    await fleet.rules.settled();
    await wait(20);
    const off = pushes.filter((p) => p.stationId === stationId && p.alarmRuleName === 'Gateway offline');
    expect(off).toHaveLength(1);
    await send(frame(s.clock.now, 30));
    fleet.rules.sweep(fleet.store, s.clock.now);
    await fleet.rules.settled();
    await wait(20);
    expect(pushes.filter((p) => p.alarmId === off[0]!.alarmId && p.status === 'resolved')).toHaveLength(1);
  });
});
