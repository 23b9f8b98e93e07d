// Alarm log of one station (route alarmLog.alarmLog, SPEC §2/§3): fuzzyAlarmRecord with the
// station id and the chosen filters, virtualized; a live push for the station re-reads the list
// so it gains the row (and a resolution updates its status). The read is streams/alarms/records.ts.
// Times follow the header's clock setting: the station's local time with its zone named, UTC or the browser's; a
// row opens the alarm detail (acknowledge, assign, comment) shared with the alarm center. On a phone
// (below 640 px) the rows are cards (AlarmLogCard) in the same virtualizer, measured.
import { useObservable, useObservableState } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { AlarmLogCard, LOG_CARD } from './AlarmLogCard';
import { map, merge, scan, share, Subject, switchMap } from 'rxjs';
import { ALARM_TYPES, DEVICE_TYPES } from '../../../../protocol/codes';
import { useRuntime } from '../../../hooks/runtime';
import { useT } from '../../../hooks/useT';
import type { TKey } from '../../../i18n/i18n';
import { ALARM_LOG_COLUMN_KEYS } from '../../../i18n/stationKeys';
import { useSettledKeyword } from '../list/useAlarmListForm';
import { typeLabel } from '../list/cells';
import { AlarmFilterSelects, AssignedToMe } from '../list/AlarmFilterSelects';
import { SearchBox } from '../../../components/SearchBox';
import { AlarmDetailDialog } from '../handling/AlarmDetailDialog';
import { AlarmRecordCells } from '../list/AlarmRecordCells';
import { useZoneMode, zoneIn } from '../../../hooks/useZoneMode';
import { CardList, useRowsOrCards, VirtualRows } from '../../../widgets/VirtualRows';
import { GridBody, GridHead, GridRow, TextCells } from '../../../widgets/GridTable';
import { TableNote, tableRowCount } from '../../../widgets/TableNote';
import { useStationId, useStationInfo } from '../../../hooks/useRouteStation';
import { alarmList$, NO_ALARMS, type AlarmQuery } from '../../../../streams/alarms/records';
import { alarmReloads$ } from '../../../../streams/alarms/reloads';
import { ResultCount } from '../../../components/ResultCount';

const ROW = 40;
// the two times get the px their text needs (values are never cut); the free-text columns share the rest
const cols =
  'grid grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(48px,0.6fr)_minmax(80px,0.7fr)_minmax(0,2fr)_140px_140px_minmax(0,1.1fr)_minmax(56px,0.5fr)] gap-3 px-3';

interface Filters {
  alarmStatus?: 1 | 2;
  alarmType?: (typeof ALARM_TYPES)[number];
  deviceType?: (typeof DEVICE_TYPES)[number];
  assignedToMe?: true;
}

