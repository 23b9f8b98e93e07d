import { describe, expect, it } from 'vitest';
import { backends, md5, startTestServer, type Answer } from '../../test/harness';
import { serverWorld } from '../../test/world';
import { ErrorCode } from '../../../protocol/errors';

const issuesOf = (r: Answer<unknown>) => (r.data as { issues: { path: string }[] }).issues.map((i) => i.path);

describe.each(backends())('audit log (%s)', (backend) => {
  const orgsOfA = new Set<number>();
  const idOf = async (account: string) => (await w.s.services.db.query<{ id: number }>('SELECT id FROM accounts WHERE account = $1', [account]))[0]!.id;

  const w = serverWorld(
    () => startTestServer(backend),
    async (s) => {
      const [A, B] = (await s.fixtures()).providers as [number, number];
      for (const o of s.services.registry.orgs.values()) if (o.id === A || o.parentId === A) orgsOfA.add(o.id);
      const root = await s.login('admin', 'Admin@2026');
      const adminA = await s.login('sunrise', 'Sunrise@2026');
      const adminB = await s.login('pearlriver', 'Pearl@2026');
      const operator = await s.login('operator', 'Operator@2026');
      const operatorRole = (await s.services.db.query<{ role_id: number }>("SELECT role_id FROM accounts WHERE account = 'operator'"))[0]!.role_id;
      const c = await s.call(
        'createAccount',
        { orgId: A, account: `audited${Date.now().toString(36)}`, password: md5('Fresh@2026'), roleId: operatorRole },
        adminA,
      );
      /** an account adminA created */
      const created = c.data.userId;
      /** a role adminB created */
      const bRole = (await s.call('saveRole', { orgId: B, name: `b-role-${Date.now().toString(36)}`, permissions: ['homepage.index'] }, adminB)).data.roleId;
      await s.call('login', { account: 'operator', password: md5('not-the-password') });
      await s.call('login', { account: 'nobody-at-all', password: md5('whatever') });
      return { root, adminA, adminB, operator, A, B, operatorRole, created, bRole };
    },
  );

  describe('queryAuditLog', () => {
    it('lists who did what, when, on which target, with the outcome, newest first', async () => {
      const r = await w.s.call('queryAuditLog', { length: 200 }, w.adminA);
      expect(r.code).toBe(0);
      const times = r.data.dataList.map((e) => Date.parse(e.at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(r.data.dataList).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ action: 'createAccount', target: `account:${w.created}`, account: 'sunrise', outcome: 'ok', orgId: w.A }),
          expect.objectContaining({
            action: 'signIn',
            outcome: 'failed',
            account: 'operator',
            detail: expect.objectContaining({ reason: 'wrongCredentials' }),
          }),
          expect.objectContaining({ action: 'signIn', outcome: 'ok', account: 'sunrise' }),
        ]),
      );
      expect(JSON.stringify(r.data)).not.toContain(md5('Fresh@2026'));
    });
    it('names what each entry refers to (its target and the ids in its detail) so no reader sees a bare id', async () => {
      const r = await w.s.call('queryAuditLog', { target: `account:${w.created}` }, w.adminA);
      const e = r.data.dataList[0]!;
      const orgName = w.s.services.registry.orgs.get(w.A)!.name;
      const roleName = (await w.s.services.db.query<{ name: string }>('SELECT name FROM roles WHERE id = $1', [w.operatorRole]))[0]!.name;
      const account = (await w.s.services.db.query<{ account: string }>('SELECT account FROM accounts WHERE id = $1', [w.created]))[0]!.account;
      expect(e.names).toEqual({ [`account:${w.created}`]: account, [`org:${w.A}`]: orgName, [`role:${w.operatorRole}`]: roleName });
      const role = await w.s.call('queryAuditLog', { target: `role:${w.bRole}` }, w.adminB);
      expect(Object.keys(role.data.dataList[0]!.names)).toEqual(expect.arrayContaining([`role:${w.bRole}`, `org:${w.B}`]));
    });
    it('filters by action, target, account, outcome and time, and pages', async () => {
      const byAction = await w.s.call('queryAuditLog', { actions: ['createAccount'] }, w.adminA);
      expect(byAction.data.dataList.length).toBeGreaterThan(0);
      expect(byAction.data.dataList.every((e) => e.action === 'createAccount')).toBe(true);
      const byTarget = await w.s.call('queryAuditLog', { target: `account:${w.created}` }, w.adminA);
      expect(byTarget.data.dataList.map((e) => e.action)).toEqual(['createAccount']);
      const byKind = await w.s.call('queryAuditLog', { target: 'account:', length: 1000 }, w.adminA);
      expect(byKind.data.dataList.every((e) => e.target?.startsWith('account:'))).toBe(true);
      const byName = await w.s.call('queryAuditLog', { account: 'OPERAT', outcome: 'failed' }, w.adminA);
      expect(byName.data.dataList.map((e) => e.account)).toEqual(['operator']);
      const byId = await w.s.call('queryAuditLog', { accountId: await idOf('sunrise') }, w.adminA);
      expect(byId.data.dataList.every((e) => e.account === 'sunrise')).toBe(true);
      const future = new Date(w.s.clock.now + 3_600_000).toISOString();
      expect((await w.s.call('queryAuditLog', { from: future }, w.adminA)).data.totalCount).toBe(0);
      expect((await w.s.call('queryAuditLog', { to: future }, w.adminA)).data.totalCount).toBeGreaterThan(0);
      const all = await w.s.call('queryAuditLog', { length: 1000 }, w.adminA);
      const second = await w.s.call('queryAuditLog', { page: 2, length: 1 }, w.adminA);
      expect(second.data.totalCount).toBe(all.data.totalCount);
      expect(second.data.dataList).toEqual([all.data.dataList[1]]);
    });
    it('records a password change and the sessions it ended, never the password', async () => {
      const account = `pw${Date.now().toString(36)}`;
      const c = await w.s.call('createAccount', { orgId: w.A, account, password: md5('Fresh@2026'), roleId: w.operatorRole }, w.adminA);
      const t = await w.s.login(account, 'Fresh@2026');
      const other = await w.s.login(account, 'Fresh@2026');
      expect(
        (await w.s.call('resetPasswordByOldPassword', { userId: c.data.userId, oldPassword: md5('Fresh@2026'), newPassword: md5('Second@2026') }, t)).code,
      ).toBe(0);
      expect((await w.s.call('queryProfile', {}, other)).status).toBe(401);
      const r = await w.s.call('queryAuditLog', { target: `account:${c.data.userId}`, actions: ['changePassword'] }, w.adminA);
      expect(r.data.dataList).toEqual([expect.objectContaining({ account, outcome: 'ok', detail: { via: 'oldPassword' } })]);
      expect(JSON.stringify(r.data)).not.toContain(md5('Second@2026'));
    });
    it("a tenant sees only its own organisations' entries; the platform sees every entry", async () => {
      const mine = await w.s.call('queryAuditLog', { length: 1000 }, w.adminA);
      expect(mine.data.dataList.every((e) => e.orgId !== null && orgsOfA.has(e.orgId))).toBe(true);
      expect(mine.data.dataList.some((e) => e.target === `role:${w.bRole}`)).toBe(false);
      const all = await w.s.call('queryAuditLog', { length: 1000 }, w.root);
      expect(all.data.dataList).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ target: `role:${w.bRole}`, orgId: w.B }),
          expect.objectContaining({ action: 'signIn', accountId: null, outcome: 'failed', detail: expect.objectContaining({ account: 'nobody-at-all' }) }),
        ]),
      );
      const narrowed = await w.s.call('queryAuditLog', { orgId: w.B, length: 1000 }, w.root);
      expect(narrowed.data.dataList.every((e) => w.s.services.registry.providerOf(e.orgId!) === w.B)).toBe(true);
    });
    it("answers notFound for another provider's organisation", async () => {
      const r = await w.s.call('queryAuditLog', { orgId: w.B }, w.adminA);
      expect(r.code).toBe(ErrorCode.notFound);
    });
    it('is denied without system.audit', async () => {
      expect((await w.s.call('queryAuditLog', {}, w.operator)).code).toBe(ErrorCode.forbidden);
      const accounts = await w.s.makeAccount({ orgId: w.A, permissions: ['system.account', 'system.role'] });
      expect((await w.s.call('queryAuditLog', {}, accounts.token)).code).toBe(ErrorCode.forbidden);
    });
    it('rejects an invalid payload', async () => {
      const r = await w.s.call('queryAuditLog', { from: 'yesterday', accountId: -1, length: 0 }, w.adminA);
      expect(issuesOf(r)).toEqual(expect.arrayContaining(['from', 'accountId', 'length']));
    });
  });

  describe('queryAccountAudit', () => {
    it('lists what an account did and what was done to it', async () => {
      await w.s.call('setAccountStatus', { userId: w.created, status: 0 }, w.adminA);
      const r = await w.s.call('queryAccountAudit', { userId: w.created }, w.adminA);
      expect(r.code).toBe(0);
      expect(r.data.dataList.map((e) => e.action)).toEqual(['setAccountStatus', 'createAccount']);
      const own = await w.s.call('queryAccountAudit', { userId: await idOf('operator'), length: 5 }, w.adminA);
      expect(own.data.dataList.some((e) => e.action === 'signIn' && e.outcome === 'failed')).toBe(true);
      expect(own.data.dataList.length).toBeLessThanOrEqual(5);
    });
    it('is denied without system.account', async () => {
      const none = await w.s.makeAccount({ orgId: w.A, permissions: ['homepage.index'] });
      expect((await w.s.call('queryAccountAudit', { userId: w.created }, none.token)).code).toBe(ErrorCode.forbidden);
    });
    it("answers notFound for another provider's account", async () => {
      expect((await w.s.call('queryAccountAudit', { userId: await idOf('pearlriver') }, w.adminA)).code).toBe(ErrorCode.notFound);
    });
    it('rejects an invalid payload', async () => {
      expect(issuesOf(await w.s.call('queryAccountAudit', { userId: w.created, length: 1000 }, w.adminA))).toContain('length');
    });
  });
});
