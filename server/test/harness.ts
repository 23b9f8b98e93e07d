import { createHash, createHmac } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildApp, type App, type BuildOptions } from '../app';
import { hashPassword } from '../auth/password';
import { buildSignedForm } from '../../protocol/signing';
import { CONSOLE_ACCESS_KEY_ID, CONSOLE_ACCESS_KEY_SECRET } from '../../protocol/console-key';
import type { ActionName, RequestOf, ResponseOf } from '../../protocol/catalogue';
import { actionEndpoints } from '../../protocol/endpoints.gen';

/** An answer's body as the client reads it, whatever encoding a test's accept-encoding asked for. */
const decoded = (encoding: unknown, body: Buffer): string =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');

export const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const hmac = (k: string, d: string) => createHmac('sha256', k).update(d).digest('base64');

/** Database backends the server suites run on: PGlite always, PostgreSQL when DATABASE_URL is set.
 *  `TEST_BACKENDS=postgres` keeps only PostgreSQL: CI's second run, after a PGlite run of the same
 *  suites, repeats only what a real server can change. */
export const backends = (): ('pglite' | 'postgres')[] => {
  if (!process.env.DATABASE_URL) {
    console.warn('skipping the PostgreSQL variant of this suite: DATABASE_URL is not set');
    return ['pglite'];
  }
  if (process.env.TEST_BACKENDS === 'postgres') return ['postgres'];
  return ['pglite', 'postgres'];
};

export interface Answer<T> {
  status: number;
  code: number;
  msg: string;
  data: T;
  headers: Record<string, unknown>;
}

export interface TestServer extends App {
  clock: { now: number };
  /** Signs and POSTs an action; `token` authenticates. */
  call<A extends ActionName>(action: A, payload?: RequestOf<A> | Record<string, unknown>, token?: string, extra?: CallExtra): Promise<Answer<ResponseOf<A>>>;
  /** Creates an account with exactly these permissions in an org and signs it in (denial tests). */
  makeAccount(opts: {
    orgId: number;
    permissions: string[];
    dataScope?: 'org' | 'stations';
    stationIds?: number[];
  }): Promise<{ token: string; userId: number }>;
  /** Provider org ids in seed order, and one station id of each. */
  fixtures(): Promise<{ providers: number[]; stationOf: Map<number, number[]> }>;
  /** Signs in with a demo account; returns the token. */
  login(account: string, password: string): Promise<string>;
  close(): Promise<void>;
}

export interface CallExtra {
  headers?: Record<string, string>;
  /** edit the signed body before sending (tamper tests) */
  mutate?: (body: string) => string;
  now?: Date;
  nonce?: string;
  endpoint?: string;
}

export const startTestServer = async (backend: 'pglite' | 'postgres', opts: BuildOptions = {}): Promise<TestServer> => {
  const clock = { now: opts.clock ? opts.clock() : Date.now() };
  const built = await buildApp({
    logger: false,
    isolateDb: backend === 'postgres',
    ...opts,
    clock: () => clock.now,
    config: {
      databaseUrl: backend === 'postgres' ? process.env.DATABASE_URL : undefined,
      pgliteDir: '',
      simulator: false,
      mqttUrl: undefined,
      staticDir: '.tmp/no-static',
      gatewaySecret: 'test-gateway-secret',
      ...opts.config,
    },
  });
  const call: TestServer['call'] = async (action, payload = {}, token, extra = {}) => {
    let body = await buildSignedForm({
      action,
      payload: payload as Record<string, unknown>,
      accessKeyId: CONSOLE_ACCESS_KEY_ID,
      secret: CONSOLE_ACCESS_KEY_SECRET,
      hmac,
      now: () => extra.now ?? new Date(clock.now),
      nonce: extra.nonce ? () => extra.nonce! : undefined,
    });
    if (extra.mutate) body = extra.mutate(body);
    const res = await built.app.inject({
      method: 'POST',
      url: `/api/${extra.endpoint ?? actionEndpoints[action as keyof typeof actionEndpoints] ?? 'asset'}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-ems-client': '1',
        locale: 'en_GB',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...extra.headers,
      },
      payload: body,
    });
    const json = JSON.parse(decoded(res.headers['content-encoding'], res.rawPayload)) as { code: number; msg: string; data: never };
    return { status: res.statusCode, code: json.code, msg: json.msg, data: json.data, headers: res.headers };
  };
  return {
    ...built,
    clock,
    call,
    login: async (account, password) => {
      const r = await call('login', { account, password: md5(password) });
      if (r.code !== 0 || !('token' in r.data)) throw new Error(`login ${account} failed: ${r.code} ${r.msg}`);
      return r.data.token;
    },
    close: () => built.app.close(),
    makeAccount: async ({ orgId, permissions, dataScope = 'org', stationIds = [] }) => {
      const db = built.services.db;
      const n = `t${Math.random().toString(36).slice(2, 10)}`;
      const [role] = await db.query<{ id: number }>('INSERT INTO roles(org_id, name, permissions) VALUES ($1,$2,$3) RETURNING id', [
        orgId,
        `role-${n}`,
        permissions,
      ]);
      const [acct] = await db.query<{ id: number }>(
        'INSERT INTO accounts(org_id, role_id, account, contact, password_hash, data_scope, scope_station_ids) VALUES ($1,$2,$3,$3,$4,$5,$6) RETURNING id',
        [orgId, role!.id, n, await hashPassword(md5('Test@12345')), dataScope, stationIds],
      );
      const r = await call('login', { account: n, password: md5('Test@12345') });
      if (r.code !== 0 || !('token' in r.data)) throw new Error(`login ${n} failed: ${r.code}`);
      return { token: r.data.token, userId: acct!.id };
    },
    fixtures: async () => {
      const reg = built.services.registry;
      return { providers: [...reg.providerIds], stationOf: new Map(reg.providerIds.map((p) => [p, reg.stationsByProvider.get(p) ?? []])) };
    },
  };
};
