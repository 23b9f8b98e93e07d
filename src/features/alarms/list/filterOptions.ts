// The choices of the alarm filters the alarm list and a station's alarm log share.
import { ALARM_STATUS, ALARM_TYPES, DEVICE_TYPES } from '../../../../protocol/codes';
import type { FilterOption } from '../../../components/FilterSelect';
import { ALARM_TYPE_KEY, choicesOf } from '../../../i18n/codeKeys';
import type { TFn } from '../../../i18n/i18n';
import { typeLabel } from './cells';

export const statusOptions = (t: TFn): FilterOption[] => [
  { value: ALARM_STATUS.unresolved, label: t('station:alarmLog.statuses.1') },
  { value: ALARM_STATUS.resolved, label: t('station:alarmLog.statuses.2') },
];
export const alarmTypeOptions = (t: TFn): FilterOption[] => choicesOf(ALARM_TYPES, ALARM_TYPE_KEY, t);
export const deviceTypeOptions = (): FilterOption[] => DEVICE_TYPES.map((x) => ({ value: x, label: typeLabel(x) }));
