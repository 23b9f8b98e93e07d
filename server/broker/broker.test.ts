// Push broker access rules: the same suite runs against the embedded Aedes broker (always) and
// against an external Mosquitto with the dynamic-security plugin (when MQTT_URL is set; start one
// with tests/mosquitto/start.sh, see docs/broker.md). The embedded broker's own rules and the
// topic helpers are in broker-embedded.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { orgAlarmTopic, stationAlarmTopic } from '../../protocol/push';
import { ADMIN_ACCOUNT, OPERATOR_ACCOUNT } from '../db/seed-data';
import { startTestServer, type TestServer } from '../test/harness';
import { publishAlarm } from '../alarms/store';
import { EmbeddedBroker } from './embedded';
import { ExternalBroker } from './external';
import { alarmRow, closed, collect, connect, PEARL, sleep, subscribe, SUNRISE, waitFor } from './broker-fixture';

const EXTERNAL = !!process.env.MQTT_URL;
if (!EXTERNAL) console.warn('skipping external-broker tests: MQTT_URL not set');

type Creds = { url: string; username: string; password: string; topics: string[] };

interface Ctx {
  srv: TestServer;
  base: string;
  tokens: Record<'admin' | 'a' | 'b' | 'operator', string>;
  orgA: number;
  orgB: number;
  /** the operator's provider and its station list; `otherStation`: a station of that provider outside it */
  operatorOrg: number;
  operatorStations: number[];
  otherStation: number;
}

