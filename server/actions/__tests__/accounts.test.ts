import { describe, expect, it } from 'vitest';
import { backends } from '../../test/harness';
import { accountsWorld, expectForbidden, expectInvalid, expectNotFound } from './accounts-fixture';

describe.each(backends())('accounts: list and detail (%s)', (backend) => {
  const w = accountsWorld(backend);
  /** The accounts `token` is shown with `filter`: the answer must be accepted. */
  const seen = async (filter: Record<string, unknown>, token: string) => {
    const r = await w.s.call('queryAccountList', filter, token);
    expect(r.code).toBe(0);
    return r.data;
  };

  describe('queryAccountList', () => {
    it('lists the accounts of the orgs in scope, narrowed by org, keyword and status', async () => {
      const all = await seen({ length: 1000 }, w.root);
      const names = all.dataList.map((a) => a.account);
      expect(names).toEqual(expect.arrayContaining(['admin', 'sunrise', 'pearlriver', 'operator', 'disabled']));
      expect(all.totalCount).toBe(all.dataList.length);

      const mine = await seen({ length: 1000 }, w.adminA);
      expect(mine.dataList.map((a) => a.account)).toEqual(expect.arrayContaining(['sunrise', 'operator']));
      expect(mine.dataList.every((a) => w.s.services.registry.providerOf(a.orgId) === w.A)).toBe(true);

      const kw = await seen({ keyword: 'OPERAT' }, w.adminA);
      expect(kw.dataList.map((a) => a.account)).toEqual(['operator']);
      const op = kw.dataList[0]!;
      expect(op).toMatchObject({ dataScope: 'stations', roleId: w.aOperatorRole, status: 1 });
      expect(op.scopeStationIds).toHaveLength(3);

      const disabled = await seen({ status: 0, orgId: w.B }, w.root);
      expect(disabled.dataList.map((a) => a.account)).toContain('disabled');
      expect(disabled.dataList.every((a) => a.status === 0)).toBe(true);

      const paged = await seen({ page: 2, length: 1 }, w.root);
      expect(paged.dataList).toHaveLength(1);
      expect(paged.totalCount).toBe(all.totalCount);

      const byRole = await seen({ roleId: w.aOperatorRole, length: 1000 }, w.adminA);
      expect(byRole.dataList.map((a) => a.account)).toContain('operator');
      expect(byRole.dataList.every((a) => a.roleId === w.aOperatorRole)).toBe(true);
      expect(byRole.dataList.every((a) => a.twoFactorEnrolled === false)).toBe(true);
      expect((await seen({ roleId: w.bRoleId }, w.adminA)).totalCount).toBe(0);
    });
    it('is denied without system.account', async () => {
      for (const token of [w.noAccount, w.operator]) expectForbidden(await w.s.call('queryAccountList', {}, token));
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
