// SPEC §5 password rules, shared by every password form (change password, find password,
// sub-account password, a new account's initial password). Each validator returns the i18n
// keys of every failing rule in rule order; a form shows the first, tests see them all.
import type { TKey } from '../i18n/i18n';

export const PASSWORD_MIN = 8;
/** SPEC §5/§9: < > ' ) + / * are forbidden. */
export const FORBIDDEN_CHARS = /[<>')+/*]/;
/**
 * The four classes of SPEC §5. "Special" is any character that is not a letter or digit and
 * not forbidden; SPEC says the original check is loose, so this is our reading of it.
 */
export const passwordClasses = (v: string): number => [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9<>')+/*]/].filter((re) => re.test(v)).length;

export function passwordStrengthErrors(v: string): TKey[] {
  const out: TKey[] = [];
  if (v.length < PASSWORD_MIN) out.push('auth:password.minLength');
  if (FORBIDDEN_CHARS.test(v)) out.push('auth:password.forbidden');
  if (passwordClasses(v) < 3) out.push('auth:password.classes');
  return out;
}

export interface SubAccountValues {
  account: string;
  password: string;
  confirm: string;
}
export type SubAccountField = keyof SubAccountValues;

/** SPEC §5 sub-account dialog: account, password and confirm required; mismatch message. */
export function validateSubAccount(field: SubAccountField, v: SubAccountValues): TKey[] {
  switch (field) {
    case 'account':
      return v.account.trim() === '' ? ['auth:password.accountRequired'] : [];
    case 'password':
      return v.password === '' ? ['auth:password.required'] : [];
    case 'confirm':
      if (v.confirm === '') return ['auth:password.confirmRequired'];
      return v.confirm !== v.password ? ['auth:password.twoMismatch'] : [];
  }
}

export const validateAll = <F extends string, V>(fields: readonly F[], v: V, fn: (f: F, v: V) => TKey[]) =>
  Object.fromEntries(fields.map((f) => [f, fn(f, v)])) as Record<F, TKey[]>;
