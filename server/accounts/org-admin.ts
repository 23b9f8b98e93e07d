import type { z } from 'zod';
import type { accountRow, role as roleSchema } from '../../protocol/actions/accounts';
import type { FieldIssue } from '../../protocol/envelope';
import { ALL_PERMISSIONS } from '../../protocol/permissions';
import type { Db, Queryable } from '../db/db';
import type { Principal, Scope } from '../auth/scope';
import type { Registry } from '../registry';
import { type Ctx } from '../api/context';
import { fail, invalid } from '../api/errors';

// What the account and role actions share: org scope, records, grant rules, uniqueness
// (docs/accounts.md has the rules as decisions).
// Every answer about an id outside the caller's org scope is `notFound` with data null, the same
// as for a missing id. Writes run in one transaction together with their audit row; sessions are
// revoked or refreshed only after the commit (Sessions uses the pool, never the transaction).

export type AccountOut = z.input<typeof accountRow>;
export type RoleOut = z.input<typeof roleSchema>;

// ───────────────────────────── org scope ─────────────────────────────

/** Orgs whose accounts and roles `me` may manage: the platform every org; a provider account its
 *  provider and that provider's customers; a customer account its own customer org. */
export const orgInScope = (reg: Registry, me: Principal, orgId: number): boolean => {
  if (!reg.orgs.has(orgId)) return false;
  if (me.orgType === 1) return true;
  if (me.orgType === 2) {
    const mine = reg.providerOf(me.orgId);
    return mine !== null && reg.providerOf(orgId) === mine;
  }
  return orgId === me.orgId;
};

export const orgsInScope = (reg: Registry, me: Principal): number[] => [...reg.orgs.keys()].filter((id) => orgInScope(reg, me, id));

/** The org itself and its ancestors, nearest first. */
export const lineage = (reg: Registry, orgId: number): number[] => {
  const out: number[] = [];
  for (let o = reg.orgs.get(orgId); o && !out.includes(o.id); o = o.parentId === null ? undefined : reg.orgs.get(o.parentId)) out.push(o.id);
  return out;
};

/** The org and every org under it. */
export const subtree = (reg: Registry, orgId: number): number[] => [...reg.orgs.keys()].filter((id) => lineage(reg, id).includes(orgId));

export const requireOrg = (reg: Registry, me: Principal, orgId: number): void => {
  if (!orgInScope(reg, me, orgId)) fail('notFound');
};

/**
 * The orgs in the caller's scope, narrowed to those related to `orgId` when a list is asked for
 * one org (`related` gives the org's subtree for accounts, its lineage for roles); an org out of
 * scope is not found.
 */
export const orgsListed = (reg: Registry, me: Principal, orgId: number | undefined, related: (reg: Registry, orgId: number) => number[]): number[] => {
  const orgIds = orgsInScope(reg, me);
  if (orgId === undefined) return orgIds;
  requireOrg(reg, me, orgId);
  const keep = new Set(related(reg, orgId));
  return orgIds.filter((o) => keep.has(o));
};

/** A station may be in an account's list when the manager sees it and it belongs to the account's org. */
export const stationOfOrg = (reg: Registry, orgId: number, stationId: number): boolean => {
  const s = reg.stations.get(stationId);
  const o = reg.orgs.get(orgId);
  if (!s || !o) return false;
  return o.orgType === 1 || (o.orgType === 2 ? s.providerId === o.id : s.customerId === o.id);
};

// ───────────────────────────── rows ─────────────────────────────

export interface AccountRec {
  userId: number;
  account: string;
  contact: string;
  mobile: string | null;
  email: string | null;
  status: number;
  roleId: number;
  roleName: string;
  rolePermissions: string[];
  orgId: number;
  orgName: string;
  dataScope: 'org' | 'stations';
  scopeStationIds: number[];
  notes: string;
  createdAt: Date;
  twoFactorEnrolled: boolean;
}

export const accountSql = `
  SELECT a.id AS "userId", a.account, a.contact, a.mobile, a.email, a.status::int AS status, a.role_id AS "roleId",
         r.name AS "roleName", r.permissions AS "rolePermissions", a.org_id AS "orgId", o.name AS "orgName",
         a.data_scope AS "dataScope", a.scope_station_ids AS "scopeStationIds", a.notes, a.created_at AS "createdAt",
         EXISTS (SELECT 1 FROM two_factor f WHERE f.account_id = a.id AND f.confirmed_at IS NOT NULL) AS "twoFactorEnrolled"
  FROM accounts a JOIN roles r ON r.id = a.role_id JOIN orgs o ON o.id = a.org_id`;

export const toAccount = ({ createdAt, ...r }: AccountRec): AccountOut => ({ ...r, createdTime: createdAt.toISOString() });

