// Station list (route monitorStation.list): every station of the scope from
// queryStationInfoList, as TanStack Table (sorting, filters, column visibility) over TanStack
// Virtual (only rows in view are in the DOM). Filters and search run in the page; a row opens
// the station overview with stationId and serviceProviderId in the query. On a phone the same
// virtual table draws each station as a card (StationRowCard).
import {
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';
import { useObservableEagerState } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { of } from 'rxjs';
import { useLocation } from 'wouter';
import { scopeCode } from '../../../streams/monitor/scope';
import { matchStation, stationList$, NO_FILTER, type StationFilter, type StationSummary } from '../../../streams/monitor/stations';
import { ListPage } from '../../components/ListPage';
import { ENERGY_KEYS, SYSTEM_TYPE_KEYS, stationOverviewHref } from '../../components/stationLabels';
import type { View } from '../../../streams/slices/selectors';
import { useRuntime, useStoreValue } from '../../hooks/runtime';
import { regionName } from './regions';
import { useT } from '../../hooks/useT';
import { useInMaintenance } from '../../hooks/useInMaintenance';
import { MaintenanceTag } from '../../components/alarms/MaintenanceTag';
import type { TKey } from '../../i18n/i18n';
import { VirtualTable } from '../../widgets/VirtualTable';
import { capacityColumns } from './capacityColumns';
import { nameColumn, statusColumn } from './listColumns';
import { StationFilters } from './StationFilters';
import { STATION_CARD, StationRowCard } from './StationRowCard';
import { ResultCount } from '../../components/ResultCount';

const WAITING: View<StationSummary[]> = { value: null, at: null, failures: 0 };
const EMPTY: StationSummary[] = [];

export default function StationListPage() {
  const t = useT('monitor', 'alarms');
  const inMaintenance = useInMaintenance();
  const { api, store } = useRuntime();
  const [, navigate] = useLocation();
  const scope = useStoreValue(scopeCode);
  const [filter, setFilter] = useState<StationFilter>(NO_FILTER);
  const [sorting, setSorting] = useState<SortingState>([]);
  const [visibility, setVisibility] = useState<VisibilityState>({ address: false, dgCapacityKw: false });

  // the scope's list lives in the store (loaded once per watch); alarm pushes raise a station's
  // status there, so this list, the homepage matrix and the map agree
  const obs = useMemo(() => (scope < 0 ? of(WAITING) : stationList$(store, api, scope || undefined)), [store, api, scope]);
  const list = useObservableEagerState(obs);
  const data = list.value ?? (list.failures > 0 ? EMPTY : null);
  const rows = data ?? EMPTY;

  const columns = useMemo<ColumnDef<StationSummary>[]>(() => {
    const text = (id: keyof StationSummary & string, header: TKey, size = 120): ColumnDef<StationSummary> => ({
      id,
      accessorKey: id,
      header: t(header),
      size,
      cell: (c) => String(c.getValue() ?? ''),
    });
    return [
      {
        ...nameColumn<StationSummary>('stationName', t('monitor:col.stationName'), (s) => s.stationName),
        sortingFn: (a, b) => a.original.stationName.localeCompare(b.original.stationName, 'zh-CN'),
      },
      text('address', 'monitor:col.address', 200),
      { ...text('region', 'monitor:col.region', 110), cell: (c) => regionName(c.row.original.region) },
      {
        id: 'systemType',
        accessorKey: 'systemType',
        header: t('monitor:col.systemType'),
        size: 110,
        cell: (c) => {
          const k = SYSTEM_TYPE_KEYS[c.row.original.systemType];
          return k ? t(k) : '-';
        },
      },
      {
        id: 'energyTypes',
        accessorFn: (s) => s.energyTypes.join(','),
        header: t('monitor:col.energyTypes'),
        size: 140,
        enableSorting: false,
        cell: (c) => c.row.original.energyTypes.map((e) => (ENERGY_KEYS[e] ? t(ENERGY_KEYS[e]) : e)).join(' / '),
      },
      text('voltageLevel', 'monitor:col.voltageLevel', 90),
      text('operationDate', 'monitor:col.operationDate', 110),
      {
        id: 'online',
        accessorKey: 'online',
        header: t('monitor:col.online'),
        size: 90,
        cell: (c) => (
          <span className={c.row.original.online ? 'text-brand-600' : 'text-slate-400'} data-online={c.row.original.online}>
            {t(c.row.original.online ? 'monitor:online' : 'monitor:offline')}
          </span>
        ),
      },
      statusColumn<StationSummary>(t, 170, (s) => inMaintenance.has(s.stationId) && <MaintenanceTag t={t} />),
      ...capacityColumns<StationSummary>(t),
    ];
  }, [t, inMaintenance]);

  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting, columnVisibility: visibility, globalFilter: filter },
    onSortingChange: setSorting,
    onColumnVisibilityChange: setVisibility,
    globalFilterFn: (row, _id, f: StationFilter) => matchStation(row.original, f),
    getColumnCanGlobalFilter: () => true,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (s) => String(s.stationId),
  });
  const count = table.getRowModel().rows.length;
  const card = useMemo(
    () => ({ height: STATION_CARD, render: (s: StationSummary) => <StationRowCard s={s} t={t} maintenance={inMaintenance.has(s.stationId)} /> }),
    [t, inMaintenance],
  );
  return (
    <ListPage
      testId="station-list"
      read={{ data, failed: list.failures > 0 }}
      title={t('monitor:stations.title')}
      failed={null}
      bar={
        <>
          <StationFilters filter={filter} onChange={setFilter} t={t} />
          <details className="relative" data-testid="column-chooser">
            <summary className="inline-flex h-8 cursor-pointer list-none items-center rounded-md border border-slate-300 px-3 text-sm dark:border-slate-600">
              {t('monitor:stations.columns')}
            </summary>
            <div className="absolute right-0 z-20 mt-1 w-52 rounded-md border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-800">
              {table.getAllLeafColumns().map((c) => (
                <label key={c.id} className="flex items-center gap-2 py-0.5 text-sm">
                  <input type="checkbox" checked={c.getIsVisible()} onChange={c.getToggleVisibilityHandler()} data-testid={`col-toggle-${c.id}`} />
                  {String(c.columnDef.header)}
                </label>
              ))}
            </div>
          </details>
          <ResultCount
            small
            className="ml-auto"
            testId="station-count"
            text={data === null ? t('monitor:stations.loading') : t('monitor:stations.count', { count })}
          />
        </>
      }
    >
      <VirtualTable
        table={table}
        testId="station-table"
        empty={data === null ? t('monitor:stations.loading') : t('noDate')}
        onRowClick={(s) => navigate(stationOverviewHref(s.stationId, s.serviceProviderId))}
        card={card}
      />
    </ListPage>
  );
}
