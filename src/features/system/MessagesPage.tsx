// All messages (message.global): every alarm message the account may see across stations,
// newest first, with its own read state; filters by category, station, time and read state;
// virtualized. Opening a message marks it read; "mark all read" marks everything received.
// Pushed alarms re-read the list (debounced), as the alarm list does. On a phone (below 640 px)
// the rows are cards (MessageCard) in the same virtualizer, measured.
import { useObservable, useObservableState } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { MESSAGE_CARD, MessageCard } from './MessageCard';
import { map, merge, Subject } from 'rxjs';
import { ALARM_CATEGORIES } from '../../../protocol/codes';
import { alarmReloads$ } from '../../../streams/alarms/reloads';
import { scopeCode } from '../../../streams/monitor/scope';
import { pickableStations$ } from '../../../streams/system/accounts';
import { NOTHING } from '../../../streams/system/loaded';
import { markMessagesRead$, messages$, type MessageFilter } from '../../../streams/system/messages';
import { Button } from '../../components/Button';
import { ListPage } from '../../components/ListPage';
import { useRuntime, useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { ALARM_CATEGORY_KEY, ALARM_RECORD_STATUS_KEY, choicesOf } from '../../i18n/codeKeys';
import { alarmContent } from '../../lib/alarmText';
import { rangeOf, type Range } from './time';
import { RangeSelect } from '../../components/RangeSelect';
import { useCommand } from './useCommand';
import { CardList, useRowsOrCards, VirtualRows } from '../../widgets/VirtualRows';
import { GridBody, GridHead, GridRow, TextCells } from '../../widgets/GridTable';
import { FILTER_CONTROL } from '../../components/FilterSelect';
import { FilterSelects, type FilterSpec } from '../../components/FilterSelects';
import { TableNote, tableRowCount } from '../../widgets/TableNote';
import { AlarmTime } from '../../components/alarms/AlarmTime';
import { useAlarmZones } from '../../hooks/useAlarmZones';
import { useListZone } from '../../hooks/useZoneMode';
import { ResultCount } from '../../components/ResultCount';

const ROW = 36;
const sel = FILTER_CONTROL;
const cols = 'grid grid-cols-[24px_1.1fr_1.1fr_0.6fr_0.6fr_2.4fr_0.7fr] gap-3 px-3';

export default function MessagesPage() {
  const t = useT('system', 'alarmCenter', 'alarms', 'station');
  const { api, store } = useRuntime();
  const scope = useStoreValue(scopeCode);
  /** the zone whose "today" the range filter means */
  const dayZone = useListZone();
  const [category, setCategory] = useState<(typeof ALARM_CATEGORIES)[number] | ''>('');
  const [stationId, setStationId] = useState<number | null>(null);
  const [preset, setPreset] = useState<Range>('all');
  const [read, setRead] = useState<'' | 'read' | 'unread'>('');
  const marked$ = useMemo(() => new Subject<void>(), []);
  const reload$ = useMemo(
    () =>
      merge(
        marked$,
        alarmReloads$(store.events$, () => true),
      ),
    [marked$, store],
  );
  const filter: MessageFilter | null = useMemo(
    () =>
      scope < 0
        ? null
        : {
            ...(scope > 0 ? { orgId: scope } : {}),
            ...(category ? { category } : {}),
            ...(stationId !== null ? { stationId } : {}),
            ...(read ? { read: read === 'read' } : {}),
            ...rangeOf(preset, Date.now(), undefined, dayZone),
          },
    [scope, category, stationId, read, preset, dayZone],
  );
  const list = useObservableState(
    useObservable((in$) => messages$(api, in$.pipe(map(([f]) => f)), reload$), [filter]),
    NOTHING,
  );
  const stations = useObservableState(
    useObservable((in$) => pickableStations$(api, in$.pipe(map(([s]) => (s < 0 ? null : s)))), [scope]),
    NOTHING,
  );
  const mark = useCommand(markMessagesRead$, () => marked$.next());
  const rows = list.data?.dataList ?? [];
  const zones = useAlarmZones(
    scope < 0 ? null : scope,
    rows.map((r) => r.stationId),
  );
  const virtual = useRowsOrCards(rows, ROW, MESSAGE_CARD);
  const { scroller, v } = virtual;
  const open = (r: (typeof rows)[number]) => !r.read && mark.run({ alarmIds: [r.alarmId] });
  const categories = choicesOf(ALARM_CATEGORIES, ALARM_CATEGORY_KEY, t);
  const stationOptions = (stations.data ?? []).map((s) => ({ value: s.stationId, label: s.stationName }));
  const readStates = [
    { value: 'unread', label: t('system:message.unread') },
    { value: 'read', label: t('system:message.read') },
  ];
  const filters: FilterSpec[] = [
    { testId: 'msg-category', label: t('alarmCenter:list.category'), value: category, options: categories, onChange: (v) => setCategory(v as typeof category) },
    {
      testId: 'msg-station',
      label: t('station:alarmLog.site'),
      className: `${sel} max-w-56`,
      value: stationId ?? '',
      options: stationOptions,
      onChange: (v) => setStationId(v ? Number(v) : null),
    },
    { testId: 'msg-read', label: t('system:message.readState'), value: read, options: readStates, onChange: (v) => setRead(v as typeof read) },
  ];

  return (
    <ListPage
      testId="messages"
      read={list}
      marks={{ 'data-unread': list.data?.unreadCount ?? 0 }}
      title={t('routes.messageGlobal')}
      failed={null}
      padded
      bar={
        <>
          <FilterSelects all={t('system:all')} filters={filters.slice(0, 2)} />
          <RangeSelect testId="msg-range" value={preset} onChange={setPreset} />
          <FilterSelects all={t('system:all')} filters={filters.slice(2)} />
          <ResultCount testId="msg-count" text={t('system:message.count', { count: list.data?.totalCount ?? 0, unread: list.data?.unreadCount ?? 0 })} />
          <Button
            className="ml-auto"
            disabled={mark.busy || (list.data?.unreadCount ?? 0) === 0}
            onClick={() => mark.run({ all: true })}
            data-testid="msg-read-all"
          >
            {t('system:message.markAll')}
          </Button>
        </>
      }
    >
      {virtual.phone ? (
        <CardList
          list={virtual}
          label={t('routes.messageGlobal')}
          style={{ height: 'calc(100dvh - 330px)', minHeight: 240 }}
          note={list.data === null ? { text: t('app.loading') } : rows.length === 0 ? { text: t('noDate'), testId: 'empty' } : null}
          card={(r, place) => <MessageCard key={r.alarmId} r={r} t={t} zone={zones.zoneOf(r.stationId)} {...place} onOpen={open} />}
        />
      ) : (
        <div className="overflow-x-auto text-sm">
          <div role="table" aria-label={t('routes.messageGlobal')} aria-rowcount={tableRowCount(rows.length)} className="min-w-[1000px]">
            <GridHead
              grid={cols}
              before={
                <span role="columnheader">
                  <span className="sr-only">{t('system:message.readState')}</span>
                </span>
              }
              heads={[
                zones.named ? t('system:message.time') : `${t('system:message.time')} (${zones.listZone})`,
                t('station:alarmLog.site'),
                t('alarmCenter:list.category'),
                t('station:alarmLog.status'),
                t('station:alarmLog.content'),
                t('system:message.readState'),
              ]}
            />
            <GridBody scroller={scroller} label={t('routes.messageGlobal')} style={{ height: 'calc(100vh - 280px)', minHeight: 240 }}>
              {list.data === null && <TableNote>{t('app.loading')}</TableNote>}
              {list.data !== null && rows.length === 0 && <TableNote testId="empty">{t('noDate')}</TableNote>}
              <VirtualRows
                v={v}
                rows={rows}
                rowHeight={ROW}
                row={(r, style, it) => (
                  <GridRow
                    key={r.alarmId}
                    grid={cols}
                    index={it.index}
                    data-testid="msg-row"
                    data-alarm={r.alarmId}
                    data-station={r.stationId}
                    data-read={r.read}
                    onClick={() => open(r)}
                    style={style}
                    className={`cursor-default ${r.read ? 'text-slate-500' : 'font-medium'}`}
                  >
                    <span role="cell">
                      <span aria-hidden className={`block size-2 rounded-full ${r.read ? '' : 'bg-red-500'}`} />
                    </span>
                    <AlarmTime cell iso={r.happenTime} zone={zones.zoneOf(r.stationId)} named={zones.named} testId="msg-time" />
                    <TextCells texts={[r.stationName, t(ALARM_CATEGORY_KEY[r.alarmCategory])]} />
                    <span role="cell" className={r.alarmStatus === 2 ? 'text-emerald-600' : 'text-red-600'}>
                      {t(ALARM_RECORD_STATUS_KEY[r.alarmStatus === 2 ? 2 : 1])}
                    </span>
                    <span role="cell" className="truncate" title={alarmContent(r)}>
                      {alarmContent(r)}
                    </span>
                    <span role="cell">{t(r.read ? 'system:message.read' : 'system:message.unread')}</span>
                  </GridRow>
                )}
              />
            </GridBody>
          </div>
        </div>
      )}
    </ListPage>
  );
}
