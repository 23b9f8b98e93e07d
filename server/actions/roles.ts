import { authed, type Handlers } from '../api/context';
import { fail, invalid } from '../api/errors';
import { audit } from '../api/audit';
import { offsetOf } from '../db/list-query';
import { isStillReferenced } from '../db/pg-errors';
import { mapUnique } from '../accounts/account-store';
import { assertHolds } from '../accounts/grants';
import { orgsListed, lineage, requireOrg } from '../accounts/org-scope';
import { permissionGroups, normalisePermissions } from '../accounts/permission-catalogue';
import { type RoleRec, roleSql, toRole, loadRole, roleUsableFor } from '../accounts/records';

// Role and permission-catalogue actions (docs/accounts.md).

export const rolesHandlers: Handlers = {
  queryRoleList: async (q, ctx) => {
    const { me } = authed(ctx);
    const reg = ctx.services.registry;
    const orgIds = orgsListed(ctx, q.orgId, lineage);
    let rows = await ctx.services.db.query<RoleRec>(`${roleSql} WHERE r.org_id = ANY($1::int[]) ORDER BY r.org_id, r.id`, [orgIds]);
    if (q.orgId !== undefined) rows = rows.filter((r) => roleUsableFor(reg, me, r, q.orgId!));
    const start = offsetOf(q.page, q.length);
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
        const dup = await t.query('SELECT 1 FROM roles WHERE org_id = $1 AND lower(name) = lower($2) AND id <> $3 LIMIT 1', [
          orgId,
          q.name,
          existing?.roleId ?? 0,
        ]);
        if (dup.length > 0) fail('conflict', { field: 'name' });
        let id: number;
        if (existing) {
          await t.query('UPDATE roles SET name = $2, permissions = $3, notes = $4, updated_at = $5, requires_two_factor = $6 WHERE id = $1', [
            existing.roleId,
            q.name,
            permissions,
            notes === undefined ? existing.notes : notes,
            ctx.now,
            q.requiresTwoFactor ?? existing.requiresTwoFactor,
          ]);
          id = existing.roleId;
        } else {
          const [row] = await t.query<{ id: number }>(
            'INSERT INTO roles(org_id, name, permissions, notes, builtin, created_at, updated_at, requires_two_factor) VALUES ($1,$2,$3,$4,false,$5,$5,$6) RETURNING id',
            [orgId, q.name, permissions, notes ?? null, ctx.now, q.requiresTwoFactor ?? false],
          );
          id = row!.id;
        }
        await audit(t, ctx, authed(ctx).me.accountId, 'saveRole', `role:${id}`, {
          orgId,
          name: q.name,
          permissions,
          requiresTwoFactor: q.requiresTwoFactor ?? existing?.requiresTwoFactor ?? false,
          ...(existing
            ? { before: { name: existing.name, permissions: existing.permissions, requiresTwoFactor: existing.requiresTwoFactor } }
            : { created: true }),
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
        await audit(t, ctx, authed(ctx).me.accountId, 'deleteRole', `role:${role.roleId}`, {
          orgId: role.orgId,
          name: role.name,
          permissions: role.permissions,
        });
      })
      .catch(async (e: unknown) => {
        if (!isStillReferenced(e)) throw e;
        const [n] = await ctx.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts WHERE role_id = $1', [role.roleId]);
        return fail('conflict', { reason: 'inUse', accountCount: n?.n ?? 0 });
      });
    return null;
  },

  queryPermissionCatalogue: async ({ grantableOnly }, ctx) => {
    const { me } = authed(ctx);
    // One grants only what one holds (saveRole refuses the rest): the editor greys out the others.
    let groups = permissionGroups().map((g) => ({ ...g, grantable: g.permissions.filter((p) => me.permissions.has(p)) }));
    if (grantableOnly) groups = groups.map((g) => ({ ...g, permissions: g.grantable })).filter((g) => g.permissions.length > 0);
    return { groups };
  },
};
