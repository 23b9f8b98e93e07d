// Alarm list of the alarm center (route alarm.alarmList): every alarm in scope (the provider
// picked in the selector for orgType 1, else the caller's whole scope), newest first, from
// fuzzyAlarmRecord with the chosen filters; virtualized like the station alarm log. A push for
// the org and a 30 s timer re-read it (the read and the commands live in streams/alarms; the page
// holds the form). Resolve (permission alarm.resolve) asks first, then sends one resolveAlarm
// however often it is clicked; failures reach the message bar through the API client. Times are
// each station's local time (or the viewer's, by the zone switch), and day filters follow the
// same zones; a row opens the alarm detail (acknowledge, assign, comment).
import { useVirtualizer } from '@tanstack/react-virtual';
import { useObservable, useObservableCallback, useObservableState, useSubscription } from 'observable-hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { map, merge, scan, share, Subject, switchMap } from 'rxjs';
import { useLocation } from 'wouter';
import { scopeCode } from '../../../streams/monitor/scope';
import { selectPermissions } from '../../../streams/selectors';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useRuntime, useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { useTransitionState } from '../../hooks/useTransitionState';
import { href, stationQuery } from '../../lib/paths';
import { ALARM_CATEGORY_KEY, ALARM_RANGE_KEY, ALARM_TYPE_KEY } from '../../i18n/codeKeys';
import { alarmContent, alarmRuleName, ruleCodesNamed } from '../../lib/alarmText';
import { AlarmDetailDialog } from '../../components/alarms/AlarmDetailDialog';
import { useAlarmZones } from '../../hooks/useAlarmZones';
import { AlarmRow, ROW } from './AlarmRow';
import { csvCellsOf, csvHeadOf, headOf, typeLabel } from './cells';
import { ALARM_CATEGORIES, ALARM_TYPES, DEVICE_TYPES } from '../../../protocol/codes';
import { CSV_MIME, toCsv } from '../../../protocol/csv';
import type { Zone } from '../../../protocol/site-time';
import { rangeAcross, RANGE_PRESETS, type RangePreset } from './query';
import { alarmList$, NO_ALARMS, type AlarmFilter, type AlarmQuery } from '../../../streams/alarms/records';
import { exportAlarms$, resolveAlarm$ } from '../../../streams/alarms/commands';
import { alarmReloads$ } from '../../../streams/alarms/reloads';
import { isPending, succeededOutputs } from '../../../streams/commands/command';
import { SCROLL_PANE } from '../../widgets/scrollPane';
import { formatDateTime } from '../../lib/dateTime';

type Rec = import('../../../streams/alarms/records').AlarmRecord;

interface Filters {
  alarmStatus?: 1 | 2;
  alarmCategory?: (typeof ALARM_CATEGORIES)[number];
  alarmType?: (typeof ALARM_TYPES)[number];
  deviceType?: (typeof DEVICE_TYPES)[number];
  assignedToMe?: true;
}

// Columns that never size to their content (a re-read that mounts a screen of new rows lays
// them out without measuring every cell's text first, and every row lines up with the header),
// but are wide enough for it: times and labels get the px their longest text needs, site names
// wrap to a second line, and only the free-text content (its whole text on hover) is cut. Below
// the grid's minimum width the table scrolls sideways inside its box, never the page.
const COLS =
  'grid grid-cols-[minmax(140px,1.3fr)_108px_minmax(90px,0.8fr)_80px_48px_80px_minmax(120px,2fr)_140px_140px_minmax(72px,0.8fr)_184px] gap-2 px-3';
const GRID_MIN = 'min-w-[1310px]';
const alarmLogHref = (r: Rec): string => href('alarmLog.alarmLog', stationQuery(r.stationId, r.serviceProviderId));

type Texts = { keyword?: string; keywordRuleCodes?: string[]; stationName?: string };
/** The list's request for the form's state; null while the scope settles. */
const alarmListQuery = (scope: number, filters: Filters, texts: Texts, preset: RangePreset, custom: { from: string; to: string }, zones: readonly Zone[]): AlarmQuery | null =>
  scope < 0
    ? null
    : {
        key: JSON.stringify([scope, filters, texts, preset, custom, zones]),
        payload: (now) => ({ ...(scope > 0 ? { orgId: scope } : {}), ...filters, ...texts, ...rangeAcross(preset, now, custom, zones).range }),
      };
