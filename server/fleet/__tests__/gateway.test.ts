import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { startTestServer, type TestServer } from '../../test/harness';
import { EmbeddedBroker } from '../../broker/embedded';
import { gwTopic } from '../../../protocol/fleet';
import { connectGateway, type Connector } from '../gateway';
import { gatewayPassword } from '../gateway-auth';

// Gateways against the embedded broker: their login, their own topics only, and the
// platform's ingest of what they publish.
const SECRET = 'test-gateway-secret';
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** SUBACK return codes (mqtt.js rejects when any is 0x80; the packet still has them all). */
const suback = async (c: MqttClient, filters: string[]): Promise<number[]> => {
  try {
    return (await c.subscribeAsync(filters)).map((g) => g.qos);
  } catch (e) {
    return (e as { packet: { granted: number[] } }).packet.granted;
  }
};
const connected = (c: MqttClient) =>
  new Promise<'ok' | string>((resolve) => {
    c.once('connect', () => resolve('ok'));
    c.once('error', (e) => resolve((e as Error & { code?: number }).code === 4 ? 'refused' : e.message));
  });

describe('gateway access (embedded broker)', () => {
  let s: TestServer;
  let via: Connector;
  const clients: MqttClient[] = [];
  const gw = (stationId: number, password = gatewayPassword(SECRET, stationId)) => {
    const c = connectGateway(stationId, password, via, { reconnectPeriod: 0 });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    s = await startTestServer('pglite', { seedStations: 3, config: { gatewaySecret: SECRET, simulator: false } });
    const broker = s.services.broker as EmbeddedBroker;
    via = { kind: 'inproc', handle: (stream) => broker.aedes.handle(stream as never) };
  });
  afterAll(async () => {
    for (const c of clients) c.end(true);
    await s?.close();
  });

  it('refuses a wrong password and an unknown station', async () => {
    expect(await connected(gw(1, 'nope'))).toBe('refused');
    expect(await connected(gw(99_999, gatewayPassword(SECRET, 99_999)))).toBe('refused');
  });

  it('takes telemetry from a gateway on its own topic into the store', async () => {
    const c = gw(1);
    expect(await connected(c)).toBe('ok');
    const [dev] = await s.services.db.query<{ id: number }>("SELECT id FROM devices WHERE station_id = 1 AND type = 'gateway'");
    c.publish(
      gwTopic(1, 'telemetry'),
      JSON.stringify({ ver: 1, stationId: 1, seq: 0, ts: s.clock.now, devices: [{ id: dev!.id, on: true, s: null, v: [1, 10, 100] }] }),
    );
    for (let i = 0; i < 100 && !s.services.fleet!.store.latest.has(dev!.id); i++) await wait(5);
    expect(s.services.fleet!.store.latest.get(dev!.id)?.v).toEqual([1, 10, 100]);
    expect(s.services.live!.stationOnline(1)).toBe(true);
  });

  it("disconnects a gateway that publishes on another station's topic, and refuses foreign subscriptions", async () => {
    const c = gw(2);
    expect(await connected(c)).toBe('ok');
    expect(await suback(c, [gwTopic(2, 'cmd'), gwTopic(1, 'cmd'), 'ems/org/2/alarm', 'ems/#'])).toEqual([0, 128, 128, 128]);
    const closed = new Promise<void>((r) => c.once('close', () => r()));
    c.publish(gwTopic(1, 'telemetry'), JSON.stringify({ ver: 1, stationId: 1, seq: 1, ts: s.clock.now, devices: [] }));
    await closed;
  });

  it('a browser session cannot subscribe to gateway topics', async () => {
    const token = await s.login('admin', 'Admin@2026');
    const { MqttClient: Client } = await import('mqtt');
    const { duplexPair } = await import('../gateway');
    const broker = s.services.broker as EmbeddedBroker;
    const c = new Client(
      () => {
        const [a, b] = duplexPair();
        broker.aedes.handle(b as never);
        return a as never;
      },
      { username: 'admin', password: token, clean: true, reconnectPeriod: 0, protocolVersion: 4 },
    );
    clients.push(c);
    expect(await connected(c)).toBe('ok');
    expect(await suback(c, ['ems/gw/1/telemetry', 'ems/gw/+/cmd', 'ems/gw/#'])).toEqual([128, 128, 128]);
  });
});

describe.skipIf(!process.env.MQTT_URL)('simulated gateways on the external broker (MQTT_URL)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('pglite', {
      seedStations: 3,
      config: {
        mqttUrl: process.env.MQTT_URL,
        mqttPublicWsUrl: process.env.MQTT_PUBLIC_WS_URL,
        simulator: true,
        backfillDays: 0,
        simIntervalMs: 3_600_000,
        simAckFailureRate: 0,
      },
    });
    await s.services.fleet!.ready;
  }, 60_000);
  afterAll(() => s?.close());

  it('gateways log in with their HMAC passwords, report, and acknowledge commands', async () => {
    const fleet = s.services.fleet!;
    for (let i = 0; i < 500 && [...fleet.gateways.values()].some((g) => !g.client.connected); i++) await wait(10);
    expect([...fleet.gateways.values()].every((g) => g.client.connected)).toBe(true);
    for (const g of fleet.gateways.values()) g.opts.ackDelayMs = 0;
    fleet.tickNow();
    s.clock.now += 5000;
    fleet.tickNow();
    for (let i = 0; i < 300 && fleet.store.stations.size < 3; i++) await wait(10);
    expect(fleet.store.stations.size).toBe(3);
    const result = await new Promise<{ ok: boolean }>((resolve) =>
      fleet.dispatch(1, { type: 'mode', switchId: 1, mode: 'peakShaving', enabled: false }, async (r) => resolve(r)),
    );
    expect(result.ok).toBe(true);
  });
});
