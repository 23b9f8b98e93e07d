// SPEC §5 password and form rules. Each validator returns the i18n keys of every failing rule
// in rule order; a form shows the first (Element-style), tests see them all.
import type { TKey } from '../../i18n/i18n';
import { passwordStrengthErrors } from '../../lib/passwordRules';

export { passwordClasses, passwordStrengthErrors, validateAll, validateSubAccount } from '../../lib/passwordRules';

export interface ChangePasswordValues {
  current: string;
  next: string;
  confirm: string;
}
export type ChangePasswordField = keyof ChangePasswordValues;

export function validateChangePassword(field: ChangePasswordField, v: ChangePasswordValues): TKey[] {
  switch (field) {
    case 'current':
      return v.current === '' ? ['auth:password.currentRequired'] : [];
    case 'next':
      return v.next === '' ? ['auth:password.newRequired', 'auth:password.required'] : passwordStrengthErrors(v.next);
    case 'confirm':
      if (v.confirm === '') return ['auth:password.confirmRequired'];
      return v.confirm !== v.next ? ['auth:password.confirmMismatch'] : [];
  }
}

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
