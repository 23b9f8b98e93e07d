import { describe, expect, it } from 'vitest';
import { backends, md5 } from '../../test/harness';
import { ErrorCode } from '../../../protocol/errors';
import { ROUTE_PERMISSIONS } from '../../../protocol/permissions';
import { accountsWorld, expectForbidden, expectInvalid, expectNotFound, issueAt, uniq } from './accounts-fixture';

describe.each(backends())('accounts: create, edit, disable, delete, password (%s)', (backend) => {
  const w = accountsWorld(backend);

  describe('createAccount', () => {
    it('creates an account with a station-scoped data permission that can sign in', async () => {
      const account = uniq('new');
      const r = await w.s.call(
        'createAccount',
        {
          orgId: w.custA,
          account,
          password: md5('Fresh@2026'),
          contact: 'Li Lei',
          mobile: '+8613955500001',
          email: `${account}@example.com`,
          roleId: w.aOperatorRole,
          dataScope: 'stations',
          scopeStationIds: [w.stationsOfCustA[0]!],
          notes: 'site team',
        },
        w.adminA,
      );
      expect(r.code, JSON.stringify(r.data)).toBe(0);
      const got = await w.s.call('queryAccountById', { userId: r.data.userId }, w.adminA);
      expect(got.data).toMatchObject({
        account,
        orgId: w.custA,
        roleId: w.aOperatorRole,
        status: 1,
        dataScope: 'stations',
        scopeStationIds: [w.stationsOfCustA[0]],
        notes: 'site team',
      });
      const t = await w.s.login(account, 'Fresh@2026');
      const stations = await w.s.call('queryStationInfoList', { length: 1000 }, t);
      expect(stations.data.dataList.map((x) => x.stationId)).toEqual([w.stationsOfCustA[0]]);
      const audit = await w
        .db()
        .query<{ action: string; detail: Record<string, unknown> }>('SELECT action, detail FROM audit_log WHERE target = $1', [`account:${r.data.userId}`]);
      expect(audit.map((a) => a.action)).toContain('createAccount');
      expect(JSON.stringify(audit)).not.toContain(md5('Fresh@2026'));
    });
    it('is denied without system.account.edit, and to the read-only operator', async () => {
      const body = { orgId: w.A, account: uniq('x'), password: md5('Fresh@2026'), roleId: w.aOperatorRole };
      expectForbidden(await w.s.call('createAccount', body, w.readOnlyAdmin));
      expectForbidden(await w.s.call('createAccount', body, w.operator));
    });
    it("a provider admin cannot create an account in another provider's org, nor with its role", async () => {
      const account = uniq('probe');
      expectNotFound(await w.s.call('createAccount', { orgId: w.B, account, password: md5('Fresh@2026'), roleId: w.bRoleId }, w.adminA));
      expectNotFound(await w.s.call('createAccount', { orgId: w.A, account, password: md5('Fresh@2026'), roleId: w.bRoleId }, w.adminA));
      expect(await w.db().query('SELECT 1 FROM accounts WHERE account = $1', [account])).toHaveLength(0);
    });
    it('rejects an invalid payload', async () => {
      const r = await w.s.call(
        'createAccount',
        { orgId: w.A, account: 'a', password: 'not-md5', roleId: w.aOperatorRole, mobile: 'abc', email: 'nope' },
        w.adminA,
      );
      expectInvalid(r, 'account', 'password', 'mobile', 'email');
    });
    it('checks the data permission: stations of the org and in scope, at least one', async () => {
      const base = { orgId: w.custA, password: md5('Fresh@2026'), roleId: w.aOperatorRole, dataScope: 'stations' };
      const other = await w.s.call('createAccount', { ...base, account: uniq('s'), scopeStationIds: [w.stationsOfCustA[0]!, w.stationOfB] }, w.adminA);
      expectInvalid(other, 'scopeStationIds.1');
      expect(issueAt(other, 'scopeStationIds.1')).toBe('stationScope');
      const wrongCustomer = await w.s.call(
        'createAccount',
        { ...base, orgId: w.custA2, account: uniq('s'), scopeStationIds: [w.stationsOfCustA[0]!] },
        w.adminA,
      );
      expect(issueAt(wrongCustomer, 'scopeStationIds.0')).toBe('stationScope');
      const none = await w.s.call('createAccount', { ...base, account: uniq('s'), scopeStationIds: [] }, w.adminA);
      expectInvalid(none, 'scopeStationIds');
    });
    it('refuses a role not usable in the org, and a role stronger than the caller', async () => {
      // The platform's built-in role is for platform accounts only.
      const r = await w.s.call('createAccount', { orgId: w.A, account: uniq('p'), password: md5('Fresh@2026'), roleId: w.platformRole }, w.root);
      expectInvalid(r, 'roleId');
      expect(issueAt(r, 'roleId')).toBe('roleNotUsable');
      // A customer's role cannot be given in a sibling customer.
      const custRole = await w.freshRole(w.adminA, w.custA, ['homepage.index']);
      expect(
        issueAt(await w.s.call('createAccount', { orgId: w.custA2, account: uniq('p'), password: md5('Fresh@2026'), roleId: custRole }, w.adminA), 'roleId'),
      ).toBe('roleNotUsable');
      // An account manager without tariff.edit cannot hand out the administrator role.
      const manager = await w.s.makeAccount({ orgId: w.A, permissions: ['system.account', 'system.account.edit'] });
      const up = await w.s.call('createAccount', { orgId: w.A, account: uniq('p'), password: md5('Fresh@2026'), roleId: w.aAdminRole }, manager.token);
      expectForbidden(up);
      // …nor a whole-provider data permission when it is itself limited to stations.
      const limited = await w.s.makeAccount({
        orgId: w.A,
        permissions: ['system.account', 'system.account.edit', ...ROUTE_PERMISSIONS],
        dataScope: 'stations',
        stationIds: [w.stationsOfCustA[0]!],
      });
      expectForbidden(
        await w.s.call('createAccount', { orgId: w.custA, account: uniq('p'), password: md5('Fresh@2026'), roleId: w.aOperatorRole }, limited.token),
      );
      const ok = await w.s.call(
        'createAccount',
        {
          orgId: w.custA,
          account: uniq('p'),
          password: md5('Fresh@2026'),
          roleId: w.aOperatorRole,
          dataScope: 'stations',
          scopeStationIds: [w.stationsOfCustA[0]!],
        },
        limited.token,
      );
      expect(ok.code).toBe(0);
    });
    it('keeps account name, mobile and e-mail unique', async () => {
      const base = { orgId: w.A, password: md5('Fresh@2026'), roleId: w.aOperatorRole };
      const name = await w.s.call('createAccount', { ...base, account: 'SUNRISE' }, w.adminA);
      expect(name.code).toBe(ErrorCode.conflict);
      expect(name.data).toEqual({ field: 'account' });
      const mobile = await w.s.call('createAccount', { ...base, account: uniq('m'), mobile: '+8613900000001' }, w.adminA);
      expect(mobile.data).toEqual({ field: 'mobile' });
      const email = await w.s.call('createAccount', { ...base, account: uniq('m'), email: 'Admin@Sunrise-Energy.example' }, w.adminA);
      expect(email.data).toEqual({ field: 'email' });
    });
  });

  // ───────────────────────────── updateAccount ─────────────────────────────
  describe('updateAccount', () => {
    it('changes only the fields sent; "" clears mobile', async () => {
      const { userId } = await w.create(w.adminA, w.custA, w.aOperatorRole, {
        mobile: '+8613955500002',
        dataScope: 'stations',
        scopeStationIds: [w.stationsOfCustA[0]!],
      });
      await w.s.call('setAccountStatus', { userId, status: 0 }, w.adminA);
      const r = await w.s.call('updateAccount', { userId, contact: 'Renamed', notes: 'moved desk' }, w.adminA);
      expect(r.code).toBe(0);
      const got = (await w.s.call('queryAccountById', { userId }, w.adminA)).data;
      expect(got).toMatchObject({
        contact: 'Renamed',
        notes: 'moved desk',
        status: 0,
        dataScope: 'stations',
        scopeStationIds: [w.stationsOfCustA[0]],
        mobile: '+8613955500002',
      });
      expect((await w.s.call('updateAccount', { userId, mobile: '', dataScope: 'org' }, w.adminA)).code).toBe(0);
      expect((await w.s.call('queryAccountById', { userId }, w.adminA)).data).toMatchObject({ mobile: null, dataScope: 'org', scopeStationIds: [] });
    });
    it('disabling through updateAccount ends its sessions at once', async () => {
      const { userId, account } = await w.create(w.adminA, w.A, w.aOperatorRole);
      const t = await w.s.login(account, 'Fresh@2026');
      expect((await w.s.call('updateAccount', { userId, status: 0 }, w.adminA)).code).toBe(0);
      expect((await w.s.call('queryProfile', {}, t)).status).toBe(401);
    });
    it('a role change applies to the next request of the signed-in account', async () => {
      const { userId, account } = await w.create(w.adminA, w.A, w.aOperatorRole);
      const t = await w.s.login(account, 'Fresh@2026');
      expectForbidden(await w.s.call('queryAccountList', {}, t));
      const withAccounts = await w.freshRole(w.adminA, w.A, ['system.account']);
      expect((await w.s.call('updateAccount', { userId, roleId: withAccounts }, w.adminA)).code).toBe(0);
      expect((await w.s.call('queryAccountList', {}, t)).code).toBe(0);
    });
    it('is denied without system.account.edit, and to the read-only operator', async () => {
      const id = await w.idOf('operator');
      expectForbidden(await w.s.call('updateAccount', { userId: id, contact: 'x' }, w.readOnlyAdmin));
      expectForbidden(await w.s.call('updateAccount', { userId: id, contact: 'x' }, w.operator));
    });
    it("answers notFound for another provider's account and changes nothing", async () => {
      expectNotFound(await w.s.call('updateAccount', { userId: w.bAdminId, contact: 'pwned' }, w.adminA));
      expect((await w.s.call('queryAccountById', { userId: w.bAdminId }, w.root)).data.contact).not.toBe('pwned');
    });
    it('rejects an invalid payload', async () => {
      const id = await w.idOf('operator');
      expectInvalid(await w.s.call('updateAccount', { userId: id, email: 'not-an-email', status: 3 }, w.adminA), 'email', 'status');
    });
    it("cannot disable oneself, nor reach past one's own permissions", async () => {
      const me = await w.idOf('sunrise');
      const self = await w.s.call('updateAccount', { userId: me, status: 0 }, w.adminA);
      expect(self.code).toBe(ErrorCode.conflict);
      expect(self.data).toEqual({ reason: 'self' });
      const manager = await w.s.makeAccount({ orgId: w.A, permissions: ['system.account', 'system.account.edit'] });
      // editing the provider administrator (stronger than the manager) is refused
      expectForbidden(await w.s.call('updateAccount', { userId: me, contact: 'x' }, manager.token));
      // as is promoting oneself to it
      expectForbidden(await w.s.call('updateAccount', { userId: manager.userId, roleId: w.aAdminRole }, manager.token));
    });
  });

  // ───────────────────────────── setAccountStatus ─────────────────────────────
  describe('setAccountStatus', () => {
    it('disabling an account ends all its sessions at once; enabling lets it in again', async () => {
      const { userId, account } = await w.create(w.adminA, w.A, w.aOperatorRole);
      const t1 = await w.s.login(account, 'Fresh@2026');
      const t2 = await w.s.login(account, 'Fresh@2026');
      expect((await w.s.call('queryProfile', {}, t1)).code).toBe(0);
      expect((await w.s.call('setAccountStatus', { userId, status: 0 }, w.adminA)).code).toBe(0);
      for (const t of [t1, t2]) {
        const r = await w.s.call('queryProfile', {}, t);
        expect(r.status).toBe(401);
        expect(r.code).toBe(ErrorCode.unauthenticated);
      }
      expect((await w.s.call('login', { account, password: md5('Fresh@2026') })).code).toBe(ErrorCode.accountDisabled);
      expect((await w.s.call('setAccountStatus', { userId, status: 1 }, w.adminA)).code).toBe(0);
      await w.s.login(account, 'Fresh@2026');
      // the old sessions were ended, not merely suspended
      expect((await w.s.call('queryProfile', {}, t1)).status).toBe(401);
    });
    it('is denied without system.account.edit, and to the read-only operator', async () => {
      const id = await w.idOf('operator');
      expectForbidden(await w.s.call('setAccountStatus', { userId: id, status: 0 }, w.readOnlyAdmin));
      expectForbidden(await w.s.call('setAccountStatus', { userId: id, status: 0 }, w.operator));
    });
    it("answers notFound for another provider's account", async () => {
      expectNotFound(await w.s.call('setAccountStatus', { userId: w.bAdminId, status: 0 }, w.adminA));
      await w.s.call('queryProfile', {}, w.adminB).then((r) => expect(r.code).toBe(0));
    });
    it('rejects an invalid payload', async () => {
      expectInvalid(await w.s.call('setAccountStatus', { userId: w.bAdminId, status: 2 }, w.adminA), 'status');
    });
    it('cannot disable oneself', async () => {
      const r = await w.s.call('setAccountStatus', { userId: await w.idOf('sunrise'), status: 0 }, w.adminA);
      expect(r.code).toBe(ErrorCode.conflict);
    });
  });

  // ───────────────────────────── deleteAccount ─────────────────────────────
  describe('deleteAccount', () => {
    it('deletes an account and its sessions', async () => {
      const { userId, account } = await w.create(w.adminA, w.custA, w.aOperatorRole);
      const t = await w.s.login(account, 'Fresh@2026');
      expect((await w.s.call('deleteAccount', { userId }, w.adminA)).code).toBe(0);
      expect((await w.s.call('queryProfile', {}, t)).status).toBe(401);
      expect(await w.db().query('SELECT 1 FROM sessions WHERE account_id = $1', [userId])).toHaveLength(0);
      expectNotFound(await w.s.call('queryAccountById', { userId }, w.adminA));
      expect((await w.s.call('login', { account, password: md5('Fresh@2026') })).code).toBe(ErrorCode.wrongCredentials);
    });
    it('is denied without system.account.edit, and to the read-only operator', async () => {
      const { userId } = await w.create(w.adminA, w.A, w.aOperatorRole);
      expectForbidden(await w.s.call('deleteAccount', { userId }, w.readOnlyAdmin));
      expectForbidden(await w.s.call('deleteAccount', { userId }, w.operator));
    });
    it("answers notFound for another provider's account", async () => {
      expectNotFound(await w.s.call('deleteAccount', { userId: w.bAdminId }, w.adminA));
      expect(await w.db().query('SELECT 1 FROM accounts WHERE id = $1', [w.bAdminId])).toHaveLength(1);
    });
    it('rejects an invalid payload', async () => {
      expectInvalid(await w.s.call('deleteAccount', {}, w.adminA), 'userId');
    });
    it('cannot delete oneself; an account with records is kept (disable it instead)', async () => {
      const self = await w.s.call('deleteAccount', { userId: await w.idOf('sunrise') }, w.adminA);
      expect(self.code).toBe(ErrorCode.conflict);
      expect(self.data).toEqual({ reason: 'self' });
      const { userId } = await w.create(w.adminA, w.A, w.aOperatorRole);
      const station = w.s.services.registry.stationsByProvider.get(w.A)![0]!;
      await w.db().query("INSERT INTO switch_records(station_id, at, operation, status, operator_id) VALUES ($1, now(), 'test', 1, $2)", [station, userId]);
      const kept = await w.s.call('deleteAccount', { userId }, w.adminA);
      expect(kept.code).toBe(ErrorCode.conflict);
      expect(kept.data).toEqual({ reason: 'hasRecords' });
    });
  });

  // ───────────────────────────── resetAccountPassword ─────────────────────────────
  describe('resetAccountPassword', () => {
    it("sets a sub-account's password and ends its sessions", async () => {
      const { userId, account } = await w.create(w.adminA, w.A, w.aOperatorRole);
      const t = await w.s.login(account, 'Fresh@2026');
      expect((await w.s.call('resetAccountPassword', { userId, password: md5('Changed@2026') }, w.adminA)).code).toBe(0);
      expect((await w.s.call('queryProfile', {}, t)).status).toBe(401);
      expect((await w.s.call('login', { account, password: md5('Fresh@2026') })).code).toBe(ErrorCode.wrongCredentials);
      await w.s.login(account, 'Changed@2026');
    });
    it('is denied without system.account.edit, and to the read-only operator', async () => {
      const id = await w.idOf('operator');
      expectForbidden(await w.s.call('resetAccountPassword', { userId: id, password: md5('x') }, w.readOnlyAdmin));
      expectForbidden(await w.s.call('resetAccountPassword', { userId: id, password: md5('x') }, w.operator));
    });
    it("answers notFound for another provider's account, which keeps its password", async () => {
      expectNotFound(await w.s.call('resetAccountPassword', { userId: w.bAdminId, password: md5('Taken@2026') }, w.adminA));
      await w.s.login('pearlriver', 'Pearl@2026');
    });
    it('rejects an invalid payload', async () => {
      expectInvalid(await w.s.call('resetAccountPassword', { userId: w.bAdminId, password: 'Plain@2026' }, w.adminA), 'password');
    });
    it("refuses one's own password (that takes the old one) and a stronger account's", async () => {
      expect((await w.s.call('resetAccountPassword', { userId: await w.idOf('sunrise'), password: md5('Own@20266') }, w.adminA)).code).toBe(ErrorCode.conflict);
      const manager = await w.s.makeAccount({ orgId: w.A, permissions: ['system.account', 'system.account.edit'] });
      expectForbidden(await w.s.call('resetAccountPassword', { userId: await w.idOf('sunrise'), password: md5('Taken@2026') }, manager.token));
    });
  });

  // ───────────────────────────── queryRoleList ─────────────────────────────
});
