import type { Queryable } from '../db/db';
import type { Ctx } from '../api/context';

/** Records a sign-in attempt; `accountId` null when the name matched no account. */
export const auditSignIn = async (
  q: Queryable,
  ctx: Ctx,
  accountId: number | null,
  outcome: 'ok' | 'failed',
  detail: Record<string, unknown>,
): Promise<void> => {
  await q.query(
    `INSERT INTO audit_log(at, account_id, org_id, action, target, outcome, detail)
     VALUES ($1, $2::int, (SELECT org_id FROM accounts WHERE id = $2::int), 'signIn', $3, $4, $5)`,
    [ctx.now, accountId, accountId === null ? null : `account:${accountId}`, outcome, JSON.stringify({ ...detail, ip: ctx.ip })],
  );
};
