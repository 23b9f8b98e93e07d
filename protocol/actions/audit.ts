import { z } from 'zod';
import { actionsOn } from '../action';
import { id, isoTime, length, page, pageOf } from './common';

export const auditEntry = z.object({
  auditId: z.number().int(),
  /** ISO 8601 */
  at: z.string(),
  /** the account that acted; null for a sign-in attempt with an unknown account name */
  accountId: z.number().int().nullable(),
  /** its login name, null once the account is deleted (the detail of deleteAccount keeps it) */
  account: z.string().nullable(),
  contact: z.string().nullable(),
  orgId: z.number().int().nullable(),
  orgName: z.string().nullable(),
  /** the action's wire name (saveTariff, issueStrategy, ...) or signIn */
  action: z.string(),
  /** `<kind>:<id>`, e.g. account:12, tariff:3, station:7 */
  target: z.string().nullable(),
  outcome: z.string(),
  /** what changed; never a password or secret */
  detail: z.record(z.string(), z.unknown()),
  /**
   * Names of what the entry refers to, by `<kind>:<id>` (the target and the detail's id fields,
   * AUDIT_REF_FIELDS): the reader sees "alice", not "account 7". Absent once the thing is deleted.
   */
  names: z.record(z.string(), z.string()),
});

export const auditFilter = {
  /** at, inclusive */
  from: isoTime.optional(),
  /** at, exclusive */
  to: isoTime.optional(),
  accountId: id.optional(),
  /** substring of the acting account's login name or contact */
  account: z.string().trim().max(64).optional(),
  /** action names, any of them */
  actions: z.array(z.string().trim().min(1).max(64)).max(50).optional(),
  /** a whole target (account:12) or a kind (account:) */
  target: z.string().trim().max(100).optional(),
  outcome: z.string().trim().max(32).optional(),
  /** an organisation in scope (a provider takes its customers with it) */
  orgId: id.optional(),
};

const asset = actionsOn('asset');

export const auditActions = {
  queryAuditLog: asset.read('system.audit', {
    summary:
      'The audit trail, newest first: who did what, when, on which target, with the outcome; filters by time, account, action, target and outcome. A tenant sees only entries of accounts of its own organisations.',
    request: z.object({ ...auditFilter, page, length }),
    response: pageOf(auditEntry),
  }),
} as const;
