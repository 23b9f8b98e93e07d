// The time-range presets of the audit log and the message view as [from, to) instants computed when asked, so
// a rolling preset follows the clock.
import type { RangePreset } from '../../lib/timeRange';

export { rangeOf } from '../../lib/timeRange';
export type Range = RangePreset;
