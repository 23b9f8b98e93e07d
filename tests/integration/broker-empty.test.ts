import { execFileSync } from 'node:child_process';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/test/harness';
import type { FleetRuntime } from '../../server/fleet/runtime';

// A Mosquitto restarted with an empty dynamic-security file (a re-install, a failover): the
// server provisions its own rights and every gateway's login again when it reconnects, ingest
// resumes without a server restart, an alarm stored meanwhile is there for the console's
// catch-up, and a console's fresh credentials work. A private Mosquitto on ports of its own
// (tests/mosquitto/start.sh); skipped where Mosquitto is not installed.

const DIR = `${process.env.TMPDIR ?? '/tmp'}/ems-mosq-empty-${process.pid}`;
const TCP = 19_000 + (process.pid % 400) * 2;
const WS = TCP + 1;
const ADMIN = { user: 'ems-admin', password: 'ems-admin-secret' };
const env = {
  ...process.env,
  MOSQ_DIR: DIR,
  MOSQ_TCP_PORT: String(TCP),
  MOSQ_WS_PORT: String(WS),
  MQTT_ADMIN_USER: ADMIN.user,
  MQTT_ADMIN_PASSWORD: ADMIN.password,
};
/** Starts the private broker from an empty dynsec file (stopping the earlier one first). */
const startBroker = () => execFileSync('tests/mosquitto/start.sh', { env, stdio: 'pipe' });
const stopBroker = () => execFileSync('tests/mosquitto/stop.sh', { env, stdio: 'pipe' });

let skipReason: string | null = null;
try {
  startBroker();
} catch (e) {
  skipReason = `no private Mosquitto with dynamic security (${(e as { stderr?: Buffer }).stderr?.toString().trim() || String(e)})`;
  console.warn(`skipping the empty-broker test: ${skipReason}`);
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(skipReason !== null)('a broker restarted empty', () => {
  let s: TestServer;
  let fleet: FleetRuntime;
  let tick: NodeJS.Timeout;

  beforeAll(async () => {
    s = await startTestServer('pglite', {
      seedStations: 3,
      config: {
        mqttUrl: `mqtt://127.0.0.1:${TCP}`,
        mqttPublicWsUrl: `ws://127.0.0.1:${WS}`,
        mqttAdminUser: ADMIN.user,
        mqttAdminPassword: ADMIN.password,
        gatewaySecret: 'broker-empty-test',
        simulator: true,
        simStations: 3,
        simIntervalMs: 1000,
        backfillDays: 0,
      },
    });
    // the harness clock stands still unless moved: follow the wall clock
    s.clock.now = Date.now();
    tick = setInterval(() => (s.clock.now = Date.now()), 100);
    fleet = s.services.fleet!;
  });
  afterAll(async () => {
    clearInterval(tick);
    await s?.close();
    if (!skipReason) stopBroker();
  });

  const waitFor = async (cond: () => boolean, ms: number): Promise<number> => {
    const t0 = Date.now();
    while (!cond()) {
      if (Date.now() - t0 > ms) throw new Error(`not within ${ms} ms`);
      await sleep(50);
    }
    return Date.now() - t0;
  };

  it('provisions rights and gateway logins again; ingest resumes within 15 s and the catch-up has what was raised meanwhile', { timeout: 90_000 }, async () => {
    await waitFor(() => fleet.store.accepted >= 6, 20_000);
    const token = await s.login('admin', 'Admin@2026');
    const [{ last }] = (await s.services.db.query<{ last: number }>('SELECT coalesce(max(id), 0)::int AS last FROM alarms')) as [{ last: number }];
    const station = [...s.services.registry.stations.values()][0]!;

    startBroker();
    const restartedAt = Date.now();
    // raised while the broker is away: stored, its push lost
    fleet.rules.alarms.add({
      active: true,
      stationId: station.id,
      deviceId: null,
      dedupKey: `${station.id}/station/gatewayRestart`,
      code: 'gatewayRestart',
      content: 'Gateway restarted',
      params: {},
      time: new Date(),
    });
    const after = fleet.store.accepted;
    const resumeMs = await waitFor(() => fleet.store.accepted >= after + 3, 15_000);
    console.info(JSON.stringify({ 'broker.ingest_resume_ms': Date.now() - restartedAt, waitedMs: resumeMs }));

    const caught = await s.call('queryAlarmsSince', { afterId: last, orgId: station.providerId, limit: 100 }, token);
    expect(caught.code).toBe(0);
    expect(caught.data.dataList.map((a) => a.alarmRuleCode)).toContain('gatewayRestart');

    // a console's fresh credentials connect and may subscribe to its topics on the new broker
    const creds = await s.call('queryPushCredentials', {}, token);
    expect(creds.code).toBe(0);
    const c = await mqtt.connectAsync(creds.data.url, { username: creds.data.username, password: creds.data.password, reconnectPeriod: 0, clean: true });
    try {
      const granted = await c.subscribeAsync(creds.data.topics[0]!, { qos: 1 });
      expect(granted[0]!.qos).toBe(1);
    } finally {
      await c.endAsync(true);
    }
  });
});
