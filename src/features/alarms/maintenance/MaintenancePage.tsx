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
import { isPending } from '../../../../streams/commands/command';
import { scopeCode } from '../../../../streams/monitor/scope';
import { AlarmTime } from '../../../components/alarms/AlarmTime';
import { Button } from '../../../components/Button';
import { HandlingList } from '../handling/HandlingList';
import { useStoreValue } from '../../../hooks/runtime';
import { useT } from '../../../hooks/useT';
import { WINDOW_STATE_KEY } from '../handling/keys';
import { useHandlingList } from '../handling/useHandlingList';
import { PHONE_CELL, PHONE_ROW, PHONE_WIDE } from '../../../components/phoneCards';
import { WindowDialog } from './WindowDialog';

const STATE_LOOK = { planned: 'text-amber-700 dark:text-amber-400', active: 'text-sky-700 dark:text-sky-400', ended: 'text-slate-400' } as const;

const COLS = 'grid grid-cols-[1.2fr_0.7fr_1fr_1fr_1.5fr_0.8fr_0.8fr_1.1fr] items-center gap-3 px-3';

export default function MaintenancePage() {
  const t = useT('alarms', 'alarmCenter');
  const scope = useStoreValue(scopeCode);
  /** the dialog: editing null plans a new window */
  const [dialog, setDialog] = useState<{ editing: MaintenanceWindow | null } | null>(null);
  const [withEnded, setWithEnded] = useState(false);
  const scope$ = useObservable(
    (in$) => in$.pipe(map(([s, ended]) => (s < 0 ? null : { ...(s > 0 ? { orgId: s } : {}), includeEnded: ended }))),
    [scope, withEnded],
  );
  const h = useHandlingList(scope, {
    read$: (api, reread$) => maintenanceWindows$(api, scope$, reread$),
    save$: saveWindow$,
    remove$: endWindow$,
    saved: 'alarms:handling.windowSaved',
    removed: 'alarms:handling.windowEnded',
    onSaved: () => setDialog(null),
  });
  const openDialog = (d: { editing: MaintenanceWindow | null }) => {
    h.clearSave();
    setDialog(d);
  };

  const heads = [
    t('alarms:handling.station'),
    t('alarms:handling.state'),
    t('alarms:handling.start'),
    t('alarms:handling.end'),
    t('alarms:handling.reason'),
    t('alarms:handling.scope'),
    t('alarms:handling.by'),
    t('alarmCenter:list.action'),
  ];

  return (
    <HandlingList
      testId="maintenance-page"
      title={t('routes.alarmMaintenance')}
      controls={
        <>
          <Button data-testid="window-open" variant="primary" onClick={() => openDialog({ editing: null })}>
            {t('alarms:handling.planWindow')}
          </Button>
          <label className="ml-2 inline-flex items-center gap-1.5 text-sm">
            <input type="checkbox" data-testid="window-with-ended" checked={withEnded} onChange={(e) => setWithEnded(e.target.checked)} />
            {t('alarms:handling.showEnded')}
          </label>
        </>
      }
      zones={h.zones}
      t={t}
      failed={h.list.failed}
      cols={COLS}
      minWidth="sm:min-w-[1000px]"
      heads={heads}
      rows={h.list.rows}
      dialog={
        <WindowDialog
          open={dialog !== null}
          editing={dialog?.editing ?? null}
          stations={h.stations}
          busy={isPending(h.lastSave)}
          last={h.lastSave}
          t={t}
          onClose={() => setDialog(null)}
          onSave={h.save}
        />
      }
      empty={{ testId: 'windows-empty', text: t('alarms:handling.windowsEmpty') }}
    >
      {h.rows.map((w) => (
        <div
          key={w.windowId}
          role="row"
          data-testid="window-row"
          data-window={w.windowId}
          data-station={w.stationId}
          data-state={w.state}
          className={`${COLS} ${PHONE_ROW} border-b border-slate-100 py-2 dark:border-slate-800`}
        >
          <span role="cell" data-label={heads[0]} className={`truncate font-medium ${PHONE_CELL}`}>
            {w.stationName}
          </span>
          <span role="cell" data-testid="window-state" data-label={heads[1]} className={`${STATE_LOOK[w.state]} ${PHONE_CELL}`}>
            {t(WINDOW_STATE_KEY[w.state])}
          </span>
          <span role="cell" data-label={heads[2]} className={`min-w-0 ${PHONE_CELL}`}>
            <AlarmTime iso={w.start} zone={h.zones.zoneOf(w.stationId)} named={h.zones.named} testId="window-row-start" />
          </span>
          <span role="cell" data-label={heads[3]} className={`min-w-0 ${PHONE_CELL}`}>
            <AlarmTime iso={w.end} zone={h.zones.zoneOf(w.stationId)} named={h.zones.named} testId="window-row-end" />
          </span>
          <span role="cell" data-testid="window-reason" data-label={heads[4]} className={`truncate ${PHONE_CELL} ${PHONE_WIDE}`} title={w.reason}>
            {w.reason}
          </span>
          <span role="cell" data-label={heads[5]} className={`truncate ${PHONE_CELL}`}>
            {w.deviceIds.length ? t('alarms:handling.devicesCount', { count: w.deviceIds.length }) : t('alarms:handling.allDevices')}
          </span>
          <span
            role="cell"
            data-label={heads[6]}
            className={`truncate ${PHONE_CELL}`}
            title={w.endedBy ? t('alarms:handling.endedBy', { by: w.endedBy }) : undefined}
          >
            {w.createdBy}
          </span>
          <span role="cell" className={`flex flex-wrap gap-x-3 max-sm:gap-x-6 max-sm:[&_button]:min-h-11 ${PHONE_WIDE}`}>
            {w.state !== 'ended' && (
              <>
                <button
                  type="button"
                  data-testid="window-edit"
                  className="text-brand-700 hover:underline dark:text-brand-500"
                  onClick={() => openDialog({ editing: w })}
                >
                  {t('alarms:handling.edit')}
                </button>
                <button
                  type="button"
                  data-testid="window-end-now"
                  disabled={h.removing}
                  className="text-brand-700 hover:underline disabled:opacity-50 dark:text-brand-500"
                  onClick={() => h.remove(w.windowId)}
                >
                  {t(w.state === 'active' ? 'alarms:handling.endNow' : 'alarms:handling.cancelPlanned')}
                </button>
              </>
            )}
          </span>
        </div>
      ))}
    </HandlingList>
  );
}
