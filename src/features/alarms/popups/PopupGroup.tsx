// A burst of pop-ups as one card (docs/alarms.md, grouping): "12 new alarms at 3 stations",
// "3 个站点新增 12 条告警". A click on it opens the list of its alarms, each with its time (as
// the alarm list writes it, its zone named) and View; the close button dismisses the whole
// group and its sounds.
import { useState } from 'react';
import type { AlarmPush } from '../../../../streams/types';
import type { Zone } from '../../../../protocol/site-time';
import { AlarmTime } from '../../../components/alarms/AlarmTime';
import { Icon } from '../../../components/Icon';
import { useT } from '../../../hooks/useT';
import { alarmRuleName } from '../../../lib/alarmText';
import { cardClass, primaryButton, secondaryButton } from './PopupCard';

export interface PopupGroupProps {
  alarms: readonly AlarmPush[];
  zoneOf: (stationId: number) => Zone;
  onView: (m: AlarmPush) => void;
  onOpenAll: () => void;
  onDismiss: () => void;
}

export function PopupGroup({ alarms, zoneOf, onView, onOpenAll, onDismiss }: PopupGroupProps) {
  const t = useT('alarms');
  const [open, setOpen] = useState(false);
  const stations = new Set(alarms.map((m) => m.stationId)).size;
  const title = t('alarms:group.title', { count: alarms.length, stations: t('alarms:group.stations', { count: stations }) });
  return (
    <article data-testid="popup-group" data-count={alarms.length} data-stations={stations} aria-label={title} className={cardClass}>
      <div className="flex items-start gap-2">
        <button
          type="button"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          data-testid="popup-group-toggle"
          className="flex flex-1 items-start gap-2 text-left font-semibold"
        >
          <Icon name="alarm" className="mt-0.5 size-4 shrink-0 text-red-600" />
          <span className="flex-1" data-testid="popup-group-title">
            {title}
          </span>
          <Icon name="chevron" className={`mt-0.5 size-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
        <button
          type="button"
          onClick={onDismiss}
          aria-label={t('app.close')}
          data-testid="popup-group-close"
          className="rounded p-0.5 hover:bg-red-100 dark:hover:bg-red-900"
        >
          <Icon name="close" className="size-4" />
        </button>
      </div>
      {open && (
        <>
          <ul
            data-testid="popup-group-list"
            className="mt-2 max-h-60 divide-y divide-red-200 overflow-y-auto rounded-sm border border-red-200 bg-white/70 text-xs dark:divide-red-800 dark:border-red-800 dark:bg-red-900/40"
          >
            {alarms.map((m) => (
              <li key={m.alarmId} data-testid="popup-group-item" data-alarm-id={m.alarmId} className="flex items-center gap-2 px-2.5 py-1.5">
                <div className="min-w-0 flex-1">
                  <div className="truncate font-medium">
                    {m.stationName} · {m.monitoredObjectName}
                  </div>
                  <div className="truncate text-red-700/80 dark:text-red-300/80">{alarmRuleName(m.alarmRuleCode, m.alarmRuleName)}</div>
                  <AlarmTime iso={m.happenTime} zone={zoneOf(m.stationId)} named testId="popup-group-time" />
                </div>
                <button type="button" onClick={() => onView(m)} data-testid="popup-group-view" className={`shrink-0 ${primaryButton}`}>
                  {t('alarms:view')}
                </button>
              </li>
            ))}
          </ul>
          <div className="mt-2 flex justify-end gap-2">
            <button type="button" onClick={onDismiss} data-testid="popup-group-ignore" className={secondaryButton}>
              {t('alarms:group.ignoreAll')}
            </button>
            <button type="button" onClick={onOpenAll} data-testid="popup-group-open" className={primaryButton}>
              {t('alarms:group.openList')}
            </button>
          </div>
        </>
      )}
    </article>
  );
}
