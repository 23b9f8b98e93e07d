// The time-range presets of the audit log and the message view as [from, to) instants computed when asked, so
// a rolling preset follows the clock.
import type { TKey } from '../../i18n/i18n';
import { RANGE_PRESETS, type RangePreset } from '../../lib/timeRange';

export { rangeOf } from '../../lib/timeRange';
export const RANGES = RANGE_PRESETS;
export type Range = RangePreset;
export const RANGE_KEY = {
  all: 'system:range.all',
  today: 'system:range.today',
  '7d': 'system:range.d7',
  '30d': 'system:range.d30',
  custom: 'system:range.custom',
} as const satisfies Record<Range, TKey>;
