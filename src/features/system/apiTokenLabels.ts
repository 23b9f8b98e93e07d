// Texts of an API token's kind and status.
import { API_TOKEN_KINDS, API_TOKEN_STATUSES } from '../../../protocol/codes';
import { keysOf } from '../../i18n/codeKeys';
import type { TKey } from '../../i18n/i18n';

type Kind = (typeof API_TOKEN_KINDS)[number];

export const KIND_KEY = keysOf('system:apiTokens.kinds', API_TOKEN_KINDS) satisfies Record<Kind, TKey>;
export const KIND_HINT_KEY = keysOf('system:apiTokens.kindHint', API_TOKEN_KINDS) satisfies Record<Kind, TKey>;
export const STATUS_KEY = keysOf('system:apiTokens.statuses', API_TOKEN_STATUSES) satisfies Record<(typeof API_TOKEN_STATUSES)[number], TKey>;
