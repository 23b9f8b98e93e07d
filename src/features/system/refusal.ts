// What a refused write says to the reader: the server's reason (oneself, records kept, built-in,
// in use) or its code, as a key of the system namespace. Field issues go to the form's fields.
import type { CommandError } from '../../../streams/commands/command';
import type { TKey } from '../../i18n/i18n';
import { ERROR_KEY } from '../../i18n/codeKeys';

const REASON_KEY = {
  self: 'system:refused.self',
  hasRecords: 'system:refused.hasRecords',
  builtin: 'system:refused.builtin',
  inUse: 'system:refused.inUse',
  enrolled: 'system:refused.enrolled',
} as const satisfies Record<string, TKey>;

export function refusalKey(e: CommandError): TKey {
  if (e.reason && e.reason in REASON_KEY) return REASON_KEY[e.reason as keyof typeof REASON_KEY];
  if (e.code === 'conflict') return 'system:refused.taken';
  if (e.code === 'forbidden') return 'system:refused.forbidden';
  if (e.code === 'validationFailed') return 'system:refused.invalid';
  return e.code ? ERROR_KEY[e.code] : 'errors.network';
}

const ISSUE_KEY = {
  roleNotUsable: 'system:issue.roleNotUsable',
  stationScope: 'system:issue.stationScope',
  accountFormat: 'system:issue.accountFormat',
  phone: 'system:issue.phone',
  email: 'system:issue.email',
  tooSmall: 'system:issue.tooSmall',
} as const satisfies Record<string, TKey>;

/** The first issue of a form field (`scopeStationIds.3` counts for `scopeStationIds`). */
export function fieldIssueKey(e: CommandError | null, field: string): TKey | null {
  const f = e?.fields.find((x) => x.path === field || x.path.startsWith(`${field}.`));
  if (!f) return null;
  return f.issue in ISSUE_KEY ? ISSUE_KEY[f.issue as keyof typeof ISSUE_KEY] : 'system:refused.invalid';
}
