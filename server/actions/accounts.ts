import { authed, type Handlers } from '../api/context';
import { fail, invalid } from '../api/errors';
import { hashPassword } from '../auth/password';
import { audit } from '../api/audit';
import { assertUnique, mapUnique, blankToNull, hasRecords } from '../accounts/account-store';
import { assertHolds, assertDataGrant, assertDominates, notSelf, checkStations } from '../accounts/grants';
import { orgsListed, subtree, requireOrg } from '../accounts/org-scope';
import { type AccountRec, accountSql, toAccount, loadAccount, loadRole, roleUsableFor } from '../accounts/records';
import { containing, offsetOf } from '../db/list-query';
import { isStillReferenced } from '../db/pg-errors';

// Account actions (docs/accounts.md). What they share with roles.ts lives in server/accounts/.

export const accountsHandlers: Handlers = {
  queryAccountList: async (q, ctx) => {
    const orgIds = orgsListed(ctx, q.orgId, subtree);
    const where = `WHERE a.org_id = ANY($1::int[]) AND ($2::text IS NULL OR a.account ILIKE $2 OR a.contact ILIKE $2 OR a.mobile ILIKE $2 OR a.email ILIKE $2)
      AND ($3::int IS NULL OR a.status = $3) AND ($4::int IS NULL OR a.role_id = $4)`;
    const params = [orgIds, q.keyword ? containing(q.keyword) : null, q.status ?? null, q.roleId ?? null];
    const db = ctx.services.db;
    const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM accounts a ${where}`, params);
    const rows = await db.query<AccountRec>(`${accountSql} ${where} ORDER BY a.id LIMIT $5 OFFSET $6`, [...params, q.length, offsetOf(q.page, q.length)]);
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
          orgId: q.orgId,
          account: q.account,
          roleId: role.roleId,
          status: q.status,
          dataScope: q.dataScope,
          scopeStationIds: stations,
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
        await audit(tx, ctx, authed(ctx).me.accountId, 'deleteAccount', `account:${t.userId}`, {
          account: t.account,
          contact: t.contact,
          orgId: t.orgId,
          roleId: t.roleId,
        });
      })
      .catch((e: unknown) => {
        if (isStillReferenced(e)) fail('conflict', { reason: 'hasRecords' });
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
};
