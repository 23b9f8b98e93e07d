// Message list (route message.list): alarm messages, optionally filtered by station name (the
// pop-ups' View opens it with ?stationName=, and ?alarmId= for the alarm to highlight and scroll
// to). Times follow the header's clock setting, like the alarm list and the pop-ups.
// Virtualized so thousands of rows stay smooth; on a phone (below 640 px) the rows are cards
// (MessageCard) in the same virtualizer, measured.
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { loadAlarmRecords } from '../../../../streams/alarms/list';
import { Button } from '../../../components/Button';
import { useRuntime, useStoreValue } from '../../../hooks/runtime';
import { useT } from '../../../hooks/useT';
import { href } from '../../../lib/paths';
import { ALARM_CATEGORY_KEY, ALARM_STATUS_KEY } from '../../../i18n/codeKeys';
import { AlarmTime } from '../../../components/alarms/AlarmTime';
import { useAlarmZones } from '../../../hooks/useAlarmZones';
import { alarmRuleName } from '../../../lib/alarmText';
import { MESSAGE_CARD, MessageCard } from './MessageCard';
import { TableNote, tableRowCount } from '../../../widgets/TableNote';
import { CardList, useRowsOrCards, VirtualRows } from '../../../widgets/VirtualRows';
import { GridBody, GridRow, TextCells } from '../../../widgets/GridTable';
import { SCROLL_PANE } from '../../../widgets/scrollPane';
import { ResultCount } from '../../../components/ResultCount';

const ROW = 40;

export default function MessageListPage() {
  const t = useT('alarms');
  const { api, store } = useRuntime();
  const [, navigate] = useLocation();
  const search = useSearch();
  const stationName = new URLSearchParams(search).get('stationName') ?? '';
  const orgId = useStoreValue((s) => s.session.currentOrg?.id ?? null);
  const ids = useStoreValue((s) => s.alarms.ids);
  const byId = useStoreValue((s) => s.alarms.byId);
  const highlight = Number(new URLSearchParams(search).get('alarmId')) || null;

  useEffect(() => {
    if (orgId !== null) void loadAlarmRecords(api, store, orgId, stationName || undefined);
  }, [api, store, orgId, stationName]);

  const rows = useMemo(() => {
    const q = stationName.trim().toLowerCase();
    return ids.filter((id) => {
      const m = byId[id];
      return m && (!q || m.stationName.toLowerCase().includes(q));
    });
  }, [ids, byId, stationName]);

  const zones = useAlarmZones(
    orgId,
    rows.map((id) => byId[id]!.stationId),
  );
  const virtual = useRowsOrCards(rows, ROW, MESSAGE_CARD);
  const { scroller, v } = virtual;
  // bring the alarm a pop-up was opened from into view, once it is listed
  const at = highlight === null ? -1 : rows.indexOf(highlight);
  const scrolledTo = useRef<number | null>(null);
  useEffect(() => {
    if (at < 0 || scrolledTo.current === highlight) return;
    scrolledTo.current = highlight;
    v.scrollToIndex(at, { align: 'center' });
  }, [at, highlight, v]);
  const setFilter = (s: string) => navigate(href('message.list', { stationName: s }), { replace: true });
  const cols = 'grid grid-cols-[1.2fr_1.2fr_2fr_0.7fr_0.8fr_1.2fr] gap-3 px-3';

  return (
    <section className="flex h-full flex-col rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900" data-testid="message-list">
      <div className="flex items-center gap-3 border-b max-sm:flex-wrap border-slate-200 p-3 dark:border-slate-800">
        <h1 className="text-base font-semibold">{t('messages.title')}</h1>
        <input
          aria-label={t('messages.filter')}
          placeholder={t('messages.filter')}
          defaultValue={stationName}
          key={stationName}
          data-testid="message-filter"
          onKeyDown={(e) => e.key === 'Enter' && setFilter((e.target as HTMLInputElement).value.trim())}
          onBlur={(e) => e.target.value.trim() !== stationName && setFilter(e.target.value.trim())}
          className="h-8 w-64 max-sm:order-last max-sm:w-full rounded-md border border-slate-300 bg-white px-2.5 text-sm dark:border-slate-600 dark:bg-slate-800"
        />
        {stationName && <Button onClick={() => setFilter('')}>{t('messages.clear')}</Button>}
        <ResultCount small className="ml-auto" testId="message-count" text={t('messages.count', { count: rows.length })} />
      </div>
      {virtual.phone ? (
        <CardList
          list={virtual}
          label={t('messages.title')}
          className="min-h-0 flex-1 text-sm"
          note={rows.length === 0 ? { text: t('noDate'), testId: 'empty' } : null}
          card={(id, place) => {
            const m = byId[id]!;
            return <MessageCard key={m.alarmId} m={m} t={t} zone={zones.zoneOf(m.stationId)} current={m.alarmId === highlight} {...place} />;
          }}
        />
      ) : (
        <div role="table" aria-label={t('messages.title')} aria-rowcount={tableRowCount(rows.length)} className="flex min-h-0 flex-1 flex-col text-sm">
          <div
            role="row"
            aria-rowindex={1}
            className={`${cols} border-b border-slate-200 bg-slate-50 py-2 text-xs font-semibold text-slate-600 dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-300`}
          >
            {(['alarms:station', 'alarms:device', 'alarms:rule', 'alarms:type', 'alarms:statusLabel', 'alarms:time'] as const).map((k) => (
              <span role="columnheader" key={k}>
                {k === 'alarms:time' && !zones.named ? `${t(k)} (${zones.listZone})` : t(k)}
              </span>
            ))}
          </div>
          <GridBody scroller={scroller} label={t('messages.title')} className={`min-h-0 flex-1 ${SCROLL_PANE}`}>
            {rows.length === 0 ? (
              <TableNote testId="empty">{t('noDate')}</TableNote>
            ) : (
              <VirtualRows
                v={v}
                rows={rows}
                rowHeight={ROW}
                row={(id, style, vi) => {
                  const m = byId[id]!;
                  return (
                    <GridRow
                      key={m.alarmId}
                      grid={cols}
                      index={vi.index}
                      data-testid="message-row"
                      data-alarm-id={m.alarmId}
                      aria-current={m.alarmId === highlight ? 'true' : undefined}
                      style={style}
                      className={m.alarmId === highlight ? 'bg-amber-100 font-medium ring-2 ring-amber-400 ring-inset dark:bg-amber-900/40' : ''}
                    >
                      <TextCells texts={[m.stationName, m.monitoredObjectName, alarmRuleName(m.alarmRuleCode, m.alarmRuleName)]} />
                      <span role="cell">{t(ALARM_CATEGORY_KEY[m.alarmCategory])}</span>
                      <span role="cell" className={m.status === 'unresolved' ? 'text-red-600' : 'text-emerald-600'}>
                        {t(ALARM_STATUS_KEY[m.status])}
                      </span>
                      <span role="cell" className="min-w-0">
                        <AlarmTime iso={m.happenTime} zone={zones.zoneOf(m.stationId)} named={zones.named} testId="message-time" />
                      </span>
                    </GridRow>
                  );
                }}
              />
            )}
          </GridBody>
        </div>
      )}
    </section>
  );
}
