// The alarms a rule or an on-call schedule is about, by one of their codes: levels, types or
// device types. Nothing ticked means all of them, and the group says so.
import { ALARM_CATEGORIES, ALARM_TYPES, DEVICE_TYPES } from '../../../protocol/codes';
import { useT } from '../../hooks/useT';
import { ALARM_CATEGORY_KEY, ALARM_TYPE_KEY, DEVICE_TYPE_KEY } from '../../i18n/codeKeys';
import type { TKey } from '../../i18n/i18n';
import { ChoiceGroup } from './ChoiceGroup';

const LISTS: Record<'categories' | 'alarmTypes' | 'deviceTypes', { legend: TKey; codes: readonly string[]; names: Record<string, TKey> }> = {
  categories: { legend: 'notifications:field.categories', codes: ALARM_CATEGORIES, names: ALARM_CATEGORY_KEY },
  alarmTypes: { legend: 'notifications:field.alarmTypes', codes: ALARM_TYPES, names: ALARM_TYPE_KEY },
  deviceTypes: { legend: 'notifications:field.deviceTypes', codes: DEVICE_TYPES, names: DEVICE_TYPE_KEY },
};

export function AlarmCodeChoice({
  list,
  value,
  onChange,
  testId,
}: {
  list: keyof typeof LISTS;
  value: readonly string[];
  onChange: (v: string[]) => void;
  testId: string;
}) {
  const t = useT('notifications', 'alarms', 'station');
  const { legend, codes, names } = LISTS[list];
  return (
    <ChoiceGroup
      legend={t(legend)}
      allLabel={t('notifications:rules.all')}
      testId={testId}
      value={value}
      choices={codes.map((c) => ({ value: c, label: t(names[c]!) }))}
      onChange={onChange}
    />
  );
}
