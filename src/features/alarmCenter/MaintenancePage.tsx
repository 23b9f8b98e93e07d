// Maintenance windows (route alarm.maintenance, permission station.maintenance): the planned and
// running windows of the scope (and, on demand, those ended in the last 30 days) with station,
// state, start, end, reason and devices; a running window can be ended now and a planned one
// cancelled, and either can be edited. "Plan a window" opens the dialog. Start and end are shown
// in each window's station zone (named under the time) or, switched, in the viewer's, as the
// alarm list shows alarm times. Windows begin and end by the clock, so the list is re-read on a
// timer as well as after every write here.
import { useObservable, useObservableCallback, useObservableEagerState, useObservableState, useSubscription } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { interval, map, merge, of } from 'rxjs';
import { endWindow$, saveWindow$, type MaintenanceWindow, type WindowInput } from '../../../streams/alarms/handling';
import { maintenanceWindows$ } from '../../../streams/alarms/handling-reads';
import { isPending, succeededOutputs } from '../../../streams/commands/command';
import { scopeCode } from '../../../streams/monitor/scope';
import { stationList$ } from '../../../streams/monitor/stations';
import { AlarmTime } from '../../components/alarms/AlarmTime';
import { Button } from '../../components/Button';
import { ZoneSwitch } from '../../components/ZoneSwitch';
import { useAlarmZones } from '../../hooks/useAlarmZones';
import { useRuntime, useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import type { TKey } from '../../i18n/i18n';
import { WindowDialog } from './WindowDialog';

const STATE_LOOK = { planned: 'text-amber-700 dark:text-amber-400', active: 'text-sky-700 dark:text-sky-400', ended: 'text-slate-400' } as const;

export default function MaintenancePage() {
  const t = useT('alarms', 'alarmCenter');
  const { api, store } = useRuntime();
  const scope = useStoreValue(scopeCode);
  /** the dialog: editing null plans a new window */
  const [dialog, setDialog] = useState<{ editing: MaintenanceWindow | null } | null>(null);
  const [withEnded, setWithEnded] = useState(false);
  const say = (key: TKey) => store.dispatch({ type: 'message/shown', messageType: 'success', text: { key }, at: Date.now() });

  const [save, saveIn$] = useObservableCallback<WindowInput>();
  const saving$ = useObservable(() => saveWindow$(api, saveIn$));
  const lastSave = useObservableState(saving$, null);
  useSubscription(saving$, (e) => {
    if (e.type !== 'succeeded') return;
    say('alarms:handling.windowSaved');
    setDialog(null);
  });
  const [end, endIn$] = useObservableCallback<number>();
  const ending$ = useObservable(() => endWindow$(api, endIn$));
  const ending = isPending(useObservableState(ending$, null));
  useSubscription(ending$, (e) => e.type === 'succeeded' && say('alarms:handling.windowEnded'));

  const scope$ = useObservable((in$) => in$.pipe(map(([s, ended]) => (s < 0 ? null : { ...(s > 0 ? { orgId: s } : {}), includeEnded: ended }))), [scope, withEnded]);
  const list = useObservableState(
    useObservable(() => maintenanceWindows$(api, scope$, merge(succeededOutputs(saving$), succeededOutputs(ending$), interval(30_000)))),
    { rows: null, failed: false },
  );
  const stations = useObservableEagerState(useMemo(() => (scope < 0 ? of(null) : stationList$(store, api, scope || undefined).pipe(map((v) => v.value))), [store, api, scope])) ?? [];
  const rows = list.rows ?? [];
  const z = useAlarmZones(scope < 0 ? null : scope, rows.map((w) => w.stationId));
  const cols = 'grid grid-cols-[1.2fr_0.7fr_1fr_1fr_1.5fr_0.8fr_0.8fr_1.1fr] items-center gap-3 px-3';

  return (
    <div data-testid="maintenance-page" data-loaded={list.rows !== null} data-count={rows.length} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="mr-2 text-lg font-semibold">{t('routes.alarmMaintenance')}</h1>
        <Button data-testid="window-open" variant="primary" onClick={() => setDialog({ editing: null })}>{t('alarms:handling.planWindow')}</Button>
        <label className="ml-2 inline-flex items-center gap-1.5 text-sm">
          <input type="checkbox" data-testid="window-with-ended" checked={withEnded} onChange={(e) => setWithEnded(e.target.checked)} />
          {t('alarms:handling.showEnded')}
        </label>
        <span data-testid="zone-note" className="ml-auto text-xs text-slate-400">{z.named ? t('alarms:handling.stationTimes') : t('alarmCenter:list.timeIn', { zone: z.viewer })}</span>
        <ZoneSwitch mode={z.mode} viewerZone={z.viewer} t={t} onChange={z.setMode} />
      </div>
      {list.failed && <p className="text-sm text-amber-700">{t('alarms:handling.readFailed')}</p>}
      <div role="table" className="overflow-x-auto rounded-lg border border-slate-200 bg-white text-sm dark:border-slate-700 dark:bg-slate-900">
        <div className="min-w-[1000px]">
          <div role="row" className={`${cols} border-b border-slate-200 py-2 text-xs font-semibold text-slate-500 dark:border-slate-700`}>
            <span role="columnheader">{t('alarms:handling.station')}</span>
            <span role="columnheader">{t('alarms:handling.state')}</span>
            <span role="columnheader">{t('alarms:handling.start')}</span>
            <span role="columnheader">{t('alarms:handling.end')}</span>
            <span role="columnheader">{t('alarms:handling.reason')}</span>
            <span role="columnheader">{t('alarms:handling.scope')}</span>
            <span role="columnheader">{t('alarms:handling.by')}</span>
            <span role="columnheader">{t('alarmCenter:list.action')}</span>
          </div>
          {list.rows === null && <p className="p-6 text-center text-slate-500">{t('app.loading')}</p>}
          {list.rows !== null && rows.length === 0 && <p data-testid="windows-empty" className="p-6 text-center text-slate-500">{t('alarms:handling.windowsEmpty')}</p>}
          {rows.map((w) => (
            <div key={w.windowId} role="row" data-testid="window-row" data-window={w.windowId} data-station={w.stationId} data-state={w.state} className={`${cols} border-b border-slate-100 py-2 dark:border-slate-800`}>
              <span className="truncate font-medium">{w.stationName}</span>
              <span data-testid="window-state" className={STATE_LOOK[w.state]}>{t(`alarms:handling.windowStates.${w.state}`)}</span>
              <AlarmTime iso={w.start} zone={z.zoneOf(w.stationId)} named={z.named} testId="window-row-start" />
              <AlarmTime iso={w.end} zone={z.zoneOf(w.stationId)} named={z.named} testId="window-row-end" />
              <span data-testid="window-reason" className="truncate" title={w.reason}>{w.reason}</span>
              <span className="truncate">{w.deviceIds.length ? t('alarms:handling.devicesCount', { count: w.deviceIds.length }) : t('alarms:handling.allDevices')}</span>
              <span className="truncate" title={w.endedBy ? t('alarms:handling.endedBy', { by: w.endedBy }) : undefined}>{w.createdBy}</span>
              <span className="flex flex-wrap gap-x-3">
                {w.state !== 'ended' && (
                  <>
                    <button type="button" data-testid="window-edit" className="text-brand-700 hover:underline dark:text-brand-500" onClick={() => setDialog({ editing: w })}>
                      {t('alarms:handling.edit')}
                    </button>
                    <button type="button" data-testid="window-end-now" disabled={ending} className="text-brand-700 hover:underline disabled:opacity-50 dark:text-brand-500" onClick={() => end(w.windowId)}>
                      {t(w.state === 'active' ? 'alarms:handling.endNow' : 'alarms:handling.cancelPlanned')}
                    </button>
                  </>
                )}
              </span>
            </div>
          ))}
        </div>
      </div>
      <WindowDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        stations={stations}
        busy={isPending(lastSave)}
        last={lastSave}
        t={t}
        onClose={() => setDialog(null)}
        onSave={save}
      />
    </div>
  );
}
