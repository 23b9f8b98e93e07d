// One real-time pop-up card (SPEC §4, error style): category and station, device, rule, the
// alarm time as the alarm list writes it (same clock setting, same formatter) with its zone
// named under it in every mode (a pop-up has no column head to name it), who acknowledged it,
// and Acknowledge / Ignore / View.
import { memo } from 'react';
import type { AlarmPush } from '../../../../streams/types';
import type { Zone } from '../../../../protocol/site-time';
import { AlarmTime } from '../../../components/alarms/AlarmTime';
import { Icon } from '../../../components/Icon';
import { useT } from '../../../hooks/useT';
import { formatDateTime } from '../../../lib/dateTime';
import { alarmRuleName } from '../../../lib/alarmText';
import { ALARM_CATEGORY_KEY } from '../../../i18n/codeKeys';

export const secondaryButton =
  'h-7 rounded-md border border-red-300 bg-white px-3 text-xs font-medium hover:bg-red-100 dark:border-red-700 dark:bg-red-900 dark:hover:bg-red-800';
export const primaryButton = 'h-7 rounded-md bg-red-700 px-3 text-xs font-medium text-white hover:bg-red-800';
export const cardClass =
  'pointer-events-auto rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 shadow-xl dark:border-red-800 dark:bg-red-950 dark:text-red-100';
const dt = 'text-red-700/80 dark:text-red-300/80';

export interface PopupCardProps {
  m: AlarmPush;
  zone: Zone;
  onIgnore: (m: AlarmPush) => void;
  onView: (m: AlarmPush) => void;
  onAck?: (m: AlarmPush) => void;
  warmUp?: boolean;
}

export const PopupCard = memo(function PopupCard({ m, zone, onIgnore, onView, onAck, warmUp = false }: PopupCardProps) {
  const t = useT('alarms');
  const tid = (id: string) => (warmUp ? undefined : id);
  return (
    <article
      data-testid={warmUp ? undefined : 'popup'}
      data-alarm-id={warmUp ? undefined : m.alarmId}
      data-category={m.alarmCategory}
      data-action-way={m.actionWay}
      data-acked={m.ackedAt ? 'true' : 'false'}
      aria-labelledby={`popup-${m.alarmId}`}
      className={cardClass}
    >
      <div className="mb-1.5 flex items-start gap-2">
        <Icon name="alarm" className="mt-0.5 size-4 shrink-0 text-red-600" />
        <h2 id={`popup-${m.alarmId}`} className="flex-1 font-semibold" data-testid={tid('popup-title')}>
          {t('alarms:popupTitle', { category: t(ALARM_CATEGORY_KEY[m.alarmCategory]), station: m.stationName })}
        </h2>
        <button type="button" onClick={() => onIgnore(m)} aria-label={t('app.close')} className="rounded p-0.5 hover:bg-red-100 dark:hover:bg-red-900">
          <Icon name="close" className="size-4" />
        </button>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
        <dt className={dt}>{t('alarms:device')}</dt>
        <dd className="truncate" data-testid={tid('popup-device')}>
          {m.monitoredObjectName}
        </dd>
        <dt className={dt}>{t('alarms:rule')}</dt>
        <dd className="truncate" data-testid={tid('popup-rule')}>
          {alarmRuleName(m.alarmRuleCode, m.alarmRuleName)}
        </dd>
        <dt className={dt}>{t('alarms:time')}</dt>
        <dd className="min-w-0">
          <AlarmTime iso={m.happenTime} zone={zone} named testId={tid('popup-time')} />
        </dd>
        {m.ackedAt && (
          <>
            <dt className={dt}>{t('alarms:handling.acked')}</dt>
            <dd className="truncate" data-testid={tid('popup-acked')} title={m.ackNote ?? undefined}>
              {t('alarms:handling.byAt', { by: m.ackedBy ?? '-', at: formatDateTime(m.ackedAt, zone) })}
            </dd>
          </>
        )}
      </dl>
      <div className="mt-2 flex justify-end gap-2">
        {onAck && !m.ackedAt && m.status === 'unresolved' && (
          <button type="button" onClick={() => onAck(m)} data-testid={tid('popup-ack')} className={`mr-auto ${secondaryButton}`}>
            {t('alarms:handling.ack')}
          </button>
        )}
        <button type="button" onClick={() => onIgnore(m)} data-testid={tid('popup-ignore')} className={secondaryButton}>
          {t('alarms:ignore')}
        </button>
        <button type="button" onClick={() => onView(m)} data-testid={tid('popup-view')} className={primaryButton}>
          {t('alarms:view')}
        </button>
      </div>
    </article>
  );
});
