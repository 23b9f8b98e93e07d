// Period (sharp, peak, flat, valley) colours and label keys, shared by the timeline, the charts
// and the tables of every tariff screen.
import type { Period } from '../../../protocol/codes';
import type { TKey } from '../../i18n/i18n';

export const PERIOD_COLOR = { sharp: '#dc2626', peak: '#f59e0b', flat: '#3b82f6', valley: '#10b981' } as const satisfies Record<Period, string>;

export { PERIOD_KEY } from '../../i18n/codeKeys';

export const STATUS_KEY = { active: 'tariffs:status.active', pending: 'tariffs:status.pending', history: 'tariffs:status.history' } as const satisfies Record<string, TKey>;

export const OIL_STATUS_KEY = { pending: 'tariffs:oil.status.pending', active: 'tariffs:oil.status.active', expired: 'tariffs:oil.status.expired' } as const satisfies Record<string, TKey>;

export const colorOf = (kind: string): string => (PERIOD_COLOR as Record<string, string>)[kind] ?? '#94a3b8';

/** Month names in the reader's language ("Jan", "1月"), by number 1-12. */
export function monthName(month: number, lang: string): string {
  return new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en', { month: 'short', timeZone: 'UTC' }).format(Date.UTC(2026, month - 1, 1));
}
