// Period (sharp, peak, flat, valley) colours and label keys, shared by the timeline, the charts
// and the tables of every tariff screen.
import { OIL_PRICE_STATUS, TARIFF_STATUS, type Period } from '../../../protocol/codes';
import { keysOf } from '../../i18n/codeKeys';
import type { TKey } from '../../i18n/i18n';

// dark enough that a band's white label reads at 4.5:1 or more (docs/accessibility.md)
export const PERIOD_COLOR = { sharp: '#c81e1e', peak: '#b45309', flat: '#1d4ed8', valley: '#047857' } as const satisfies Record<Period, string>;

export { PERIOD_KEY } from '../../i18n/codeKeys';

export const STATUS_KEY = keysOf('tariffs:status', TARIFF_STATUS) satisfies Record<(typeof TARIFF_STATUS)[number], TKey>;

export const OIL_STATUS_KEY = keysOf('tariffs:oil.status', OIL_PRICE_STATUS) satisfies Record<(typeof OIL_PRICE_STATUS)[number], TKey>;

export const colorOf = (kind: string): string => (PERIOD_COLOR as Record<string, string>)[kind] ?? '#55657c';

/** Month names in the reader's language ("Jan", "1月"), by number 1-12. */
export function monthName(month: number, lang: string): string {
  return new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en', { month: 'short', timeZone: 'UTC' }).format(Date.UTC(2026, month - 1, 1));
}
