import type { z } from 'zod';
import type { accountRow, role as roleSchema } from '../../protocol/actions/accounts';
import type { FieldIssue } from '../../protocol/envelope';
import { ALL_PERMISSIONS } from '../../protocol/permissions';
import type { Db, Queryable } from '../db/db';
import type { Principal, Scope } from '../auth/scope';
import type { Registry } from '../registry';
import { authed, type Ctx, type Handlers } from '../api/context';
import { fail, invalid } from '../api/errors';
import { hashPassword } from '../auth/password';
import { audit } from '../api/audit';

// Accounts, roles and the permission catalogue (docs/accounts.md has the rules as decisions).
// Every answer about an id outside the caller's org scope is `notFound` with data null, the same
// as for a missing id. Writes run in one transaction together with their audit row; sessions are
// revoked or refreshed only after the commit (Sessions uses the pool, never the transaction).

type AccountOut = z.input<typeof accountRow>;
type RoleOut = z.input<typeof roleSchema>;

// ───────────────────────────── org scope ─────────────────────────────

/** Orgs whose accounts and roles `me` may manage: the platform every org; a provider account its
 *  provider and that provider's customers; a customer account its own customer org. */
const orgInScope = (reg: Registry, me: Principal, orgId: number): boolean => {
  if (!reg.orgs.has(orgId)) return false;
  if (me.orgType === 1) return true;
  if (me.orgType === 2) {
    const mine = reg.providerOf(me.orgId);
    return mine !== null && reg.providerOf(orgId) === mine;
  }
  return orgId === me.orgId;
};

const orgsInScope = (reg: Registry, me: Principal): number[] => [...reg.orgs.keys()].filter((id) => orgInScope(reg, me, id));

/** The org itself and its ancestors, nearest first. */
const lineage = (reg: Registry, orgId: number): number[] => {
  const out: number[] = [];
  for (let o = reg.orgs.get(orgId); o && !out.includes(o.id); o = o.parentId === null ? undefined : reg.orgs.get(o.parentId)) out.push(o.id);
  return out;
};

/** The org and every org under it. */
const subtree = (reg: Registry, orgId: number): number[] => [...reg.orgs.keys()].filter((id) => lineage(reg, id).includes(orgId));

const requireOrg = (reg: Registry, me: Principal, orgId: number): void => {
  if (!orgInScope(reg, me, orgId)) fail('notFound');
};

/** A station may be in an account's list when the manager sees it and it belongs to the account's org. */
const stationOfOrg = (reg: Registry, orgId: number, stationId: number): boolean => {
  const s = reg.stations.get(stationId);
  const o = reg.orgs.get(orgId);
  if (!s || !o) return false;
  return o.orgType === 1 || (o.orgType === 2 ? s.providerId === o.id : s.customerId === o.id);
};

// ───────────────────────────── rows ─────────────────────────────

interface AccountRec {
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
}

const accountSql = `
  SELECT a.id AS "userId", a.account, a.contact, a.mobile, a.email, a.status::int AS status, a.role_id AS "roleId",
         r.name AS "roleName", r.permissions AS "rolePermissions", a.org_id AS "orgId", o.name AS "orgName",
         a.data_scope AS "dataScope", a.scope_station_ids AS "scopeStationIds", a.notes, a.created_at AS "createdAt"
  FROM accounts a JOIN roles r ON r.id = a.role_id JOIN orgs o ON o.id = a.org_id`;

const toAccount = ({ rolePermissions: _p, createdAt, ...r }: AccountRec): AccountOut => ({ ...r, createdTime: createdAt.toISOString() });

interface RoleRec {
  roleId: number;
  orgId: number;
  name: string;
  permissions: string[];
  notes: string | null;
  builtin: boolean;
  accountCount: number;
  updatedAt: Date;
}

const roleSql = `
  SELECT r.id AS "roleId", r.org_id AS "orgId", r.name, r.permissions, r.notes, r.builtin, r.updated_at AS "updatedAt",
         (SELECT count(*)::int FROM accounts a WHERE a.role_id = r.id) AS "accountCount"
  FROM roles r`;

