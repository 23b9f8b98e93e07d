// Service-provider detail (route monitor.detail, permission monitorStation.detail):
// one provider's figures (queryServiceProviderInfoById) and its stations (queryStationInfoList
// with orgId); a station opens its overview.
import { getCoreRowModel, getSortedRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { useObservable, useObservableEagerState, useObservableState } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { map, of } from 'rxjs';
import { Link, useLocation, useSearch } from 'wouter';
import { formatEnergy, formatPower } from '../../../streams/format/energy';
import { scopeOrgId } from '../../../streams/monitor/scope';
import { providerInfo$ } from '../../../streams/monitor/providers';
import { stationList$, type StationSummary } from '../../../streams/monitor/stations';
import { stationOverviewHref } from '../../components/stationLabels';
import type { View } from '../../../streams/slices/selectors';
import { useRuntime, useStoreValue } from '../../hooks/runtime';
import { useReload } from '../../hooks/useCommand';
import { nameColumn, statusColumn } from './listColumns';
import { ProviderCurrency } from './ProviderCurrency';
import { regionName } from './regions';
import { useT } from '../../hooks/useT';
import { href } from '../../lib/paths';
import type { TKey } from '../../i18n/i18n';
import { VirtualTable } from '../../widgets/VirtualTable';

const WAITING: View<StationSummary[]> = { value: null, at: null, failures: 0 };
const EMPTY: StationSummary[] = [];

export default function CustomerDetailPage() {
  const t = useT('monitor');
  const { api, store } = useRuntime();
  const [, navigate] = useLocation();
  // the provider in the query, else the one picked in the selector (monitor.detail has it)
  const selected = useStoreValue(scopeOrgId);
  const orgId = Number(new URLSearchParams(useSearch()).get('orgId')) || selected || 0;
  const valid = Number.isInteger(orgId) && orgId > 0;
  const [reload$, reload] = useReload();
  const provider = useObservableState(
    useObservable((in$) => providerInfo$(api, in$.pipe(map(([id, ok]) => (ok ? id : null))), reload$), [orgId, valid]),
    null,
  );
  // the provider's stations: the store's station list for this provider (shared with the
  // station list when the selector picked the same provider)
  const list = useObservableEagerState(useMemo(() => (valid ? stationList$(store, api, orgId) : of(WAITING)), [store, api, orgId, valid]));
  const stations = list.value ?? (list.failures > 0 ? EMPTY : null);
  const [sorting, setSorting] = useState<SortingState>([]);

  const columns = useMemo<ColumnDef<StationSummary>[]>(
    () => [
      nameColumn<StationSummary>('stationName', t('monitor:col.stationName'), (s) => s.stationName),
      { id: 'customerName', meta: { wide: true }, accessorKey: 'customerName', header: t('monitor:detail.customer'), size: 140 },
      { id: 'region', accessorKey: 'region', header: t('monitor:col.region'), size: 110, cell: (c) => regionName(c.row.original.region) },
      statusColumn<StationSummary>(t, 110),
      {
        id: 'online',
        accessorKey: 'online',
        header: t('monitor:col.online'),
        size: 90,
        cell: (c) => t(c.row.original.online ? 'monitor:online' : 'monitor:offline'),
      },
      {
        id: 'pvCapacityKw',
        accessorKey: 'pvCapacityKw',
        header: t('monitor:col.pvCapacity'),
        size: 100,
        cell: (c) => formatPower(c.row.original.pvCapacityKw),
      },
      {
        id: 'essCapacityKwh',
        accessorKey: 'essCapacityKwh',
        header: t('monitor:col.essCapacity'),
        size: 100,
        cell: (c) => formatEnergy(c.row.original.essCapacityKwh),
      },
    ],
    [t],
  );
  const table = useReactTable({
    data: stations ?? [],
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (s) => String(s.stationId),
  });

  if (!valid)
    return (
      <p className="p-8 text-center text-slate-500" data-testid="empty">
        {t('monitor:detail.missing')}
      </p>
    );
  const figures: [TKey, string][] = provider
    ? [
        ['monitor:customers.siteQuantity', String(provider.siteQuantity)],
        ['monitor:customers.customerQuantity', String(provider.customerQuantity)],
        ['monitor:col.pvCapacity', formatPower(provider.pvCapacityKw)],
        ['monitor:col.essPower', formatPower(provider.essPowerKw)],
        ['monitor:col.essCapacity', formatEnergy(provider.essCapacityKwh)],
        ['monitor:col.dgCapacity', formatPower(provider.dgCapacityKw)],
        ['monitor:customers.summaryOnline', String(provider.onlineSites)],
        ['monitor:customers.openAlarms', String(provider.openAlarms)],
      ]
    : [];

  return (
    <div className="flex h-full min-h-[480px] flex-col gap-3" data-testid="provider-detail">
      <div className="flex items-center gap-3">
        <Link href={href('monitor.customers')} className="text-sm text-brand-600 hover:underline">
          ← {t('monitor:detail.back')}
        </Link>
        <h1 className="text-lg font-semibold" data-testid="provider-name">
          {provider?.name ?? ''}
        </h1>
        <span className="text-sm text-slate-500">{provider?.address ?? ''}</span>
      </div>
      <div className="grid grid-cols-4 gap-3 xl:grid-cols-8" data-testid="provider-figures">
        {figures.map(([k, v]) => (
          <div key={k} className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
            <div className="text-xs text-slate-500">{t(k)}</div>
            <div className="text-lg font-semibold tabular-nums">{v}</div>
          </div>
        ))}
      </div>
      {provider && <ProviderCurrency orgId={provider.orgId} currency={provider.currency} onChanged={reload} />}
      <section className="flex min-h-0 flex-1 flex-col rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <h2 className="border-b border-slate-200 p-3 text-base font-semibold dark:border-slate-800">{t('monitor:detail.stations')}</h2>
        <VirtualTable
          table={table}
          testId="provider-stations"
          empty={stations === null ? t('app.loading') : t('noDate')}
          onRowClick={(s) => navigate(stationOverviewHref(s.stationId, s.serviceProviderId))}
        />
      </section>
    </div>
  );
}