const resolvedBy = succeededOutputs<number, import('../../../streams/alarms/records').ResolvedAlarm>;

export default function AlarmListPage() {
  const t = useT('alarmCenter', 'alarms', 'station');
  const { api, store } = useRuntime();
  const [, navigate] = useLocation();
  const scope = useStoreValue(scopeCode);
  const permissions = useStoreValue(selectPermissions);
  const canResolve = permissions.has('alarm.resolve');
  const canShelve = permissions.has('alarm.shelve');
  const [filters, setFilters] = useState<Filters>({});
  const [preset, setPreset] = useState<RangePreset>('all');
  const [custom, setCustom] = useState({ from: '', to: '' });
  const [keyword, setKeyword] = useState('');
  const [stationName, setStationName] = useState('');
  const [texts, setTexts] = useState<Texts>({});
  const [confirm, setConfirm] = useState<Rec | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [changed$] = useState(() => new Subject<void>());
  const [shownIds, setShownIds] = useState<number[]>([]);
  const z = useAlarmZones(scope < 0 ? null : scope, shownIds);
  const dayZones = z.dayZones.join(',');

  // typed texts settle for 300 ms before they query
  useEffect(() => {
    const id = setTimeout(() => {
      const k = keyword.trim();
      const s = stationName.trim();
      const codes = ruleCodesNamed(k);
      setTexts({ keyword: k || undefined, keywordRuleCodes: codes.length > 0 ? codes : undefined, stationName: s || undefined });
    }, 300);
    return () => clearTimeout(id);
  }, [keyword, stationName]);

  // the request's filter; the range is computed when sent so rolling presets follow the clock
  const query$ = useObservable(
    (in$) => in$.pipe(map(([scope, filters, texts, preset, custom, zs]) => alarmListQuery(scope, filters, texts, preset, custom, zs ? zs.split(',') : []))),
    [scope, filters, texts, preset, custom, dayZones],
  );
  const [askResolve, resolveIds$] = useObservableCallback<number>();
  const resolving$ = useObservable(() => resolveAlarm$(api, resolveIds$));
  const busy = isPending(useObservableState(resolving$, null));
  useSubscription(resolving$, (e) => {
    if (e.type === 'pending') return;
    if (e.type === 'succeeded') store.dispatch({ type: 'message/shown', messageType: 'success', text: { key: 'alarmCenter:list.resolved' }, at: Date.now() });
    setConfirm(null);
  });
  // live: an alarm (or a resolution) pushed for the org re-reads, so does a resolution here; a
  // timer catches the rest
  const reload$ = useObservable(
    (in$) => in$.pipe(switchMap(([scope]) => merge(alarmReloads$(store.events$, (a) => scope <= 0 || a.orgId === scope), resolvedBy(resolving$), changed$)), share()),
    [scope],
  );
  const reloads = useObservableState(useObservable(() => reload$.pipe(scan((n) => n + 1, 0))), 0);
  // a re-read renders as a transition (in slices): a storm's re-reads never block the page
  const { rows, total } = useTransitionState(useObservable(() => alarmList$({ api }, query$, reload$, resolvedBy(resolving$))), NO_ALARMS);
  const openLog = useCallback((r: Rec) => navigate(alarmLogHref(r)), [navigate]);
  const [askExport, exportFilters$] = useObservableCallback<AlarmFilter>();
  const exporting$ = useObservable(() => exportAlarms$(api, exportFilters$));
  const exporting = isPending(useObservableState(exporting$, null));
  useSubscription(exporting$, (e) => e.type === 'succeeded' && download(e.output));

  const named = z.named ? null : z.listZone;
  const head = useMemo(() => [...headOf(t, named), t('alarms:handling.column')], [t, named]);

  // CSV of the whole filtered list (paged past the 1000 on screen)
  const exportCsv = () => {
    const q = alarmListQuery(scope, filters, texts, preset, custom, z.dayZones);
    if (q) askExport(q.payload(Date.now()));
  };
  const download = (all: Rec[]) => {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([toCsv(csvHeadOf(t, named), keepDay(all).map((r) => csvCellsOf(t, r, z.zoneOf(r.stationId))))], { type: CSV_MIME }));
    a.download = `alarms-${formatDateTime(Date.now()).replace(/[-: ]/g, '')}.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  };

  // a preset across zones asks the server for the union of the days; each row keeps its own
  const keep = useMemo(() => rangeAcross(preset, Date.now(), custom, z.dayZones).keep, [preset, custom, z.dayZones]);
  const keepDay = (rs: Rec[]) => (keep ? rs.filter((r) => keep(z.zoneOf(r.stationId), Date.parse(r.happenTime))) : rs);
  const list = keepDay(rows ?? []);
  const idsKey = [...new Set((rows ?? []).map((r) => r.stationId))].join(',');
  useEffect(() => setShownIds(idsKey ? idsKey.split(',').map(Number) : []), [idsKey]);
  const detail = detailId === null ? null : (list.find((r) => r.alarmId === detailId) ?? null);
  const scroller = useRef<HTMLDivElement>(null);
  const v = useVirtualizer({ count: list.length, getScrollElement: () => scroller.current, estimateSize: () => ROW, overscan: 6 });
  const sel = 'h-8 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-800';
  const all = t('station:common.all');
  const reset = () => {
    setFilters({});
    setPreset('all');
    setCustom({ from: '', to: '' });
    setKeyword('');
    setStationName('');
  };

  return (
    <div data-testid="alarm-list" data-total={total} data-reloads={reloads} data-loaded={rows !== null} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="mr-2 text-lg font-semibold">{t('routes.alarmAlarmList')}</h1>
        <select data-testid="filter-status" aria-label={t('station:alarmLog.status')} className={sel} value={filters.alarmStatus ?? ''} onChange={(e) => setFilters((f) => ({ ...f, alarmStatus: e.target.value ? (Number(e.target.value) as 1 | 2) : undefined }))}>
          <option value="">{t('station:alarmLog.status')}: {all}</option>
          <option value="1">{t('station:alarmLog.statuses.1')}</option>
          <option value="2">{t('station:alarmLog.statuses.2')}</option>
        </select>
        <select data-testid="filter-category" aria-label={t('alarmCenter:list.category')} className={sel} value={filters.alarmCategory ?? ''} onChange={(e) => setFilters((f) => ({ ...f, alarmCategory: (e.target.value || undefined) as Filters['alarmCategory'] }))}>
          <option value="">{t('alarmCenter:list.category')}: {all}</option>
          {ALARM_CATEGORIES.map((x) => <option key={x} value={x}>{t(ALARM_CATEGORY_KEY[x])}</option>)}
        </select>
        <select data-testid="filter-type" aria-label={t('station:alarmLog.type')} className={sel} value={filters.alarmType ?? ''} onChange={(e) => setFilters((f) => ({ ...f, alarmType: (e.target.value || undefined) as Filters['alarmType'] }))}>
          <option value="">{t('station:alarmLog.type')}: {all}</option>
          {ALARM_TYPES.map((x) => <option key={x} value={x}>{t(ALARM_TYPE_KEY[x])}</option>)}
        </select>
        <select data-testid="filter-device" aria-label={t('station:alarmLog.equipmentType')} className={sel} value={filters.deviceType ?? ''} onChange={(e) => setFilters((f) => ({ ...f, deviceType: (e.target.value || undefined) as Filters['deviceType'] }))}>
          <option value="">{t('station:alarmLog.equipmentType')}: {all}</option>
          {DEVICE_TYPES.map((x) => <option key={x} value={x}>{typeLabel(x)}</option>)}
        </select>
        <select data-testid="filter-range" aria-label={t('alarmCenter:list.range')} className={sel} value={preset} onChange={(e) => setPreset(e.target.value as RangePreset)}>
          {RANGE_PRESETS.map((x) => <option key={x} value={x}>{t(ALARM_RANGE_KEY[x])}</option>)}
        </select>
        {preset === 'custom' && (
          <>
            <input data-testid="filter-from" type="date" aria-label={t('alarmCenter:list.from')} title={t('alarmCenter:list.from')} className={sel} value={custom.from} max={custom.to || undefined} onChange={(e) => setCustom((c) => ({ ...c, from: e.target.value }))} />
            <span className="text-slate-400">–</span>
            <input data-testid="filter-to" type="date" aria-label={t('alarmCenter:list.to')} title={t('alarmCenter:list.to')} className={sel} value={custom.to} min={custom.from || undefined} onChange={(e) => setCustom((c) => ({ ...c, to: e.target.value }))} />
          </>
        )}
        <input data-testid="filter-station" type="search" value={stationName} onChange={(e) => setStationName(e.target.value)} placeholder={t('alarmCenter:list.stationName')} aria-label={t('alarmCenter:list.stationName')} className={`${sel} w-40`} />
        <input data-testid="filter-keyword" type="search" value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder={t('station:alarmLog.keyword')} aria-label={t('station:alarmLog.keyword')} className={`${sel} w-52`} />
        <label className="flex items-center gap-1 text-sm">
          <input data-testid="filter-mine" type="checkbox" checked={filters.assignedToMe === true} onChange={(e) => setFilters((f) => ({ ...f, assignedToMe: e.target.checked ? true : undefined }))} />
          {t('alarms:handling.assignedToMe')}
        </label>
        <Button data-testid="filter-reset" onClick={reset}>{t('alarmCenter:list.reset')}</Button>
        <Button data-testid="alarm-export" onClick={exportCsv} disabled={exporting || total === 0}>
          {exporting ? t('alarmCenter:list.exporting') : t('alarmCenter:list.export')}
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-500">
        <span data-testid="alarm-count">{t('station:alarmLog.total', { count: total })}</span>
        {total > list.length && <span data-testid="alarm-shown">{t('alarmCenter:list.shown', { shown: list.length, count: total })}</span>}
        <span data-testid="zone-note" className="text-xs text-slate-400">{z.named ? t('alarms:handling.stationTimes') : t('alarmCenter:list.timeIn', { zone: z.listZone })}</span>
        <span className="ml-auto text-xs text-slate-400">{t('station:alarmLog.live')}</span>
      </div>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white text-sm dark:border-slate-700 dark:bg-slate-900">
        <div className={GRID_MIN}>
          <div role="row" className={`${COLS} border-b border-slate-200 py-2 text-xs font-semibold text-slate-500 dark:border-slate-700`}>
            {head.map((h) => <span key={h} role="columnheader" className="truncate" title={h}>{h}</span>)}
            <span role="columnheader">{t('alarmCenter:list.action')}</span>
          </div>
          <div ref={scroller} style={{ height: 'calc(100vh - 300px - var(--popups-h, 0px))', minHeight: 160, contain: 'strict' }} className={SCROLL_PANE}>
            {rows === null && <p className="p-6 text-center text-slate-500">{t('app.loading')}</p>}
            {rows !== null && list.length === 0 && <p data-testid="empty" className="p-6 text-center text-slate-500">{t('noDate')}</p>}
            <div style={{ height: v.getTotalSize(), position: 'relative' }}>
              {v.getVirtualItems().map((it) => {
                const r = list[it.index];
                if (!r) return null;
                return (
                  <AlarmRow
                    key={r.alarmId}
                    r={r}
                    t={t}
                    zone={z.zoneOf(r.stationId)}
                    named={z.named}
                    cols={COLS}
                    top={it.start}
                    canResolve={canResolve}
                    canShelve={canShelve}
                    onOpenLog={openLog}
                    onDetail={setDetailId}
                    onResolve={setConfirm}
                  />
                );
              })}
            </div>
          </div>
        </div>
      </div>
      <Modal open={confirm !== null} onClose={() => !busy && setConfirm(null)} title={t('alarmCenter:list.resolveTitle')} testId="resolve-dialog">
        {confirm && (
          <p className="mb-4 text-sm">
            <span className="block font-medium">{confirm.stationName} · {alarmRuleName(confirm.alarmRuleCode, confirm.alarmRuleName)}</span>
            <span className="mt-1 block text-slate-500">{alarmContent(confirm)}</span>
            <span className="mt-3 block">{t('alarmCenter:list.resolveConfirm')}</span>
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button data-testid="resolve-cancel" onClick={() => setConfirm(null)} disabled={busy}>{t('alarmCenter:list.cancel')}</Button>
          <Button data-testid="resolve-confirm" variant="primary" disabled={busy} onClick={() => confirm && askResolve(confirm.alarmId)}>{t('alarmCenter:list.resolve')}</Button>
        </div>
      </Modal>
      {detail && <AlarmDetailDialog key={detail.alarmId} alarm={detail} zone={z.zoneOf(detail.stationId)} t={t} onClose={() => setDetailId(null)} onChanged={() => changed$.next()} />}
    </div>
  );
}
