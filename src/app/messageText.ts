import type { TFn } from '../i18n/i18n';
import type { MessageText } from '../../streams/types';
import { isKey } from '../i18n/lookup';

/** Store messages carry keys or raw server text; only the UI translates (house style). A key no
 *  catalogue holds (an error code newer than the console) shows nothing rather than itself. */
export function messageText(t: TFn, m: MessageText): string {
  if ('key' in m) return isKey(m.key) ? t(m.key, m.params ?? {}) : '';
  return m.prefixKey && isKey(m.prefixKey) ? `${t(m.prefixKey)}${m.raw}` : m.raw;
}
