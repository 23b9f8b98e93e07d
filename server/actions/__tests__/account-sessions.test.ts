import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, md5, startTestServer, type Answer, type TestServer } from '../../test/harness';
import { ErrorCode } from '../../../protocol/errors';

const issuesOf = (r: Answer<unknown>) => (r.data as { issues: { path: string }[] }).issues.map((i) => i.path);
let seq = 0;

describe.each(backends())('account sessions (%s)', (backend) => {
  let s: TestServer;
  let adminA: string;
  let A: number;
  let operatorRole: number;
  let bAdminId: number;

  const fresh = async () => {
    const account = `sess${(seq++).toString(36)}${Math.random().toString(36).slice(2, 7)}`;
    const r = await s.call('createAccount', { orgId: A, account, password: md5('Fresh@2026'), roleId: operatorRole }, adminA);
    expect(r.code).toBe(0);
    return { userId: r.data.userId, account };
  };
  const signIn = async (account: string, device: string) => {
    const r = await s.call('login', { account, password: md5('Fresh@2026'), device });
    if (!('token' in r.data)) throw new Error('no session');
    return r.data.token;
  };

  beforeAll(async () => {
    s = await startTestServer(backend);
    [A] = (await s.fixtures()).providers as [number];
    adminA = await s.login('sunrise', 'Sunrise@2026');
    const q = (sql: string) => s.services.db.query<{ v: number }>(sql);
    operatorRole = (await q("SELECT role_id AS v FROM accounts WHERE account = 'operator'"))[0]!.v;
    bAdminId = (await q("SELECT id AS v FROM accounts WHERE account = 'pearlriver'"))[0]!.v;
  });
  afterAll(() => s.close());

  describe('queryAccountSessions', () => {
    it('lists the live sessions with device, address and last use; ended ones drop out', async () => {
      const { userId, account } = await fresh();
      const phone = await signIn(account, 'Safari 18 on iOS');
      s.clock.now += 5_000;
      const laptop = await signIn(account, 'Chrome 141 on Windows');
      const r = await s.call('queryAccountSessions', { userId }, adminA);
      expect(r.code).toBe(0);
      expect(r.data.dataList.map((x) => x.device)).toEqual(['Chrome 141 on Windows', 'Safari 18 on iOS']);
      expect(r.data.dataList.every((x) => !x.current && x.sessionId.length === 16)).toBe(true);
      expect(JSON.stringify(r.data)).not.toContain(phone);
      await s.call('logout', {}, laptop);
      expect((await s.call('queryAccountSessions', { userId }, adminA)).data.dataList.map((x) => x.device)).toEqual(['Safari 18 on iOS']);
      const own = await s.call('queryAccountSessions', { userId }, phone);
      expect(own.code).toBe(ErrorCode.forbidden); // an operator has no system.account
    });
    it("marks the caller's own session", async () => {
      const me = (await s.services.db.query<{ id: number }>("SELECT id FROM accounts WHERE account = 'sunrise'"))[0]!.id;
      const r = await s.call('queryAccountSessions', { userId: me }, adminA);
      expect(r.data.dataList.filter((x) => x.current)).toHaveLength(1);
    });
    it('is denied without system.account', async () => {
      const { userId } = await fresh();
      const none = await s.makeAccount({ orgId: A, permissions: ['homepage.index'] });
      expect((await s.call('queryAccountSessions', { userId }, none.token)).code).toBe(ErrorCode.forbidden);
    });
    it("answers notFound for another provider's account", async () => {
      expect((await s.call('queryAccountSessions', { userId: bAdminId }, adminA)).code).toBe(ErrorCode.notFound);
    });
    it('rejects an invalid payload', async () => {
      expect(issuesOf(await s.call('queryAccountSessions', { userId: 0 }, adminA))).toContain('userId');
    });
  });

  describe('revokeAccountSessions', () => {
    it('signs an account out everywhere at once (audited)', async () => {
      const { userId, account } = await fresh();
      const t1 = await signIn(account, 'a');
      const t2 = await signIn(account, 'b');
      const r = await s.call('revokeAccountSessions', { userId }, adminA);
      expect(r.code).toBe(0);
      expect(r.data.revoked).toBe(2);
      for (const t of [t1, t2]) expect((await s.call('queryProfile', {}, t)).status).toBe(401);
      expect((await s.call('queryAccountSessions', { userId }, adminA)).data.dataList).toEqual([]);
      const log = await s.call('queryAccountAudit', { userId }, adminA);
      expect(log.data.dataList[0]).toMatchObject({ action: 'revokeAccountSessions', account: 'sunrise', detail: { revoked: 2 } });
    });
    it("for one's own account, keeps the session that asked", async () => {
      const own = await s.login('sunrise', 'Sunrise@2026');
      const other = await s.login('sunrise', 'Sunrise@2026');
      const me = (await s.services.db.query<{ id: number }>("SELECT id FROM accounts WHERE account = 'sunrise'"))[0]!.id;
      expect((await s.call('revokeAccountSessions', { userId: me }, own)).code).toBe(0);
      expect((await s.call('queryProfile', {}, own)).code).toBe(0);
      expect((await s.call('queryProfile', {}, other)).status).toBe(401);
      adminA = own;
    });
    it('is denied without system.account.edit', async () => {
      const { userId, account } = await fresh();
      const t = await signIn(account, 'x');
      const reader = await s.makeAccount({ orgId: A, permissions: ['system.account'] });
      expect((await s.call('revokeAccountSessions', { userId }, reader.token)).code).toBe(ErrorCode.forbidden);
      expect((await s.call('queryProfile', {}, t)).code).toBe(0);
    });
    it("answers notFound for another provider's account, whose sessions stay", async () => {
      const b = await s.login('pearlriver', 'Pearl@2026');
      expect((await s.call('revokeAccountSessions', { userId: bAdminId }, adminA)).code).toBe(ErrorCode.notFound);
      expect((await s.call('queryProfile', {}, b)).code).toBe(0);
    });
    it('rejects an invalid payload', async () => {
      expect(issuesOf(await s.call('revokeAccountSessions', {}, adminA))).toContain('userId');
    });
  });
});