const suite = (mode: 'embedded' | 'external') => () => {
  const ctx = {} as Ctx;
  const clients: MqttClient[] = [];

  const credsOf = async (token: string): Promise<Creds> => {
    const r = await ctx.srv.call('queryPushCredentials', {}, token);
    expect(r.code).toBe(0);
    return r.data as Creds;
  };
  const urlOf = (creds: Creds) => (/^wss?:\/\//.test(creds.url) ? creds.url : `${ctx.base.replace(/^http/, 'ws')}${creds.url}`);
  const open = async (token: string, extra: mqtt.IClientOptions = {}): Promise<MqttClient> => {
    const creds = await credsOf(token);
    const c = await connect(urlOf(creds), { username: creds.username, password: creds.password, ...extra });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    ctx.srv = await startTestServer('pglite', {
      config:
        mode === 'external'
          ? {
              mqttUrl: process.env.MQTT_URL,
              mqttPublicWsUrl: process.env.MQTT_PUBLIC_WS_URL,
              mqttAdminUser: process.env.MQTT_ADMIN_USER ?? 'ems-admin',
              mqttAdminPassword: process.env.MQTT_ADMIN_PASSWORD ?? 'ems-admin-secret',
            }
          : {},
    });
    ctx.base = await ctx.srv.app.listen({ port: 0, host: '127.0.0.1' });
    const login = (a: { account: string; password: string }) => ctx.srv.login(a.account, a.password);
    ctx.tokens = { admin: await login(ADMIN_ACCOUNT), a: await login(SUNRISE), b: await login(PEARL), operator: await login(OPERATOR_ACCOUNT) };
    const orgOf = async (t: string) => (await ctx.srv.services.sessions.resolve(t))!.principal.orgId;
    ctx.orgA = await orgOf(ctx.tokens.a);
    ctx.orgB = await orgOf(ctx.tokens.b);
    expect(ctx.orgA).not.toBe(ctx.orgB);
    const op = (await ctx.srv.services.sessions.resolve(ctx.tokens.operator))!.principal;
    expect(op.dataScope).toBe('stations');
    ctx.operatorOrg = op.orgId;
    ctx.operatorStations = [...op.scopeStationIds];
    expect(ctx.operatorStations).toHaveLength(3);
    ctx.otherStation = ctx.srv.services.registry.stationsByProvider.get(op.orgId)!.find((id) => !op.scopeStationIds.includes(id))!;
    expect(ctx.otherStation).toBeDefined();
  });

  afterAll(async () => {
    for (const c of clients) c.end(true);
    await ctx.srv?.close();
  });

  it('uses the configured broker kind', () => {
    expect(ctx.srv.services.broker.kind).toBe(mode === 'embedded' ? 'aedes' : 'external');
  });

  it('hands out credentials: session token as password, own org topics only', async () => {
    const a = await credsOf(ctx.tokens.a);
    expect(a.password).toBe(ctx.tokens.a);
    expect(a.topics).toEqual([orgAlarmTopic(ctx.orgA)]);
    if (mode === 'embedded') {
      expect(a.url).toBe('/mqtt');
      expect(a.username).toBe(SUNRISE.account);
    } else {
      expect(a.url).toBe(process.env.MQTT_PUBLIC_WS_URL);
      expect(a.username).toMatch(/^s-[0-9a-f]{24}$/);
    }
    const admin = await credsOf(ctx.tokens.admin);
    expect(admin.topics).toEqual(expect.arrayContaining([orgAlarmTopic(ctx.orgA), orgAlarmTopic(ctx.orgB)]));
    expect(admin.topics).toHaveLength(ctx.srv.services.registry.providerIds.length);
    // a station-scoped account gets exactly its stations' topics, never a whole provider's
    const op = await credsOf(ctx.tokens.operator);
    expect(op.topics).toEqual(ctx.operatorStations.map((sid) => stationAlarmTopic(ctx.operatorOrg, sid)));
    expect(op.topics).toHaveLength(3);
  });

  it('refuses CONNECT without a token', async () => {
    const creds = await credsOf(ctx.tokens.a);
    await expect(connect(urlOf(creds), { username: creds.username })).rejects.toThrow();
    await expect(connect(urlOf(creds))).rejects.toThrow();
  });

  it('refuses CONNECT with a bad token', async () => {
    const creds = await credsOf(ctx.tokens.a);
    const forged = creds.password.slice(0, -2) + (creds.password.endsWith('AA') ? 'BB' : 'AA');
    await expect(connect(urlOf(creds), { username: creds.username, password: forged })).rejects.toThrow();
    await expect(connect(urlOf(creds), { username: creds.username, password: 'x'.repeat(43) })).rejects.toThrow();
  });

  it("refuses subscriptions to another provider's topic, #, +/… and $SYS; allows its own", async () => {
    const c = await open(ctx.tokens.a);
    expect(await subscribe(c, orgAlarmTopic(ctx.orgB))).toBe(128);
    expect(await subscribe(c, `ems/org/${ctx.orgB}/#`)).toBe(128);
    expect(await subscribe(c, '#')).toBe(128);
    expect(await subscribe(c, `+/org/${ctx.orgA}/alarm`)).toBe(128);
    expect(await subscribe(c, 'ems/org/+/alarm')).toBe(128);
    expect(await subscribe(c, 'ems/#')).toBe(128);
    expect(await subscribe(c, '$SYS/#')).toBe(128);
    expect(await subscribe(c, orgAlarmTopic(ctx.orgA))).toBe(1);
    expect(await subscribe(c, `ems/org/${ctx.orgA}/#`)).toBe(1);
    expect(c.connected).toBe(true);
  });

  it("delivers a server publish to the org's clients only", async () => {
    const a = await open(ctx.tokens.a);
    const b = await open(ctx.tokens.b);
    const gotA = collect(a);
    const gotB = collect(b);
    expect(await subscribe(a, orgAlarmTopic(ctx.orgA))).toBe(1);
    expect(await subscribe(b, orgAlarmTopic(ctx.orgB))).toBe(1);
    // a refused subscription must not leak either
    expect(await subscribe(b, orgAlarmTopic(ctx.orgA))).toBe(128);
    await ctx.srv.services.broker.publish(orgAlarmTopic(ctx.orgA), '{"for":"A"}');
    await ctx.srv.services.broker.publish(orgAlarmTopic(ctx.orgB), '{"for":"B"}');
    await waitFor(() => gotA.length >= 1 && gotB.length >= 1);
    await sleep(300);
    expect(gotA).toEqual([{ topic: orgAlarmTopic(ctx.orgA), payload: '{"for":"A"}' }]);
    expect(gotB).toEqual([{ topic: orgAlarmTopic(ctx.orgB), payload: '{"for":"B"}' }]);
  });

  it('lets an orgType 1 account subscribe to any provider', async () => {
    const c = await open(ctx.tokens.admin);
    const got = collect(c);
    for (const id of ctx.srv.services.registry.providerIds) expect(await subscribe(c, orgAlarmTopic(id))).toBe(1);
    expect(await subscribe(c, '#')).toBe(128);
    await ctx.srv.services.broker.publish(orgAlarmTopic(ctx.orgB), 'b');
    await waitFor(() => got.length === 1);
    expect(got[0]!.topic).toBe(orgAlarmTopic(ctx.orgB));
  });

  it("lets a station-scoped account subscribe to exactly its stations' topics", async () => {
    const c = await open(ctx.tokens.operator);
    const pid = ctx.operatorOrg;
    expect(await subscribe(c, orgAlarmTopic(pid))).toBe(128);
    expect(await subscribe(c, `ems/org/${pid}/#`)).toBe(128);
    expect(await subscribe(c, `ems/org/${pid}/station/+/alarm`)).toBe(128);
    expect(await subscribe(c, `ems/org/${pid}/station/#`)).toBe(128);
    expect(await subscribe(c, `ems/org/${pid}/station/${ctx.operatorStations[0]}/#`)).toBe(128);
    expect(await subscribe(c, `ems/org/+/station/${ctx.operatorStations[0]}/alarm`)).toBe(128);
    expect(await subscribe(c, stationAlarmTopic(pid, ctx.otherStation))).toBe(128);
    // its own station id under another provider's tree is not its topic either
    expect(await subscribe(c, stationAlarmTopic(ctx.orgB, ctx.operatorStations[0]!))).toBe(128);
    expect(await subscribe(c, '#')).toBe(128);
    for (const sid of ctx.operatorStations) expect(await subscribe(c, stationAlarmTopic(pid, sid))).toBe(1);
    expect(c.connected).toBe(true);
  });

  it("delivers a station's alarm to the station-scoped account of that station only; org-wide admins get every station", async () => {
    const pid = ctx.operatorOrg;
    const op = await open(ctx.tokens.operator);
    const root = await open(ctx.tokens.admin);
    const prov = await open(ctx.tokens.a);
    const [gotOp, gotRoot, gotProv] = [collect(op), collect(root), collect(prov)];
    for (const sid of ctx.operatorStations) expect(await subscribe(op, stationAlarmTopic(pid, sid))).toBe(1);
    // refused subscriptions must not leak the other station's alarm
    expect(await subscribe(op, stationAlarmTopic(pid, ctx.otherStation))).toBe(128);
    expect(await subscribe(op, `ems/org/${pid}/station/+/alarm`)).toBe(128);
    expect(await subscribe(root, orgAlarmTopic(pid))).toBe(1);
    expect(await subscribe(prov, orgAlarmTopic(pid))).toBe(1);

    const reg = ctx.srv.services.registry;
    const mine = await publishAlarm(ctx.srv.services.broker, reg, alarmRow(ctx.srv, ctx.operatorStations[1]!));
    const other = await publishAlarm(ctx.srv.services.broker, reg, alarmRow(ctx.srv, ctx.otherStation));
    const ids = (got: { payload: string }[]) => got.map((m) => (JSON.parse(m.payload) as { alarmId: number }).alarmId);
    await waitFor(() => gotOp.length >= 1 && gotRoot.length >= 2 && gotProv.length >= 2);
    await sleep(300);
    expect(gotOp.map((m) => m.topic)).toEqual([stationAlarmTopic(pid, ctx.operatorStations[1]!)]);
    expect(ids(gotOp)).toEqual([mine.alarmId]);
    expect(ids(gotRoot)).toEqual([mine.alarmId, other.alarmId]);
    expect(ids(gotProv)).toEqual([mine.alarmId, other.alarmId]);
    expect(gotRoot.every((m) => m.topic === orgAlarmTopic(pid))).toBe(true);
  });

  it("follows a station-scoped account's station list: a dropped station closes the connection and is refused after", async () => {
    const [s1, s2] = ctx.operatorStations as [number, number];
    const { token, userId } = await ctx.srv.makeAccount({ orgId: ctx.operatorOrg, permissions: [], dataScope: 'stations', stationIds: [s1, s2] });
    expect((await credsOf(token)).topics).toEqual([stationAlarmTopic(ctx.operatorOrg, s1), stationAlarmTopic(ctx.operatorOrg, s2)]);
    const c = await open(token);
    expect(await subscribe(c, stationAlarmTopic(ctx.operatorOrg, s1))).toBe(1);
    const broker = ctx.srv.services.broker as EmbeddedBroker | ExternalBroker;
    await broker.sweep(); // unchanged scope: nothing happens
    await sleep(200);
    expect(c.connected).toBe(true);
    await ctx.srv.services.db.query('UPDATE accounts SET scope_station_ids = $2 WHERE id = $1', [userId, [s2]]);
    ctx.srv.services.sessions.refreshAccount(userId);
    await broker.sweep();
    await Promise.race([closed(c), sleep(5_000).then(() => Promise.reject(new Error('not closed after the station list shrank')))]);
    const creds = await credsOf(token);
    expect(creds.topics).toEqual([stationAlarmTopic(ctx.operatorOrg, s2)]);
    const again = await open(token);
    expect(await subscribe(again, stationAlarmTopic(ctx.operatorOrg, s1))).toBe(128);
    expect(await subscribe(again, stationAlarmTopic(ctx.operatorOrg, s2))).toBe(1);
  });

  it('never delivers what a browser publishes', async () => {
    const listener = await open(ctx.tokens.a);
    const got = collect(listener);
    expect(await subscribe(listener, orgAlarmTopic(ctx.orgA))).toBe(1);
    const spoofer = await open(ctx.tokens.a);
    spoofer.publish(orgAlarmTopic(ctx.orgA), '{"forged":true}', { qos: 0 });
    spoofer.publish(orgAlarmTopic(ctx.orgA), '{"forged":true}', { qos: 1 }, () => undefined);
    await sleep(500);
    await ctx.srv.services.broker.publish(orgAlarmTopic(ctx.orgA), '{"real":true}');
    await waitFor(() => got.length >= 1);
    await sleep(200);
    expect(got.map((m) => m.payload)).toEqual(['{"real":true}']);
  });

  it('closes the connection on logout and refuses the token afterwards', async () => {
    const token = await ctx.srv.login(SUNRISE.account, SUNRISE.password);
    const other = await open(ctx.tokens.a);
    const c = await open(token);
    const creds = await credsOf(token);
    expect((await ctx.srv.call('logout', {}, token)).code).toBe(0);
    await Promise.race([closed(c), sleep(5_000).then(() => Promise.reject(new Error('still connected after logout')))]);
    await expect(connect(urlOf(creds), { username: creds.username, password: creds.password })).rejects.toThrow();
    expect(other.connected).toBe(true);
  });

  it('closes the connection when the session expires', async () => {
    const token = await ctx.srv.login(PEARL.account, PEARL.password);
    const c = await open(token);
    const broker = ctx.srv.services.broker as EmbeddedBroker | ExternalBroker;
    await broker.sweep(); // live session: nothing happens
    await sleep(200);
    expect(c.connected).toBe(true);
    ctx.srv.clock.now += (ctx.srv.services.config.sessionIdleMinutes + 1) * 60_000;
    await broker.sweep();
    await Promise.race([closed(c), sleep(5_000).then(() => Promise.reject(new Error('still connected after expiry')))]);
  });
};

describe('push broker: embedded Aedes on /mqtt', suite('embedded'));
describe.skipIf(!EXTERNAL)('push broker: external Mosquitto (dynamic security)', suite('external'));