export default function AlarmLogPage() {
  const t = useT('alarms', 'station', 'alarmCenter');
  const { api, store } = useRuntime();
  const stationId = useStationId();
  const info = useStationInfo(stationId);
  const [mode] = useZoneMode();
  const zone = zoneIn(mode, info?.timezone);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [changed$] = useState(() => new Subject<void>());
  const [filters, setFilters] = useState<Filters>({});
  const [keyword, setKeyword] = useState('');
  // live: a push for this station re-reads the list; pushes follow the current provider's topic,
  // so a station of another provider (orgType 1 browsing) is caught by the 30 s re-read
  const reload$ = useObservable(
    (in$) =>
      in$.pipe(
        switchMap(([id]) => merge(alarmReloads$(store.events$, id ? (a) => a.stationId === id : null), changed$)),
        share(),
      ),
    [stationId],
  );
  const reloads = useObservableState(
    useObservable(() => reload$.pipe(scan((n) => n + 1, 0))),
    0,
  );
  const texts = useSettledKeyword(keyword);
  const query$ = useObservable(
    (in$) =>
      in$.pipe(
        map(([id, filters, texts]): AlarmQuery | null => {
          if (!id) return null;
          const q = { ...filters, ...texts };
          return { key: JSON.stringify([id, q]), payload: () => ({ stationId: id, ...q }) };
        }),
      ),
    [stationId, filters, texts],
  );
  const { rows, total } = useObservableState(
    useObservable(() => alarmList$({ api }, query$, reload$)),
    NO_ALARMS,
  );

  const list = rows ?? [];
  const virtual = useRowsOrCards(list, ROW, LOG_CARD);
  const { scroller, v } = virtual;
  const named = mode === 'station';
  const head = useMemo(() => {
    const h = ALARM_LOG_COLUMN_KEYS.map((k) => t(k));
    const at = (inStation: TKey, inViewer: TKey) => (named ? `${t(inStation)} (${zone})` : t(inViewer, { zone }));
    return [
      ...h.slice(0, 6),
      at('station:alarmLog.alarmTime', 'alarmCenter:list.alarmTimeIn'),
      at('station:alarmLog.recoveryTime', 'alarmCenter:list.recoveryTimeIn'),
      t('alarms:handling.column'),
      '',
    ];
  }, [t, named, zone]);
  const timeHeads = useMemo(() => [head[6] ?? '', head[7] ?? ''] as const, [head]);
  const detail = detailId === null ? null : (list.find((r) => r.alarmId === detailId) ?? null);

  return (
    <div data-testid="alarm-log" data-total={total} data-reloads={reloads} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="mr-2 text-lg font-semibold">{t('station:alarmLog.title')}</h1>
        <AlarmFilterSelects
          t={t}
          testIds={{ alarmStatus: 'alarm-filter-status', alarmType: 'alarm-filter-type', deviceType: 'alarm-filter-device' }}
          filters={filters}
          onChange={(p) => setFilters((f) => ({ ...f, ...p }))}
        />
        <SearchBox label={t('station:alarmLog.keyword')} value={keyword} onChange={setKeyword} testId="alarm-filter-keyword" width="w-56" />
        <AssignedToMe t={t} checked={filters.assignedToMe === true} onChange={(p) => setFilters((f) => ({ ...f, ...p }))} />
        <ResultCount testId="alarm-count" text={t('station:alarmLog.total', { count: total })} />
        <span className="ml-auto text-xs text-slate-400">{t('station:alarmLog.live')}</span>
      </div>
      {virtual.phone ? (
        <CardList
          list={virtual}
          label={t('routes.alarmLog')}
          style={{ height: 'calc(100dvh - 250px)', minHeight: 240 }}
          className="rounded-lg border border-slate-200 text-sm dark:border-slate-700"
          note={rows !== null && list.length === 0 ? { text: t('station:alarmLog.empty'), testId: 'empty' } : null}
          card={(r, place) => <AlarmLogCard key={r.alarmId} r={r} t={t} zone={zone} named={named} timeHeads={timeHeads} {...place} onDetail={setDetailId} />}
        />
      ) : (
        <div
          role="table"
          aria-label={t('routes.alarmLog')}
          aria-rowcount={tableRowCount(list.length)}
          className="rounded-lg border border-slate-200 bg-white text-sm dark:border-slate-700 dark:bg-slate-900"
        >
          <div>
            <div role="rowgroup">
              <GridHead grid={cols} heads={head} wrap />
            </div>
            <GridBody scroller={scroller} label={t('routes.alarmLog')} style={{ height: 'calc(100vh - 330px)', minHeight: 240 }}>
              {rows !== null && list.length === 0 && <TableNote>{t('station:alarmLog.empty')}</TableNote>}
              <VirtualRows
                v={v}
                rows={list}
                rowHeight={ROW}
                row={(r, style, it) => (
                  <GridRow key={r.alarmId} grid={cols} index={it.index} data-testid="alarm-row" data-alarm={r.alarmId} data-station={r.stationId} style={style}>
                    <TextCells texts={[r.stationName, typeLabel(r.deviceType), r.deviceName ?? '-']} />
                    <AlarmRecordCells r={r} t={t} zone={zone} named={named} />
                    <span role="cell">
                      <button
                        type="button"
                        data-testid="alarm-detail-open"
                        title={t('alarms:handling.openDetail')}
                        className="text-left text-brand-700 hover:underline dark:text-brand-500"
                        onClick={() => setDetailId(r.alarmId)}
                      >
                        {t('alarms:handling.details')}
                      </button>
                    </span>
                  </GridRow>
                )}
              />
            </GridBody>
          </div>
        </div>
      )}
      {detail && (
        <AlarmDetailDialog key={detail.alarmId} alarm={detail} zone={zone} t={t} onClose={() => setDetailId(null)} onChanged={() => changed$.next()} />
      )}
    </div>
  );
}
