import type { Queryable } from '../db/db';
import { columns, type RuleRow } from './rules';

// Defaults by role (docs/notifications.md): rules stored with a role instead of an account. The
// planner reads them through enabledRules (rules.ts), once per account holding the role; here is
// what the role page and an account's own page read, and an account's mute of one of them.

export const roleRulesOf = (db: Queryable, roleId: number): Promise<RuleRow[]> =>
  db.query<RuleRow>(`SELECT ${columns('r.')} FROM notification_rules r WHERE r.role_id = $1 ORDER BY r.id`, [roleId]);

type RoleRuleOfAccount = RuleRow & { roleName: string; muted: boolean };

/** The rules of the role `accountId` holds, with the role's name and whether the account muted each. */
export const roleRulesFor = (db: Queryable, accountId: number): Promise<RoleRuleOfAccount[]> =>
  db.query<RoleRuleOfAccount>(
    `SELECT ${columns('r.')}, ro.name AS "roleName",
       EXISTS (SELECT 1 FROM notification_rule_mutes m WHERE m.rule_id = r.id AND m.account_id = a.id) AS muted
     FROM accounts a JOIN notification_rules r ON r.role_id = a.role_id JOIN roles ro ON ro.id = r.role_id
     WHERE a.id = $1 ORDER BY r.id`,
    [accountId],
  );

/** Mutes (or unmutes) a role's rule for one account; answers whether anything changed. */
export const setMuted = async (db: Queryable, ruleId: number, accountId: number, muted: boolean, now: Date): Promise<boolean> =>
  (
    await db.query(
      muted
        ? 'INSERT INTO notification_rule_mutes (rule_id, account_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING rule_id'
        : 'DELETE FROM notification_rule_mutes WHERE rule_id = $1 AND account_id = $2 AND $3::timestamptz IS NOT NULL RETURNING rule_id',
      [ruleId, accountId, now],
    )
  ).length > 0;