const toRole = ({ updatedAt, ...r }: RoleRec): RoleOut => ({ ...r, updatedAt: updatedAt.toISOString() });

/** An account the caller may see, or notFound. */
const loadAccount = async (ctx: Ctx, me: Principal, userId: number): Promise<AccountRec> => {
  const [row] = await ctx.services.db.query<AccountRec>(`${accountSql} WHERE a.id = $1`, [userId]);
  if (!row || !orgInScope(ctx.services.registry, me, row.orgId)) return fail('notFound');
  return row;
};

/** A role the caller may see (its org is in scope), or notFound. */
const loadRole = async (ctx: Ctx, me: Principal, roleId: number): Promise<RoleRec> => {
  const [row] = await ctx.services.db.query<RoleRec>(`${roleSql} WHERE r.id = $1`, [roleId]);
  if (!row || !orgInScope(ctx.services.registry, me, row.orgId)) return fail('notFound');
  return row;
};

/** A role can be given to an account of `orgId` when it belongs to that org or an ancestor the
 *  manager has in scope; the platform's built-in roles only to accounts of the platform org. */
const roleUsableFor = (reg: Registry, me: Principal, role: { orgId: number; builtin: boolean }, orgId: number): boolean => {
  if (!lineage(reg, orgId).includes(role.orgId) || !orgInScope(reg, me, role.orgId)) return false;
  if (role.builtin && reg.orgs.get(role.orgId)?.orgType === 1) return reg.orgs.get(orgId)?.orgType === 1;
  return true;
};

// ───────────────────────────── grant rules ─────────────────────────────

/** One cannot grant a permission one lacks. */
const assertHolds = (me: Principal, permissions: readonly string[]): void => {
  const missing = permissions.filter((p) => !me.permissions.has(p));
  if (missing.length > 0) fail('forbidden', { missing });
};

/** One cannot give a data scope wider than one's own: a station-scoped manager gives station lists only. */
const assertDataGrant = (me: Principal, dataScope: 'org' | 'stations'): void => {
  if (me.dataScope === 'stations' && dataScope === 'org') fail('forbidden', { field: 'dataScope' });
};

/** One manages only accounts no more privileged than oneself (permissions and data scope). */
const assertDominates = (me: Principal, t: AccountRec): void => {
  if (t.userId === me.accountId) return;
  assertHolds(me, t.rolePermissions);
  if (me.dataScope === 'stations' && (t.dataScope === 'org' || t.scopeStationIds.some((s) => !me.scopeStationIds.includes(s)))) fail('forbidden');
};

const notSelf = (me: Principal, userId: number): void => {
  if (userId === me.accountId) fail('conflict', { reason: 'self' });
};

