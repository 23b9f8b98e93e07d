// Notification log (system.notificationLog, for holders of system.audit): every message to the
// accounts of the reader's organisations (all of them for the platform), newest first, filtered
// on the server by time, channel, status, kind and alarm; a row opens its attempts. Who may also
// edit accounts replays dead deliveries, one by one or all dead ones shown.
import { useObservable, useObservableState } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { map } from 'rxjs';
import { NOTIFICATION_CHANNELS } from '../../../protocol/actions/notifications';
import { DELIVERY_KINDS, DELIVERY_STATUSES } from '../../../protocol/codes';
import { deliveryLog$, DELIVERY_PAGE, type Delivery, type DeliveryFilter } from '../../../streams/notifications/deliveries';
import { NOTHING } from '../../../streams/system/loaded';
import { Button } from '../../components/Button';
import { FILTER_CONTROL } from '../../components/FilterSelect';
import { FilterSelects, type FilterSpec } from '../../components/FilterSelects';
import { emptyText, ListPage } from '../../components/ListPage';
import { RangeSelect } from '../../components/RangeSelect';
import { selectPermissions } from '../../../streams/selectors';
import { useRuntime, useStoreValue } from '../../hooks/runtime';
import { useReload } from '../../hooks/useCommand';
import { useListZone } from '../../hooks/useZoneMode';
import { useT } from '../../hooks/useT';
import { rangeOf, type RangePreset } from '../../lib/timeRange';
import { useSortedTable } from '../../widgets/useSortedTable';
import { VirtualTable } from '../../widgets/VirtualTable';
import { AttemptsDialog } from './AttemptsDialog';
import { DeliveryCard, DELIVERY_CARD_HEIGHT } from './DeliveryCard';
import { deliveryColumns } from './deliveryColumns';
import { CHANNEL_KEY, KIND_KEY, STATUS_KEY } from './labels';
import { ReplayControls, useReplay } from './ReplayControls';
import { choicesOf } from '../../i18n/codeKeys';
import { ResultCount } from '../../components/ResultCount';

const sel = FILTER_CONTROL;

export default function DeliveryLogPage() {
  const t = useT('notifications', 'system');
  const { api } = useRuntime();
  const zone = useListZone();
  const [reload$, reload] = useReload();
  const [preset, setPreset] = useState<RangePreset>('7d');
  const [channel, setChannel] = useState('');
  const [status, setStatus] = useState('');
  const [kind, setKind] = useState('');
  const [alarm, setAlarm] = useState('');
  const [open, setOpen] = useState<Delivery | null>(null);
  const alarmId = /^\d+$/.test(alarm.trim()) ? Number(alarm.trim()) : null;
  const alarmBad = alarm.trim() !== '' && (alarmId === null || alarmId < 1);
  // the range is read from the clock when a filter changes, not on every render
  const filter = useMemo<DeliveryFilter>(
    () => ({
      ...rangeOf(preset, Date.now(), undefined, zone),
      ...(channel ? { channel: channel as DeliveryFilter['channel'] } : {}),
      ...(status ? { status: status as DeliveryFilter['status'] } : {}),
      ...(kind ? { kind: kind as DeliveryFilter['kind'] } : {}),
      ...(alarmId !== null && !alarmBad ? { alarmId } : {}),
    }),
    [preset, channel, status, kind, alarmId, alarmBad, zone],
  );
  const log = useObservableState(
    useObservable((in$) => deliveryLog$(api, in$.pipe(map(([f]) => f)), reload$), [filter]),
    NOTHING,
  );
  const rows = useMemo(() => log.data?.dataList ?? [], [log.data]);
  const total = log.data?.totalCount ?? 0;
  const canReplay = useStoreValue(selectPermissions).has('system.account.edit');
  const replay = useReplay(reload);
  const { ask } = replay;
  const onReplay = useMemo(() => (canReplay ? (d: Delivery) => ask([d.deliveryId]) : null), [canReplay, ask]);
  const dead = useMemo(() => (canReplay ? rows.filter((r) => r.status === 'dead').map((r) => r.deliveryId) : []), [canReplay, rows]);
  const columns = useMemo(() => deliveryColumns(t, zone, onReplay), [t, zone, onReplay]);
  const table = useSortedTable(rows, columns, (r) => r.deliveryId);
  const channels = choicesOf(NOTIFICATION_CHANNELS, CHANNEL_KEY, t);
  const statuses = choicesOf(DELIVERY_STATUSES, STATUS_KEY, t);
  const kinds = choicesOf(DELIVERY_KINDS, KIND_KEY, t);
  const filters: FilterSpec[] = [
    { testId: 'log-channel', label: t('notifications:log.filterChannel'), value: channel, options: channels, onChange: setChannel },
    { testId: 'log-status', label: t('notifications:log.filterStatus'), value: status, options: statuses, onChange: setStatus },
    { testId: 'log-kind', label: t('notifications:log.filterKind'), value: kind, options: kinds, onChange: setKind },
  ];

  return (
    <ListPage
      testId="delivery-log"
      read={log}
      title={t('routes.systemNotificationLog')}
      top="start"
      bar={
        <>
          <RangeSelect testId="log-range" value={preset} onChange={setPreset} />
          <FilterSelects all={t('system:all')} filters={filters} />
          <div className="flex flex-col">
            <input
              value={alarm}
              onChange={(e) => setAlarm(e.target.value)}
              inputMode="numeric"
              placeholder={t('notifications:log.alarmId')}
              aria-label={t('notifications:log.alarmId')}
              aria-invalid={alarmBad}
              aria-describedby="log-alarm-error"
              className={`${sel} w-32 ${alarmBad ? 'border-red-500' : ''}`}
              data-testid="log-alarm"
            />
            <span id="log-alarm-error" role={alarmBad ? 'alert' : undefined} className="text-xs text-red-600" data-testid="log-alarm-error">
              {alarmBad ? t('notifications:issue.invalid') : ''}
            </span>
          </div>
          <ResultCount className="self-center" testId="log-count" text={t('notifications:log.count', { count: total })} />
          <Button className="ml-auto" onClick={reload} data-testid="log-reload">
            {t('notifications:log.reload')}
          </Button>
          <ReplayControls dead={dead} replay={replay} />
        </>
      }
    >
      {total > DELIVERY_PAGE && <p className="px-3 pt-2 text-xs text-slate-500">{t('notifications:log.shownFirst', { shown: DELIVERY_PAGE, total })}</p>}
      <VirtualTable
        table={table}
        label={t('routes.systemNotificationLog')}
        onRowClick={setOpen}
        empty={emptyText(log, t('app.loading'), t('noDate'))}
        testId="delivery-table"
        card={{ height: DELIVERY_CARD_HEIGHT, render: (d) => <DeliveryCard d={d} zone={zone} onReplay={onReplay} /> }}
      />
      {open && <AttemptsDialog delivery={open} zone={zone} onClose={() => setOpen(null)} />}
    </ListPage>
  );
}
