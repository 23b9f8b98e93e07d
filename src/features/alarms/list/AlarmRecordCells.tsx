// The cells an alarm center row shares with a row of the station's alarm log: the type (faults
// red, alerts amber), the state, the text (its rule's name with it on hover), both times in the
// row's zone and the handling marks.
import type { Zone } from '../../../../protocol/site-time';
import { ALARM_STATUS } from '../../../../protocol/codes';
import type { AlarmRecord } from '../../../../streams/alarms/records';
import { AlarmTime } from '../../../components/alarms/AlarmTime';
import type { TFn } from '../../../i18n/i18n';
import { alarmRuleName } from '../../../lib/alarmText';
import { formatDateTime } from '../../../lib/dateTime';
import { HandlingMarks } from '../handling/HandlingMarks';
import { textCellsOf } from './cells';

export function AlarmRecordCells({ r, t, zone, named, contentTestId }: { r: AlarmRecord; t: TFn; zone: Zone; named: boolean; contentTestId?: string }) {
  const [, , , , type, state, content] = textCellsOf(t, r);
  return (
    <>
      <span role="cell" className={r.alarmType === 'fault' ? 'text-red-600' : r.alarmType === 'alert' ? 'text-amber-600' : ''}>
        {type}
      </span>
      <span role="cell" data-testid="alarm-status" className={r.alarmStatus === ALARM_STATUS.resolved ? 'text-emerald-600' : 'text-red-600'}>
        {state}
      </span>
      <span role="cell" data-testid={contentTestId} className="truncate" title={`${alarmRuleName(r.alarmRuleCode, r.alarmRuleName)} · ${content}`}>
        {content}
      </span>
      <AlarmTime cell iso={r.happenTime} zone={zone} named={named} testId="alarm-time" />
      <AlarmTime cell iso={r.recoveryTime} zone={zone} named={named} />
      <HandlingMarks cell h={r} t={t} fmt={(iso) => formatDateTime(iso, zone)} />
    </>
  );
}
