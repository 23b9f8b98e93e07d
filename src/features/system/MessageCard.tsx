// One message of the global view as a card, its row on a phone (below 640 px): read or not, the
// time (in the list's zone), its state, the station, the category, and the alarm's text in full.
// Tapping an unread card marks it read, as clicking its row does. The list measures each card,
// since the text wraps.
import { MeasuredCard, type CardPlace } from '../../widgets/VirtualRows';
import { memo } from 'react';
import type { Res } from '../../../streams/api/client';
import type { Zone } from '../../../protocol/site-time';
import { AlarmTime } from '../../components/alarms/AlarmTime';
import type { TFn } from '../../i18n/i18n';
import { ALARM_CATEGORY_KEY, ALARM_RECORD_STATUS_KEY } from '../../i18n/codeKeys';
import { alarmContent } from '../../lib/alarmText';

type Message = Res<'queryMessages'>['dataList'][number];

/** a card's height before it is measured */
export const MESSAGE_CARD = 120;

interface MessageCardProps extends CardPlace {
  r: Message;
  t: TFn;
  /** the station's zone or the list's: a card always names it, having no column head to say it */
  zone: Zone;
  onOpen: (r: Message) => void;
}

export const MessageCard = memo(function MessageCard({ r, t, zone, onOpen, ...place }: MessageCardProps) {
  const resolved = r.alarmStatus === 2;
  return (
    <MeasuredCard
      {...place}
      tabIndex={r.read ? undefined : 0}
      aria-label={r.read ? undefined : `${t('system:message.unread')}: ${r.stationName}`}
      data-testid="msg-card"
      data-alarm={r.alarmId}
      data-station={r.stationId}
      data-read={r.read}
      onClick={() => onOpen(r)}
      onKeyDown={(e) => e.key === 'Enter' && onOpen(r)}
      className={`flex flex-col gap-1 border-b border-slate-200 p-3 dark:border-slate-700 ${r.read ? 'text-slate-500 dark:text-slate-400' : 'cursor-pointer active:bg-brand-50 dark:active:bg-slate-800'}`}
    >
      <div className="flex items-start gap-2">
        <span aria-hidden className={`mt-1 block size-2 shrink-0 rounded-full ${r.read ? 'bg-transparent' : 'bg-red-500'}`} />
        <div className="min-w-0 flex-1">
          <AlarmTime iso={r.happenTime} zone={zone} named testId="msg-time" />
        </div>
        <span data-value className={`shrink-0 text-xs font-medium ${resolved ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'}`}>
          {t(ALARM_RECORD_STATUS_KEY[resolved ? 2 : 1])}
        </span>
      </div>
      <p className={`break-words ${r.read ? '' : 'font-medium'}`} data-testid="msg-station">
        {r.stationName}
      </p>
      <p className="text-sm break-words">{alarmContent(r)}</p>
      <p className="text-xs">
        <span>{t(ALARM_CATEGORY_KEY[r.alarmCategory])}</span>
        <span className="text-slate-400"> · </span>
        <span data-testid="msg-read-state">{t(r.read ? 'system:message.read' : 'system:message.unread')}</span>
      </p>
    </MeasuredCard>
  );
});
