// One alarm as a card, the alarm list's row on a phone (below 640 px): the time in the station's
// zone, the station, the device, the alarm's name and text, its category and level as words,
// its state and handling, and its actions as buttons a finger can hit (acknowledge, shelve, open
// the station, resolve, details). It sits in the same virtual list as the row; the list measures
// each card, since the alarm's text and the actions it offers change its height.
import { MeasuredCard, type CardPlace } from '../../../widgets/VirtualRows';
import { memo } from 'react';
import { Link } from 'wouter';
import type { TFn } from '../../../i18n/i18n';
import { alarmRuleName } from '../../../lib/alarmText';
import { AlarmTime } from '../../../components/alarms/AlarmTime';
import { HandlingMarks } from '../handling/HandlingMarks';
import { stationOverviewHref } from '../../../components/stationLabels';
import type { AlarmRecord } from '../../../../streams/alarms/records';
import type { Zone } from '../../../../protocol/site-time';
import { ALARM_STATUS } from '../../../../protocol/codes';
import { formatDateTime } from '../../../lib/dateTime';
import { alarmMarks, stateTone, textCellsOf, typeTone } from './cells';
import { shelveHref } from '../shelves/ShelveLink';
import type { AlarmActions, AlarmCan } from './alarmActions';

/** a card's height before it is measured */
export const CARD = 176;

const action = 'inline-flex min-h-11 items-center justify-center rounded-md border px-3 text-sm font-medium';
const plain = `${action} border-slate-300 bg-white text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200`;
const primary = `${action} border-brand-600 bg-brand-600 text-white`;

export interface AlarmCardProps extends CardPlace {
  r: AlarmRecord;
  t: TFn;
  zone: Zone;
  named: boolean;
  can: AlarmCan;
  actions: AlarmActions;
}

export const AlarmCard = memo(function AlarmCard({ r, t, zone, named, can, actions, ...place }: AlarmCardProps) {
  const [station, deviceType, device, category, level, state, content] = textCellsOf(t, r);
  const open = r.alarmStatus === ALARM_STATUS.unresolved;
  const tone = typeTone(r.alarmType);
  return (
    <MeasuredCard {...place} data-testid="alarm-card" {...alarmMarks(r)} className="border-b border-slate-200 p-3 dark:border-slate-700">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className={`text-xs font-semibold ${tone}`} data-testid="alarm-level">
            {category} · {level}
          </p>
          <p className="mt-0.5 font-medium break-words" data-testid="alarm-station" data-value>
            {station}
          </p>
        </div>
        <div className="shrink-0 text-right">
          <AlarmTime iso={r.happenTime} zone={zone} named={named} testId="alarm-time" />
          <p data-testid="alarm-status" className={`text-xs font-medium ${stateTone(open)}`}>
            {state}
          </p>
        </div>
      </div>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-300" data-testid="alarm-device">
        {deviceType} · {device}
      </p>
      <p className="mt-1 text-sm" data-testid="alarm-content">
        <span className="font-medium">{alarmRuleName(r.alarmRuleCode, r.alarmRuleName)}</span>
        <span className="line-clamp-2 text-slate-600 dark:text-slate-300">{content}</span>
      </p>
      <div className="mt-1">
        <HandlingMarks h={r} t={t} fmt={(iso) => formatDateTime(iso, zone)} />
      </div>
      <div className="mt-2 flex flex-wrap gap-2">
        {can.ack && open && !r.ackedAt && (
          <button type="button" data-testid="alarm-ack" className={primary} onClick={() => actions.onAck(r)}>
            {t('alarms:handling.ack')}
          </button>
        )}
        {can.shelve && (
          <Link href={shelveHref(r)} data-testid="alarm-shelve" className={plain}>
            {t('alarms:handling.shelve')}
          </Link>
        )}
        <Link href={stationOverviewHref(r.stationId, r.serviceProviderId)} data-testid="alarm-open-station" className={plain}>
          {t('alarmCenter:list.openStation')}
        </Link>
        {can.resolve && open && (
          <button type="button" data-testid="alarm-resolve" className={plain} onClick={() => actions.onResolve(r)}>
            {t('alarmCenter:list.resolve')}
          </button>
        )}
        <button type="button" data-testid="alarm-detail-open" className={plain} onClick={() => actions.onDetail(r.alarmId)}>
          {t('alarms:handling.details')}
        </button>
      </div>
    </MeasuredCard>
  );
});
