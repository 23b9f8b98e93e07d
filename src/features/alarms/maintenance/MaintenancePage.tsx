// Maintenance windows (route alarm.maintenance, permission station.maintenance): the planned and
// running windows of the scope (and, on demand, those ended in the last 30 days) with station,
// state, start, end, reason and devices; a running window can be ended now and a planned one
// cancelled, and either can be edited. "Plan a window" opens the dialog. Start and end are shown
// in each window's station zone (named under the time) or, switched, in the viewer's, as the
// alarm list shows alarm times. Windows begin and end by the clock, so the list is re-read on a
// timer as well as after every write here.
import { useObservable } from 'observable-hooks';
import { useState } from 'react';
import { map } from 'rxjs';
import { endWindow$, saveWindow$, type MaintenanceWindow } from '../../../../streams/alarms/handling';
import { maintenanceWindows$ } from '../../../../streams/alarms/handling-reads';
import { scopeCode } from '../../../../streams/monitor/scope';
import { AlarmTime } from '../../../components/alarms/AlarmTime';
import { HandlingList, RowAction, type HandlingColumn } from '../handling/HandlingList';
import { useStoreValue } from '../../../hooks/runtime';
import { useT } from '../../../hooks/useT';
import { WINDOW_STATE_KEY } from '../handling/keys';
import { useHandlingPage } from '../handling/useHandlingPage';
import { WindowDialog } from './WindowDialog';

const STATE_LOOK = { planned: 'text-amber-700 dark:text-amber-400', active: 'text-sky-700 dark:text-sky-400', ended: 'text-slate-400' } as const;

const COMMANDS = { save$: saveWindow$, remove$: endWindow$, saved: 'alarms:handling.windowSaved', removed: 'alarms:handling.windowEnded' } as const;

const COLS = 'grid grid-cols-[1.2fr_0.7fr_1fr_1fr_1.5fr_0.8fr_0.8fr_1.1fr] items-center gap-3 px-3';

export default function MaintenancePage() {
  const t = useT('alarms', 'alarmCenter');
  const scope = useStoreValue(scopeCode);
  /** the dialog: editing null plans a new window */
  const dialogState = useState<{ editing: MaintenanceWindow | null } | null>(null);
  const [dialog] = dialogState;
  const [withEnded, setWithEnded] = useState(false);
  const scope$ = useObservable(
    (in$) => in$.pipe(map(([s, ended]) => (s < 0 ? null : { ...(s > 0 ? { orgId: s } : {}), includeEnded: ended }))),
    [scope, withEnded],
  );
  const { h, openDialog, frame } = useHandlingPage(scope, { ...COMMANDS, read$: (api, reread$) => maintenanceWindows$(api, scope$, reread$) }, dialogState);

  const columns: HandlingColumn<MaintenanceWindow>[] = [
    { head: t('alarms:handling.station'), className: 'truncate font-medium', cell: (w) => w.stationName },
    { head: t('alarms:handling.state'), testId: 'window-state', className: (w) => STATE_LOOK[w.state], cell: (w) => t(WINDOW_STATE_KEY[w.state]) },
    {
      head: t('alarms:handling.start'),
      className: 'min-w-0',
      cell: (w) => <AlarmTime iso={w.start} zone={h.zones.zoneOf(w.stationId)} named={h.zones.named} testId="window-row-start" />,
    },
    {
      head: t('alarms:handling.end'),
      className: 'min-w-0',
      cell: (w) => <AlarmTime iso={w.end} zone={h.zones.zoneOf(w.stationId)} named={h.zones.named} testId="window-row-end" />,
    },
    { head: t('alarms:handling.reason'), testId: 'window-reason', wide: true, title: (w) => w.reason, cell: (w) => w.reason },
    {
      head: t('alarms:handling.scope'),
      cell: (w) => (w.deviceIds.length ? t('alarms:handling.devicesCount', { count: w.deviceIds.length }) : t('alarms:handling.allDevices')),
    },
    { head: t('alarms:handling.by'), title: (w) => (w.endedBy ? t('alarms:handling.endedBy', { by: w.endedBy }) : undefined), cell: (w) => w.createdBy },
    {
      head: t('alarmCenter:list.action'),
      actions: true,
      className: 'flex flex-wrap gap-x-3 max-sm:gap-x-6',
      cell: (w) =>
        w.state !== 'ended' && (
          <>
            <RowAction testId="window-edit" onClick={() => openDialog({ editing: w })}>
              {t('alarms:handling.edit')}
            </RowAction>
            <RowAction testId="window-end-now" disabled={h.removing} onClick={() => h.remove(w.windowId)}>
              {t(w.state === 'active' ? 'alarms:handling.endNow' : 'alarms:handling.cancelPlanned')}
            </RowAction>
          </>
        ),
    },
  ];

  return (
    <HandlingList
      testId="maintenance-page"
      title={t('routes.alarmMaintenance')}
      create={{ testId: 'window-open', text: t('alarms:handling.planWindow'), onClick: () => openDialog({ editing: null }) }}
      controls={
        <label className="ml-2 inline-flex items-center gap-1.5 text-sm">
          <input type="checkbox" data-testid="window-with-ended" checked={withEnded} onChange={(e) => setWithEnded(e.target.checked)} />
          {t('alarms:handling.showEnded')}
        </label>
      }
      h={h}
      cols={COLS}
      minWidth="sm:min-w-[1000px]"
      columns={columns}
      rowKey={(w) => w.windowId}
      rowData={(w) => ({ 'data-testid': 'window-row', 'data-window': w.windowId, 'data-station': w.stationId, 'data-state': w.state })}
      dialog={<WindowDialog {...frame} editing={dialog?.editing ?? null} t={t} />}
      empty={{ testId: 'windows-empty', text: t('alarms:handling.windowsEmpty') }}
    />
  );
}
