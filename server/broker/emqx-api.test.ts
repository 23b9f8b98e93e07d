// Kicking a revoked session's open connections through EMQX 5's REST API (MQTT_ACCESS=http with
// EMQX_API_URL). EMQX cannot run here, so a small HTTP server stands in for the two endpoints
// used, with EMQX's Basic authentication and answers; the server side is the real HookBroker,
// started as in hooks.test.ts (its own broker connection points at a closed port).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { PROVIDERS } from '../db/seed-data';
import { startTestServer, type TestServer } from '../test/harness';
import { emqxKicker } from './emqx-api';
import { HookBroker } from './external-http';

const KEY = 'ems-kicker';
const SECRET = 'emqx-secret-key';
const [SUNRISE] = [PROVIDERS[0]!.admin];

type Call = { method: string; path: string; authorized: boolean };

/** GET /api/v5/clients?username= and DELETE /api/v5/clients/:clientid, as EMQX 5 answers them. */
class FakeEmqx {
  readonly calls: Call[] = [];
  /** clientid → username of the connections the broker holds */
  readonly connected = new Map<string, string>();
  /** clients listed for a username though already gone (DELETE answers 404) */
  readonly ghosts = new Map<string, string>();
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://emqx');
      const authorized = req.headers.authorization === `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}`;
      this.calls.push({ method: req.method ?? '', path: `${u.pathname}${u.search}`, authorized });
      const send = (status: number, body?: object) => {
        res.writeHead(status, body ? { 'content-type': 'application/json' } : {});
        res.end(body ? JSON.stringify(body) : undefined);
      };
      if (!authorized) return send(401, { code: 'BAD_API_KEY_OR_SECRET', message: 'Check api_key/api_secret' });
      if (req.method === 'GET' && u.pathname === '/api/v5/clients') {
        const username = u.searchParams.get('username');
        const data = [...this.connected, ...this.ghosts]
          .filter(([, user]) => user === username)
          .map(([clientid, user]) => ({ clientid, username: user, connected: true }));
        return send(200, { data, meta: { page: 1, limit: 100, count: data.length, hasnext: false } });
      }
      const m = /^\/api\/v5\/clients\/([^/]+)$/.exec(u.pathname);
      if (req.method === 'DELETE' && m) {
        const clientid = decodeURIComponent(m[1]!);
        if (!this.connected.delete(clientid)) return send(404, { code: 'CLIENTID_NOT_FOUND', message: 'Client ID not found' });
        return send(204);
      }
      send(404, { code: 'NOT_FOUND', message: 'Request Path Not Found' });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close = () => new Promise<void>((resolve) => this.server.close(() => resolve()));
}

const capture = () => {
  const warnings: { o: object; m: string }[] = [];
  return { warnings, log: { info: () => undefined, warn: (o: object, m: string) => void warnings.push({ o, m }) } };
};

