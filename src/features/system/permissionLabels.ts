// Permission keys and catalogue groups as texts. Route keys are the routes' own titles; the
// action keys (tariff.edit, strategy.issue, …) have texts of their own. A key the catalogue
// gains later shows as itself rather than as a blank.
import type { TFn, TKey } from '../../i18n/i18n';
import { catalogueText } from '../../i18n/lookup';

export const GROUP_KEY = {
  home: 'system:group.home',
  monitoring: 'system:group.monitoring',
  tariff: 'system:group.tariff',
  operationMode: 'system:group.operationMode',
  analytics: 'system:group.analytics',
  operations: 'system:group.operations',
  alarm: 'system:group.alarm',
  system: 'system:group.system',
  other: 'system:group.other',
} as const satisfies Record<string, TKey>;

export const groupLabel = (t: TFn, g: string): string => (g in GROUP_KEY ? t(GROUP_KEY[g as keyof typeof GROUP_KEY]) : g);

/** `system.account.edit` → `perm.system_account_edit` of `system` (catalogue keys hold no dots). */
export const permissionLabel = (key: string): string => catalogueText('system', `perm.${key.replace(/\./g, '_')}`) ?? key;
