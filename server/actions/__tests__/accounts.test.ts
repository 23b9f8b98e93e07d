import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, md5, startTestServer, type Answer, type TestServer } from '../../test/harness';
import { ErrorCode } from '../../../protocol/errors';
import { ALL_PERMISSIONS, ROUTE_PERMISSIONS } from '../../../protocol/permissions';
import type { ActionName } from '../../../protocol/catalogue';

const paths = (r: Answer<unknown>) => (r.data as { issues: { path: string; issue: string }[] }).issues.map((i) => i.path);
const issueAt = (r: Answer<unknown>, path: string) => (r.data as { issues: { path: string; issue: string }[] }).issues.find((i) => i.path === path)?.issue;
const expectInvalid = (r: Answer<unknown>, ...fields: string[]) => {
  expect(r.code).toBe(ErrorCode.validationFailed);
  expect(paths(r)).toEqual(expect.arrayContaining(fields));
};
const expectNotFound = (r: Answer<unknown>) => {
  expect(r.code).toBe(ErrorCode.notFound);
  expect(r.data).toBeNull();
};
const expectForbidden = (r: Answer<unknown>) => {
  expect(r.code).toBe(ErrorCode.forbidden);
  expect(r.status).toBe(403);
};

let seq = 0;
const uniq = (p: string) => `${p}${Date.now().toString(36)}${(seq++).toString(36)}`;