describe('kicking revoked sessions through the EMQX REST API', () => {
  const emqx = new FakeEmqx();
  let srv: TestServer;

  beforeAll(async () => {
    await emqx.start();
    srv = await startTestServer('pglite', {
      config: {
        mqttUrl: 'mqtt://127.0.0.1:9',
        mqttAccess: 'http',
        mqttHookSecret: 'hook-secret-for-tests',
        mqttPublicWsUrl: 'wss://push.example/mqtt',
        emqxApi: { url: `${emqx.url}/`, key: KEY, secret: SECRET },
      },
    });
  }, 120_000);
  afterAll(async () => {
    await srv?.close();
    await emqx.close();
  });

  it("closes a logged-out console's open connections within a second", async () => {
    const token = await srv.login(SUNRISE.account, SUNRISE.password);
    const creds = (await srv.call('queryPushCredentials', {}, token)).data as { username: string };
    // two tabs; a client id needing escaping, as EMQX allows any string
    emqx.connected.set('console tab/1 ?&', creds.username).set('console-2', creds.username);
    emqx.connected.set('someone-else', 's-000000000000000000000000');
    const from = emqx.calls.length;
    expect((await srv.call('logout', {}, token)).code).toBe(0);

    await expect.poll(() => emqx.connected.size, { timeout: 1_000, interval: 20 }).toBe(1);
    const calls = emqx.calls.slice(from);
    expect(calls).toContainEqual({ method: 'GET', path: `/api/v5/clients?username=${creds.username}`, authorized: true });
    expect(calls).toContainEqual({ method: 'DELETE', path: `/api/v5/clients/${encodeURIComponent('console tab/1 ?&')}`, authorized: true });
    expect(calls).toContainEqual({ method: 'DELETE', path: '/api/v5/clients/console-2', authorized: true });
    expect(emqx.connected.get('someone-else')).toBe('s-000000000000000000000000');
  });

  it('logs a warning, and throws nothing, when the API refuses its credentials', async () => {
    const { warnings, log } = capture();
    emqx.connected.set('wrong-key-client', 's-111111111111111111111111');
    const kick = emqxKicker({ url: emqx.url, key: KEY, secret: 'not-the-secret', log });
    await expect(kick('s-111111111111111111111111')).resolves.toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.o).toMatchObject({ status: 401, username: 's-111111111111111111111111' });
    expect(emqx.connected.has('wrong-key-client')).toBe(true);
  });

  it('takes a client already gone (404 on DELETE) as done, without a warning', async () => {
    const { warnings, log } = capture();
    emqx.ghosts.set('left-already', 's-222222222222222222222222');
    const from = emqx.calls.length;
    await emqxKicker({ url: emqx.url, key: KEY, secret: SECRET, log })('s-222222222222222222222222');
    expect(emqx.calls.slice(from).map((c) => c.method)).toEqual(['GET', 'DELETE']);
    expect(warnings).toEqual([]);
  });

  it('logs a warning, and throws nothing, when the API cannot be reached', async () => {
    const { warnings, log } = capture();
    await expect(emqxKicker({ url: 'http://127.0.0.1:9', key: KEY, secret: SECRET, log })('s-333333333333333333333333')).resolves.toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.o).toHaveProperty('err');
  });

  it('says once at start, without the API, that open connections outlive a revocation', async () => {
    const { warnings, log } = capture();
    const broker = new HookBroker({ ...srv.services, config: { ...srv.services.config, emqxApi: undefined } }, log);
    await broker.close();
    expect(warnings.filter((w) => /EMQX_API_URL/.test(w.m))).toHaveLength(1);
  });
});

describe('EMQX_API_* configuration', () => {
  const emqxEnv = { MQTT_URL: 'mqtt://emqx:1883', MQTT_ACCESS: 'http', EMQX_API_URL: 'http://emqx:18083', EMQX_API_KEY: 'k', EMQX_API_SECRET: 's' };

  it('reads the three variables together', () => {
    expect(loadConfig(emqxEnv).emqxApi).toEqual({ url: 'http://emqx:18083', key: 'k', secret: 's' });
    expect(loadConfig({ MQTT_URL: 'mqtt://emqx:1883', MQTT_ACCESS: 'http' }).emqxApi).toBeUndefined();
  });

  it('refuses a partial, malformed or misplaced setting, saying why', () => {
    expect(() => loadConfig({ ...emqxEnv, EMQX_API_SECRET: '' })).toThrow(/together/);
    expect(() => loadConfig({ ...emqxEnv, EMQX_API_URL: 'emqx:18083' })).toThrow(/http\(s\) URL/);
    expect(() => loadConfig({ ...emqxEnv, EMQX_API_URL: 'not a url' })).toThrow(/http\(s\) URL/);
    expect(() => loadConfig({ ...emqxEnv, MQTT_ACCESS: 'dynsec' })).toThrow(/MQTT_ACCESS=http/);
  });
});
