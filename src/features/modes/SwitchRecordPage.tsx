// Switch Record (operationModeManagement.switchRecord, SPEC §2): every enable / shut-down of a
// mode with time, operation content, dispatch status and operator; filters by time (station
// clock) and operation; rows virtualized. Pending records re-read until the gateway answers.
import { getCoreRowModel, getFilteredRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useObservable, useObservableState } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { map } from 'rxjs';
import { addDateDays, dateStart } from '../../../protocol/site-time';
import { SWITCH_OPERATIONS } from '../../../protocol/codes';
import { Button } from '../../components/Button';
import { formatDateTime, zoneNote } from '../../lib/dateTime';
import { useRuntime } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { gatewayReasonText, keyOf } from '../../i18n/codeKeys';
import { switchRecords$, type SwitchQuery, type SwitchRecord } from '../../../streams/strategies/reads';
import { VirtualTable } from '../../widgets/VirtualTable';
import { useModesStation, useReload } from './hooks';
import { DISPATCH_KEY, OPERATION_KEY, STATUS_TONE } from './texts';
import { useLiveWhilePending } from './useLive';
import { ResultCount } from '../../components/ResultCount';

// the day's end is the next day's start in the station's zone (23 or 25 hours on a DST day)
const iso = (zone: string, date: string, endOfDay: boolean) => new Date(dateStart(zone, endOfDay ? addDateDays(date, 1) : date)).toISOString();

export default function SwitchRecordPage() {
  const t = useT('modes');
  const { api } = useRuntime();
  const st = useModesStation();
  const [reload$, reload] = useReload();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [operation, setOperation] = useState('');
  const [applied, setApplied] = useState<{ from: string; to: string }>({ from: '', to: '' });
  const query: SwitchQuery | null =
    st.stationId && st.zone
      ? {
          stationId: st.stationId,
          ...(applied.from ? { from: iso(st.zone, applied.from, false) } : {}),
          ...(applied.to ? { to: iso(st.zone, applied.to, true) } : {}),
        }
      : null;
  const list = useObservableState(
    useObservable((in$) => switchRecords$(api, in$.pipe(map(([q]) => (q ? (JSON.parse(q) as SwitchQuery) : null))), reload$), [query && JSON.stringify(query)]),
    { data: null, failed: false },
  );
  const rows = useMemo(() => (list.data?.dataList ?? []).filter((r) => !operation || r.operation === operation), [list.data, operation]);
  useLiveWhilePending(
    rows.some((r) => r.status === 0),
    reload,
  );
  const zone = st.zone ?? 'UTC';
  const columns = useMemo<ColumnDef<SwitchRecord>[]>(
    () => [
      {
        id: 'time',
        header: zoneNote(zone) ? `${t('modes:switch.time')} (${zone})` : t('modes:switch.time'),
        size: 170,
        cell: (c) => formatDateTime(c.row.original.time, zone),
      },
      {
        id: 'operation',
        meta: { wide: true },
        header: t('modes:switch.operation'),
        size: 200,
        cell: (c) => (
          <span data-testid="switch-operation" data-op={c.row.original.operation}>
            {t(keyOf(OPERATION_KEY, c.row.original.operation) ?? 'modes:control.none')}
          </span>
        ),
      },
      {
        id: 'status',
        header: t('modes:switch.status'),
        size: 140,
        cell: (c) => (
          <span
            data-testid="switch-status"
            data-status={c.row.original.status}
            className={`rounded px-1.5 py-0.5 text-xs ${STATUS_TONE[c.row.original.status]}`}
          >
            {t(DISPATCH_KEY[c.row.original.status]!)}
          </span>
        ),
      },
      { id: 'operator', header: t('modes:switch.operator'), size: 120, cell: (c) => c.row.original.operator ?? '-' },
      {
        id: 'reason',
        meta: { wide: true },
        header: t('modes:switch.reason'),
        size: 240,
        cell: (c) => (c.row.original.reason ? gatewayReasonText(c.row.original.reason) : ''),
      },
    ],
    [t, zone],
  );
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel(), getFilteredRowModel: getFilteredRowModel() });
  const input = 'h-9 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900';
  return (
    <div className="flex h-full min-h-[420px] flex-col gap-3" data-testid="switch-records" data-loaded={list.data !== null} data-total={rows.length}>
      <h1 className="text-lg font-semibold">{t('modes:switch.title')}</h1>
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col text-xs text-slate-600 dark:text-slate-300">
          {t('modes:switch.from')}
          <input type="date" className={input} value={from} onChange={(e) => setFrom(e.target.value)} data-testid="switch-from" />
        </label>
        <label className="flex flex-col text-xs text-slate-600 dark:text-slate-300">
          {t('modes:switch.to')}
          <input type="date" className={input} value={to} onChange={(e) => setTo(e.target.value)} data-testid="switch-to" />
        </label>
        <label className="flex flex-col text-xs text-slate-600 dark:text-slate-300">
          {t('modes:switch.operation')}
          <select className={input} value={operation} onChange={(e) => setOperation(e.target.value)} data-testid="switch-filter-operation">
            <option value="">{t('modes:switch.all')}</option>
            {SWITCH_OPERATIONS.map((op) => (
              <option key={op} value={op}>
                {t(OPERATION_KEY[op])}
              </option>
            ))}
          </select>
        </label>
        <Button variant="primary" onClick={() => setApplied({ from, to })} data-testid="switch-search">
          {t('modes:switch.search')}
        </Button>
        <Button
          onClick={() => {
            setFrom('');
            setTo('');
            setOperation('');
            setApplied({ from: '', to: '' });
          }}
        >
          {t('modes:switch.reset')}
        </Button>
        <ResultCount className="ml-auto" text={t('modes:switch.total', { count: rows.length })} />
      </div>
      <VirtualTable table={table} empty={t('modes:records.empty')} testId="switch-table" />
    </div>
  );
}
