import { ApiFailure } from '../../../streams/api/client';
import type { TKey } from '../../i18n/i18n';
import { ERROR_KEY } from '../../i18n/codeKeys';

/** Translation key for a failed call (codes only; the UI translates). */
export function failureKey(e: unknown, fallback: TKey): TKey {
  if (!(e instanceof ApiFailure)) return fallback;
  if (e.error.kind !== 'http') return e.error.kind === 'timeout' ? 'errors.timeout' : 'errors.network';
  return e.error.codeName ? ERROR_KEY[e.error.codeName] : fallback;
}
export const codeOf = (e: unknown): string | undefined => (e instanceof ApiFailure ? e.codeName : undefined);
export const serverMsgOf = (e: unknown): string => (e instanceof ApiFailure && e.error.kind === 'http' ? e.error.msg : '');
