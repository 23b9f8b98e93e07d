// One alarm of the station's log as a card, the log's row on a phone (below 640 px): its type and
// state, the device, the alarm's name and text, when it happened and recovered (in the chosen
// zone), its handling marks, and "Details" as a button a finger can hit (acknowledge, assign,
// comment there). The log's virtual list measures each card, since the text wraps.
import { MeasuredCard, type CardPlace } from '../../../widgets/VirtualRows';
import { memo } from 'react';
import type { Zone } from '../../../../protocol/site-time';
import type { AlarmRecord } from '../../../../streams/alarms/records';
import { ALARM_STATUS } from '../../../../protocol/codes';
import { AlarmTime } from '../../../components/alarms/AlarmTime';
import { HandlingMarks } from '../handling/HandlingMarks';
import type { TFn } from '../../../i18n/i18n';
import { ALARM_RECORD_STATUS_KEY, ALARM_TYPE_KEY } from '../../../i18n/codeKeys';
import { alarmContent, alarmRuleName } from '../../../lib/alarmText';
import { formatDateTime } from '../../../lib/dateTime';
import { stateTone, typeLabel, typeTone } from '../list/cells';

/** a card's height before it is measured */
export const LOG_CARD = 190;

export const AlarmLogCard = memo(function AlarmLogCard({
  r,
  t,
  zone,
  named,
  timeHeads,
  onDetail,
  ...place
}: CardPlace & {
  r: AlarmRecord;
  t: TFn;
  zone: Zone;
  named: boolean;
  /** the names of the two times, as the table's heads give them (the zone said) */
  timeHeads: readonly [string, string];
  onDetail: (alarmId: number) => void;
}) {
  const open = r.alarmStatus !== ALARM_STATUS.resolved;
  const tone = typeTone(r.alarmType);
  const label = 'text-[11px] text-slate-500 dark:text-slate-400';
  return (
    <MeasuredCard
      {...place}
      data-testid="alarm-card"
      data-alarm={r.alarmId}
      data-station={r.stationId}
      className="border-b border-slate-200 p-3 dark:border-slate-700"
    >
      <div className="flex items-start justify-between gap-2">
        <p className={`text-xs font-semibold ${tone}`} data-testid="alarm-type" data-value>
          {t(ALARM_TYPE_KEY[r.alarmType])}
        </p>
        <p data-testid="alarm-status" data-value className={`text-xs font-medium ${stateTone(open)}`}>
          {t(ALARM_RECORD_STATUS_KEY[open ? 1 : 2])}
        </p>
      </div>
      <p className="mt-1 text-sm break-words" data-testid="alarm-device">
        {typeLabel(r.deviceType)} · {r.deviceName ?? '-'}
      </p>
      <p className="mt-1 text-sm break-words" data-testid="alarm-content">
        <span className="font-medium">{alarmRuleName(r.alarmRuleCode, r.alarmRuleName)}</span>
        <span className="block text-slate-600 dark:text-slate-300">{alarmContent(r)}</span>
      </p>
      <div className="mt-2 grid grid-cols-2 gap-3">
        <div className="min-w-0">
          <p className={label}>{timeHeads[0]}</p>
          <AlarmTime iso={r.happenTime} zone={zone} named={named} testId="alarm-time" />
        </div>
        <div className="min-w-0">
          <p className={label}>{timeHeads[1]}</p>
          <AlarmTime iso={r.recoveryTime} zone={zone} named={named} />
        </div>
      </div>
      <div className="mt-1">
        <HandlingMarks h={r} t={t} fmt={(iso) => formatDateTime(iso, zone)} />
      </div>
      <button
        type="button"
        data-testid="alarm-detail-open"
        onClick={() => onDetail(r.alarmId)}
        className="mt-2 inline-flex min-h-11 items-center justify-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200"
      >
        {t('alarms:handling.details')}
      </button>
    </MeasuredCard>
  );
});
