import type { Queryable } from '../db/db';
import type { RuleChoices } from '../../protocol/actions/notifications';

// Notification rules: which alarms an account wants to hear of, on which channels, when. Stored
// per account, or per role as the default of every account holding it (role-rules.ts); an empty
// filter list matches everything. The planner (planner.ts) reads the enabled ones of every
// account, its roles' included, each time it plans an alarm change.

export interface RuleRow extends RuleChoices {
  ruleId: number;
  /** the owner, or (a role's rule as the planner reads it) the account it tells; null: a role's rule as stored */
  accountId: number | null;
  /** a role's default rule: the role; null: an account's own */
  roleId: number | null;
  /** null: the account's own address */
  email: string | null;
  webhookUrl: string | null;
  /** SMS: null: the account's own mobile number */
  mobile: string | null;
  webhookSecret: string | null;
  /** minutes of the day in `zone`; both null: none */
  quietFrom: number | null;
  quietTo: number | null;
  zone: string;
  /** null: every alarm at once */
  digestMinutes: number | null;
  locale: string;
  createdAt: Date;
  updatedAt: Date;
}

export type RuleInput = Omit<RuleRow, 'ruleId' | 'accountId' | 'roleId' | 'createdAt' | 'updatedAt' | 'webhookSecret' | 'locale'>;
/** Whose a rule is: an account's own, or a role's default. */
export type RuleOwner = { accountId: number; roleId?: undefined } | { roleId: number; accountId?: undefined };

export const columns = (
  r: string,
  account = `${r}account_id`,
) => `${r}id AS "ruleId", ${account} AS "accountId", ${r}role_id AS "roleId", ${r}name, ${r}enabled, ${r}categories,
  ${r}alarm_types AS "alarmTypes", ${r}device_types AS "deviceTypes", ${r}station_ids AS "stationIds", ${r}channels, ${r}email,
  ${r}webhook_url AS "webhookUrl", ${r}mobile, ${r}webhook_secret AS "webhookSecret", ${r}quiet_from AS "quietFrom", ${r}quiet_to AS "quietTo",
  ${r}zone, ${r}digest_minutes AS "digestMinutes", ${r}events, ${r}locale, ${r}created_at AS "createdAt", ${r}updated_at AS "updatedAt"`;
const COLUMNS = columns('');

export const rulesOf = (db: Queryable, accountId: number): Promise<RuleRow[]> =>
  db.query<RuleRow>(`SELECT ${COLUMNS} FROM notification_rules WHERE account_id = $1 ORDER BY id`, [accountId]);

export const ruleById = async (db: Queryable, ruleId: number): Promise<RuleRow | null> =>
  (await db.query<RuleRow>(`SELECT ${COLUMNS} FROM notification_rules WHERE id = $1`, [ruleId]))[0] ?? null;

/**
 * Enabled rules of enabled accounts (the planner's candidates): each account's own, then each
 * role's once per enabled account holding the role that has not muted it (`accountId` is that
 * account). Own rules come first, so where both match, the account's own rule is the one planned.
 */
export const enabledRules = (db: Queryable): Promise<RuleRow[]> =>
  db.query<RuleRow>(
    `SELECT ${columns('r.', 'a.id')} FROM notification_rules r
     JOIN accounts a ON a.id = r.account_id
       OR (a.role_id = r.role_id AND NOT EXISTS (SELECT 1 FROM notification_rule_mutes m WHERE m.rule_id = r.id AND m.account_id = a.id))
     WHERE r.enabled AND a.status = 1 ORDER BY r.role_id IS NOT NULL, r.id, a.id`,
  );

/** Creates (no id) or replaces a rule of `owner`; `secret` is set when given, else kept. */
export const saveRule = async (
  db: Queryable,
  ruleId: number | null,
  owner: RuleOwner,
  r: RuleInput,
  locale: string,
  secret: string | null,
  now: Date,
): Promise<number> => {
  const vals = [
    r.name,
    r.enabled,
    r.categories,
    r.alarmTypes,
    r.deviceTypes,
    r.stationIds,
    r.channels,
    r.email,
    r.webhookUrl,
    r.quietFrom,
    r.quietTo,
    r.zone,
    r.digestMinutes,
    locale,
    now,
    secret,
    r.mobile,
    r.events,
  ];
  if (ruleId === null) {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO notification_rules (name, enabled, categories, alarm_types, device_types, station_ids, channels, email, webhook_url,
         quiet_from, quiet_to, zone, digest_minutes, locale, created_at, updated_at, webhook_secret, mobile, events, account_id, role_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15, $16, $17, $18, $19, $20) RETURNING id`,
      [...vals, owner.accountId ?? null, owner.roleId ?? null],
    );
    return row!.id;
  }
  await db.query(
    `UPDATE notification_rules SET name = $1, enabled = $2, categories = $3, alarm_types = $4, device_types = $5, station_ids = $6,
       channels = $7, email = $8, webhook_url = $9, quiet_from = $10, quiet_to = $11, zone = $12, digest_minutes = $13, locale = $14,
       updated_at = $15, webhook_secret = coalesce($16, webhook_secret), mobile = $17, events = $18
     WHERE id = $19 AND (account_id = $20 OR role_id = $21)`,
    [...vals, ruleId, owner.accountId ?? null, owner.roleId ?? null],
  );
  return ruleId;
};

export const deleteRule = async (db: Queryable, ruleId: number, owner: RuleOwner): Promise<boolean> =>
  (
    await db.query('DELETE FROM notification_rules WHERE id = $1 AND (account_id = $2 OR role_id = $3) RETURNING id', [
      ruleId,
      owner.accountId ?? null,
      owner.roleId ?? null,
    ])
  ).length > 0;
