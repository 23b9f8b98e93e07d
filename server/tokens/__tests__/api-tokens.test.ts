import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../test/harness';
import { ErrorCode } from '../../../protocol/errors';
import { actionEndpoints } from '../../../protocol/endpoints.gen';

// An integration's call with `Authorization: Bearer <API token>`: unsigned, no console header.
const bearerCall = async (s: TestServer, token: string, action: keyof typeof actionEndpoints, payload: Record<string, unknown> = {}) => {
  const res = await s.app.inject({
    method: 'POST',
    url: `/api/${actionEndpoints[action]}`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, locale: 'en_GB' },
    payload: JSON.stringify({ action, ...payload }),
  });
  const body = JSON.parse(res.body) as { code: number; data: unknown };
  return { status: res.statusCode, code: body.code, data: body.data as never, headers: res.headers };
};

describe.each(backends())('API tokens (%s)', (backend) => {
  let s: TestServer;
  let A: number;
  let inA: number[];
  let inB: number;
  let admin: string;

  const make = async (session: string, extra: Record<string, unknown> = {}) => {
    const r = await s.call('createApiToken', { name: 'exporter', permissions: ['monitorStation.list'], expiresInDays: 30, ...extra }, session);
    expect(r.code, JSON.stringify(r.data)).toBe(0);
    return r.data;
  };

  beforeAll(async () => {
    s = await startTestServer(backend, { config: { apiTokenPerMinute: 5 } });
    const f = await s.fixtures();
    A = f.providers[0]!;
    inA = f.stationOf.get(A)!;
    inB = f.stationOf.get(f.providers[1]!)![0]!;
    admin = await s.login('sunrise', 'Sunrise@2026');
  });
  afterAll(() => s.close());

  it("a token calls an action and gets the console's answer", async () => {
    const { token: session } = await s.makeAccount({ orgId: A, permissions: ['monitorStation.list'] });
    const { secret, token } = await make(session);
    expect(secret.startsWith('emst.')).toBe(true);
    expect(token.hint).toBe(secret.slice(0, token.hint.length));
    const viaConsole = await s.call('queryStationInfoById', { stationId: inA[0]! }, session);
    const viaToken = await bearerCall(s, secret, 'queryStationInfoById', { stationId: inA[0]! });
    expect(viaConsole.code).toBe(0);
    expect(viaToken.status).toBe(200);
    expect(viaToken.data).toEqual(viaConsole.data);
  });

  it('keeps only a hash: the table holds no secret, the list never shows it', async () => {
    const { token: session } = await s.makeAccount({ orgId: A, permissions: ['monitorStation.list'] });
    const { secret } = await make(session, { permissions: ['monitorStation.list'] });
    const rows = await s.services.db.query<Record<string, unknown>>('SELECT * FROM api_tokens');
    expect(JSON.stringify(rows)).not.toContain(secret.slice(5));
    const list = await s.call('queryApiTokens', {}, session);
    expect(JSON.stringify(list.data)).not.toContain(secret.slice(5));
    expect(list.data.dataList).toHaveLength(1);
  });

  it('refuses a wrong, expired and revoked token and one whose creator lost the permission or was disabled', async () => {
    const { token: session, userId } = await s.makeAccount({ orgId: A, permissions: ['monitorStation.list'] });
    const wrong = await bearerCall(s, 'emst.' + 'x'.repeat(43), 'queryStationInfoById', { stationId: inA[0]! });
    expect([wrong.status, wrong.code, wrong.data]).toEqual([401, ErrorCode.unauthenticated, { reason: 'unknownToken' }]);

    const short = await make(session, { permissions: ['monitorStation.list'], expiresInDays: 1 });
    expect((await bearerCall(s, short.secret, 'queryStationInfoList', {})).code).toBe(0);
    await s.services.db.query('UPDATE api_tokens SET expires_at = $2 WHERE id = $1', [short.token.tokenId, new Date(s.clock.now)]);
    const expired = await bearerCall(s, short.secret, 'queryStationInfoById', { stationId: inA[0]! });
    expect([expired.code, expired.data]).toEqual([ErrorCode.unauthenticated, { reason: 'expired' }]);

    const live = await make(session, { permissions: ['monitorStation.list'] });
    expect((await bearerCall(s, live.secret, 'queryStationInfoList', {})).code).toBe(0);
    await s.services.db.query('UPDATE roles SET permissions = $2 WHERE id = (SELECT role_id FROM accounts WHERE id = $1)', [userId, ['alarm.alarmList']]);
    expect((await bearerCall(s, live.secret, 'queryStationInfoList', {})).code).toBe(ErrorCode.forbidden);
    await s.services.db.query('UPDATE roles SET permissions = $2 WHERE id = (SELECT role_id FROM accounts WHERE id = $1)', [userId, ['monitorStation.list']]);
    expect((await bearerCall(s, live.secret, 'queryStationInfoList', {})).code).toBe(0);

    await s.services.db.query('UPDATE accounts SET status = 0 WHERE id = $1', [userId]);
    const disabled = await bearerCall(s, live.secret, 'queryStationInfoById', { stationId: inA[0]! });
    expect([disabled.code, disabled.data]).toEqual([ErrorCode.unauthenticated, { reason: 'creatorDisabled' }]);
    await s.services.db.query('UPDATE accounts SET status = 1 WHERE id = $1', [userId]);

    expect((await s.call('revokeApiToken', { tokenId: live.token.tokenId }, session)).code).toBe(0);
    const revoked = await bearerCall(s, live.secret, 'queryStationInfoById', { stationId: inA[0]! });
    expect([revoked.code, revoked.data]).toEqual([ErrorCode.unauthenticated, { reason: 'revoked' }]);
  });

  it('holds only what the token was given, within what its creator may', async () => {
    const { token: session } = await s.makeAccount({ orgId: A, permissions: ['monitorStation.list', 'monitor.customers'] });
    const beyond = await s.call('createApiToken', { name: 'x', permissions: ['system.account'], expiresInDays: 30 }, session);
    expect(beyond.code).toBe(ErrorCode.validationFailed);
    expect(beyond.data).toEqual({ issues: [{ path: 'permissions', issue: 'notGranted' }] });
    const outside = await s.call(
      'createApiToken',
      { name: 'x', permissions: ['monitorStation.list'], dataScope: 'stations', scopeStationIds: [inB], expiresInDays: 30 },
      session,
    );
    expect(outside.data).toEqual({ issues: [{ path: 'scopeStationIds', issue: 'outOfScope' }] });
    const tooLong = await s.call('createApiToken', { name: 'x', permissions: ['monitorStation.list'], expiresInDays: 200 }, session);
    expect(tooLong.data).toEqual({ issues: [{ path: 'expiresInDays', issue: 'tooBig', limit: 90 }] });

    const narrow = await make(session, { permissions: ['monitorStation.list'], dataScope: 'stations', scopeStationIds: [inA[0]!] });
    expect((await bearerCall(s, narrow.secret, 'queryStationInfoById', { stationId: inA[0]! })).code).toBe(0);
    expect((await bearerCall(s, narrow.secret, 'queryStationInfoById', { stationId: inA[1]! })).code).toBe(ErrorCode.notFound);
    expect((await bearerCall(s, narrow.secret, 'queryStationInfoById', { stationId: inB })).code).toBe(ErrorCode.notFound);
    const listed = await bearerCall(s, narrow.secret, 'queryStationInfoList', {});
    expect((listed.data as { dataList: { stationId: number }[] }).dataList.map((x) => x.stationId)).toEqual([inA[0]]);
    // the creator may see the providers; this token was not given it
    expect((await bearerCall(s, narrow.secret, 'queryServiceProviderList', {})).code).toBe(ErrorCode.forbidden);
    // a token cannot mint tokens
    expect((await bearerCall(s, narrow.secret, 'createApiToken', { name: 'y', permissions: ['monitorStation.list'], expiresInDays: 1 })).code).toBe(
      ErrorCode.forbidden,
    );
  });

  it('is rate-limited per token', async () => {
    const { token: session } = await s.makeAccount({ orgId: A, permissions: ['monitorStation.list'] });
    const one = await make(session, { permissions: ['monitorStation.list'] });
    const two = await make(session, { permissions: ['monitorStation.list'] });
    for (let i = 0; i < 5; i++) expect((await bearerCall(s, one.secret, 'queryStationInfoById', { stationId: inA[0]! })).code).toBe(0);
    const sixth = await bearerCall(s, one.secret, 'queryStationInfoById', { stationId: inA[0]! });
    expect([sixth.status, sixth.code]).toEqual([429, ErrorCode.rateLimited]);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await bearerCall(s, two.secret, 'queryStationInfoById', { stationId: inA[0]! })).code).toBe(0);
    s.clock.now += 61_000;
    expect((await bearerCall(s, one.secret, 'queryStationInfoById', { stationId: inA[0]! })).code).toBe(0);
  });

  it('audits every use and shows the last use', async () => {
    const { token: session } = await s.makeAccount({ orgId: A, permissions: ['monitorStation.list'] });
    const t = await make(session, { permissions: ['monitorStation.list'] });
    expect(t.token.lastUsedAt).toBeNull();
    await bearerCall(s, t.secret, 'queryStationInfoList', {});
    await bearerCall(s, t.secret, 'queryServiceProviderList', {});
    const log = await s.services.db.query<{ outcome: string; detail: { action: string; reason?: string } }>(
      "SELECT outcome, detail FROM audit_log WHERE action = 'apiTokenUse' AND target = $1 ORDER BY id",
      [`apiToken:${t.token.tokenId}`],
    );
    expect(log.map((l) => [l.outcome, l.detail.action, l.detail.reason])).toEqual([
      ['ok', 'queryStationInfoList', undefined],
      ['failed', 'queryServiceProviderList', 'forbidden'],
    ]);
    const [row] = (await s.call('queryApiTokens', {}, session)).data.dataList;
    expect(row!.lastUsedAt).toBe(new Date(s.clock.now).toISOString());
    expect(row!.status).toBe('active');
  });

  it('lets an account administrator see and revoke tokens in its orgs, and no one else', async () => {
    const { token: session } = await s.makeAccount({ orgId: A, permissions: ['monitorStation.list'] });
    const t = await make(session, { permissions: ['monitorStation.list'] });
    const managed = await s.call('queryApiTokens', { view: 'managed' }, admin);
    expect(managed.data.dataList.map((x) => x.tokenId)).toContain(t.token.tokenId);
    const other = await s.login('pearlriver', 'Pearl@2026');
    expect((await s.call('queryApiTokens', { view: 'managed' }, other)).data.dataList.map((x) => x.tokenId)).not.toContain(t.token.tokenId);
    expect((await s.call('revokeApiToken', { tokenId: t.token.tokenId }, other)).code).toBe(ErrorCode.notFound);
    expect((await s.call('queryApiTokens', { view: 'managed' }, session)).code).toBe(ErrorCode.forbidden);
    expect((await s.call('revokeApiToken', { tokenId: t.token.tokenId }, admin)).code).toBe(0);
    expect((await bearerCall(s, t.secret, 'queryStationInfoById', { stationId: inA[0]! })).code).toBe(ErrorCode.unauthenticated);
  });
});
