// Shelved rules (route alarm.shelves, permission alarm.shelve): the active shelves of the scope
// with rule, station or device, who set them, why and until when, each with Unshelve; "Shelve a
// rule" opens the dialog. A link may carry stationId, deviceId and rule in the query (an alarm's
// own shelve action) to open the dialog already filled. "Until" is shown in each shelf's station
// zone (named under the time) or, switched, in the viewer's, as the alarm list shows alarm times.
// Shelves end by themselves, so the list is re-read on a timer as well as after every write here.
import { useObservable } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { map } from 'rxjs';
import { useSearch } from 'wouter';
import { shelveRule$, unshelveRule$, type Shelf } from '../../../../streams/alarms/handling';
import { shelves$ } from '../../../../streams/alarms/handling-reads';
import { scopeCode } from '../../../../streams/monitor/scope';
import { AlarmTime } from '../../../components/alarms/AlarmTime';
import { HandlingList, RowAction, type HandlingColumn } from '../handling/HandlingList';
import { useStoreValue } from '../../../hooks/runtime';
import { useT } from '../../../hooks/useT';
import { alarmRuleName } from '../../../lib/alarmText';
import { ShelveDialog, type ShelvePreset } from './ShelveDialog';
import { useHandlingPage } from '../handling/useHandlingPage';

const presetOf = (search: string): ShelvePreset | null => {
  const q = new URLSearchParams(search);
  const stationId = Number(q.get('stationId'));
  const rule = q.get('rule');
  if (!stationId || !rule) return null;
  const deviceId = Number(q.get('deviceId'));
  return { stationId, alarmRuleCode: rule, ...(deviceId ? { deviceId } : {}) };
};

const COMMANDS = { save$: shelveRule$, remove$: unshelveRule$, saved: 'alarms:handling.shelveDone', removed: 'alarms:handling.unshelveDone' } as const;

const COLS = 'grid grid-cols-[1.3fr_1.4fr_0.9fr_1.6fr_1.1fr_0.7fr] items-center gap-3 px-3';

export default function ShelvesPage() {
  const t = useT('alarms', 'alarmCenter');
  const scope = useStoreValue(scopeCode);
  const search = useSearch();
  const linked = useMemo(() => presetOf(search), [search]);
  const dialogState = useState<{ preset: ShelvePreset | null } | null>(linked ? { preset: linked } : null);
  const [dialog] = dialogState;
  const scope$ = useObservable((in$) => in$.pipe(map(([s]) => (s < 0 ? null : s > 0 ? { orgId: s } : {}))), [scope]);
  const { h, openDialog, frame } = useHandlingPage(scope, { ...COMMANDS, read$: (api, reread$) => shelves$(api, scope$, reread$) }, dialogState);

  const columns: HandlingColumn<Shelf>[] = [
    { head: t('alarms:handling.rule'), testId: 'shelf-rule', className: 'truncate font-medium', cell: (s) => alarmRuleName(s.alarmRuleCode, s.alarmRuleName) },
    {
      head: `${t('alarms:handling.station')} / ${t('alarms:handling.scope')}`,
      cell: (s) => `${s.stationName} · ${s.deviceName ?? t('alarms:handling.allDevices')}`,
    },
    { head: t('alarms:handling.by'), cell: (s) => s.createdBy },
    { head: t('alarms:handling.reason'), testId: 'shelf-reason', wide: true, title: (s) => s.reason, cell: (s) => s.reason },
    {
      head: t('alarms:handling.until'),
      className: 'min-w-0',
      cell: (s) => <AlarmTime iso={s.until} zone={h.zones.zoneOf(s.stationId)} named={h.zones.named} testId="shelf-until" />,
    },
    {
      head: t('alarmCenter:list.action'),
      actions: true,
      cell: (s) => (
        <RowAction testId="shelf-unshelve" disabled={h.removing} onClick={() => h.remove(s.shelfId)}>
          {t('alarms:handling.unshelve')}
        </RowAction>
      ),
    },
  ];

  return (
    <HandlingList
      testId="shelves-page"
      title={t('routes.alarmShelves')}
      create={{ testId: 'shelve-open', text: t('alarms:handling.shelve'), onClick: () => openDialog({ preset: null }) }}
      h={h}
      cols={COLS}
      minWidth="sm:min-w-[900px]"
      columns={columns}
      rowKey={(s) => s.shelfId}
      rowData={(s) => ({ 'data-testid': 'shelf-row', 'data-shelf': s.shelfId, 'data-station': s.stationId, 'data-rule': s.alarmRuleCode })}
      dialog={<ShelveDialog {...frame} preset={dialog?.preset ?? null} t={t} />}
      empty={{ testId: 'shelves-empty', text: t('alarms:handling.shelvesEmpty') }}
    />
  );
}
