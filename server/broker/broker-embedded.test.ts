// The embedded Aedes broker's own rules (its WebSocket endpoint, clean sessions only, client ids,
// publishers and scope changes), and the topic filters and alarm topics every broker uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { orgAlarmTopic, parseOrgAlarmTopic, parseStationAlarmTopic, stationAlarmTopic } from '../../protocol/push';
import { startTestServer, type TestServer } from '../test/harness';
import { EmbeddedBroker } from './embedded';
import { sessionUsername } from './external-roles';
import { alarmTopicsForStation, filterOrg, maySubscribe } from './access';
import { closed, connect, PEARL, sleep, subscribe, SUNRISE } from './broker-fixture';

describe('push broker: embedded-only rules', () => {
  let srv: TestServer;
  let base: string;
  let token: string;
  let token2: string;
  beforeAll(async () => {
    srv = await startTestServer('pglite');
    base = (await srv.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
    token = await srv.login(SUNRISE.account, SUNRISE.password);
    token2 = await srv.login(PEARL.account, PEARL.password);
  });
  afterAll(() => srv?.close());

  it("accepts the 'mqtt' WebSocket subprotocol and only on /mqtt", async () => {
    const ws = new WebSocket(`${base}/mqtt`, ['mqtt']);
    await new Promise<void>((r, j) => (ws.once('open', () => r()), ws.once('error', j)));
    expect(ws.protocol).toBe('mqtt');
    ws.terminate();
    const other = new WebSocket(`${base}/elsewhere`, ['mqtt']);
    await expect(new Promise((r, j) => (other.once('open', r), other.once('error', j)))).rejects.toThrow();
  });

  it('refuses persistent (non-clean) sessions', async () => {
    await expect(connect(`${base}/mqtt`, { username: 'x', password: token, clean: false })).rejects.toThrow();
  });

  it("refuses taking over another session's client id", async () => {
    const a = await connect(`${base}/mqtt`, { username: 'x', password: token, clientId: 'shared-id' });
    await expect(connect(`${base}/mqtt`, { username: 'y', password: token2, clientId: 'shared-id' })).rejects.toThrow();
    expect(a.connected).toBe(true);
    a.end(true);
  });

  it('disconnects a browser that publishes', async () => {
    const c = await connect(`${base}/mqtt`, { username: 'x', password: token });
    c.publish('ems/org/1/alarm', 'x', { qos: 0 });
    await Promise.race([closed(c), sleep(5_000).then(() => Promise.reject(new Error('publisher not disconnected')))]);
  });

  it('sends a push as one WebSocket frame, not one per piece of the packet, and a burst in a few', async () => {
    let frames = 0;
    const c = await connect(`${base}/mqtt`, {
      username: 'x',
      password: token,
      createWebsocket: (url: string, protocols: string[]) => {
        const ws = new WebSocket(url, protocols);
        ws.on('message', () => frames++);
        return ws;
      },
    });
    const org = (await srv.services.sessions.resolve(token))!.principal.orgId;
    expect(await subscribe(c, orgAlarmTopic(org))).toBe(1);
    const got: string[] = [];
    c.on('message', (_t, p) => got.push(p.toString()));
    const before = frames;
    for (let i = 0; i < 20; i++) {
      await srv.services.broker.publish(orgAlarmTopic(org), JSON.stringify({ n: i }));
      await sleep(5); // one at a time, as a quiet fleet raises them
    }
    for (let i = 0; i < 100 && got.length < 20; i++) await sleep(20);
    expect(got.map((p) => JSON.parse(p).n)).toEqual([...Array(20).keys()]);
    expect(frames - before).toBeLessThanOrEqual(20);
    // a burst raised at once shares frames
    const burst = frames;
    await Promise.all([...Array(20).keys()].map((i) => srv.services.broker.publish(orgAlarmTopic(org), JSON.stringify({ n: 20 + i }))));
    for (let i = 0; i < 100 && got.length < 40; i++) await sleep(20);
    expect(got.map((p) => JSON.parse(p).n)).toEqual([...Array(40).keys()]);
    expect(frames - burst).toBeLessThanOrEqual(5);
    c.end(true);
  });

  it('closes connections whose subscriptions the new scope no longer allows', async () => {
    const b = srv.services.broker as EmbeddedBroker;
    const c = await connect(`${base}/mqtt`, { username: 'x', password: token });
    const org = (await srv.services.sessions.resolve(token))!.principal.orgId;
    expect(await subscribe(c, orgAlarmTopic(org))).toBe(1);
    // the account moves to station scope (as accounts actions would do, then drop the cache)
    const accountId = (await srv.services.sessions.resolve(token))!.principal.accountId;
    await srv.services.db.query("UPDATE accounts SET data_scope = 'stations' WHERE id = $1", [accountId]);
    srv.services.sessions.refreshAccount(accountId);
    await b.sweep();
    await Promise.race([closed(c), sleep(5_000).then(() => Promise.reject(new Error('not closed after scope change')))]);
  });
});

describe('push broker: topic filters', () => {
  it('accepts only filters inside one org tree', () => {
    expect(filterOrg('ems/org/5/alarm')).toBe(5);
    expect(filterOrg('ems/org/5/#')).toBe(5);
    expect(filterOrg('ems/org/5/station/+/telemetry')).toBe(5);
    for (const f of [
      '#',
      '+/org/5/alarm',
      'ems/org/+/alarm',
      'ems/#',
      'ems/org/5',
      'ems/org/5/',
      'ems/org/5//x',
      'ems/org/5/#/x',
      'ems/org/05/alarm',
      '$SYS/#',
      '$share/g/ems/org/5/alarm',
      'ems/org/5/a+b',
    ])
      expect(filterOrg(f), f).toBeNull();
    expect(maySubscribe('ems/org/5/alarm', ['ems/org/5/#', 'ems/org/6/#'])).toBe(true);
    expect(maySubscribe('ems/org/5/station/+/alarm', ['ems/org/5/#'])).toBe(true);
    expect(maySubscribe('ems/org/7/alarm', ['ems/org/5/#', 'ems/org/6/#'])).toBe(false);
    // a station grant admits exactly its topic
    const station = ['ems/org/5/station/12/alarm'];
    expect(maySubscribe('ems/org/5/station/12/alarm', station)).toBe(true);
    for (const f of [
      'ems/org/5/alarm',
      'ems/org/5/#',
      'ems/org/5/station/+/alarm',
      'ems/org/5/station/12/#',
      'ems/org/5/station/13/alarm',
      'ems/org/6/station/12/alarm',
      'ems/org/+/station/12/alarm',
    ])
      expect(maySubscribe(f, station), f).toBe(false);
    expect(sessionUsername('ab'.repeat(32))).toBe(`s-${'ab'.repeat(12)}`);
  });
});

describe('push topics', () => {
  it('builds and parses station alarm topics; org topics unchanged', () => {
    expect(stationAlarmTopic(5, 12)).toBe('ems/org/5/station/12/alarm');
    expect(parseStationAlarmTopic('ems/org/5/station/12/alarm')).toEqual({ orgId: 5, stationId: 12 });
    for (const t of ['ems/org/5/alarm', 'ems/org/5/station/+/alarm', 'ems/org/5/station/012/alarm', 'ems/org/5/station/12/alarm/x', 'ems/org/5/station//alarm'])
      expect(parseStationAlarmTopic(t), t).toBeNull();
    expect(orgAlarmTopic(5)).toBe('ems/org/5/alarm');
    expect(parseOrgAlarmTopic('ems/org/5/alarm')).toBe(5);
    expect(parseOrgAlarmTopic('ems/org/5/station/12/alarm')).toBeNull();
  });

  it("publishes a station's alarm on its provider's, its customer's and its own topic", async () => {
    const srv = await startTestServer('pglite');
    try {
      const reg = srv.services.registry;
      const st = [...reg.stations.values()].find((x) => x.customerId && x.customerId !== x.providerId)!;
      expect(alarmTopicsForStation(reg, st.id)).toEqual([orgAlarmTopic(st.providerId), orgAlarmTopic(st.customerId), stationAlarmTopic(st.providerId, st.id)]);
      expect(alarmTopicsForStation(reg, 9_999_999)).toEqual([]);
    } finally {
      await srv.close();
    }
  });
});