/** The station list an account ends up with; validates it against the manager's scope and the org. */
const checkStations = (reg: Registry, scope: Scope, orgId: number, dataScope: 'org' | 'stations', ids: readonly number[]): number[] => {
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

/** `audit` of stations.ts on the transaction's connection, so a write and its audit row commit together. */

const UNIQUE_FIELDS = ['account', 'mobile', 'email'] as const;

/** Account name, mobile and e-mail are unique, compared case-insensitively as login compares them. */
const assertUnique = async (q: Queryable, values: Partial<Record<(typeof UNIQUE_FIELDS)[number], string | null>>, exceptId = 0): Promise<void> => {
  for (const field of UNIQUE_FIELDS) {
    const v = values[field];
    if (!v) continue;
    const rows = await q.query(`SELECT 1 FROM accounts WHERE lower(${field}) = lower($1) AND id <> $2 LIMIT 1`, [v, exceptId]);
    if (rows.length > 0) fail('conflict', { field });
  }
};

interface PgError { code?: string; constraint?: string; detail?: string; message?: string }

/** A unique violation that slipped past the checks (a concurrent insert) → conflict on its field. */
const mapUnique = (e: unknown, fallback: string): never => {
  const pe = e as PgError;
  if (pe?.code === '23505') {
    const text = `${pe.detail ?? ''} ${pe.constraint ?? ''} ${pe.message ?? ''}`;
    const field = /\((mobile|email|account)\)|_(mobile|email|account)_key/.exec(text);
    fail('conflict', { field: field?.[1] ?? field?.[2] ?? fallback });
  }
  throw e;
};

const blankToNull = (v: string | undefined): string | null | undefined => (v === undefined ? undefined : v === '' ? null : v);

/** Foreign keys into accounts that block a delete (not cascading, not nulling): who did what. */
const blockingRefs = new WeakMap<Db, Promise<{ tbl: string; col: string }[]>>();
const refsOf = (db: Db) => {
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

const hasRecords = async (db: Db, accountId: number): Promise<boolean> => {
  for (const { tbl, col } of await refsOf(db)) {
    const rows = await db.query(`SELECT 1 FROM ${tbl} WHERE "${col.replace(/"/g, '""')}" = $1 LIMIT 1`, [accountId]);
    if (rows.length > 0) return true;
  }
  return false;
};

const likeOf = (kw: string) => `%${kw.replace(/[\\%_]/g, '\\$&')}%`;

// ───────────────────────────── permission catalogue ─────────────────────────────

/** Menu areas of the console, in menu order; action keys sit in the area whose screens they act on. */
const AREAS: readonly (readonly [string, readonly string[]])[] = [
  ['home', ['homepage.index']],
  ['monitoring', ['overviewStations.overviewStations', 'monitor.customers', 'monitorStation.list', 'monitorStation.detail', 'dquipmentMonitoring.dquipmentMonitoring', 'station.edit']],
  ['tariff', ['electricityPriceManagement.electricityPriceManagement', 'electricityPriceManagement.historyPrice', 'electricityPriceManagement.priceTemlate', 'electricityPriceManagement.oilPrice', 'tariff.edit', 'oilPrice.edit']],
  ['operationMode', ['operationModeManagement.operationModeManagement', 'operationModeManagement.switchRecord', 'strategy.edit', 'strategy.issue', 'strategy.control']],
  ['analytics', ['analysis.photovoltaic', 'analysis.energyStorage', 'analysis.energyUsage']],
  ['operations', ['operations.platformReport', 'operations.serviceReport', 'operations.siteReport', 'operations.export']],
  ['alarm', ['alarm.alarmList', 'alarm.alarmAnalysis', 'alarmLog.alarmLog', 'message.list', 'alarm.resolve']],
  ['system', ['system.account', 'system.role', 'system.account.edit', 'system.role.edit']],
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

const catalogueOrder = new Map<string, number>(ALL_PERMISSIONS.map((k, i) => [k, i]));
const normalisePermissions = (keys: readonly string[]): string[] =>
  [...new Set(keys)].sort((a, b) => (catalogueOrder.get(a) ?? 1e9) - (catalogueOrder.get(b) ?? 1e9));

// ───────────────────────────── handlers ─────────────────────────────

export const accountsHandlers: Handlers = {
  queryAccountList: async (q, ctx) => {
    const { me } = authed(ctx);
    const reg = ctx.services.registry;
    let orgIds = orgsInScope(reg, me);
    if (q.orgId !== undefined) {
      requireOrg(reg, me, q.orgId);
      const under = new Set(subtree(reg, q.orgId));
      orgIds = orgIds.filter((o) => under.has(o));
    }
    const where = `WHERE a.org_id = ANY($1::int[]) AND ($2::text IS NULL OR a.account ILIKE $2 OR a.contact ILIKE $2 OR a.mobile ILIKE $2 OR a.email ILIKE $2)
      AND ($3::int IS NULL OR a.status = $3)`;
    const params = [orgIds, q.keyword ? likeOf(q.keyword) : null, q.status ?? null];
    const db = ctx.services.db;
    const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM accounts a ${where}`, params);
    const rows = await db.query<AccountRec>(`${accountSql} ${where} ORDER BY a.id LIMIT $4 OFFSET $5`, [...params, q.length, (q.page - 1) * q.length]);
    return { totalCount: count?.n ?? 0, dataList: rows.map(toAccount) };
  },

  queryAccountById: async ({ userId }, ctx) => {
    const { me } = authed(ctx);
    return toAccount(await loadAccount(ctx, me, userId));
  },

  createAccount: async (q, ctx) => {
    const { me, scope } = authed(ctx);
    const reg = ctx.services.registry;
    requireOrg(reg, me, q.orgId);
    const role = await loadRole(ctx, me, q.roleId);
    if (!roleUsableFor(reg, me, role, q.orgId)) invalid([{ path: 'roleId', issue: 'roleNotUsable' }]);
    assertHolds(me, role.permissions);
    assertDataGrant(me, q.dataScope);
    const stations = checkStations(reg, scope, q.orgId, q.dataScope, q.scopeStationIds);
    const mobile = blankToNull(q.mobile) ?? null;
    const email = blankToNull(q.email) ?? null;
    const hash = await hashPassword(q.password);
    const userId = await ctx.services.db
      .tx(async (t) => {
        await assertUnique(t, { account: q.account, mobile, email });
        const [row] = await t.query<{ id: number }>(
          `INSERT INTO accounts(org_id, role_id, account, contact, mobile, email, password_hash, status, data_scope, scope_station_ids, notes, created_at, updated_at)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$12) RETURNING id`,
          [q.orgId, role.roleId, q.account, q.contact, mobile, email, hash, q.status, q.dataScope, stations, q.notes, ctx.now],
        );
        const id = row!.id;
        await audit(t, ctx, authed(ctx).me.accountId, 'createAccount', `account:${id}`, {
          orgId: q.orgId, account: q.account, roleId: role.roleId, status: q.status, dataScope: q.dataScope, scopeStationIds: stations,
        });
        return id;
      })
      .catch((e: unknown) => mapUnique(e, 'account'));
    return { userId };
  },

  updateAccount: async (q, ctx) => {
    const { me, scope } = authed(ctx);
    const reg = ctx.services.registry;
    const t = await loadAccount(ctx, me, q.userId);
    assertDominates(me, t);
    if (q.status === 0) notSelf(me, t.userId);

    let roleId = t.roleId;
    if (q.roleId !== undefined && q.roleId !== t.roleId) {
      const role = await loadRole(ctx, me, q.roleId);
      if (!roleUsableFor(reg, me, role, t.orgId)) invalid([{ path: 'roleId', issue: 'roleNotUsable' }]);
      assertHolds(me, role.permissions);
      roleId = role.roleId;
    }
    const dataScope = q.dataScope ?? t.dataScope;
    let stations = t.scopeStationIds;
    if (q.dataScope !== undefined || q.scopeStationIds !== undefined) {
      if (dataScope !== t.dataScope) assertDataGrant(me, dataScope);
      stations = checkStations(reg, scope, t.orgId, dataScope, q.scopeStationIds ?? t.scopeStationIds);
    }
    const mobile = blankToNull(q.mobile);
    const email = blankToNull(q.email);

    const sets: string[] = [];
    const vals: unknown[] = [t.userId];
    const put = (col: string, v: unknown) => {
      vals.push(v);
      sets.push(`${col} = $${vals.length}`);
    };
    const changed: Record<string, unknown> = {};
    const change = (key: string, col: string, before: unknown, after: unknown) => {
      if (after === undefined || JSON.stringify(before) === JSON.stringify(after)) return;
      put(col, after);
      changed[key] = after;
    };
    change('contact', 'contact', t.contact, q.contact);
    change('mobile', 'mobile', t.mobile, mobile);
    change('email', 'email', t.email, email);
    change('roleId', 'role_id', t.roleId, roleId);
    change('status', 'status', t.status, q.status);
    change('dataScope', 'data_scope', t.dataScope, dataScope);
    change('scopeStationIds', 'scope_station_ids', t.scopeStationIds, stations);
    change('notes', 'notes', t.notes, q.notes);
    if (sets.length === 0) return null;
    put('updated_at', ctx.now);

    await ctx.services.db
      .tx(async (tx) => {
        await assertUnique(tx, { mobile: changed.mobile as string | undefined, email: changed.email as string | undefined }, t.userId);
        await tx.query(`UPDATE accounts SET ${sets.join(', ')} WHERE id = $1`, vals);
        await audit(tx, ctx, authed(ctx).me.accountId, 'updateAccount', `account:${t.userId}`, changed);
      })
      .catch((e: unknown) => mapUnique(e, 'mobile'));
    if (changed.status === 0) await ctx.services.sessions.revokeAccount(t.userId);
    else ctx.services.sessions.refreshAccount(t.userId);
    return null;
  },

  setAccountStatus: async ({ userId, status }, ctx) => {
    const { me } = authed(ctx);
    const t = await loadAccount(ctx, me, userId);
    assertDominates(me, t);
    if (status === 0) notSelf(me, t.userId);
    await ctx.services.db.tx(async (tx) => {
      await tx.query('UPDATE accounts SET status = $2, updated_at = $3 WHERE id = $1', [t.userId, status, ctx.now]);
      await audit(tx, ctx, authed(ctx).me.accountId, 'setAccountStatus', `account:${t.userId}`, { status, before: t.status });
    });
    if (status === 0) await ctx.services.sessions.revokeAccount(t.userId);
    else ctx.services.sessions.refreshAccount(t.userId);
    return null;
  },

  deleteAccount: async ({ userId }, ctx) => {
    const { me } = authed(ctx);
    const t = await loadAccount(ctx, me, userId);
    notSelf(me, t.userId);
    assertDominates(me, t);
    const db = ctx.services.db;
    // Accounts that have acted (tariffs, strategies, dispatches, switch records, resolved alarms)
    // keep the trail: they can be disabled, not deleted.
    if (await hasRecords(db, t.userId)) fail('conflict', { reason: 'hasRecords' });
    await ctx.services.sessions.revokeAccount(t.userId);
    await db
      .tx(async (tx) => {
        await tx.query('DELETE FROM accounts WHERE id = $1', [t.userId]); // sessions: ON DELETE CASCADE
        await audit(tx, ctx, authed(ctx).me.accountId, 'deleteAccount', `account:${t.userId}`, { account: t.account, contact: t.contact, orgId: t.orgId, roleId: t.roleId });
      })
      .catch((e: unknown) => {
        if ((e as PgError)?.code === '23503') fail('conflict', { reason: 'hasRecords' });
        throw e;
      });
    return null;
  },

  resetAccountPassword: async ({ userId, password }, ctx) => {
    const { me } = authed(ctx);
    const t = await loadAccount(ctx, me, userId);
    // One's own password changes with the old one (resetPasswordByOldPassword), never by fiat.
    notSelf(me, t.userId);
    assertDominates(me, t);
    const hash = await hashPassword(password);
    await ctx.services.db.tx(async (tx) => {
      await tx.query('UPDATE accounts SET password_hash = $2, updated_at = $3 WHERE id = $1', [t.userId, hash, ctx.now]);
      await audit(tx, ctx, authed(ctx).me.accountId, 'resetAccountPassword', `account:${t.userId}`, {});
    });
    await ctx.services.sessions.revokeAccount(t.userId);
    return null;
  },

  queryRoleList: async (q, ctx) => {
    const { me } = authed(ctx);
    const reg = ctx.services.registry;
    let orgIds = orgsInScope(reg, me);
    if (q.orgId !== undefined) {
      requireOrg(reg, me, q.orgId);
      const line = new Set(lineage(reg, q.orgId));
      orgIds = orgIds.filter((o) => line.has(o));
    }
    let rows = await ctx.services.db.query<RoleRec>(`${roleSql} WHERE r.org_id = ANY($1::int[]) ORDER BY r.org_id, r.id`, [orgIds]);
    if (q.orgId !== undefined) rows = rows.filter((r) => roleUsableFor(reg, me, r, q.orgId!));
    const start = (q.page - 1) * q.length;
    return { totalCount: rows.length, dataList: rows.slice(start, start + q.length).map(toRole) };
  },

  queryRoleById: async ({ roleId }, ctx) => {
    const { me } = authed(ctx);
    return toRole(await loadRole(ctx, me, roleId));
  },

  saveRole: async (q, ctx) => {
    const { me } = authed(ctx);
    const reg = ctx.services.registry;
    const permissions = normalisePermissions(q.permissions);
    const notes = q.notes === undefined ? undefined : q.notes === null || q.notes === '' ? null : q.notes;
    let existing: RoleRec | null = null;
    let orgId: number;
    if (q.roleId !== undefined) {
      existing = await loadRole(ctx, me, q.roleId);
      if (q.orgId !== undefined && q.orgId !== existing.orgId) invalid([{ path: 'orgId', issue: 'immutable' }]);
      assertHolds(me, existing.permissions); // one edits only roles no stronger than oneself
      if (existing.builtin && q.name !== existing.name) fail('conflict', { field: 'name', reason: 'builtin' });
      orgId = existing.orgId;
    } else {
      orgId = q.orgId ?? me.orgId;
      requireOrg(reg, me, orgId);
    }
    assertHolds(me, permissions);

    const roleId = await ctx.services.db
      .tx(async (t) => {
        const dup = await t.query('SELECT 1 FROM roles WHERE org_id = $1 AND lower(name) = lower($2) AND id <> $3 LIMIT 1', [orgId, q.name, existing?.roleId ?? 0]);
        if (dup.length > 0) fail('conflict', { field: 'name' });
        let id: number;
        if (existing) {
          await t.query('UPDATE roles SET name = $2, permissions = $3, notes = $4, updated_at = $5 WHERE id = $1', [
            existing.roleId, q.name, permissions, notes === undefined ? existing.notes : notes, ctx.now,
          ]);
          id = existing.roleId;
        } else {
          const [row] = await t.query<{ id: number }>(
            'INSERT INTO roles(org_id, name, permissions, notes, builtin, created_at, updated_at) VALUES ($1,$2,$3,$4,false,$5,$5) RETURNING id',
            [orgId, q.name, permissions, notes ?? null, ctx.now],
          );
          id = row!.id;
        }
        await audit(t, ctx, authed(ctx).me.accountId, 'saveRole', `role:${id}`, {
          orgId, name: q.name, permissions, ...(existing ? { before: { name: existing.name, permissions: existing.permissions } } : { created: true }),
        });
        return id;
      })
      .catch((e: unknown) => mapUnique(e, 'name'));
    // Holders' cached principals carry the old permission set: the next request reloads them.
    if (existing) ctx.services.sessions.refreshAll();
    return { roleId };
  },

  deleteRole: async ({ roleId }, ctx) => {
    const { me } = authed(ctx);
    const role = await loadRole(ctx, me, roleId);
    assertHolds(me, role.permissions);
    if (role.builtin) fail('conflict', { reason: 'builtin' });
    if (role.accountCount > 0) fail('conflict', { reason: 'inUse', accountCount: role.accountCount });
    await ctx.services.db
      .tx(async (t) => {
        await t.query('DELETE FROM roles WHERE id = $1', [role.roleId]);
        await audit(t, ctx, authed(ctx).me.accountId, 'deleteRole', `role:${role.roleId}`, { orgId: role.orgId, name: role.name, permissions: role.permissions });
      })
      .catch(async (e: unknown) => {
        if ((e as PgError)?.code !== '23503') throw e;
        const [n] = await ctx.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts WHERE role_id = $1', [role.roleId]);
        return fail('conflict', { reason: 'inUse', accountCount: n?.n ?? 0 });
      });
    return null;
  },

  queryPermissionCatalogue: async ({ grantableOnly }, ctx) => {
    const { me } = authed(ctx);
    let groups = permissionGroups();
    if (grantableOnly) groups = groups.map((g) => ({ ...g, permissions: g.permissions.filter((p) => me.permissions.has(p)) })).filter((g) => g.permissions.length > 0);
    return { groups };
  },
};
