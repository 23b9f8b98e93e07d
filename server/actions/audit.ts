import type { z } from 'zod';
import type { auditEntry } from '../../protocol/actions/audit';
import type { Queryable } from '../db/db';
import { authed, type Handlers } from '../api/context';
import { auditNames, namesOf } from '../audit/names';
import { containing, likeEscape, offsetOf, Where } from '../db/list-query';
import { orgsInScope, requireOrg, subtree } from '../accounts/org-scope';
import { loadAccount } from '../accounts/records';

// The audit trail (docs/accounts.md). Every write lands in audit_log beside its change; sign-in
// attempts land here too. A tenant reads the entries of accounts of the organisations it manages
// (a provider: itself and its customers); the platform reads everything, unknown accounts included.

type Entry = z.input<typeof auditEntry>;

interface AuditRow {
  auditId: string | number;
  at: Date;
  accountId: number | null;
  account: string | null;
  contact: string | null;
  orgId: number | null;
  orgName: string | null;
  action: string;
  target: string | null;
  outcome: string;
  detail: Record<string, unknown>;
}

// Rows written before the org column (and by the statements that fill only the account) take the
// acting account's org.
const AUDIT_SQL = `
  SELECT l.id AS "auditId", l.at, l.account_id AS "accountId", a.account, a.contact, o.id AS "orgId", o.name AS "orgName",
         l.action, l.target, l.outcome, l.detail
  FROM audit_log l LEFT JOIN accounts a ON a.id = l.account_id LEFT JOIN orgs o ON o.id = coalesce(l.org_id, a.org_id)`;

const toEntries = async (q: Queryable, rows: AuditRow[]): Promise<Entry[]> => {
  const names = await auditNames(q, rows);
  return rows.map((r) => ({ ...r, auditId: Number(r.auditId), at: r.at.toISOString(), names: namesOf(names, r.target, r.detail) }));
};

export const auditHandlers: Handlers = {
  queryAuditLog: async (q, ctx) => {
    const { me } = authed(ctx);
    const reg = ctx.services.registry;
    const w = new Where();
    const org = 'coalesce(l.org_id, a.org_id)';
    if (q.orgId !== undefined) {
      requireOrg(reg, me, q.orgId);
      w.add(`${org} = ANY(${w.p(subtree(reg, q.orgId).filter((o) => orgsInScope(reg, me).includes(o)))}::int[])`);
    } else if (me.orgType !== 1) w.add(`${org} = ANY(${w.p(orgsInScope(reg, me))}::int[])`);
    if (q.from) w.add(`l.at >= ${w.p(q.from)}::timestamptz`);
    if (q.to) w.add(`l.at < ${w.p(q.to)}::timestamptz`);
    if (q.accountId !== undefined) w.add(`l.account_id = ${w.p(q.accountId)}`);
    if (q.account) {
      const k = w.p(containing(q.account));
      w.add(`(a.account ILIKE ${k} OR a.contact ILIKE ${k})`);
    }
    if (q.actions && q.actions.length > 0) w.add(`l.action = ANY(${w.p(q.actions)}::text[])`);
    if (q.target) w.add(q.target.endsWith(':') ? `l.target LIKE ${w.p(`${likeEscape(q.target)}%`)}` : `l.target = ${w.p(q.target)}`);
    if (q.outcome) w.add(`l.outcome = ${w.p(q.outcome)}`);
    const db = ctx.services.db;
    const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log l LEFT JOIN accounts a ON a.id = l.account_id ${w.sql}`, w.vals);
    const totalCount = count?.n ?? 0;
    const offset = offsetOf(q.page, q.length);
    if (offset >= totalCount) return { totalCount, dataList: [] };
    const rows = await db.query<AuditRow>(`${AUDIT_SQL} ${w.sql} ORDER BY l.at DESC, l.id DESC LIMIT ${w.p(q.length)} OFFSET ${w.p(offset)}`, w.vals);
    return { totalCount, dataList: await toEntries(db, rows) };
  },

  queryAccountAudit: async ({ userId, length }, ctx) => {
    const { me } = authed(ctx);
    const t = await loadAccount(ctx, me, userId);
    const rows = await ctx.services.db.query<AuditRow>(
      `${AUDIT_SQL} WHERE l.id IN (
         (SELECT id FROM audit_log WHERE account_id = $1 ORDER BY at DESC, id DESC LIMIT $3)
         UNION (SELECT id FROM audit_log WHERE target = $2 ORDER BY at DESC, id DESC LIMIT $3))
       ORDER BY l.at DESC, l.id DESC LIMIT $3`,
      [t.userId, `account:${t.userId}`, length],
    );
    return { dataList: await toEntries(ctx.services.db, rows) };
  },
};
