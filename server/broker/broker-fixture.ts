import mqtt, { type MqttClient } from 'mqtt';
import { PROVIDERS } from '../db/seed-data';
import type { TestServer } from '../test/harness';
import { NOT_HANDLED, type AlarmRow } from '../alarms/store';

// What the push broker suites share: two providers' administrators, MQTT clients that connect
// and subscribe like the console does (refusals answered, never thrown), and alarm rows to publish.

export const [SUNRISE, PEARL] = [PROVIDERS[0]!.admin, PROVIDERS[1]!.admin];

let alarmSeq = 9_000_000;
/** An alarm row of a station, enough for `publishAlarm` (not stored). */
export const alarmRow = (srv: TestServer, stationId: number): AlarmRow => {
  const st = srv.services.registry.stations.get(stationId)!;
  return {
    id: ++alarmSeq,
    providerId: st.providerId,
    stationId,
    stationName: st.name,
    deviceId: null,
    deviceName: null,
    deviceType: 'gateway',
    ruleCode: 'gatewayOffline',
    category: 'alarm',
    type: 'alert',
    status: 1,
    content: '',
    params: {},
    happenTime: new Date(srv.clock.now),
    recoveryTime: null,
    resolvedById: null,
    resolvedBy: null,
    dedupKey: `test:${alarmSeq}`,
    occurrences: 1,
    ...NOT_HANDLED,
  };
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let seq = 0;

/** Connects like the console does; resolves with the client or rejects with the refusal. */
export const connect = (url: string, opts: mqtt.IClientOptions = {}): Promise<MqttClient> =>
  new Promise((resolve, reject) => {
    const c = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 5_000, clean: true, clientId: `test-${process.pid}-${++seq}`, ...opts });
    const fail = (e: Error) => {
      c.end(true);
      reject(e);
    };
    c.once('connect', () => {
      c.off('error', fail);
      resolve(c);
    });
    c.once('error', fail);
    c.once('close', () => fail(new Error('closed before CONNACK')));
  });

/** Granted QoS per filter (128 = refused); never throws on a refusal. */
export const subscribe = (c: MqttClient, topic: string): Promise<number> =>
  new Promise((resolve, reject) =>
    c.subscribe(topic, { qos: 1 }, (err, granted) => {
      // mqtt.js reports a refusal as an error carrying the SUBACK (its `granted` echoes the request)
      const refused = (err as { packet?: { granted?: number[] } } | null)?.packet?.granted?.[0];
      if (refused !== undefined) return resolve(refused);
      if (err) return reject(err);
      if (granted?.[0]) return resolve(granted[0].qos);
      reject(new Error('no SUBACK'));
    }),
  );

export const collect = (c: MqttClient) => {
  const got: { topic: string; payload: string }[] = [];
  c.on('message', (topic, p) => got.push({ topic, payload: p.toString('utf8') }));
  return got;
};

export const waitFor = async (cond: () => boolean, ms = 5_000): Promise<void> => {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await sleep(20);
  }
};

export const closed = (c: MqttClient): Promise<void> => new Promise((r) => (c.connected ? c.once('close', () => r()) : r()));