export interface RoleRec {
  roleId: number;
  orgId: number;
  name: string;
  permissions: string[];
  notes: string | null;
  builtin: boolean;
  accountCount: number;
  updatedAt: Date;
  requiresTwoFactor: boolean;
}

export const roleSql = `
  SELECT r.id AS "roleId", r.org_id AS "orgId", r.name, r.permissions, r.notes, r.builtin, r.updated_at AS "updatedAt", r.requires_two_factor AS "requiresTwoFactor",
         (SELECT count(*)::int FROM accounts a WHERE a.role_id = r.id) AS "accountCount"
  FROM roles r`;

export const toRole = ({ updatedAt, ...r }: RoleRec): RoleOut => ({ ...r, updatedAt: updatedAt.toISOString() });

/** An account the caller may see, or notFound. */
export const loadAccount = async (ctx: Ctx, me: Principal, userId: number): Promise<AccountRec> => {
  const [row] = await ctx.services.db.query<AccountRec>(`${accountSql} WHERE a.id = $1`, [userId]);
  if (!row || !orgInScope(ctx.services.registry, me, row.orgId)) return fail('notFound');
  return row;
};

/** A role the caller may see (its org is in scope), or notFound. */
export const loadRole = async (ctx: Ctx, me: Principal, roleId: number): Promise<RoleRec> => {
  const [row] = await ctx.services.db.query<RoleRec>(`${roleSql} WHERE r.id = $1`, [roleId]);
  if (!row || !orgInScope(ctx.services.registry, me, row.orgId)) return fail('notFound');
  return row;
};

/** A role can be given to an account of `orgId` when it belongs to that org or an ancestor the
 *  manager has in scope; the platform's built-in roles only to accounts of the platform org. */
export const roleUsableFor = (reg: Registry, me: Principal, role: { orgId: number; builtin: boolean }, orgId: number): boolean => {
  if (!lineage(reg, orgId).includes(role.orgId) || !orgInScope(reg, me, role.orgId)) return false;
  if (role.builtin && reg.orgs.get(role.orgId)?.orgType === 1) return reg.orgs.get(orgId)?.orgType === 1;
  return true;
};

// ───────────────────────────── grant rules ─────────────────────────────

/** One cannot grant a permission one lacks. */
export const assertHolds = (me: Principal, permissions: readonly string[]): void => {
  const missing = permissions.filter((p) => !me.permissions.has(p));
  if (missing.length > 0) fail('forbidden', { missing });
};

/** One cannot give a data scope wider than one's own: a station-scoped manager gives station lists only. */
export const assertDataGrant = (me: Principal, dataScope: 'org' | 'stations'): void => {
  if (me.dataScope === 'stations' && dataScope === 'org') fail('forbidden', { field: 'dataScope' });
};

/** One manages only accounts no more privileged than oneself (permissions and data scope). */
export const assertDominates = (me: Principal, t: AccountRec): void => {
  if (t.userId === me.accountId) return;
  assertHolds(me, t.rolePermissions);
  if (me.dataScope === 'stations' && (t.dataScope === 'org' || t.scopeStationIds.some((s) => !me.scopeStationIds.includes(s)))) fail('forbidden');
};

export const notSelf = (me: Principal, userId: number): void => {
  if (userId === me.accountId) fail('conflict', { reason: 'self' });
};

/** The station list an account ends up with; validates it against the manager's scope and the org. */
export const checkStations = (reg: Registry, scope: Scope, orgId: number, dataScope: 'org' | 'stations', ids: readonly number[]): number[] => {
  if (dataScope === 'org') return [];
  const unique = [...new Set(ids)];
  if (unique.length === 0) invalid([{ path: 'scopeStationIds', issue: 'tooSmall', limit: 1 }]);
  const issues: FieldIssue[] = [];
  ids.forEach((sid, i) => {
    if (!scope.hasStation(sid) || !stationOfOrg(reg, orgId, sid)) issues.push({ path: `scopeStationIds.${i}`, issue: 'stationScope' });
  });
  if (issues.length > 0) invalid(issues);
  return unique.sort((a, b) => a - b);
};

// ───────────────────────────── storage helpers ─────────────────────────────

export const UNIQUE_FIELDS = ['account', 'mobile', 'email'] as const;

/** Account name, mobile and e-mail are unique, compared case-insensitively as login compares them. */
export const assertUnique = async (q: Queryable, values: Partial<Record<(typeof UNIQUE_FIELDS)[number], string | null>>, exceptId = 0): Promise<void> => {
  for (const field of UNIQUE_FIELDS) {
    const v = values[field];
    if (!v) continue;
    const rows = await q.query(`SELECT 1 FROM accounts WHERE lower(${field}) = lower($1) AND id <> $2 LIMIT 1`, [v, exceptId]);
    if (rows.length > 0) fail('conflict', { field });
  }
};

