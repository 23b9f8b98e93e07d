import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../test/harness';
import { ErrorCode } from '../../../protocol/errors';

describe.each(backends())('signed request pipeline (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer(backend);
    admin = await s.login('admin', 'Admin@2026');
  });
  afterAll(() => s.close());

  it('accepts a signed read and answers the envelope', async () => {
    const r = await s.call('queryProfile', {}, admin);
    expect(r.status).toBe(200);
    expect(r.code).toBe(0);
    expect(r.data.account).toBe('admin');
  });

  it.each([299, -299])('accepts a timestamp %i s away', async (d) => {
    const r = await s.call('queryProfile', {}, admin, { now: new Date(s.clock.now + d * 1000) });
    expect(r.code).toBe(0);
  });

  it.each([301, -301])('rejects a timestamp %i s away', async (d) => {
    const r = await s.call('queryProfile', {}, admin, { now: new Date(s.clock.now + d * 1000) });
    expect(r.code).toBe(ErrorCode.staleTimestamp);
    expect(r.status).toBe(400);
  });

  it('rejects a replayed nonce within the window, even with a fresh timestamp', async () => {
    const nonce = crypto.randomUUID();
    expect((await s.call('queryProfile', {}, admin, { nonce })).code).toBe(0);
    const again = await s.call('queryProfile', {}, admin, { nonce });
    expect(again.code).toBe(ErrorCode.replay);
  });

  it('rejects a one-byte tamper with no side effect', async () => {
    const before = await s.call('fuzzyAlarmRecord', { alarmRecordVo: { alarmStatus: 1 }, page: 1, length: 1 }, admin);
    const [target] = (await s.call('fuzzyAlarmRecord', { alarmRecordVo: { alarmStatus: 1 }, page: 1, length: 1 }, admin)).data.dataList;
    expect(target).toBeDefined();
    const r = await s.call('resolveAlarm', { alarmId: target!.alarmId }, admin, {
      mutate: (b) => b.replace(`alarmId=${target!.alarmId}`, `alarmId=${target!.alarmId + 1}`),
    });
    expect(r.code).toBe(ErrorCode.badSignature);
    const after = await s.call('fuzzyAlarmRecord', { alarmRecordVo: { alarmStatus: 1 }, page: 1, length: 1 }, admin);
    expect(after.data.totalCount).toBe(before.data.totalCount);
  });

  it('rejects a missing envelope field and an unknown access key', async () => {
    const missing = await s.call('queryProfile', {}, admin, { mutate: (b) => b.replace(/(^|&)version=[^&]*/, '') });
    expect(missing.code).toBe(ErrorCode.missingField);
    const key = await s.call('queryProfile', {}, admin, { mutate: (b) => b.replace(/accessKeyId=[^&]*/, 'accessKeyId=nobody') });
    expect(key.code).toBe(ErrorCode.unknownAccessKey);
  });

  it('refuses cross-site posts: no client header, or a foreign Origin', async () => {
    expect((await s.call('queryProfile', {}, admin, { headers: { 'x-ems-client': '' } })).code).toBe(ErrorCode.crossSite);
    expect((await s.call('queryProfile', {}, admin, { headers: { origin: 'https://evil.example' } })).code).toBe(ErrorCode.crossSite);
  });

  it('answers unknownAction for an action on the wrong endpoint', async () => {
    const r = await s.call('queryProfile', {}, admin, { endpoint: 'alarm' });
    expect(r.code).toBe(ErrorCode.unknownAction);
  });

  it('answers 401 without a session and the message in the requested language', async () => {
    const en = await s.call('queryProfile', {});
    expect(en.status).toBe(401);
    expect(en.msg).toBe('Please sign in again');
    const zh = await s.call('queryProfile', {}, undefined, { headers: { locale: 'zh_CN' } });
    expect(zh.msg).toBe('请重新登录');
  });

  it('sends security headers', async () => {
    const r = await s.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends nosniff, a referrer policy and no-store on API answers', async () => {
    const r = await s.call('queryProfile', {}, admin);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('limits the request body size', async () => {
    const r = await s.app.inject({
      method: 'POST',
      url: '/api/asset',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-ems-client': '1' },
      payload: 'a=' + 'x'.repeat(300 * 1024),
    });
    expect(r.statusCode).toBe(413);
  });
});
