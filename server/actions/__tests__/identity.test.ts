import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, md5, startTestServer, type TestServer } from '../../test/harness';
import { ErrorCode } from '../../../protocol/errors';

const codeIn = (text: string | undefined) => /(\d{6})/.exec(text ?? '')?.[1] ?? '';

describe.each(backends())('identity (%s)', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(backend, { config: { sessionIdleMinutes: 30, sessionAbsoluteHours: 8 } });
  });
  afterAll(() => s.close());

  it('logs in with account + MD5 and answers a profile with permissions', async () => {
    const r = await s.call('login', { account: 'admin', password: md5('Admin@2026') });
    expect(r.code).toBe(0);
    if (!('token' in r.data)) throw new Error('no second factor expected');
    expect(r.data.token.length).toBeGreaterThanOrEqual(43); // 256 bits base64url
    expect(r.data.profile.orgType).toBe(1);
    expect(r.data.profile.permissions.map((p) => p.permission)).toContain('system.account');
  });

  it('issues a new token at every login', async () => {
    const a = await s.login('admin', 'Admin@2026');
    const b = await s.login('admin', 'Admin@2026');
    expect(a).not.toBe(b);
  });

  it('answers an unknown account and a wrong password identically', async () => {
    const unknown = await s.call('login', { account: 'nobody-here', password: md5('Whatever1!') });
    const wrong = await s.call('login', { account: 'sunrise', password: md5('Wrong-pass1') });
    expect(unknown.code).toBe(ErrorCode.wrongCredentials);
    expect({ ...wrong, headers: undefined }).toEqual({ ...unknown, headers: undefined });
  });

  it('rejects an invalid payload with field details', async () => {
    const r = await s.call('login', { account: '', password: 'not-md5' });
    expect(r.code).toBe(ErrorCode.validationFailed);
    const paths = (r.data as unknown as { issues: { path: string }[] }).issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['account', 'password']));
  });

  it('throttles an account after 5 failures in 15 minutes, then lets it in again', async () => {
    for (let i = 0; i < 5; i++) expect((await s.call('login', { account: 'operator', password: md5('bad' + i) })).code).toBe(ErrorCode.wrongCredentials);
    const limited = await s.call('login', { account: 'operator', password: md5('Operator@2026') });
    expect(limited.code).toBe(ErrorCode.rateLimited);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    s.clock.now += 15 * 60_000 + 1000;
    expect((await s.call('login', { account: 'operator', password: md5('Operator@2026') })).code).toBe(0);
  });

  it('refuses a disabled account', async () => {
    const r = await s.call('login', { account: 'disabled', password: md5('Disabled@2026') });
    expect(r.code).toBe(ErrorCode.accountDisabled);
  });

  it('logout invalidates the token', async () => {
    const t = await s.login('admin', 'Admin@2026');
    expect((await s.call('queryProfile', {}, t)).code).toBe(0);
    expect((await s.call('logout', {}, t)).code).toBe(0);
    const after = await s.call('queryProfile', {}, t);
    expect(after.status).toBe(401);
  });

  it('expires an idle session and an absolute one', async () => {
    const t = await s.login('admin', 'Admin@2026');
    s.clock.now += 29 * 60_000;
    expect((await s.call('queryProfile', {}, t)).code).toBe(0);
    s.clock.now += 31 * 60_000;
    expect((await s.call('queryProfile', {}, t)).code).toBe(ErrorCode.unauthenticated);
    const u = await s.login('admin', 'Admin@2026');
    for (let i = 0; i < 16; i++) {
      s.clock.now += 29 * 60_000; // active, never idle…
      expect((await s.call('queryProfile', {}, u)).code).toBe(0);
    }
    s.clock.now += 29 * 60_000; // …but past 8 h in all
    expect((await s.call('queryProfile', {}, u)).code).toBe(ErrorCode.unauthenticated);
  });

  it('SMS code login: single use, 10-minute expiry, dead after 5 wrong tries', async () => {
    const phone = '+8613800000000';
    expect((await s.call('sendMsgCode', { phone, purpose: 'login' })).code).toBe(0);
    const code = codeIn(s.services.outbox.latestTo(phone)?.text);
    expect(code).toMatch(/^\d{6}$/);
    expect((await s.call('loginByPhone', { phone, code })).code).toBe(0);
    expect((await s.call('loginByPhone', { phone, code })).code).toBe(ErrorCode.codeExpired);

    s.clock.now += 61_000;
    await s.call('sendMsgCode', { phone, purpose: 'login' });
    const late = codeIn(s.services.outbox.latestTo(phone)?.text);
    s.clock.now += 10 * 60_000 + 1;
    expect((await s.call('loginByPhone', { phone, code: late })).code).toBe(ErrorCode.codeExpired);

    // Reset codes: dead after 5 wrong tries even when the right one follows.
    await s.call('sendMsgCode', { phone, purpose: 'reset' });
    const good = codeIn(s.services.outbox.latestTo(phone)?.text);
    const bad = good === '000000' ? '111111' : '000000';
    const newPassword = md5('Admin@2026');
    for (let i = 0; i < 5; i++) expect((await s.call('resetPasswordByMsgCode', { phone, code: bad, newPassword })).code).toBe(ErrorCode.wrongCode);
    expect((await s.call('resetPasswordByMsgCode', { phone, code: good, newPassword })).code).toBe(ErrorCode.codeExpired);
  });

  it('answers sendMsgCode the same for an unknown number and sends nothing', async () => {
    const r = await s.call('sendMsgCode', { phone: '+15550000000', purpose: 'reset' });
    expect(r.code).toBe(0);
    expect(s.services.outbox.latestTo('+15550000000')).toBeUndefined();
  });

  it('resets a password by e-mail code, ending existing sessions', async () => {
    const old = await s.login('sunrise', 'Sunrise@2026');
    const email = (await s.call('queryProfile', {}, old)).data;
    expect(email.account).toBe('sunrise');
    const row = (await s.services.db.query<{ email: string }>("SELECT email FROM accounts WHERE account='sunrise'"))[0]!;
    expect((await s.call('sendEmailMsgCode', { email: row.email })).code).toBe(0);
    const code = codeIn(s.services.outbox.latestTo(row.email.toLowerCase())?.text);
    expect((await s.call('resetPasswordByEmailMsgCode', { email: row.email, code, newPassword: md5('Sunrise@2027') })).code).toBe(0);
    expect((await s.call('queryProfile', {}, old)).code).toBe(ErrorCode.unauthenticated);
    expect((await s.call('login', { account: 'sunrise', password: md5('Sunrise@2026') })).code).toBe(ErrorCode.wrongCredentials);
    await s.login('sunrise', 'Sunrise@2027');
  });

  it('changes the own password with the old one; other sessions end, this one stays', async () => {
    const a = await s.login('admin', 'Admin@2026');
    const b = await s.login('admin', 'Admin@2026');
    const me = (await s.call('queryProfile', {}, a)).data;
    const wrong = await s.call('resetPasswordByOldPassword', { userId: me.userId, oldPassword: md5('nope'), newPassword: md5('Admin@2027x') }, a);
    expect(wrong.code).toBe(ErrorCode.wrongPassword);
    const other = await s.call('resetPasswordByOldPassword', { userId: me.userId + 1, oldPassword: md5('Admin@2026'), newPassword: md5('Admin@2027x') }, a);
    expect(other.code).toBe(ErrorCode.forbidden);
    expect((await s.call('resetPasswordByOldPassword', { userId: me.userId, oldPassword: md5('Admin@2026'), newPassword: md5('Admin@2027x') }, a)).code).toBe(
      0,
    );
    expect((await s.call('queryProfile', {}, a)).code).toBe(0);
    expect((await s.call('queryProfile', {}, b)).code).toBe(ErrorCode.unauthenticated);
    await s.call('resetPasswordByOldPassword', { userId: me.userId, oldPassword: md5('Admin@2027x'), newPassword: md5('Admin@2026') }, a);
  });

  it('lists only the own provider to a provider account, all to the platform', async () => {
    const root = await s.login('admin', 'Admin@2026');
    const all = (await s.call('queryAllOrgIdAndName', {}, root)).data.dataList;
    expect(all.length).toBeGreaterThanOrEqual(3);
    const prov = await s.login('operator', 'Operator@2026');
    const own = (await s.call('queryAllOrgIdAndName', {}, prov)).data.dataList;
    expect(own).toHaveLength(1);
  });
});
