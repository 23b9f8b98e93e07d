import { describe, expect, it } from 'vitest';
import { backends } from '../../test/harness';
import { accountsWorld, expectForbidden, expectInvalid, expectNotFound } from './accounts-fixture';

describe.each(backends())('accounts: list and detail (%s)', (backend) => {
  const w = accountsWorld(backend);

  describe('queryAccountList', () => {
    it('lists the accounts of the orgs in scope, narrowed by org, keyword and status', async () => {
      const all = await w.s.call('queryAccountList', { length: 1000 }, w.root);
      expect(all.code).toBe(0);
      const names = all.data.dataList.map((a) => a.account);
      expect(names).toEqual(expect.arrayContaining(['admin', 'sunrise', 'pearlriver', 'operator', 'disabled']));
      expect(all.data.totalCount).toBe(all.data.dataList.length);

      const mine = await w.s.call('queryAccountList', { length: 1000 }, w.adminA);
      expect(mine.code).toBe(0);
      expect(mine.data.dataList.map((a) => a.account)).toEqual(expect.arrayContaining(['sunrise', 'operator']));
      expect(mine.data.dataList.every((a) => w.s.services.registry.providerOf(a.orgId) === w.A)).toBe(true);

      const kw = await w.s.call('queryAccountList', { keyword: 'OPERAT' }, w.adminA);
      expect(kw.data.dataList.map((a) => a.account)).toEqual(['operator']);
      const op = kw.data.dataList[0]!;
      expect(op).toMatchObject({ dataScope: 'stations', roleId: w.aOperatorRole, status: 1 });
      expect(op.scopeStationIds).toHaveLength(3);

      const disabled = await w.s.call('queryAccountList', { status: 0, orgId: w.B }, w.root);
      expect(disabled.data.dataList.map((a) => a.account)).toContain('disabled');
      expect(disabled.data.dataList.every((a) => a.status === 0)).toBe(true);

      const paged = await w.s.call('queryAccountList', { page: 2, length: 1 }, w.root);
      expect(paged.data.dataList).toHaveLength(1);
      expect(paged.data.totalCount).toBe(all.data.totalCount);

      const byRole = await w.s.call('queryAccountList', { roleId: w.aOperatorRole, length: 1000 }, w.adminA);
      expect(byRole.data.dataList.map((a) => a.account)).toContain('operator');
      expect(byRole.data.dataList.every((a) => a.roleId === w.aOperatorRole)).toBe(true);
      expect(byRole.data.dataList.every((a) => a.twoFactorEnrolled === false)).toBe(true);
      expect((await w.s.call('queryAccountList', { roleId: w.bRoleId }, w.adminA)).data.totalCount).toBe(0);
    });
    it('is denied without system.account', async () => {
      expectForbidden(await w.s.call('queryAccountList', {}, w.noAccount));
      expectForbidden(await w.s.call('queryAccountList', {}, w.operator));
    });
    it("answers notFound for another provider's org", async () => {
      expectNotFound(await w.s.call('queryAccountList', { orgId: w.B }, w.adminA));
    });
    it('rejects an invalid payload', async () => {
      expectInvalid(await w.s.call('queryAccountList', { length: 0, roleId: 0 }, w.adminA), 'length', 'roleId');
    });
  });

  // ───────────────────────────── queryAccountById ─────────────────────────────
  describe('queryAccountById', () => {
    it('answers one account', async () => {
      const id = await w.idOf('operator');
      const r = await w.s.call('queryAccountById', { userId: id }, w.adminA);
      expect(r.code).toBe(0);
      expect(r.data).toMatchObject({ userId: id, account: 'operator', orgId: w.A, roleId: w.aOperatorRole, dataScope: 'stations', twoFactorEnrolled: false });
      expect(r.data.rolePermissions).toContain('homepage.index');
      expect(r.data.rolePermissions).not.toContain('system.account');
      expect(Date.parse(r.data.createdTime)).not.toBeNaN();
    });
    it('is denied without system.account', async () => {
      expectForbidden(await w.s.call('queryAccountById', { userId: w.bAdminId }, w.noAccount));
    });
    it('answers notFound for an account of another provider', async () => {
      expectNotFound(await w.s.call('queryAccountById', { userId: w.bAdminId }, w.adminA));
      expectNotFound(await w.s.call('queryAccountById', { userId: 99_999_999 }, w.adminA));
    });
    it('rejects an invalid payload', async () => {
      expectInvalid(await w.s.call('queryAccountById', { userId: -1 }, w.adminA), 'userId');
    });
  });

  // ───────────────────────────── createAccount ─────────────────────────────
});
