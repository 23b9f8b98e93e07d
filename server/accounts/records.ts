// Account and role rows as the actions read them, and the loads that answer notFound for a
// record outside the caller's org scope.
import type { z } from 'zod';
import type { accountRow, role as roleSchema } from '../../protocol/actions/accounts';
import type { Principal } from '../auth/scope';
import type { Registry } from '../registry';
import type { Ctx } from '../api/context';
import { fail } from '../api/errors';
import { lineage, orgInScope } from './org-scope';

export type AccountOut = z.input<typeof accountRow>;
export type RoleOut = z.input<typeof roleSchema>;

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
