// Texts of an API token's kind and status.
import type { TKey } from '../../i18n/i18n';

export const KIND_KEY = { personal: 'system:apiTokens.kinds.personal', service: 'system:apiTokens.kinds.service' } as const satisfies Record<string, TKey>;
export const KIND_HINT_KEY = { personal: 'system:apiTokens.kindHint.personal', service: 'system:apiTokens.kindHint.service' } as const satisfies Record<
  string,
  TKey
>;
export const STATUS_KEY = {
  active: 'system:apiTokens.statuses.active',
  expired: 'system:apiTokens.statuses.expired',
  revoked: 'system:apiTokens.statuses.revoked',
} as const satisfies Record<string, TKey>;
