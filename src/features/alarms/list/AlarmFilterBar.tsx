// The alarm list's filter bar: status, category, type, device, range (with its own dates), station
// name, keyword, "assigned to me", reset and the CSV export. On a phone it folds under one button,
// so the cards get the screen.
import type { ReactNode } from 'react';
import { Button } from '../../../components/Button';
import { DateSpan } from '../../../components/DateSpan';
import { FILTER_CONTROL } from '../../../components/FilterSelect';
import { SearchBox } from '../../../components/SearchBox';
import { Icon } from '../../../components/Icon';
import { ALARM_RANGE_KEY } from '../../../i18n/codeKeys';
import type { TFn } from '../../../i18n/i18n';
import { AlarmFilterSelects, AssignedToMe } from './AlarmFilterSelects';
import { RANGE_PRESETS, type RangePreset } from './query';
import type { AlarmListForm } from './useAlarmListForm';

const sel = FILTER_CONTROL;

export function AlarmFilterBar({
  form,
  t,
  phone,
  exporting,
  canExport,
  onExport,
}: {
  form: AlarmListForm;
  t: TFn;
  phone: boolean;
  exporting: boolean;
  canExport: boolean;
  onExport: () => void;
}) {
  const { filters, setFilter, preset, custom } = form;
  return (
    <Fold phone={phone} label={t('alarmCenter:list.filters')}>
      <h1 className="mr-2 hidden text-lg font-semibold sm:block">{t('routes.alarmAlarmList')}</h1>
      <AlarmFilterSelects
        t={t}
        testIds={{ alarmStatus: 'filter-status', alarmCategory: 'filter-category', alarmType: 'filter-type', deviceType: 'filter-device' }}
        filters={filters}
        onChange={setFilter}
      />
      <select
        data-testid="filter-range"
        aria-label={t('alarmCenter:list.range')}
        className={sel}
        value={preset}
        onChange={(e) => form.setPreset(e.target.value as RangePreset)}
      >
        {RANGE_PRESETS.map((x) => (
          <option key={x} value={x}>
            {t(ALARM_RANGE_KEY[x])}
          </option>
        ))}
      </select>
      {preset === 'custom' && (
        <DateSpan
          value={custom}
          onChange={form.setCustom}
          labels={{ from: t('alarmCenter:list.from'), to: t('alarmCenter:list.to') }}
          testIds={{ from: 'filter-from', to: 'filter-to' }}
          bounded
        />
      )}
      <SearchBox label={t('alarmCenter:list.stationName')} value={form.stationName} onChange={form.setStationName} testId="filter-station" width="w-40" />
      <SearchBox label={t('station:alarmLog.keyword')} value={form.keyword} onChange={form.setKeyword} testId="filter-keyword" width="w-52" />
      <AssignedToMe t={t} checked={filters.assignedToMe === true} onChange={setFilter} />
      <Button data-testid="filter-reset" onClick={form.reset}>
        {t('alarmCenter:list.reset')}
      </Button>
      <Button data-testid="alarm-export" onClick={onExport} disabled={exporting || !canExport}>
        {exporting ? t('alarmCenter:list.exporting') : t('alarmCenter:list.export')}
      </Button>
    </Fold>
  );
}

/** The bar; on a phone folded under one button. */
function Fold({ phone, label, children }: { phone: boolean; label: string; children: ReactNode }) {
  if (!phone) return <div className="flex flex-wrap items-center gap-2">{children}</div>;
  return (
    <details data-testid="alarm-filters" className="group rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between px-3 text-sm font-medium [&::-webkit-details-marker]:hidden">
        {label}
        <Icon name="chevron" className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <div className="flex flex-wrap items-center gap-2 p-3 pt-0 [&_select]:h-11 [&_input:not([type=checkbox])]:h-11 [&_button]:h-11">{children}</div>
    </details>
  );
}
