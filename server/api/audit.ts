import type { Queryable } from '../db/db';
import type { Ctx } from './context';

/** Appends to the audit trail through `q`, so a write and its audit row share a transaction. */
export const audit = async (q: Queryable, ctx: Ctx, accountId: number, action: string, target: string, detail: unknown): Promise<void> => {
  await q.query('INSERT INTO audit_log(at, account_id, org_id, action, target, detail) VALUES ($1,$2,(SELECT org_id FROM accounts WHERE id = $2),$3,$4,$5)', [
    ctx.now,
    accountId,
    action,
    target,
    JSON.stringify(detail ?? {}),
  ]);
};
