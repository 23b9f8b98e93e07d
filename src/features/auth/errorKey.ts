import { commandError } from '../../../streams/commands/command';
import type { TKey } from '../../i18n/i18n';
import { ERROR_KEY } from '../../i18n/codeKeys';

/** Translation key for a failed call (codes only; the UI translates). */
export function failureKey(e: unknown, fallback: TKey): TKey {
  const { code, transport } = commandError(e);
  if (transport) return transport === 'timeout' ? 'errors.timeout' : 'errors.network';
  return code ? ERROR_KEY[code] : fallback;
}
export const codeOf = (e: unknown): string | undefined => commandError(e).code;