describe.each(backends())('accounts and roles (%s)', (backend) => {
  let s: TestServer;
  let root: string; // platform admin
  let adminA: string; // provider A administrator
  let adminB: string;
  let operator: string; // read-only, provider A, three stations
  let A: number;
  let B: number;
  let custA: number; // a customer of A that has stations
  let custA2: number; // another customer of A
  let stationsOfCustA: number[];
  let stationOfB: number;
  let bAdminId: number; // account of provider B
  let bRoleId: number; // role of provider B
  let aOperatorRole: number; // A's read-only operator role
  let aAdminRole: number; // A's built-in administrator role
  let platformRole: number; // the platform's built-in role
  let noAccount: string; // token without system.account / system.role
  let readOnlyAdmin: string; // token with system.account + system.role but no .edit keys

  const db = () => s.services.db;
  const idOf = async (account: string) => (await db().query<{ id: number }>('SELECT id FROM accounts WHERE account = $1', [account]))[0]!.id;

  /** A fresh account in `orgId` created through the API by `token`; returns its id and login name. */
  const create = async (token: string, orgId: number, roleId: number, extra: Record<string, unknown> = {}) => {
    const account = uniq('u');
    const r = await s.call('createAccount', { orgId, account, password: md5('Fresh@2026'), contact: 'Fresh', roleId, ...extra }, token);
    expect(r.code, JSON.stringify(r.data)).toBe(0);
    return { userId: r.data.userId, account };
  };
  const freshRole = async (token: string, orgId: number, permissions: string[]) => {
    const r = await s.call('saveRole', { orgId, name: uniq('role'), permissions }, token);
    expect(r.code, JSON.stringify(r.data)).toBe(0);
    return r.data.roleId;
  };

  beforeAll(async () => {
    s = await startTestServer(backend);
    const f = await s.fixtures();
    [A, B] = f.providers as [number, number];
    root = await s.login('admin', 'Admin@2026');
    adminA = await s.login('sunrise', 'Sunrise@2026');
    adminB = await s.login('pearlriver', 'Pearl@2026');
    operator = await s.login('operator', 'Operator@2026');
    const reg = s.services.registry;
    const aStations = f.stationOf.get(A)!.map((id) => reg.stations.get(id)!);
    custA = aStations[0]!.customerId;
    stationsOfCustA = aStations.filter((x) => x.customerId === custA).map((x) => x.id);
    custA2 = [...reg.orgs.values()].find((o) => o.orgType === 3 && o.parentId === A && o.id !== custA)!.id;
    stationOfB = f.stationOf.get(B)![0]!;
    bAdminId = await idOf('pearlriver');
    const roleOf = async (account: string) => (await db().query<{ role_id: number }>('SELECT role_id FROM accounts WHERE account = $1', [account]))[0]!.role_id;
    bRoleId = await roleOf('pearlriver');
    aAdminRole = await roleOf('sunrise');
    aOperatorRole = await roleOf('operator');
    platformRole = await roleOf('admin');
    noAccount = (await s.makeAccount({ orgId: A, permissions: ['homepage.index'] })).token;
    readOnlyAdmin = (await s.makeAccount({ orgId: A, permissions: ['system.account', 'system.role'] })).token;
  });
  afterAll(() => s.close());

  // ───────────────────────────── queryAccountList ─────────────────────────────
  describe('queryAccountList', () => {
    it('lists the accounts of the orgs in scope, narrowed by org, keyword and status', async () => {
      const all = await s.call('queryAccountList', { length: 1000 }, root);
      expect(all.code).toBe(0);
      const names = all.data.dataList.map((a) => a.account);
      expect(names).toEqual(expect.arrayContaining(['admin', 'sunrise', 'pearlriver', 'operator', 'disabled']));
      expect(all.data.totalCount).toBe(all.data.dataList.length);

      const mine = await s.call('queryAccountList', { length: 1000 }, adminA);
      expect(mine.code).toBe(0);
      expect(mine.data.dataList.map((a) => a.account)).toEqual(expect.arrayContaining(['sunrise', 'operator']));
      expect(mine.data.dataList.every((a) => s.services.registry.providerOf(a.orgId) === A)).toBe(true);

      const kw = await s.call('queryAccountList', { keyword: 'OPERAT' }, adminA);
      expect(kw.data.dataList.map((a) => a.account)).toEqual(['operator']);
      const op = kw.data.dataList[0]!;
      expect(op).toMatchObject({ dataScope: 'stations', roleId: aOperatorRole, status: 1 });
      expect(op.scopeStationIds).toHaveLength(3);

      const disabled = await s.call('queryAccountList', { status: 0, orgId: B }, root);
      expect(disabled.data.dataList.map((a) => a.account)).toContain('disabled');
      expect(disabled.data.dataList.every((a) => a.status === 0)).toBe(true);

      const paged = await s.call('queryAccountList', { page: 2, length: 1 }, root);
      expect(paged.data.dataList).toHaveLength(1);
      expect(paged.data.totalCount).toBe(all.data.totalCount);

      const byRole = await s.call('queryAccountList', { roleId: aOperatorRole, length: 1000 }, adminA);
      expect(byRole.data.dataList.map((a) => a.account)).toContain('operator');
      expect(byRole.data.dataList.every((a) => a.roleId === aOperatorRole)).toBe(true);
      expect(byRole.data.dataList.every((a) => a.twoFactorEnrolled === false)).toBe(true);
      expect((await s.call('queryAccountList', { roleId: bRoleId }, adminA)).data.totalCount).toBe(0);
    });
    it('is denied without system.account', async () => {
      expectForbidden(await s.call('queryAccountList', {}, noAccount));
      expectForbidden(await s.call('queryAccountList', {}, operator));
    });
    it("answers notFound for another provider's org", async () => {
      expectNotFound(await s.call('queryAccountList', { orgId: B }, adminA));
    });
    it('rejects an invalid payload', async () => {
      expectInvalid(await s.call('queryAccountList', { length: 0, roleId: 0 }, adminA), 'length', 'roleId');
    });
  });

  // ───────────────────────────── queryAccountById ─────────────────────────────
  describe('queryAccountById', () => {
    it('answers one account', async () => {
      const id = await idOf('operator');
      const r = await s.call('queryAccountById', { userId: id }, adminA);
      expect(r.code).toBe(0);
      expect(r.data).toMatchObject({ userId: id, account: 'operator', orgId: A, roleId: aOperatorRole, dataScope: 'stations', twoFactorEnrolled: false });
      expect(r.data.rolePermissions).toContain('homepage.index');
      expect(r.data.rolePermissions).not.toContain('system.account');
      expect(Date.parse(r.data.createdTime)).not.toBeNaN();
    });
    it('is denied without system.account', async () => {
      expectForbidden(await s.call('queryAccountById', { userId: bAdminId }, noAccount));
    });
    it("answers notFound for an account of another provider", async () => {
      expectNotFound(await s.call('queryAccountById', { userId: bAdminId }, adminA));
      expectNotFound(await s.call('queryAccountById', { userId: 99_999_999 }, adminA));
    });
    it('rejects an invalid payload', async () => {
      expectInvalid(await s.call('queryAccountById', { userId: -1 }, adminA), 'userId');
    });
  });

  // ───────────────────────────── createAccount ─────────────────────────────
  describe('createAccount', () => {
    it('creates an account with a station-scoped data permission that can sign in', async () => {
      const account = uniq('new');
      const r = await s.call('createAccount', {
        orgId: custA, account, password: md5('Fresh@2026'), contact: 'Li Lei', mobile: '+8613955500001', email: `${account}@example.com`,
        roleId: aOperatorRole, dataScope: 'stations', scopeStationIds: [stationsOfCustA[0]!], notes: 'site team',
      }, adminA);
      expect(r.code, JSON.stringify(r.data)).toBe(0);
      const got = await s.call('queryAccountById', { userId: r.data.userId }, adminA);
      expect(got.data).toMatchObject({ account, orgId: custA, roleId: aOperatorRole, status: 1, dataScope: 'stations', scopeStationIds: [stationsOfCustA[0]], notes: 'site team' });
      const t = await s.login(account, 'Fresh@2026');
      const stations = await s.call('queryStationInfoList', { length: 1000 }, t);
      expect(stations.data.dataList.map((x) => x.stationId)).toEqual([stationsOfCustA[0]]);
      const audit = await db().query<{ action: string; detail: Record<string, unknown> }>("SELECT action, detail FROM audit_log WHERE target = $1", [`account:${r.data.userId}`]);
      expect(audit.map((a) => a.action)).toContain('createAccount');
      expect(JSON.stringify(audit)).not.toContain(md5('Fresh@2026'));
    });
    it('is denied without system.account.edit, and to the read-only operator', async () => {
      const body = { orgId: A, account: uniq('x'), password: md5('Fresh@2026'), roleId: aOperatorRole };
      expectForbidden(await s.call('createAccount', body, readOnlyAdmin));
      expectForbidden(await s.call('createAccount', body, operator));
    });
    it("a provider admin cannot create an account in another provider's org, nor with its role", async () => {
      const account = uniq('probe');
      expectNotFound(await s.call('createAccount', { orgId: B, account, password: md5('Fresh@2026'), roleId: bRoleId }, adminA));
      expectNotFound(await s.call('createAccount', { orgId: A, account, password: md5('Fresh@2026'), roleId: bRoleId }, adminA));
      expect(await db().query('SELECT 1 FROM accounts WHERE account = $1', [account])).toHaveLength(0);
    });
    it('rejects an invalid payload', async () => {
      const r = await s.call('createAccount', { orgId: A, account: 'a', password: 'not-md5', roleId: aOperatorRole, mobile: 'abc', email: 'nope' }, adminA);
      expectInvalid(r, 'account', 'password', 'mobile', 'email');
    });
    it('checks the data permission: stations of the org and in scope, at least one', async () => {
      const base = { orgId: custA, password: md5('Fresh@2026'), roleId: aOperatorRole, dataScope: 'stations' };
      const other = await s.call('createAccount', { ...base, account: uniq('s'), scopeStationIds: [stationsOfCustA[0]!, stationOfB] }, adminA);
      expectInvalid(other, 'scopeStationIds.1');
      expect(issueAt(other, 'scopeStationIds.1')).toBe('stationScope');
      const wrongCustomer = await s.call('createAccount', { ...base, orgId: custA2, account: uniq('s'), scopeStationIds: [stationsOfCustA[0]!] }, adminA);
      expect(issueAt(wrongCustomer, 'scopeStationIds.0')).toBe('stationScope');
      const none = await s.call('createAccount', { ...base, account: uniq('s'), scopeStationIds: [] }, adminA);
      expectInvalid(none, 'scopeStationIds');
    });
    it('refuses a role not usable in the org, and a role stronger than the caller', async () => {
      // The platform's built-in role is for platform accounts only.
      const r = await s.call('createAccount', { orgId: A, account: uniq('p'), password: md5('Fresh@2026'), roleId: platformRole }, root);
      expectInvalid(r, 'roleId');
      expect(issueAt(r, 'roleId')).toBe('roleNotUsable');
      // A customer's role cannot be given in a sibling customer.
      const custRole = await freshRole(adminA, custA, ['homepage.index']);
      expect(issueAt(await s.call('createAccount', { orgId: custA2, account: uniq('p'), password: md5('Fresh@2026'), roleId: custRole }, adminA), 'roleId')).toBe('roleNotUsable');
      // An account manager without tariff.edit cannot hand out the administrator role.
      const manager = await s.makeAccount({ orgId: A, permissions: ['system.account', 'system.account.edit'] });
      const up = await s.call('createAccount', { orgId: A, account: uniq('p'), password: md5('Fresh@2026'), roleId: aAdminRole }, manager.token);
      expectForbidden(up);
      // …nor a whole-provider data permission when it is itself limited to stations.
      const limited = await s.makeAccount({ orgId: A, permissions: ['system.account', 'system.account.edit', ...ROUTE_PERMISSIONS], dataScope: 'stations', stationIds: [stationsOfCustA[0]!] });
      expectForbidden(await s.call('createAccount', { orgId: custA, account: uniq('p'), password: md5('Fresh@2026'), roleId: aOperatorRole }, limited.token));
      const ok = await s.call('createAccount', { orgId: custA, account: uniq('p'), password: md5('Fresh@2026'), roleId: aOperatorRole, dataScope: 'stations', scopeStationIds: [stationsOfCustA[0]!] }, limited.token);
      expect(ok.code).toBe(0);
    });
    it('keeps account name, mobile and e-mail unique', async () => {
      const base = { orgId: A, password: md5('Fresh@2026'), roleId: aOperatorRole };
      const name = await s.call('createAccount', { ...base, account: 'SUNRISE' }, adminA);
      expect(name.code).toBe(ErrorCode.conflict);
      expect(name.data).toEqual({ field: 'account' });
      const mobile = await s.call('createAccount', { ...base, account: uniq('m'), mobile: '+8613900000001' }, adminA);
      expect(mobile.data).toEqual({ field: 'mobile' });
      const email = await s.call('createAccount', { ...base, account: uniq('m'), email: 'Admin@Sunrise-Energy.example' }, adminA);
      expect(email.data).toEqual({ field: 'email' });
    });
  });

  // ───────────────────────────── updateAccount ─────────────────────────────
  describe('updateAccount', () => {
    it('changes only the fields sent; "" clears mobile', async () => {
      const { userId } = await create(adminA, custA, aOperatorRole, { mobile: '+8613955500002', dataScope: 'stations', scopeStationIds: [stationsOfCustA[0]!] });
      await s.call('setAccountStatus', { userId, status: 0 }, adminA);
      const r = await s.call('updateAccount', { userId, contact: 'Renamed', notes: 'moved desk' }, adminA);
      expect(r.code).toBe(0);
      const got = (await s.call('queryAccountById', { userId }, adminA)).data;
      expect(got).toMatchObject({ contact: 'Renamed', notes: 'moved desk', status: 0, dataScope: 'stations', scopeStationIds: [stationsOfCustA[0]], mobile: '+8613955500002' });
      expect((await s.call('updateAccount', { userId, mobile: '', dataScope: 'org' }, adminA)).code).toBe(0);
      expect((await s.call('queryAccountById', { userId }, adminA)).data).toMatchObject({ mobile: null, dataScope: 'org', scopeStationIds: [] });
    });
    it('disabling through updateAccount ends its sessions at once', async () => {
      const { userId, account } = await create(adminA, A, aOperatorRole);
      const t = await s.login(account, 'Fresh@2026');
      expect((await s.call('updateAccount', { userId, status: 0 }, adminA)).code).toBe(0);
      expect((await s.call('queryProfile', {}, t)).status).toBe(401);
    });
    it('a role change applies to the next request of the signed-in account', async () => {
      const { userId, account } = await create(adminA, A, aOperatorRole);
      const t = await s.login(account, 'Fresh@2026');
      expectForbidden(await s.call('queryAccountList', {}, t));
      const withAccounts = await freshRole(adminA, A, ['system.account']);
      expect((await s.call('updateAccount', { userId, roleId: withAccounts }, adminA)).code).toBe(0);
      expect((await s.call('queryAccountList', {}, t)).code).toBe(0);
    });
    it('is denied without system.account.edit, and to the read-only operator', async () => {
      const id = await idOf('operator');
      expectForbidden(await s.call('updateAccount', { userId: id, contact: 'x' }, readOnlyAdmin));
      expectForbidden(await s.call('updateAccount', { userId: id, contact: 'x' }, operator));
    });
    it("answers notFound for another provider's account and changes nothing", async () => {
      expectNotFound(await s.call('updateAccount', { userId: bAdminId, contact: 'pwned' }, adminA));
      expect((await s.call('queryAccountById', { userId: bAdminId }, root)).data.contact).not.toBe('pwned');
    });
    it('rejects an invalid payload', async () => {
      const id = await idOf('operator');
      expectInvalid(await s.call('updateAccount', { userId: id, email: 'not-an-email', status: 3 }, adminA), 'email', 'status');
    });
    it('cannot disable oneself, nor reach past one\'s own permissions', async () => {
      const me = await idOf('sunrise');
      const self = await s.call('updateAccount', { userId: me, status: 0 }, adminA);
      expect(self.code).toBe(ErrorCode.conflict);
      expect(self.data).toEqual({ reason: 'self' });
      const manager = await s.makeAccount({ orgId: A, permissions: ['system.account', 'system.account.edit'] });
      // editing the provider administrator (stronger than the manager) is refused
      expectForbidden(await s.call('updateAccount', { userId: me, contact: 'x' }, manager.token));
      // as is promoting oneself to it
      expectForbidden(await s.call('updateAccount', { userId: manager.userId, roleId: aAdminRole }, manager.token));
    });
  });

  // ───────────────────────────── setAccountStatus ─────────────────────────────
  describe('setAccountStatus', () => {
    it('disabling an account ends all its sessions at once; enabling lets it in again', async () => {
      const { userId, account } = await create(adminA, A, aOperatorRole);
      const t1 = await s.login(account, 'Fresh@2026');
      const t2 = await s.login(account, 'Fresh@2026');
      expect((await s.call('queryProfile', {}, t1)).code).toBe(0);
      expect((await s.call('setAccountStatus', { userId, status: 0 }, adminA)).code).toBe(0);
      for (const t of [t1, t2]) {
        const r = await s.call('queryProfile', {}, t);
        expect(r.status).toBe(401);
        expect(r.code).toBe(ErrorCode.unauthenticated);
      }
      expect((await s.call('login', { account, password: md5('Fresh@2026') })).code).toBe(ErrorCode.accountDisabled);
      expect((await s.call('setAccountStatus', { userId, status: 1 }, adminA)).code).toBe(0);
      await s.login(account, 'Fresh@2026');
      // the old sessions were ended, not merely suspended
      expect((await s.call('queryProfile', {}, t1)).status).toBe(401);
    });
    it('is denied without system.account.edit, and to the read-only operator', async () => {
      const id = await idOf('operator');
      expectForbidden(await s.call('setAccountStatus', { userId: id, status: 0 }, readOnlyAdmin));
      expectForbidden(await s.call('setAccountStatus', { userId: id, status: 0 }, operator));
    });
    it("answers notFound for another provider's account", async () => {
      expectNotFound(await s.call('setAccountStatus', { userId: bAdminId, status: 0 }, adminA));
      await s.call('queryProfile', {}, adminB).then((r) => expect(r.code).toBe(0));
    });
    it('rejects an invalid payload', async () => {
      expectInvalid(await s.call('setAccountStatus', { userId: bAdminId, status: 2 }, adminA), 'status');
    });
    it('cannot disable oneself', async () => {
      const r = await s.call('setAccountStatus', { userId: await idOf('sunrise'), status: 0 }, adminA);
      expect(r.code).toBe(ErrorCode.conflict);
    });
  });

  // ───────────────────────────── deleteAccount ─────────────────────────────
  describe('deleteAccount', () => {
    it('deletes an account and its sessions', async () => {
      const { userId, account } = await create(adminA, custA, aOperatorRole);
      const t = await s.login(account, 'Fresh@2026');
      expect((await s.call('deleteAccount', { userId }, adminA)).code).toBe(0);
      expect((await s.call('queryProfile', {}, t)).status).toBe(401);
      expect(await db().query('SELECT 1 FROM sessions WHERE account_id = $1', [userId])).toHaveLength(0);
      expectNotFound(await s.call('queryAccountById', { userId }, adminA));
      expect((await s.call('login', { account, password: md5('Fresh@2026') })).code).toBe(ErrorCode.wrongCredentials);
    });
    it('is denied without system.account.edit, and to the read-only operator', async () => {
      const { userId } = await create(adminA, A, aOperatorRole);
      expectForbidden(await s.call('deleteAccount', { userId }, readOnlyAdmin));
      expectForbidden(await s.call('deleteAccount', { userId }, operator));
    });
    it("answers notFound for another provider's account", async () => {
      expectNotFound(await s.call('deleteAccount', { userId: bAdminId }, adminA));
      expect(await db().query('SELECT 1 FROM accounts WHERE id = $1', [bAdminId])).toHaveLength(1);
    });
    it('rejects an invalid payload', async () => {
      expectInvalid(await s.call('deleteAccount', {}, adminA), 'userId');
    });
    it('cannot delete oneself; an account with records is kept (disable it instead)', async () => {
      const self = await s.call('deleteAccount', { userId: await idOf('sunrise') }, adminA);
      expect(self.code).toBe(ErrorCode.conflict);
      expect(self.data).toEqual({ reason: 'self' });
      const { userId } = await create(adminA, A, aOperatorRole);
      const station = s.services.registry.stationsByProvider.get(A)![0]!;
      await db().query("INSERT INTO switch_records(station_id, at, operation, status, operator_id) VALUES ($1, now(), 'test', 1, $2)", [station, userId]);
      const kept = await s.call('deleteAccount', { userId }, adminA);
      expect(kept.code).toBe(ErrorCode.conflict);
      expect(kept.data).toEqual({ reason: 'hasRecords' });
    });
  });

  // ───────────────────────────── resetAccountPassword ─────────────────────────────
  describe('resetAccountPassword', () => {
    it("sets a sub-account's password and ends its sessions", async () => {
      const { userId, account } = await create(adminA, A, aOperatorRole);
      const t = await s.login(account, 'Fresh@2026');
      expect((await s.call('resetAccountPassword', { userId, password: md5('Changed@2026') }, adminA)).code).toBe(0);
      expect((await s.call('queryProfile', {}, t)).status).toBe(401);
      expect((await s.call('login', { account, password: md5('Fresh@2026') })).code).toBe(ErrorCode.wrongCredentials);
      await s.login(account, 'Changed@2026');
    });
    it('is denied without system.account.edit, and to the read-only operator', async () => {
      const id = await idOf('operator');
      expectForbidden(await s.call('resetAccountPassword', { userId: id, password: md5('x') }, readOnlyAdmin));
      expectForbidden(await s.call('resetAccountPassword', { userId: id, password: md5('x') }, operator));
    });
    it("answers notFound for another provider's account, which keeps its password", async () => {
      expectNotFound(await s.call('resetAccountPassword', { userId: bAdminId, password: md5('Taken@2026') }, adminA));
      await s.login('pearlriver', 'Pearl@2026');
    });
    it('rejects an invalid payload', async () => {
      expectInvalid(await s.call('resetAccountPassword', { userId: bAdminId, password: 'Plain@2026' }, adminA), 'password');
    });
    it('refuses one\'s own password (that takes the old one) and a stronger account\'s', async () => {
      expect((await s.call('resetAccountPassword', { userId: await idOf('sunrise'), password: md5('Own@20266') }, adminA)).code).toBe(ErrorCode.conflict);
      const manager = await s.makeAccount({ orgId: A, permissions: ['system.account', 'system.account.edit'] });
      expectForbidden(await s.call('resetAccountPassword', { userId: await idOf('sunrise'), password: md5('Taken@2026') }, manager.token));
    });
  });

  // ───────────────────────────── queryRoleList ─────────────────────────────
  describe('queryRoleList', () => {
    it('lists roles in scope, and the roles usable in one org', async () => {
      const mine = await s.call('queryRoleList', { length: 1000 }, adminA);
      expect(mine.code).toBe(0);
      const ids = mine.data.dataList.map((r) => r.roleId);
      expect(ids).toEqual(expect.arrayContaining([aAdminRole, aOperatorRole]));
      expect(ids).not.toContain(bRoleId);
      expect(ids).not.toContain(platformRole);
      const admin = mine.data.dataList.find((r) => r.roleId === aAdminRole)!;
      expect(admin).toMatchObject({ builtin: true, orgId: A });
      expect(admin.accountCount).toBeGreaterThanOrEqual(1);

      // For a customer: its own roles and its provider's, not a sibling's.
      const sibling = await freshRole(adminA, custA2, ['homepage.index']);
      const forCust = (await s.call('queryRoleList', { orgId: custA, length: 1000 }, adminA)).data.dataList.map((r) => r.roleId);
      expect(forCust).toEqual(expect.arrayContaining([aAdminRole, aOperatorRole]));
      expect(forCust).not.toContain(sibling);
      // The platform's built-in role is offered for platform accounts only.
      expect((await s.call('queryRoleList', { orgId: A, length: 1000 }, root)).data.dataList.map((r) => r.roleId)).not.toContain(platformRole);
      expect((await s.call('queryRoleList', { orgId: 1, length: 1000 }, root)).data.dataList.map((r) => r.roleId)).toContain(platformRole);
    });
    it('is denied without system.role or system.account', async () => {
      expectForbidden(await s.call('queryRoleList', {}, noAccount));
      expectForbidden(await s.call('queryRoleList', {}, operator));
    });
    it("answers notFound for another provider's org", async () => {
      expectNotFound(await s.call('queryRoleList', { orgId: B }, adminA));
    });
    it('rejects an invalid payload', async () => {
      expectInvalid(await s.call('queryRoleList', { page: 0 }, adminA), 'page');
    });
  });

  // ───────────────────────────── queryRoleById ─────────────────────────────
  describe('queryRoleById', () => {
    it('answers one role with its permissions', async () => {
      const r = await s.call('queryRoleById', { roleId: aOperatorRole }, adminA);
      expect(r.code).toBe(0);
      expect(r.data).toMatchObject({ roleId: aOperatorRole, orgId: A, builtin: false });
      expect(r.data.permissions).toContain('homepage.index');
      expect(r.data.permissions).not.toContain('system.account.edit');
    });
    it('is denied without system.role', async () => {
      expectForbidden(await s.call('queryRoleById', { roleId: aOperatorRole }, noAccount));
    });
    it("answers notFound for another provider's role", async () => {
      expectNotFound(await s.call('queryRoleById', { roleId: bRoleId }, adminA));
      expectNotFound(await s.call('queryRoleById', { roleId: platformRole }, adminA));
    });
    it('rejects an invalid payload', async () => {
      expectInvalid(await s.call('queryRoleById', { roleId: 'abc' }, adminA), 'roleId');
    });
  });

  // ───────────────────────────── saveRole ─────────────────────────────
  describe('saveRole', () => {
    it('creates a role in the own org by default and edits it', async () => {
      const name = uniq('Viewer ');
      const c = await s.call('saveRole', { name, permissions: ['monitorStation.list', 'homepage.index', 'homepage.index'], notes: 'night shift' }, adminA);
      expect(c.code).toBe(0);
      const got = (await s.call('queryRoleById', { roleId: c.data.roleId }, adminA)).data;
      expect(got).toMatchObject({ name, orgId: A, permissions: ['homepage.index', 'monitorStation.list'], notes: 'night shift', builtin: false, accountCount: 0 });
      const e = await s.call('saveRole', { roleId: c.data.roleId, name: `${name} 2`, permissions: ['alarm.alarmList'] }, adminA);
      expect(e.code).toBe(0);
      expect((await s.call('queryRoleById', { roleId: c.data.roleId }, adminA)).data).toMatchObject({ name: `${name} 2`, permissions: ['alarm.alarmList'], notes: 'night shift', requiresTwoFactor: false });
      expect((await s.call('saveRole', { roleId: c.data.roleId, name, permissions: ['alarm.alarmList'], requiresTwoFactor: true }, adminA)).code).toBe(0);
      expect((await s.call('queryRoleById', { roleId: c.data.roleId }, adminA)).data.requiresTwoFactor).toBe(true);
      // absent keeps the setting
      expect((await s.call('saveRole', { roleId: c.data.roleId, name, permissions: ['alarm.alarmList'] }, adminA)).code).toBe(0);
      expect((await s.call('queryRoleById', { roleId: c.data.roleId }, adminA)).data.requiresTwoFactor).toBe(true);
    });
    it('a role permission change takes effect on the next request of a signed-in holder', async () => {
      const roleId = await freshRole(adminA, A, ['system.account']);
      const { account } = await create(adminA, A, roleId);
      const t = await s.login(account, 'Fresh@2026');
      expect((await s.call('queryAccountList', {}, t)).code).toBe(0);
      expect((await s.call('saveRole', { roleId, name: uniq('r'), permissions: ['homepage.index'] }, adminA)).code).toBe(0);
      expectForbidden(await s.call('queryAccountList', {}, t));
      expect((await s.call('saveRole', { roleId, name: uniq('r'), permissions: ['system.account'] }, adminA)).code).toBe(0);
      expect((await s.call('queryAccountList', {}, t)).code).toBe(0);
    });
    it('is denied without system.role.edit, and to the read-only operator', async () => {
      expectForbidden(await s.call('saveRole', { name: uniq('r'), permissions: [] }, readOnlyAdmin));
      expectForbidden(await s.call('saveRole', { name: uniq('r'), permissions: [] }, operator));
    });
    it("answers notFound for another provider's role or org", async () => {
      expectNotFound(await s.call('saveRole', { roleId: bRoleId, name: 'Provider administrator', permissions: ['homepage.index'] }, adminA));
      expectNotFound(await s.call('saveRole', { orgId: B, name: uniq('r'), permissions: ['homepage.index'] }, adminA));
      expect((await s.call('queryRoleById', { roleId: bRoleId }, root)).data.permissions).toContain('system.role.edit');
    });
    it('rejects an invalid payload, unknown permission keys included', async () => {
      const r = await s.call('saveRole', { name: '  ', permissions: ['homepage.index', 'root.everything'] }, adminA);
      expectInvalid(r, 'name', 'permissions.1');
      expect(issueAt(r, 'permissions.1')).toBe('unknownPermission');
    });
    it('cannot grant a permission one lacks', async () => {
      const editor = await s.makeAccount({ orgId: A, permissions: ['system.role', 'system.role.edit', 'homepage.index'] });
      const r = await s.call('saveRole', { name: uniq('r'), permissions: ['homepage.index', 'tariff.edit'] }, editor.token);
      expectForbidden(r);
      expect(r.data).toEqual({ missing: ['tariff.edit'] });
      // nor edit a role stronger than oneself
      expectForbidden(await s.call('saveRole', { roleId: aAdminRole, name: 'Provider administrator', permissions: ['homepage.index'] }, editor.token));
      expect((await s.call('saveRole', { name: uniq('r'), permissions: ['homepage.index'] }, editor.token)).code).toBe(0);
    });
    it('built-in roles cannot be renamed; names are unique per org', async () => {
      const r = await s.call('saveRole', { roleId: aAdminRole, name: 'Boss', permissions: [...ALL_PERMISSIONS] }, adminA);
      expect(r.code).toBe(ErrorCode.conflict);
      const dup = await s.call('saveRole', { name: 'provider ADMINISTRATOR', permissions: [] }, adminA);
      expect(dup.code).toBe(ErrorCode.conflict);
      expect(dup.data).toEqual({ field: 'name' });
    });
  });

  // ───────────────────────────── deleteRole ─────────────────────────────
  describe('deleteRole', () => {
    it('deletes an unused role', async () => {
      const roleId = await freshRole(adminA, A, ['homepage.index']);
      expect((await s.call('deleteRole', { roleId }, adminA)).code).toBe(0);
      expectNotFound(await s.call('queryRoleById', { roleId }, adminA));
    });
    it('refuses a role in use (with its account count) and a built-in role', async () => {
      const roleId = await freshRole(adminA, A, ['homepage.index']);
      await create(adminA, A, roleId);
      await create(adminA, custA, roleId);
      const used = await s.call('deleteRole', { roleId }, adminA);
      expect(used.code).toBe(ErrorCode.conflict);
      expect(used.data).toEqual({ reason: 'inUse', accountCount: 2 });
      const builtin = await s.call('deleteRole', { roleId: aAdminRole }, adminA);
      expect(builtin.code).toBe(ErrorCode.conflict);
      expect(builtin.data).toEqual({ reason: 'builtin' });
    });
    it('is denied without system.role.edit, and to the read-only operator', async () => {
      const roleId = await freshRole(adminA, A, ['homepage.index']);
      expectForbidden(await s.call('deleteRole', { roleId }, readOnlyAdmin));
      expectForbidden(await s.call('deleteRole', { roleId }, operator));
    });
    it("answers notFound for another provider's role", async () => {
      const roleId = await freshRole(adminB, B, ['homepage.index']);
      expectNotFound(await s.call('deleteRole', { roleId }, adminA));
      expect((await s.call('queryRoleById', { roleId }, adminB)).code).toBe(0);
    });
    it('rejects an invalid payload', async () => {
      expectInvalid(await s.call('deleteRole', { roleId: 0 }, adminA), 'roleId');
    });
  });

  // ───────────────────────────── queryPermissionCatalogue ─────────────────────────────
  describe('queryPermissionCatalogue', () => {
    it('groups every permission key by menu area, each exactly once', async () => {
      const r = await s.call('queryPermissionCatalogue', {}, adminA);
      expect(r.code).toBe(0);
      expect(r.data.groups.map((g) => g.group)).toEqual(['home', 'monitoring', 'tariff', 'operationMode', 'analytics', 'operations', 'alarm', 'system']);
      const keys = r.data.groups.flatMap((g) => g.permissions);
      expect([...keys].sort()).toEqual([...ALL_PERMISSIONS].sort());
      expect(r.data.groups.find((g) => g.group === 'tariff')!.permissions).toContain('tariff.edit');
      const editor = await s.makeAccount({ orgId: A, permissions: ['system.role', 'homepage.index'] });
      const mine = await s.call('queryPermissionCatalogue', { grantableOnly: true }, editor.token);
      expect(mine.data.groups).toEqual([
        { group: 'home', permissions: ['homepage.index'], grantable: ['homepage.index'] },
        { group: 'system', permissions: ['system.role'], grantable: ['system.role'] },
      ]);
    });
    it('says per group which permissions the caller may grant', async () => {
      const editor = await s.makeAccount({ orgId: A, permissions: ['system.role', 'system.role.edit', 'tariff.edit'] });
      const r = await s.call('queryPermissionCatalogue', {}, editor.token);
      const tariff = r.data.groups.find((g) => g.group === 'tariff')!;
      expect(tariff.grantable).toEqual(['tariff.edit']);
      expect(tariff.permissions).toContain('electricityPriceManagement.electricityPriceManagement');
      expect(r.data.groups.find((g) => g.group === 'system')!.grantable).toEqual(['system.role', 'system.role.edit']);
      expect(r.data.groups.find((g) => g.group === 'system')!.permissions).toContain('system.audit');
      expect(r.data.groups.find((g) => g.group === 'home')!.grantable).toEqual([]);
    });
    it('is denied without system.role or system.account', async () => {
      expectForbidden(await s.call('queryPermissionCatalogue', {}, noAccount));
      expectForbidden(await s.call('queryPermissionCatalogue', {}, operator));
    });
    it('carries no tenant data: the same catalogue for every provider', async () => {
      const a = await s.call('queryPermissionCatalogue', {}, adminA);
      const b = await s.call('queryPermissionCatalogue', {}, adminB);
      expect(a.data).toEqual(b.data);
      expect(JSON.stringify(a.data)).not.toMatch(/\d{2,}/);
    });
    it('rejects an invalid payload', async () => {
      expectInvalid(await s.call('queryPermissionCatalogue', { grantableOnly: 'yes' }, adminA), 'grantableOnly');
    });
  });

  // ───────────────────────────── the read-only operator ─────────────────────────────
  it('the read-only operator cannot call any write action here', async () => {
    const writes: [ActionName, Record<string, unknown>][] = [
      ['createAccount', { orgId: A, account: uniq('op'), password: md5('Fresh@2026'), roleId: aOperatorRole }],
      ['updateAccount', { userId: await idOf('operator'), contact: 'x' }],
      ['setAccountStatus', { userId: await idOf('sunrise'), status: 0 }],
      ['deleteAccount', { userId: await idOf('sunrise') }],
      ['resetAccountPassword', { userId: await idOf('sunrise'), password: md5('x') }],
      ['saveRole', { name: uniq('r'), permissions: ['homepage.index'] }],
      ['deleteRole', { roleId: aOperatorRole }],
    ];
    const before = await db().query('SELECT count(*)::int AS n FROM audit_log');
    for (const [name, payload] of writes) expectForbidden(await s.call(name, payload, operator));
    expect(await db().query('SELECT count(*)::int AS n FROM audit_log')).toEqual(before);
    await s.login('sunrise', 'Sunrise@2026');
  });
});
