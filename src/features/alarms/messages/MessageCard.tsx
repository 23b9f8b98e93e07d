// One alarm message as a card, the message list's row on a phone (below 640 px): its state and
// time (the zone named), the station, the device, the alarm's name and its category. The card a
// pop-up's View was opened from is marked, as its row is. The list measures each card, since
// names wrap.
import { stateTone } from '../list/cells';
import { MeasuredCard, type CardPlace } from '../../../widgets/VirtualRows';
import { memo } from 'react';
import type { AlarmPush } from '../../../../streams/types';
import type { Zone } from '../../../../protocol/site-time';
import { AlarmTime } from '../../../components/alarms/AlarmTime';
import type { TFn } from '../../../i18n/i18n';
import { ALARM_CATEGORY_KEY, ALARM_STATUS_KEY } from '../../../i18n/codeKeys';
import { alarmRuleName } from '../../../lib/alarmText';

/** a card's height before it is measured */
export const MESSAGE_CARD = 110;

interface MessageCardProps extends CardPlace {
  m: AlarmPush;
  t: TFn;
  /** the station's zone or the list's: a card always names it, having no column head to say it */
  zone: Zone;
  /** the alarm the list was opened for */
  current: boolean;
}

export const MessageCard = memo(function MessageCard({ m, t, zone, current, ...place }: MessageCardProps) {
  return (
    <MeasuredCard
      {...place}
      data-testid="message-card"
      data-alarm-id={m.alarmId}
      aria-current={current ? 'true' : undefined}
      className={`flex flex-col gap-1 border-b border-slate-200 p-3 dark:border-slate-700 ${current ? 'bg-amber-100 ring-2 ring-amber-400 ring-inset dark:bg-amber-900/40' : ''}`}
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <AlarmTime iso={m.happenTime} zone={zone} named testId="message-time" />
        </div>
        <span data-value className={`shrink-0 text-xs font-medium ${stateTone(m.status === 'unresolved')}`}>
          {t(ALARM_STATUS_KEY[m.status])}
        </span>
      </div>
      <p className="font-medium break-words" data-testid="message-station">
        {m.stationName}
      </p>
      <p className="text-sm break-words">{alarmRuleName(m.alarmRuleCode, m.alarmRuleName)}</p>
      <p className="text-xs break-words text-slate-600 dark:text-slate-300">
        {m.monitoredObjectName && (
          <>
            {m.monitoredObjectName}
            <span className="text-slate-400"> · </span>
          </>
        )}
        {t(ALARM_CATEGORY_KEY[m.alarmCategory])}
      </p>
    </MeasuredCard>
  );
});
