import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { backends, md5, startTestServer, type Answer, type TestServer } from '../../test/harness';
import { ErrorCode } from '../../../protocol/errors';

// Two-factor sign-in at a fixed clock: codes come from otplib for the server's own time.
const T0 = Date.parse('2026-03-02T08:00:00Z');
const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });
const issuesOf = (r: Answer<unknown>) => (r.data as { issues: { path: string }[] }).issues.map((i) => i.path);

let seq = 0;
const uniq = (p: string) => `${p}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 7)}`;

describe.each(backends())('two-factor sign-in (%s)', (backend) => {
  let s: TestServer;
  let adminA: string;
  let adminB: string;
  let A: number;
  let operatorRole: number;

  const db = () => s.services.db;
  /** A fresh account of provider A with a password, optionally a mobile; returns id and name. */
  const fresh = async (roleId = operatorRole, mobile?: string) => {
    const account = uniq('tf');
    const r = await s.call('createAccount', { orgId: A, account, password: md5('Fresh@2026'), roleId, ...(mobile ? { mobile } : {}) }, adminA);
    expect(r.code, JSON.stringify(r.data)).toBe(0);
    return { userId: r.data.userId, account };
  };
  const passwordLogin = (account: string) => s.call('login', { account, password: md5('Fresh@2026'), device: 'Firefox 140 on Linux' });
  /** Enrols a signed-in account through the user menu path; returns the secret and recovery codes. */
  const enrol = async (token: string) => {
    const start = await s.call('startTwoFactorEnrolment', {}, token);
    expect(start.code).toBe(0);
    s.clock.now += 30_000;
    const confirm = await s.call('confirmTwoFactorEnrolment', { code: await codeAt(start.data.secret, s.clock.now) }, token);
    expect(confirm.code, JSON.stringify(confirm.data)).toBe(0);
    return { secret: start.data.secret, recoveryCodes: confirm.data.recoveryCodes };
  };
  const challengeOf = (r: Answer<unknown>) => {
    expect(r.code).toBe(0);
    const d = r.data as { twoFactor?: string; challenge?: string; token?: string };
    expect(d.token).toBeUndefined();
    return { state: d.twoFactor, challenge: d.challenge ?? '' };
  };

  beforeAll(async () => {
    s = await startTestServer(backend, { clock: () => T0 });
    [A] = (await s.fixtures()).providers as [number];
    adminA = await s.login('sunrise', 'Sunrise@2026');
    adminB = await s.login('pearlriver', 'Pearl@2026');
    operatorRole = (await db().query<{ role_id: number }>("SELECT role_id FROM accounts WHERE account = 'operator'"))[0]!.role_id;
  });
  afterAll(() => s.close());

  it('enrols from a session: a QR code and otpauth URL, then ten single-use recovery codes', async () => {
    const { userId, account } = await fresh();
    const t = await s.login(account, 'Fresh@2026');
    const start = await s.call('startTwoFactorEnrolment', {}, t);
    expect(start.code).toBe(0);
    expect(start.data.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(start.data.otpauthUrl).toContain(`otpauth://totp/`);
    expect(start.data.otpauthUrl).toContain(`secret=${start.data.secret}`);
    expect((await s.call('queryTwoFactorStatus', {}, t)).data).toEqual({ enrolled: false, required: false, recoveryCodesLeft: 0 });
    const wrong = await s.call('confirmTwoFactorEnrolment', { code: await codeAt(start.data.secret, T0 - 3_600_000) }, t);
    expect(wrong.code).toBe(ErrorCode.wrongCode);
    const ok = await s.call('confirmTwoFactorEnrolment', { code: await codeAt(start.data.secret, s.clock.now) }, t);
    expect(ok.code).toBe(0);
    expect(ok.data.recoveryCodes).toHaveLength(10);
    expect(new Set(ok.data.recoveryCodes).size).toBe(10);
    expect((await s.call('queryTwoFactorStatus', {}, t)).data).toEqual({ enrolled: true, required: false, recoveryCodesLeft: 10 });
    // stored hashed, never as typed
    const stored = await db().query<{ code_hash: string }>('SELECT code_hash FROM two_factor_recovery_codes WHERE account_id = $1', [userId]);
    expect(stored.map((r) => r.code_hash)).not.toContain(ok.data.recoveryCodes[0]);
    expect((await s.call('startTwoFactorEnrolment', {}, t)).code).toBe(ErrorCode.conflict);
    expect((await s.call('queryAccountById', { userId }, adminA)).data.twoFactorEnrolled).toBe(true);
  });

  it('asks for the code after the password, and a code works once', async () => {
    const { account } = await fresh();
    const { secret } = await enrol(await s.login(account, 'Fresh@2026'));
    s.clock.now += 60_000;
    const { state, challenge } = challengeOf(await passwordLogin(account));
    expect(state).toBe('verify');
    const code = await codeAt(secret, s.clock.now);
    const done = await s.call('verifyTwoFactor', { challenge, code });
    expect(done.code).toBe(0);
    expect(done.data.recoveryCodes).toBeUndefined();
    expect((await s.call('queryProfile', {}, done.data.token)).data.account).toBe(account);
    // the challenge is spent, and the same code does not open a second one
    expect((await s.call('verifyTwoFactor', { challenge, code })).code).toBe(ErrorCode.codeExpired);
    const again = challengeOf(await passwordLogin(account));
    expect((await s.call('verifyTwoFactor', { challenge: again.challenge, code })).code).toBe(ErrorCode.wrongCode);
  });

  it('takes a recovery code once instead of the authenticator code', async () => {
    const { account } = await fresh();
    const { recoveryCodes } = await enrol(await s.login(account, 'Fresh@2026'));
    const first = challengeOf(await passwordLogin(account));
    const ok = await s.call('verifyTwoFactor', { challenge: first.challenge, recoveryCode: recoveryCodes[0]!.toUpperCase() });
    expect(ok.code).toBe(0);
    expect((await s.call('queryTwoFactorStatus', {}, ok.data.token)).data.recoveryCodesLeft).toBe(9);
    const second = challengeOf(await passwordLogin(account));
    expect((await s.call('verifyTwoFactor', { challenge: second.challenge, recoveryCode: recoveryCodes[0]! })).code).toBe(ErrorCode.wrongCode);
  });

  it('wrong codes count toward the sign-in throttling of the account', async () => {
    const { account } = await fresh();
    const { secret } = await enrol(await s.login(account, 'Fresh@2026'));
    const { challenge } = challengeOf(await passwordLogin(account));
    for (let i = 0; i < 5; i++) expect((await s.call('verifyTwoFactor', { challenge, code: '000000' })).code).toBe(ErrorCode.wrongCode);
    const limited = await s.call('verifyTwoFactor', { challenge, code: await codeAt(secret, s.clock.now) });
    expect(limited.code).toBe(ErrorCode.rateLimited);
    // the password step of the same account is throttled too
    expect((await passwordLogin(account)).code).toBe(ErrorCode.rateLimited);
    const failed = await db().query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'signIn' AND outcome = 'failed' AND target = $1", [
      `account:${(await db().query<{ id: number }>('SELECT id FROM accounts WHERE account = $1', [account]))[0]!.id}`,
    ]);
    expect(failed[0]!.n).toBe(5);
    s.clock.now += 16 * 60_000;
  });

  it('asks for the code after a phone code sign-in as well', async () => {
    const mobile = `+86139${String(Date.now()).slice(-8)}`;
    const { account } = await fresh(operatorRole, mobile);
    const { secret } = await enrol(await s.login(account, 'Fresh@2026'));
    expect((await s.call('sendMsgCode', { phone: mobile, purpose: 'login' })).code).toBe(0);
    const sms = /(\d{6})/.exec(s.services.outbox.latestTo(mobile)?.text ?? '')?.[1] ?? '';
    const { state, challenge } = challengeOf(await s.call('loginByPhone', { phone: mobile, code: sms }));
    expect(state).toBe('verify');
    s.clock.now += 30_000;
    expect((await s.call('verifyTwoFactor', { challenge, code: await codeAt(secret, s.clock.now) })).code).toBe(0);
  });

  it('a role that requires a second factor sends an account without one to enrol at sign-in', async () => {
    const role = await s.call('saveRole', { orgId: A, name: uniq('2fa '), permissions: ['homepage.index'], requiresTwoFactor: true }, adminA);
    expect(role.code).toBe(0);
    const { account } = await fresh(role.data.roleId);
    const { state, challenge } = challengeOf(await passwordLogin(account));
    expect(state).toBe('enrol');
    // no factor yet: nothing to verify against
    expect((await s.call('verifyTwoFactor', { challenge, code: '123456' })).code).toBe(ErrorCode.codeExpired);
    const e = await s.call('enrolTwoFactorAtSignIn', { challenge });
    expect(e.code).toBe(0);
    expect(e.data.qrDataUrl).toMatch(/^data:image\/png/);
    const done = await s.call('verifyTwoFactor', { challenge, code: await codeAt(e.data.secret, s.clock.now) });
    expect(done.code).toBe(0);
    expect(done.data.recoveryCodes).toHaveLength(10);
    expect((await s.call('queryTwoFactorStatus', {}, done.data.token)).data).toMatchObject({ enrolled: true, required: true });
    expect(challengeOf(await passwordLogin(account)).state).toBe('verify');
  });

  it('records sign-ins with their second factor and the device in the session list', async () => {
    const { userId, account } = await fresh();
    const t = await s.login(account, 'Fresh@2026');
    const { secret } = await enrol(t);
    const { challenge } = challengeOf(await passwordLogin(account));
    s.clock.now += 30_000; // the enrolment spent the current period's code
    expect((await s.call('verifyTwoFactor', { challenge, code: await codeAt(secret, s.clock.now) })).code).toBe(0);
    const log = await s.call('queryAuditLog', { accountId: userId, actions: ['signIn'] }, adminA);
    expect(log.data.dataList[0]).toMatchObject({ action: 'signIn', outcome: 'ok', detail: { method: 'password', secondFactor: 'totp' } });
    const sessions = await s.call('queryAccountSessions', { userId }, adminA);
    expect(sessions.data.dataList.map((x) => x.device)).toContain('Firefox 140 on Linux');
  });

  it('rejects invalid payloads', async () => {
    expect(issuesOf(await s.call('verifyTwoFactor', { challenge: 'short', code: '12ab' }))).toEqual(expect.arrayContaining(['challenge', 'code']));
    expect(issuesOf(await s.call('verifyTwoFactor', { challenge: 'x'.repeat(43) }))).toContain('code');
    expect(issuesOf(await s.call('verifyTwoFactor', { challenge: 'x'.repeat(43), code: '123456', recoveryCode: 'abcd-efgh' }))).toContain('code');
    const t = await s.login((await fresh()).account, 'Fresh@2026');
    expect((await s.call('confirmTwoFactorEnrolment', { code: '1234567' }, t)).code).toBe(ErrorCode.validationFailed);
    expect((await s.call('enrolTwoFactorAtSignIn', { challenge: 'x'.repeat(43) })).code).toBe(ErrorCode.codeExpired);
  });

  it('the own-factor actions need a session', async () => {
    expect((await s.call('startTwoFactorEnrolment', {})).code).toBe(ErrorCode.unauthenticated);
    expect((await s.call('queryTwoFactorStatus', {})).code).toBe(ErrorCode.unauthenticated);
  });

  describe('resetTwoFactor', () => {
    it("removes an account's second factor (audited); it signs in with the password alone again", async () => {
      const { userId, account } = await fresh();
      await enrol(await s.login(account, 'Fresh@2026'));
      expect((await s.call('resetTwoFactor', { userId }, adminA)).code).toBe(0);
      const r = await passwordLogin(account);
      expect(r.code).toBe(0);
      expect('token' in r.data).toBe(true);
      const log = await s.call('queryAuditLog', { actions: ['resetTwoFactor'], target: `account:${userId}` }, adminA);
      expect(log.data.dataList[0]).toMatchObject({ account: 'sunrise', detail: { had: true } });
    });
    it('is denied without system.account.edit, and refused for oneself', async () => {
      const { userId } = await fresh();
      const reader = await s.makeAccount({ orgId: A, permissions: ['system.account'] });
      expect((await s.call('resetTwoFactor', { userId }, reader.token)).code).toBe(ErrorCode.forbidden);
      const self = await s.call(
        'resetTwoFactor',
        { userId: (await db().query<{ id: number }>("SELECT id FROM accounts WHERE account = 'sunrise'"))[0]!.id },
        adminA,
      );
      expect(self.code).toBe(ErrorCode.conflict);
    });
    it("answers notFound for another provider's account, whose factor stays", async () => {
      const { userId, account } = await fresh();
      await enrol(await s.login(account, 'Fresh@2026'));
      const r = await s.call('resetTwoFactor', { userId }, adminB);
      expect(r.code).toBe(ErrorCode.notFound);
      expect(challengeOf(await passwordLogin(account)).state).toBe('verify');
    });
    it('rejects an invalid payload', async () => {
      expect(issuesOf(await s.call('resetTwoFactor', { userId: 'me' }, adminA))).toContain('userId');
    });
  });
});
