import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../protocol/errors';
import { call, login, post, signedBody } from './client';
import { exportAcross } from './exports';
import { replicasSkipReason, startReplicas, type ReplicaSet } from './spawn';

// Two replicas on one PostgreSQL and one Mosquitto, as a load balancer sees them: whatever one
// replica learns about a request or a session, the other acts on within a second. Needs
// PostgreSQL (DATABASE_URL) and Mosquitto; skipped with the reason otherwise.

const IDLE_S = 6;
const skipReason = await replicasSkipReason();
if (skipReason) console.warn(`skipping the replicas request-path test: ${skipReason}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** ms until `cond` holds, polling; throws past `limitMs`. */
const within = async (limitMs: number, cond: () => Promise<boolean>): Promise<number> => {
  const t0 = Date.now();
  for (;;) {
    if (await cond()) return Date.now() - t0;
    if (Date.now() - t0 > limitMs) throw new Error(`not within ${limitMs} ms`);
    await sleep(25);
  }
};

describe.skipIf(skipReason !== null)('two replicas: the request path', () => {
  let set: ReplicaSet;
  let A: string;
  let B: string;
  let stationId: number;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    set = await startReplicas(2, { env: { SESSION_IDLE_MINUTES: String(IDLE_S / 60) } });
    [A, B] = set.urls as [string, string];
    const c = new pg.Client({ connectionString: set.databaseUrl });
    await c.connect();
    stationId = (await c.query<{ id: number }>('SELECT min(id)::int AS id FROM stations')).rows[0]!.id;
    await c.end();
  }, 240_000);
  afterAll(async () => {
    for (const c of clients) await c.endAsync(true).catch(() => undefined);
    await set?.stop();
  }, 60_000);

  const refused = async (url: string, token: string) => (await call(url, 'queryProfile', {}, token)).code === ErrorCode.unauthenticated;
  /** A console's push connection with credentials handed out by `url`; counts its closes. */
  const pushClient = async (url: string, token: string) => {
    const creds = (await call(url, 'queryPushCredentials', {}, token)).data as { url: string; username: string; password: string };
    const c = await mqtt.connectAsync(creds.url, { username: creds.username, password: creds.password, reconnectPeriod: 0 });
    clients.push(c);
    const state = { closed: false };
    c.on('close', () => (state.closed = true));
    return state;
  };

  it('an export started on one replica is followed and downloaded through the other', async () => {
    const r = await exportAcross([A, B], stationId);
    console.info(JSON.stringify({ 'replicas.export_ms': r.ms, polls: r.polls, bytes: r.bytes }));
    expect(r.bytes).toBeGreaterThan(1000);
    expect(r.ok).toBe(true);
  });

  it('refuses a signed body replayed to the other replica, so the write runs once', async () => {
    const admin = await login(A, 'admin', 'Admin@2026');
    const body = await signedBody('updateStation', { stationId, address: 'Replay Road 1' });
    expect((await post(A, 'updateStation', body, admin)).code).toBe(0);
    expect((await post(B, 'updateStation', body, admin)).code).toBe(ErrorCode.replay);
    expect((await post(A, 'updateStation', body, admin)).code).toBe(ErrorCode.replay);
  });

  it('shows a rename made on one replica on the other within 1 s', async () => {
    const admin = await login(A, 'admin', 'Admin@2026');
    const nameOn = async (url: string) => ((await call(url, 'queryStationInfoById', { stationId }, admin)).data as { stationName: string }).stationName;
    const before = await nameOn(B); // now cached on B
    const renamed = `${before.slice(0, 80)} (renamed ${Date.now() % 10_000})`;
    expect((await call(A, 'updateStation', { stationId, stationName: renamed }, admin)).code).toBe(0);
    const ms = await within(1000, async () => (await nameOn(B)) === renamed);
    console.info(JSON.stringify({ 'replicas.rename_seen_ms': ms }));
  });

  it('a logout on one replica is refused on the other within 1 s and closes its push connection', async () => {
    const token = await login(A, 'sunrise', 'Sunrise@2026');
    expect(await refused(B, token)).toBe(false);
    const push = await pushClient(B, token);
    expect((await call(A, 'logout', {}, token)).code).toBe(0);
    const ms = await within(1000, () => refused(B, token));
    await within(1000, async () => push.closed);
    console.info(JSON.stringify({ 'replicas.logout_refused_ms': ms }));
  });

  it('disabling an account on one replica ends its session on the other within 1 s and closes its push connection', async () => {
    const admin = await login(A, 'admin', 'Admin@2026');
    const token = await login(B, 'operator', 'Operator@2026');
    const me = (await call(B, 'queryProfile', {}, token)).data as { userId: number };
    const push = await pushClient(B, token);
    try {
      expect((await call(A, 'setAccountStatus', { userId: me.userId, status: 0 }, admin)).code).toBe(0);
      await within(1000, () => refused(B, token));
      await within(1000, async () => push.closed);
    } finally {
      await call(A, 'setAccountStatus', { userId: me.userId, status: 1 }, admin);
    }
  });

  it('judges idle expiry from the use on either replica; once idle, refused on both and the push connection closed', { timeout: 60_000 }, async () => {
    const token = await login(A, 'pearlriver', 'Pearl@2026');
    const push = await pushClient(A, token);
    // used only on B for longer than the idle period: A must not end it
    for (const t0 = Date.now(); Date.now() - t0 < (IDLE_S + 2) * 1000;) {
      expect(await refused(B, token)).toBe(false);
      await sleep(1000);
    }
    expect(await refused(A, token)).toBe(false);
    expect(push.closed).toBe(false);
    // unused for longer than the idle period: A ends it, B refuses it, the broker drops it
    await sleep((IDLE_S + 1) * 1000);
    expect(await refused(A, token)).toBe(true);
    await within(1000, () => refused(B, token));
    await within(1000, async () => push.closed);
  });
});
