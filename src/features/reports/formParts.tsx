// The pieces the report form and the schedule dialog share: the granularity drop-down and the
// data items' checkboxes (kept in the catalogue's order whatever order they are ticked in).
import { REPORT_GRANULARITIES } from '../../../protocol/codes';
import { useT } from '../../hooks/useT';
import { REPORT_ITEMS, type Granularity, type ReportItem } from './form';
import { GRANULARITY_KEY, REPORT_ITEM_KEY } from './keys';

export function GranularitySelect({
  testId,
  className,
  value,
  onChange,
}: {
  testId: string;
  className: string;
  value: Granularity;
  onChange: (g: Granularity) => void;
}) {
  const t = useT('reports');
  return (
    <select
      className={className}
      data-testid={testId}
      value={value}
      onChange={(e) => onChange(REPORT_GRANULARITIES.find((g) => g === e.target.value) ?? 'day')}
    >
      {REPORT_GRANULARITIES.map((g) => (
        <option key={g} value={g}>
          {t(GRANULARITY_KEY[g])}
        </option>
      ))}
    </select>
  );
}

export function ItemChecks({
  testIdPrefix,
  labelClass,
  items,
  onChange,
}: {
  /** each box's test id is the prefix and the item */
  testIdPrefix: string;
  labelClass: string;
  items: readonly ReportItem[];
  onChange: (items: ReportItem[]) => void;
}) {
  const t = useT('reports');
  return REPORT_ITEMS.map((item) => (
    <label key={item} className={labelClass}>
      <input
        type="checkbox"
        data-testid={`${testIdPrefix}${item}`}
        checked={items.includes(item)}
        onChange={(e) => onChange(e.target.checked ? REPORT_ITEMS.filter((i) => i === item || items.includes(i)) : items.filter((i) => i !== item))}
      />
      {t(REPORT_ITEM_KEY[item])}
    </label>
  ));
}
