import type { TFn } from '../i18n/i18n';
import type { MessageText } from '../../streams/types';
import { asKey } from '../i18n/keys';

/** Store messages carry keys or raw server text; only the UI translates (house style). */
export function messageText(t: TFn, m: MessageText): string {
  if ('key' in m) return m.key ? (t(asKey(m.key), m.params)) : '';
  return m.prefixKey ? `${t(asKey(m.prefixKey))}${m.raw}` : m.raw;
}
