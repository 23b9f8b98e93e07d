// The filters the alarm list and a station's alarm log share: drop-downs of status, category, type
// and device type (each where the page names its test id, always in that order), and "assigned to
// me". A choice of "all" clears its field.
import { ALARM_CATEGORIES } from '../../../../protocol/codes';
import { FilterSelect } from '../../../components/FilterSelect';
import { ALARM_CATEGORY_KEY, choicesOf } from '../../../i18n/codeKeys';
import type { TFn } from '../../../i18n/i18n';
import { alarmTypeOptions, deviceTypeOptions, statusOptions } from './filterOptions';
import type { AlarmFilters } from './useAlarmListForm';

type Field = 'alarmStatus' | 'alarmCategory' | 'alarmType' | 'deviceType';

export function AlarmFilterSelects({
  t,
  testIds,
  filters,
  onChange,
}: {
  t: TFn;
  /** the drop-downs the page shows, by their test ids */
  testIds: Partial<Record<Field, string>>;
  filters: Pick<AlarmFilters, Field>;
  onChange: (p: Partial<AlarmFilters>) => void;
}) {
  const selects = [
    { field: 'alarmStatus', label: t('station:alarmLog.status'), options: statusOptions(t) },
    { field: 'alarmCategory', label: t('alarmCenter:list.category'), options: choicesOf(ALARM_CATEGORIES, ALARM_CATEGORY_KEY, t) },
    { field: 'alarmType', label: t('station:alarmLog.type'), options: alarmTypeOptions(t) },
    { field: 'deviceType', label: t('station:alarmLog.equipmentType'), options: deviceTypeOptions() },
  ] as const;
  return (
    <>
      {selects.map(({ field, label, options }) => {
        const testId = testIds[field];
        return (
          testId && (
            <FilterSelect
              key={field}
              testId={testId}
              label={label}
              all={t('station:common.all')}
              value={filters[field] ?? ''}
              options={options}
              onChange={(v) => onChange({ [field]: v === '' ? undefined : field === 'alarmStatus' ? Number(v) : v })}
            />
          )
        );
      })}
    </>
  );
}

export function AssignedToMe({ t, checked, onChange }: { t: TFn; checked: boolean; onChange: (p: Pick<AlarmFilters, 'assignedToMe'>) => void }) {
  return (
    <label className="flex items-center gap-1 text-sm">
      <input data-testid="filter-mine" type="checkbox" checked={checked} onChange={(e) => onChange({ assignedToMe: e.target.checked ? true : undefined })} />
      {t('alarms:handling.assignedToMe')}
    </label>
  );
}
