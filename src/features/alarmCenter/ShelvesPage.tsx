// Shelved rules (route alarm.shelves, permission alarm.shelve): the active shelves of the scope
// with rule, station or device, who set them, why and until when, each with Unshelve; "Shelve a
// rule" opens the dialog. A link may carry stationId, deviceId and rule in the query (an alarm's
// own shelve action) to open the dialog already filled. "Until" is shown in each shelf's station
// zone (named under the time) or, switched, in the viewer's, as the alarm list shows alarm times.
// Shelves end by themselves, so the list is re-read on a timer as well as after every write here.
import { useObservable, useObservableCallback, useObservableEagerState, useObservableState, useSubscription } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { interval, map, merge, of } from 'rxjs';
import { useSearch } from 'wouter';
import { shelveRule$, unshelveRule$, type ShelveInput } from '../../../streams/alarms/handling';
import { shelves$ } from '../../../streams/alarms/handling-reads';
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
import { alarmRuleName } from '../../lib/alarmText';
import { ShelveDialog, type ShelvePreset } from './ShelveDialog';

const presetOf = (search: string): ShelvePreset | null => {
  const q = new URLSearchParams(search);
  const stationId = Number(q.get('stationId'));
  const rule = q.get('rule');
  if (!stationId || !rule) return null;
  const deviceId = Number(q.get('deviceId'));
  return { stationId, alarmRuleCode: rule, ...(deviceId ? { deviceId } : {}) };
};

export default function ShelvesPage() {
  const t = useT('alarms', 'alarmCenter');
  const { api, store } = useRuntime();
  const scope = useStoreValue(scopeCode);
  const search = useSearch();
  const linked = useMemo(() => presetOf(search), [search]);
  const [dialog, setDialog] = useState<{ preset: ShelvePreset | null } | null>(linked ? { preset: linked } : null);
  const say = (key: TKey) => store.dispatch({ type: 'message/shown', messageType: 'success', text: { key }, at: Date.now() });

  const [shelve, shelveIn$] = useObservableCallback<ShelveInput>();
  const shelving$ = useObservable(() => shelveRule$(api, shelveIn$));
  const lastShelve = useObservableState(shelving$, null);
  useSubscription(shelving$, (e) => {
    if (e.type !== 'succeeded') return;
    say('alarms:handling.shelveDone');
    setDialog(null);
  });
  const [unshelve, unshelveIn$] = useObservableCallback<number>();
  const unshelving$ = useObservable(() => unshelveRule$(api, unshelveIn$));
  const unshelving = isPending(useObservableState(unshelving$, null));
  useSubscription(unshelving$, (e) => e.type === 'succeeded' && say('alarms:handling.unshelveDone'));

  const scope$ = useObservable((in$) => in$.pipe(map(([s]) => (s < 0 ? null : s > 0 ? { orgId: s } : {}))), [scope]);
  const list = useObservableState(
    useObservable(() => shelves$(api, scope$, merge(succeededOutputs(shelving$), succeededOutputs(unshelving$), interval(30_000)))),
    { rows: null, failed: false },
  );
  const stationsView = useObservableEagerState(useMemo(() => (scope < 0 ? of(null) : stationList$(store, api, scope || undefined).pipe(map((v) => v.value))), [store, api, scope]));
  const stations = stationsView ?? [];
  const rows = list.rows ?? [];
  const z = useAlarmZones(scope < 0 ? null : scope, rows.map((s) => s.stationId));
  const cols = 'grid grid-cols-[1.3fr_1.4fr_0.9fr_1.6fr_1.1fr_0.7fr] items-center gap-3 px-3';

  return (
    <div data-testid="shelves-page" data-loaded={list.rows !== null} data-count={rows.length} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="mr-2 text-lg font-semibold">{t('routes.alarmShelves')}</h1>
        <Button data-testid="shelve-open" variant="primary" onClick={() => setDialog({ preset: null })}>{t('alarms:handling.shelve')}</Button>
        <span data-testid="zone-note" className="ml-auto text-xs text-slate-400">{z.named ? t('alarms:handling.stationTimes') : t('alarmCenter:list.timeIn', { zone: z.viewer })}</span>
        <ZoneSwitch mode={z.mode} viewerZone={z.viewer} t={t} onChange={z.setMode} />
      </div>
      {list.failed && <p className="text-sm text-amber-700">{t('alarms:handling.readFailed')}</p>}
      <div role="table" className="overflow-x-auto rounded-lg border border-slate-200 bg-white text-sm dark:border-slate-700 dark:bg-slate-900">
        <div className="min-w-[900px]">
          <div role="row" className={`${cols} border-b border-slate-200 py-2 text-xs font-semibold text-slate-500 dark:border-slate-700`}>
            <span role="columnheader">{t('alarms:handling.rule')}</span>
            <span role="columnheader">{t('alarms:handling.station')} / {t('alarms:handling.scope')}</span>
            <span role="columnheader">{t('alarms:handling.by')}</span>
            <span role="columnheader">{t('alarms:handling.reason')}</span>
            <span role="columnheader">{t('alarms:handling.until')}</span>
            <span role="columnheader">{t('alarmCenter:list.action')}</span>
          </div>
          {list.rows === null && <p className="p-6 text-center text-slate-500">{t('app.loading')}</p>}
          {list.rows !== null && rows.length === 0 && <p data-testid="shelves-empty" className="p-6 text-center text-slate-500">{t('alarms:handling.shelvesEmpty')}</p>}
          {rows.map((s) => (
            <div key={s.shelfId} role="row" data-testid="shelf-row" data-shelf={s.shelfId} data-station={s.stationId} data-rule={s.alarmRuleCode} className={`${cols} border-b border-slate-100 py-2 dark:border-slate-800`}>
              <span data-testid="shelf-rule" className="truncate font-medium">{alarmRuleName(s.alarmRuleCode, s.alarmRuleName)}</span>
              <span className="truncate">{s.stationName} · {s.deviceName ?? t('alarms:handling.allDevices')}</span>
              <span className="truncate">{s.createdBy}</span>
              <span data-testid="shelf-reason" className="truncate" title={s.reason}>{s.reason}</span>
              <AlarmTime iso={s.until} zone={z.zoneOf(s.stationId)} named={z.named} testId="shelf-until" />
              <span>
                <button type="button" data-testid="shelf-unshelve" disabled={unshelving} className="text-brand-700 hover:underline disabled:opacity-50 dark:text-brand-500" onClick={() => unshelve(s.shelfId)}>
                  {t('alarms:handling.unshelve')}
                </button>
              </span>
            </div>
          ))}
        </div>
      </div>
      <ShelveDialog
        open={dialog !== null}
        preset={dialog?.preset ?? null}
        stations={stations}
        busy={isPending(lastShelve)}
        last={lastShelve}
        t={t}
        onClose={() => setDialog(null)}
        onShelve={shelve}
      />
    </div>
  );
}
