// Monitoring hall (route monitor.customers): service providers with their figures,
// search, sort and a live status summary (polled every 30 s into the store). A row opens the provider detail.
import { getCoreRowModel, getFilteredRowModel, getSortedRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { useObservableEagerState } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { providers$, providerTotals, type ProviderSummary } from '../../../streams/monitor/providers';
import { SearchBox } from '../../components/SearchBox';
import { providerDetailHref } from '../../components/stationLabels';
import { useRuntime } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import type { TKey } from '../../i18n/i18n';
import { VirtualTable } from '../../widgets/VirtualTable';
import { capacityColumns } from './capacityColumns';
import { nameColumn } from './listColumns';
import { ResultCount } from '../../components/ResultCount';
import { useListZone } from '../../hooks/useZoneMode';
import { formatDateTime, zoneNote } from '../../lib/dateTime';

export default function CustomersPage() {
  const t = useT('monitor');
  const { api, store } = useRuntime();
  const [, navigate] = useLocation();
  // polled every 30 s while watched (store resource, shared with any other watcher)
  const polled = useObservableEagerState(useMemo(() => providers$(store, api), [store, api]));
  const zone = useListZone();
  const zoneName = zoneNote(zone);
  const [keyword, setKeyword] = useState('');
  const [sorting, setSorting] = useState<SortingState>([]);
  const data = polled.value;

  const columns = useMemo<ColumnDef<ProviderSummary>[]>(
    () => [
      nameColumn<ProviderSummary>('name', t('monitor:customers.name'), (p) => p.name),
      { id: 'address', meta: { wide: true }, accessorFn: (p) => p.address ?? '', header: t('monitor:customers.address'), size: 220 },
      { id: 'siteQuantity', accessorKey: 'siteQuantity', header: t('monitor:customers.siteQuantity'), size: 90 },
      ...capacityColumns<ProviderSummary>(t),
      { id: 'onlineSites', accessorKey: 'onlineSites', header: t('monitor:customers.summaryOnline'), size: 90 },
      { id: 'openAlarms', accessorKey: 'openAlarms', header: t('monitor:customers.openAlarms'), size: 90 },
    ],
    [t],
  );

  const table = useReactTable({
    data: data ?? [],
    columns,
    state: { sorting, globalFilter: keyword },
    onSortingChange: setSorting,
    globalFilterFn: (row, _id, kw: string) => {
      const k = kw.trim().toLowerCase();
      return !k || row.original.name.toLowerCase().includes(k) || (row.original.address ?? '').toLowerCase().includes(k);
    },
    getColumnCanGlobalFilter: () => true,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (p) => String(p.orgId),
  });
  const totals = providerTotals(data ?? []);
  const tiles: [TKey, number, string][] = [
    ['monitor:customers.summaryProviders', totals.providers, 'text-slate-800 dark:text-slate-100'],
    ['monitor:customers.summarySites', totals.sites, 'text-slate-800 dark:text-slate-100'],
    ['monitor:customers.summaryOnline', totals.onlineSites, 'text-brand-600'],
    ['monitor:customers.summaryAlarm', totals.alarmSites, 'text-amber-600'],
    ['monitor:customers.summaryAlarms', totals.openAlarms, 'text-red-600'],
  ];

  return (
    <div className="flex h-full min-h-[480px] flex-col gap-3">
      <div className="grid grid-cols-5 gap-3" data-testid="provider-summary">
        {tiles.map(([k, v, c]) => (
          <div key={k} className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
            <div className="text-xs text-slate-500">{t(k)}</div>
            <div className={`text-2xl font-semibold tabular-nums ${c}`}>{data ? v.toLocaleString() : '-'}</div>
          </div>
        ))}
      </div>
      <section
        className="flex min-h-0 flex-1 flex-col rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
        data-testid="provider-list"
      >
        <div className="flex items-center gap-3 border-b border-slate-200 p-3 dark:border-slate-800">
          <h1 className="text-base font-semibold">{t('monitor:customers.title')}</h1>
          <SearchBox label={t('monitor:customers.search')} value={keyword} onChange={setKeyword} testId="provider-search" width="w-64" padding="px-2.5" />
          <span className="ml-auto text-xs text-slate-500" data-testid="provider-count">
            {polled.at !== null && `${t('monitor:customers.updated', { time: formatDateTime(polled.at, zone) })}${zoneName ? ` (${zoneName})` : ''} · `}
            {/* only the count is a status: the poll's time changes every poll and is not worth saying */}
            <ResultCount small text={t('monitor:customers.count', { count: table.getRowModel().rows.length })} />
          </span>
        </div>
        <VirtualTable
          table={table}
          testId="provider-table"
          empty={data === null ? t('app.loading') : t('noDate')}
          onRowClick={(p) => navigate(providerDetailHref(p.orgId))}
        />
      </section>
    </div>
  );
}
