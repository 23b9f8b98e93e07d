import { afterAll, beforeAll, expect } from 'vitest';
import { md5, startTestServer, type Answer, type TestServer } from '../../test/harness';
import { ErrorCode } from '../../../protocol/errors';

type Backend = Parameters<typeof startTestServer>[0];

// The world of the account and role tests: two providers with their administrators, a
// read-only operator, and tokens short of the account or edit permissions.

const issuesOf = (r: Answer<unknown>) => (r.data as { issues: { path: string; issue: string }[] }).issues;
export const paths = (r: Answer<unknown>) => issuesOf(r).map((i) => i.path);
export const issueAt = (r: Answer<unknown>, path: string) => issuesOf(r).find((i) => i.path === path)?.issue;
export const expectInvalid = (r: Answer<unknown>, ...fields: string[]) => {
  expect(r.code).toBe(ErrorCode.validationFailed);
  expect(paths(r)).toEqual(expect.arrayContaining(fields));
};
export const expectNotFound = (r: Answer<unknown>) => {
  expect(r.code).toBe(ErrorCode.notFound);
  expect(r.data).toBeNull();
};
export const expectForbidden = (r: Answer<unknown>) => {
  expect(r.code).toBe(ErrorCode.forbidden);
  expect(r.status).toBe(403);
};

let seq = 0;
export const uniq = (p: string) => `${p}${Date.now().toString(36)}${(seq++).toString(36)}`;

export interface AccountsWorld {
  s: TestServer;
  root: string; // platform admin
  adminA: string; // provider A administrator
  adminB: string;
  operator: string; // read-only, provider A, three stations
  A: number;
  B: number;
  custA: number; // a customer of A that has stations
  custA2: number; // another customer of A
  stationsOfCustA: number[];
  stationOfB: number;
  bAdminId: number; // account of provider B
  bRoleId: number; // role of provider B
  aOperatorRole: number; // A's read-only operator role
  aAdminRole: number; // A's built-in administrator role
  platformRole: number; // the platform's built-in role
  noAccount: string; // token without system.account / system.role
  readOnlyAdmin: string; // token with system.account + system.role but no .edit keys
  db: () => TestServer['services']['db'];
  idOf: (account: string) => Promise<number>;
  /** A fresh account in `orgId` created through the API by `token`; returns its id and login name. */
  create: (token: string, orgId: number, roleId: number, extra?: Record<string, unknown>) => Promise<{ userId: number; account: string }>;
  freshRole: (token: string, orgId: number, permissions: string[]) => Promise<number>;
}

/** Starts a server on `backend` for the enclosing describe block; fields are set once beforeAll has run. */
export const accountsWorld = (backend: Backend): AccountsWorld => {
  const w = {} as AccountsWorld;
  w.db = () => w.s.services.db;
  w.idOf = async (account) => (await w.db().query<{ id: number }>('SELECT id FROM accounts WHERE account = $1', [account]))[0]!.id;
  w.create = async (token, orgId, roleId, extra = {}) => {
    const account = uniq('u');
    const r = await w.s.call('createAccount', { orgId, account, password: md5('Fresh@2026'), contact: 'Fresh', roleId, ...extra }, token);
    expect(r.code, JSON.stringify(r.data)).toBe(0);
    return { userId: r.data.userId, account };
  };
  w.freshRole = async (token, orgId, permissions) => {
    const r = await w.s.call('saveRole', { orgId, name: uniq('role'), permissions }, token);
    expect(r.code, JSON.stringify(r.data)).toBe(0);
    return r.data.roleId;
  };

  beforeAll(async () => {
    const s = (w.s = await startTestServer(backend));
    const f = await s.fixtures();
    const [A, B] = f.providers as [number, number];
    Object.assign(w, { A, B });
    w.root = await s.login('admin', 'Admin@2026');
    w.adminA = await s.login('sunrise', 'Sunrise@2026');
    w.adminB = await s.login('pearlriver', 'Pearl@2026');
    w.operator = await s.login('operator', 'Operator@2026');
    const reg = s.services.registry;
    const aStations = f.stationOf.get(A)!.map((id) => reg.stations.get(id)!);
    w.custA = aStations[0]!.customerId;
    w.stationsOfCustA = aStations.filter((x) => x.customerId === w.custA).map((x) => x.id);
    w.custA2 = [...reg.orgs.values()].find((o) => o.orgType === 3 && o.parentId === A && o.id !== w.custA)!.id;
    w.stationOfB = f.stationOf.get(B)![0]!;
    w.bAdminId = await w.idOf('pearlriver');
    const roleOf = async (account: string) =>
      (await w.db().query<{ role_id: number }>('SELECT role_id FROM accounts WHERE account = $1', [account]))[0]!.role_id;
    w.bRoleId = await roleOf('pearlriver');
    w.aAdminRole = await roleOf('sunrise');
    w.aOperatorRole = await roleOf('operator');
    w.platformRole = await roleOf('admin');
    w.noAccount = (await s.makeAccount({ orgId: A, permissions: ['homepage.index'] })).token;
    w.readOnlyAdmin = (await s.makeAccount({ orgId: A, permissions: ['system.account', 'system.role'] })).token;
  });
  afterAll(() => w.s.close());
  return w;
};
