// Broker access through HTTP hooks (MQTT_ACCESS=http), as EMQX's HTTP authenticator and
// authorizer call them: the request and answer shapes of EMQX 5, not a running EMQX. The
// server's own broker connection points at a closed port and keeps retrying; nothing here
// needs it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayUsername, gwTopic } from '../../protocol/fleet';
import { orgAlarmTopic, stationAlarmTopic } from '../../protocol/push';
import { PROVIDERS } from '../db/seed-data';
import { gatewayPassword } from '../fleet/gateway-auth';
import { backends, startTestServer, type TestServer } from '../test/harness';
import { createBroker } from './index';
import { BROKER_ACL_PATH, BROKER_AUTH_PATH, HOOK_SECRET_HEADER } from './hook-routes';

const SECRET = 'hook-secret-for-tests';
const GW_SECRET = 'test-gateway-secret';
const [SUNRISE] = [PROVIDERS[0]!.admin];

type Creds = { url: string; username: string; password: string; topics: string[] };

describe.each(backends())('broker hooks for EMQX (%s)', (backend) => {
  let srv: TestServer;
  let orgA: number;
  let orgB: number;
  let stationA: number;
  let stationB: number;

  const post = async (path: string, body: object, secret: string | null = SECRET) => {
    const res = await srv.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', ...(secret === null ? {} : { [HOOK_SECRET_HEADER]: secret }) },
      payload: JSON.stringify(body),
    });
    return { status: res.statusCode, body: res.json<{ result: string; is_superuser?: boolean; expire_at?: number }>() };
  };
  const auth = (username: string, password: string, secret?: string | null) => post(BROKER_AUTH_PATH, { username, password, clientid: 'c1' }, secret);
  const acl = async (username: string, action: 'publish' | 'subscribe', topic: string) =>
    (await post(BROKER_ACL_PATH, { username, clientid: 'c1', action, topic, qos: 1, retain: false })).body.result;
  const credentials = async (token: string): Promise<Creds> => {
    const r = await srv.call('queryPushCredentials', {}, token);
    expect(r.code).toBe(0);
    return r.data as Creds;
  };

  beforeAll(async () => {
    srv = await startTestServer(backend, {
      config: {
        mqttUrl: 'mqtt://127.0.0.1:9',
        mqttAccess: 'http',
        mqttHookSecret: SECRET,
        mqttPublicWsUrl: 'wss://push.example/mqtt',
        gatewaySecret: GW_SECRET,
      },
    });
    const fx = await srv.fixtures();
    [orgA, orgB] = [fx.providers[0]!, fx.providers[1]!];
    [stationA, stationB] = [fx.stationOf.get(orgA)![0]!, fx.stationOf.get(orgB)![0]!];
  }, 120_000);
  afterAll(async () => srv?.close());

  it('lets issued console credentials connect and refuses a wrong password', async () => {
    const c = await credentials(await srv.login(SUNRISE.account, SUNRISE.password));
    expect(c.url).toBe('wss://push.example/mqtt');
    expect(c.topics).toContain(orgAlarmTopic(orgA));
    const ok = await auth(c.username, c.password);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ result: 'allow', is_superuser: false });
    expect(ok.body.expire_at).toBeGreaterThan(Date.now() / 1000);
    expect((await auth(c.username, `${c.password}x`)).body.result).toBe('deny');
    expect((await auth('s-000000000000000000000000', c.password)).body.result).toBe('deny');
  });

  it("allows subscribing to the console's own org and denies another org's, and any publish", async () => {
    const c = await credentials(await srv.login(SUNRISE.account, SUNRISE.password));
    expect(await acl(c.username, 'subscribe', orgAlarmTopic(orgA))).toBe('allow');
    expect(await acl(c.username, 'subscribe', stationAlarmTopic(orgA, stationA))).toBe('allow');
    expect(await acl(c.username, 'subscribe', orgAlarmTopic(orgB))).toBe('deny');
    expect(await acl(c.username, 'subscribe', 'ems/org/+/alarm')).toBe('deny');
    expect(await acl(c.username, 'subscribe', '#')).toBe('deny');
    expect(await acl(c.username, 'publish', orgAlarmTopic(orgA))).toBe('deny');
  });

  it("lets a gateway log in and publish its own station's topics only", async () => {
    const user = gatewayUsername(stationA);
    expect((await auth(user, gatewayPassword(GW_SECRET, stationA))).body.result).toBe('allow');
    expect((await auth(user, gatewayPassword('another-secret', stationA))).body.result).toBe('deny');
    expect(await acl(user, 'publish', gwTopic(stationA, 'telemetry'))).toBe('allow');
    expect(await acl(user, 'subscribe', gwTopic(stationA, 'cmd'))).toBe('allow');
    expect(await acl(user, 'publish', gwTopic(stationB, 'telemetry'))).toBe('deny');
    expect(await acl(user, 'publish', gwTopic(stationA, 'cmd'))).toBe('deny');
    expect(await acl(user, 'subscribe', orgAlarmTopic(orgA))).toBe('deny');
  });

  it("admits the server's own login to publish pushes and read gateway traffic", async () => {
    const { mqttAdminUser, mqttAdminPassword } = srv.services.config;
    expect((await auth(mqttAdminUser, mqttAdminPassword)).body.result).toBe('allow');
    expect((await auth(mqttAdminUser, 'guess')).body.result).toBe('deny');
    expect(await acl(mqttAdminUser, 'publish', orgAlarmTopic(orgB))).toBe('allow');
    expect(await acl(mqttAdminUser, 'subscribe', 'ems/gw/+/telemetry')).toBe('allow');
    expect(await acl(mqttAdminUser, 'subscribe', '#')).toBe('deny');
  });

  it('refuses callers without the shared secret', async () => {
    const c = await credentials(await srv.login(SUNRISE.account, SUNRISE.password));
    for (const secret of [null, 'wrong', '']) {
      const r = await auth(c.username, c.password, secret);
      expect(r.status).toBe(403);
      expect(r.body.result).toBe('deny');
    }
    const r = await post(BROKER_ACL_PATH, { username: c.username, action: 'subscribe', topic: orgAlarmTopic(orgA) }, 'wrong');
    expect(r.status).toBe(403);
  });

  it("denies a revoked session's credentials, to log in and to subscribe", async () => {
    const token = await srv.login(SUNRISE.account, SUNRISE.password);
    const c = await credentials(token);
    expect((await auth(c.username, c.password)).body.result).toBe('allow');
    expect((await srv.call('logout', {}, token)).code).toBe(0);
    expect((await auth(c.username, c.password)).body.result).toBe('deny');
    expect(await acl(c.username, 'subscribe', orgAlarmTopic(orgA))).toBe('deny');
  });

  it('refuses to start without MQTT_HOOK_SECRET, saying why', async () => {
    const config = { ...srv.services.config, mqttHookSecret: undefined };
    await expect(createBroker(srv.app, { ...srv.services, config })).rejects.toThrow(/MQTT_HOOK_SECRET/);
  });
});