export interface PgError {
  code?: string;
  constraint?: string;
  detail?: string;
  message?: string;
}

/** A unique violation that slipped past the checks (a concurrent insert) → conflict on its field. */
export const mapUnique = (e: unknown, fallback: string): never => {
  const pe = e as PgError;
  if (pe?.code === '23505') {
    const text = `${pe.detail ?? ''} ${pe.constraint ?? ''} ${pe.message ?? ''}`;
    const field = /\((mobile|email|account)\)|_(mobile|email|account)_key/.exec(text);
    fail('conflict', { field: field?.[1] ?? field?.[2] ?? fallback });
  }
  throw e;
};

export const blankToNull = (v: string | undefined): string | null | undefined => (v === undefined ? undefined : v === '' ? null : v);

/** Foreign keys into accounts that block a delete (not cascading, not nulling): who did what. */
export const blockingRefs = new WeakMap<Db, Promise<{ tbl: string; col: string }[]>>();
export const refsOf = (db: Db) => {
  let p = blockingRefs.get(db);
  if (!p) {
    p = db.query<{ tbl: string; col: string }>(
      `SELECT c.conrelid::regclass::text AS tbl, a.attname AS col
       FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
       WHERE c.contype = 'f' AND c.confrelid = 'accounts'::regclass AND c.confdeltype NOT IN ('c', 'n', 'd')`,
    );
    blockingRefs.set(db, p);
    p.catch(() => blockingRefs.delete(db));
  }
  return p;
};

export const hasRecords = async (db: Db, accountId: number): Promise<boolean> => {
  for (const { tbl, col } of await refsOf(db)) {
    const rows = await db.query(`SELECT 1 FROM ${tbl} WHERE "${col.replace(/"/g, '""')}" = $1 LIMIT 1`, [accountId]);
    if (rows.length > 0) return true;
  }
  return false;
};

// ───────────────────────────── permission catalogue ─────────────────────────────

/** Menu areas of the console, in menu order; action keys sit in the area whose screens they act on. */
export const AREAS: readonly (readonly [string, readonly string[]])[] = [
  ['home', ['homepage.index']],
  [
    'monitoring',
    [
      'overviewStations.overviewStations',
      'monitor.customers',
      'monitorStation.list',
      'monitorStation.detail',
      'dquipmentMonitoring.dquipmentMonitoring',
      'station.edit',
      'station.maintenance',
    ],
  ],
  [
    'tariff',
    [
      'electricityPriceManagement.electricityPriceManagement',
      'electricityPriceManagement.historyPrice',
      'electricityPriceManagement.priceTemlate',
      'electricityPriceManagement.oilPrice',
      'tariff.edit',
      'oilPrice.edit',
    ],
  ],
  [
    'operationMode',
    ['operationModeManagement.operationModeManagement', 'operationModeManagement.switchRecord', 'strategy.edit', 'strategy.issue', 'strategy.control'],
  ],
  ['analytics', ['analysis.photovoltaic', 'analysis.energyStorage', 'analysis.energyUsage']],
  ['operations', ['operations.platformReport', 'operations.serviceReport', 'operations.siteReport', 'operations.export']],
  ['alarm', ['alarm.alarmList', 'alarm.alarmAnalysis', 'alarmLog.alarmLog', 'message.list', 'alarm.resolve', 'alarm.ack', 'alarm.assign', 'alarm.shelve']],
  ['system', ['system.account', 'system.role', 'system.audit', 'system.account.edit', 'system.role.edit']],
];

/** Every key of ALL_PERMISSIONS in exactly one group; a key added to the catalogue but not to
 *  AREAS lands in `other` rather than disappearing from the role editor. */
export const permissionGroups = (): { group: string; permissions: string[] }[] => {
  const known = new Set<string>(ALL_PERMISSIONS);
  const groups = AREAS.map(([group, keys]) => ({ group, permissions: keys.filter((k) => known.has(k)) }));
  const placed = new Set(groups.flatMap((g) => g.permissions));
  const other = ALL_PERMISSIONS.filter((k) => !placed.has(k));
  if (other.length > 0) groups.push({ group: 'other', permissions: [...other] });
  return groups;
};

export const catalogueOrder = new Map<string, number>(ALL_PERMISSIONS.map((k, i) => [k, i]));
export const normalisePermissions = (keys: readonly string[]): string[] =>
  [...new Set(keys)].sort((a, b) => (catalogueOrder.get(a) ?? 1e9) - (catalogueOrder.get(b) ?? 1e9));

// ───────────────────────────── handlers ─────────────────────────────
