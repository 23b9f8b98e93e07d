// A log's time-range drop-down (the audit log, the messages, the notification log): all, today,
// the last 7 or 30 days, and where the page offers dates of its own, "custom".
import { useT } from '../hooks/useT';
import type { TKey } from '../i18n/i18n';
import { RANGE_PRESETS, type RangePreset } from '../lib/timeRange';
import { FILTER_CONTROL } from './FilterSelect';

const RANGE_KEY = {
  all: 'system:range.all',
  today: 'system:range.today',
  '7d': 'system:range.d7',
  '30d': 'system:range.d30',
  custom: 'system:range.custom',
} as const satisfies Record<RangePreset, TKey>;

export function RangeSelect({
  testId,
  value,
  onChange,
  custom = false,
}: {
  testId: string;
  value: RangePreset;
  onChange: (v: RangePreset) => void;
  /** whether "custom" is offered */
  custom?: boolean;
}) {
  const t = useT('system');
  return (
    <select
      aria-label={t('system:range.label')}
      className={FILTER_CONTROL}
      value={value}
      onChange={(e) => onChange(e.target.value as RangePreset)}
      data-testid={testId}
    >
      {RANGE_PRESETS.filter((p) => custom || p !== 'custom').map((x) => (
        <option key={x} value={x}>
          {t(RANGE_KEY[x])}
        </option>
      ))}
    </select>
  );
}
