import { describe, expect, it } from 'vitest';
import { backends, md5 } from '../../test/harness';
import { ErrorCode } from '../../../protocol/errors';
import { ALL_PERMISSIONS } from '../../../protocol/permissions';
import type { ActionName } from '../../../protocol/catalogue';
import { accountsWorld, expectForbidden, expectInvalid, expectNotFound, issueAt, uniq } from './accounts-fixture';

describe.each(backends())('roles and the permission catalogue (%s)', (backend) => {
  const w = accountsWorld(backend);

  describe('queryRoleList', () => {
    it('lists roles in scope, and the roles usable in one org', async () => {
      const mine = await w.s.call('queryRoleList', { length: 1000 }, w.adminA);
      expect(mine.code).toBe(0);
      const ids = mine.data.dataList.map((r) => r.roleId);
      expect(ids).toEqual(expect.arrayContaining([w.aAdminRole, w.aOperatorRole]));
      expect(ids).not.toContain(w.bRoleId);
      expect(ids).not.toContain(w.platformRole);
      const admin = mine.data.dataList.find((r) => r.roleId === w.aAdminRole)!;
      expect(admin).toMatchObject({ builtin: true, orgId: w.A });
      expect(admin.accountCount).toBeGreaterThanOrEqual(1);

      // For a customer: its own roles and its provider's, not a sibling's.
      const sibling = await w.freshRole(w.adminA, w.custA2, ['homepage.index']);
      const forCust = (await w.s.call('queryRoleList', { orgId: w.custA, length: 1000 }, w.adminA)).data.dataList.map((r) => r.roleId);
      expect(forCust).toEqual(expect.arrayContaining([w.aAdminRole, w.aOperatorRole]));
      expect(forCust).not.toContain(sibling);
      // The platform's built-in role is offered for platform accounts only.
      expect((await w.s.call('queryRoleList', { orgId: w.A, length: 1000 }, w.root)).data.dataList.map((r) => r.roleId)).not.toContain(w.platformRole);
      expect((await w.s.call('queryRoleList', { orgId: 1, length: 1000 }, w.root)).data.dataList.map((r) => r.roleId)).toContain(w.platformRole);
    });
    it('is denied without system.role or system.account', async () => {
      expectForbidden(await w.s.call('queryRoleList', {}, w.noAccount));
      expectForbidden(await w.s.call('queryRoleList', {}, w.operator));
    });
    it("answers notFound for another provider's org", async () => {
      expectNotFound(await w.s.call('queryRoleList', { orgId: w.B }, w.adminA));
    });
    it('rejects an invalid payload', async () => {
      expectInvalid(await w.s.call('queryRoleList', { page: 0 }, w.adminA), 'page');
    });
  });

  // ───────────────────────────── queryRoleById ─────────────────────────────
  describe('queryRoleById', () => {
    it('answers one role with its permissions', async () => {
      const r = await w.s.call('queryRoleById', { roleId: w.aOperatorRole }, w.adminA);
      expect(r.code).toBe(0);
      expect(r.data).toMatchObject({ roleId: w.aOperatorRole, orgId: w.A, builtin: false });
      expect(r.data.permissions).toContain('homepage.index');
      expect(r.data.permissions).not.toContain('system.account.edit');
    });
    it('is denied without system.role', async () => {
      expectForbidden(await w.s.call('queryRoleById', { roleId: w.aOperatorRole }, w.noAccount));
    });
    it("answers notFound for another provider's role", async () => {
      expectNotFound(await w.s.call('queryRoleById', { roleId: w.bRoleId }, w.adminA));
      expectNotFound(await w.s.call('queryRoleById', { roleId: w.platformRole }, w.adminA));
    });
    it('rejects an invalid payload', async () => {
      expectInvalid(await w.s.call('queryRoleById', { roleId: 'abc' }, w.adminA), 'roleId');
    });
  });

  // ───────────────────────────── saveRole ─────────────────────────────
  describe('saveRole', () => {
    it('creates a role in the own org by default and edits it', async () => {
      const name = uniq('Viewer ');
      const c = await w.s.call('saveRole', { name, permissions: ['monitorStation.list', 'homepage.index', 'homepage.index'], notes: 'night shift' }, w.adminA);
      expect(c.code).toBe(0);
      const got = (await w.s.call('queryRoleById', { roleId: c.data.roleId }, w.adminA)).data;
      expect(got).toMatchObject({
        name,
        orgId: w.A,
        permissions: ['homepage.index', 'monitorStation.list'],
        notes: 'night shift',
        builtin: false,
        accountCount: 0,
      });
      const e = await w.s.call('saveRole', { roleId: c.data.roleId, name: `${name} 2`, permissions: ['alarm.alarmList'] }, w.adminA);
      expect(e.code).toBe(0);
      expect((await w.s.call('queryRoleById', { roleId: c.data.roleId }, w.adminA)).data).toMatchObject({
        name: `${name} 2`,
        permissions: ['alarm.alarmList'],
        notes: 'night shift',
        requiresTwoFactor: false,
      });
      expect((await w.s.call('saveRole', { roleId: c.data.roleId, name, permissions: ['alarm.alarmList'], requiresTwoFactor: true }, w.adminA)).code).toBe(0);
      expect((await w.s.call('queryRoleById', { roleId: c.data.roleId }, w.adminA)).data.requiresTwoFactor).toBe(true);
      // absent keeps the setting
      expect((await w.s.call('saveRole', { roleId: c.data.roleId, name, permissions: ['alarm.alarmList'] }, w.adminA)).code).toBe(0);
      expect((await w.s.call('queryRoleById', { roleId: c.data.roleId }, w.adminA)).data.requiresTwoFactor).toBe(true);
    });
    it('a role permission change takes effect on the next request of a signed-in holder', async () => {
      const roleId = await w.freshRole(w.adminA, w.A, ['system.account']);
      const { account } = await w.create(w.adminA, w.A, roleId);
      const t = await w.s.login(account, 'Fresh@2026');
      expect((await w.s.call('queryAccountList', {}, t)).code).toBe(0);
      expect((await w.s.call('saveRole', { roleId, name: uniq('r'), permissions: ['homepage.index'] }, w.adminA)).code).toBe(0);
      expectForbidden(await w.s.call('queryAccountList', {}, t));
      expect((await w.s.call('saveRole', { roleId, name: uniq('r'), permissions: ['system.account'] }, w.adminA)).code).toBe(0);
      expect((await w.s.call('queryAccountList', {}, t)).code).toBe(0);
    });
    it('is denied without system.role.edit, and to the read-only operator', async () => {
      expectForbidden(await w.s.call('saveRole', { name: uniq('r'), permissions: [] }, w.readOnlyAdmin));
      expectForbidden(await w.s.call('saveRole', { name: uniq('r'), permissions: [] }, w.operator));
    });
    it("answers notFound for another provider's role or org", async () => {
      expectNotFound(await w.s.call('saveRole', { roleId: w.bRoleId, name: 'Provider administrator', permissions: ['homepage.index'] }, w.adminA));
      expectNotFound(await w.s.call('saveRole', { orgId: w.B, name: uniq('r'), permissions: ['homepage.index'] }, w.adminA));
      expect((await w.s.call('queryRoleById', { roleId: w.bRoleId }, w.root)).data.permissions).toContain('system.role.edit');
    });
    it('rejects an invalid payload, unknown permission keys included', async () => {
      const r = await w.s.call('saveRole', { name: '  ', permissions: ['homepage.index', 'root.everything'] }, w.adminA);
      expectInvalid(r, 'name', 'permissions.1');
      expect(issueAt(r, 'permissions.1')).toBe('unknownPermission');
    });
    it('cannot grant a permission one lacks', async () => {
      const editor = await w.s.makeAccount({ orgId: w.A, permissions: ['system.role', 'system.role.edit', 'homepage.index'] });
      const r = await w.s.call('saveRole', { name: uniq('r'), permissions: ['homepage.index', 'tariff.edit'] }, editor.token);
      expectForbidden(r);
      expect(r.data).toEqual({ missing: ['tariff.edit'] });
      // nor edit a role stronger than oneself
      expectForbidden(await w.s.call('saveRole', { roleId: w.aAdminRole, name: 'Provider administrator', permissions: ['homepage.index'] }, editor.token));
      expect((await w.s.call('saveRole', { name: uniq('r'), permissions: ['homepage.index'] }, editor.token)).code).toBe(0);
    });
    it('built-in roles cannot be renamed; names are unique per org', async () => {
      const r = await w.s.call('saveRole', { roleId: w.aAdminRole, name: 'Boss', permissions: [...ALL_PERMISSIONS] }, w.adminA);
      expect(r.code).toBe(ErrorCode.conflict);
      const dup = await w.s.call('saveRole', { name: 'provider ADMINISTRATOR', permissions: [] }, w.adminA);
      expect(dup.code).toBe(ErrorCode.conflict);
      expect(dup.data).toEqual({ field: 'name' });
    });
  });

  // ───────────────────────────── deleteRole ─────────────────────────────
  describe('deleteRole', () => {
    it('deletes an unused role', async () => {
      const roleId = await w.freshRole(w.adminA, w.A, ['homepage.index']);
      expect((await w.s.call('deleteRole', { roleId }, w.adminA)).code).toBe(0);
      expectNotFound(await w.s.call('queryRoleById', { roleId }, w.adminA));
    });
    it('refuses a role in use (with its account count) and a built-in role', async () => {
      const roleId = await w.freshRole(w.adminA, w.A, ['homepage.index']);
      await w.create(w.adminA, w.A, roleId);
      await w.create(w.adminA, w.custA, roleId);
      const used = await w.s.call('deleteRole', { roleId }, w.adminA);
      expect(used.code).toBe(ErrorCode.conflict);
      expect(used.data).toEqual({ reason: 'inUse', accountCount: 2 });
      const builtin = await w.s.call('deleteRole', { roleId: w.aAdminRole }, w.adminA);
      expect(builtin.code).toBe(ErrorCode.conflict);
      expect(builtin.data).toEqual({ reason: 'builtin' });
    });
    it('is denied without system.role.edit, and to the read-only operator', async () => {
      const roleId = await w.freshRole(w.adminA, w.A, ['homepage.index']);
      expectForbidden(await w.s.call('deleteRole', { roleId }, w.readOnlyAdmin));
      expectForbidden(await w.s.call('deleteRole', { roleId }, w.operator));
    });
    it("answers notFound for another provider's role", async () => {
      const roleId = await w.freshRole(w.adminB, w.B, ['homepage.index']);
      expectNotFound(await w.s.call('deleteRole', { roleId }, w.adminA));
      expect((await w.s.call('queryRoleById', { roleId }, w.adminB)).code).toBe(0);
    });
    it('rejects an invalid payload', async () => {
      expectInvalid(await w.s.call('deleteRole', { roleId: 0 }, w.adminA), 'roleId');
    });
  });

  // ───────────────────────────── queryPermissionCatalogue ─────────────────────────────
  describe('queryPermissionCatalogue', () => {
    it('groups every permission key by menu area, each exactly once', async () => {
      const r = await w.s.call('queryPermissionCatalogue', {}, w.adminA);
      expect(r.code).toBe(0);
      expect(r.data.groups.map((g) => g.group)).toEqual(['home', 'monitoring', 'tariff', 'operationMode', 'analytics', 'operations', 'alarm', 'system']);
      const keys = r.data.groups.flatMap((g) => g.permissions);
      expect([...keys].sort()).toEqual([...ALL_PERMISSIONS].sort());
      expect(r.data.groups.find((g) => g.group === 'tariff')!.permissions).toContain('tariff.edit');
      const editor = await w.s.makeAccount({ orgId: w.A, permissions: ['system.role', 'homepage.index'] });
      const mine = await w.s.call('queryPermissionCatalogue', { grantableOnly: true }, editor.token);
      expect(mine.data.groups).toEqual([
        { group: 'home', permissions: ['homepage.index'], grantable: ['homepage.index'] },
        { group: 'system', permissions: ['system.role'], grantable: ['system.role'] },
      ]);
    });
    it('says per group which permissions the caller may grant', async () => {
      const editor = await w.s.makeAccount({ orgId: w.A, permissions: ['system.role', 'system.role.edit', 'tariff.edit'] });
      const r = await w.s.call('queryPermissionCatalogue', {}, editor.token);
      const tariff = r.data.groups.find((g) => g.group === 'tariff')!;
      expect(tariff.grantable).toEqual(['tariff.edit']);
      expect(tariff.permissions).toContain('electricityPriceManagement.electricityPriceManagement');
      expect(r.data.groups.find((g) => g.group === 'system')!.grantable).toEqual(['system.role', 'system.role.edit']);
      expect(r.data.groups.find((g) => g.group === 'system')!.permissions).toContain('system.audit');
      expect(r.data.groups.find((g) => g.group === 'home')!.grantable).toEqual([]);
    });
    it('is denied without system.role or system.account', async () => {
      expectForbidden(await w.s.call('queryPermissionCatalogue', {}, w.noAccount));
      expectForbidden(await w.s.call('queryPermissionCatalogue', {}, w.operator));
    });
    it('carries no tenant data: the same catalogue for every provider', async () => {
      const a = await w.s.call('queryPermissionCatalogue', {}, w.adminA);
      const b = await w.s.call('queryPermissionCatalogue', {}, w.adminB);
      expect(a.data).toEqual(b.data);
      expect(JSON.stringify(a.data)).not.toMatch(/\d{2,}/);
    });
    it('rejects an invalid payload', async () => {
      expectInvalid(await w.s.call('queryPermissionCatalogue', { grantableOnly: 'yes' }, w.adminA), 'grantableOnly');
    });
  });

  // ───────────────────────────── the read-only operator ─────────────────────────────
  it('the read-only operator cannot call any write action here', async () => {
    const writes: [ActionName, Record<string, unknown>][] = [
      ['createAccount', { orgId: w.A, account: uniq('op'), password: md5('Fresh@2026'), roleId: w.aOperatorRole }],
      ['updateAccount', { userId: await w.idOf('operator'), contact: 'x' }],
      ['setAccountStatus', { userId: await w.idOf('sunrise'), status: 0 }],
      ['deleteAccount', { userId: await w.idOf('sunrise') }],
      ['resetAccountPassword', { userId: await w.idOf('sunrise'), password: md5('x') }],
      ['saveRole', { name: uniq('r'), permissions: ['homepage.index'] }],
      ['deleteRole', { roleId: w.aOperatorRole }],
    ];
    const before = await w.db().query('SELECT count(*)::int AS n FROM audit_log');
    for (const [name, payload] of writes) expectForbidden(await w.s.call(name, payload, w.operator));
    expect(await w.db().query('SELECT count(*)::int AS n FROM audit_log')).toEqual(before);
    await w.s.login('sunrise', 'Sunrise@2026');
  });
});
