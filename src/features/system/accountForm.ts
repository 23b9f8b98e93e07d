// The account form's values, its checks before sending (SPEC §5 password rules, the same as the
// change-password dialog) and the request it becomes. Edits send only what the form holds; the
// account name and org do not change after creation.
import { md5 } from '../../../protocol/md5';
import type { AccountRow, SaveAccount } from '../../../streams/system/accounts';
import type { TKey } from '../../i18n/i18n';
import { passwordStrengthErrors } from '../../lib/passwordRules';

export interface AccountValues {
  orgId: number | null;
  account: string;
  contact: string;
  mobile: string;
  email: string;
  roleId: number | null;
  dataScope: 'org' | 'stations';
  stationIds: Set<number>;
  notes: string;
  password: string;
  confirm: string;
}
export type AccountField = 'orgId' | 'account' | 'roleId' | 'scopeStationIds' | 'password' | 'confirm' | 'mobile' | 'email';

/**
 * The organisation a new account starts in: the creator's own (the first of the managed orgs,
 * useManagedOrgs puts it there), never one of its customers; the creator picks another on purpose.
 */
export const newAccountOrg = (orgs: readonly { id: number }[], creatorOrgId: number | null): number | null =>
  orgs.find((o) => o.id === creatorOrgId)?.id ?? orgs[0]?.id ?? null;

export const emptyAccount = (orgId: number | null): AccountValues => ({
  orgId,
  account: '',
  contact: '',
  mobile: '',
  email: '',
  roleId: null,
  dataScope: 'org',
  stationIds: new Set(),
  notes: '',
  password: '',
  confirm: '',
});

export const valuesOf = (a: AccountRow): AccountValues => ({
  orgId: a.orgId,
  account: a.account,
  contact: a.contact,
  mobile: a.mobile ?? '',
  email: a.email ?? '',
  roleId: a.roleId,
  dataScope: a.dataScope,
  stationIds: new Set(a.scopeStationIds),
  notes: a.notes,
  password: '',
  confirm: '',
});

const ACCOUNT_NAME = /^[A-Za-z0-9_.@-]{3,64}$/;

/** The first failing rule of each field; `creating` adds the account name and password. */
export function checkAccount(v: AccountValues, creating: boolean): Partial<Record<AccountField, TKey>> {
  const e: Partial<Record<AccountField, TKey>> = {};
  if (creating) {
    if (v.orgId === null) e.orgId = 'system:issue.orgRequired';
    if (!v.account.trim()) e.account = 'system:issue.accountRequired';
    else if (!ACCOUNT_NAME.test(v.account.trim())) e.account = 'system:issue.accountFormat';
    const pw = v.password === '' ? ['auth:password.required' as const] : passwordStrengthErrors(v.password);
    if (pw[0]) e.password = pw[0];
    if (v.confirm === '') e.confirm = 'auth:password.confirmRequired';
    else if (v.confirm !== v.password) e.confirm = 'auth:password.confirmMismatch';
  }
  if (v.roleId === null) e.roleId = 'system:issue.roleRequired';
  if (v.dataScope === 'stations' && v.stationIds.size === 0) e.scopeStationIds = 'system:issue.tooSmall';
  if (v.mobile.trim() && !/^\+?\d{6,15}$/.test(v.mobile.trim())) e.mobile = 'system:issue.phone';
  return e;
}

export function toRequest(v: AccountValues, userId: number | null): SaveAccount {
  const common = {
    contact: v.contact.trim(),
    mobile: v.mobile.trim(),
    email: v.email.trim(),
    roleId: v.roleId ?? 0,
    dataScope: v.dataScope,
    scopeStationIds: v.dataScope === 'stations' ? [...v.stationIds] : [],
    notes: v.notes,
  };
  if (userId !== null) return { update: { userId, ...common } };
  const { mobile, email, ...rest } = common;
  return {
    create: {
      orgId: v.orgId ?? 0,
      account: v.account.trim(),
      password: md5(v.password),
      status: 1,
      ...rest,
      ...(mobile ? { mobile } : {}),
      ...(email ? { email } : {}),
    },
  };
}
