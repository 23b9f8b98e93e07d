// The scope's stations, one row each, virtualized and sortable; headers carry the unit and the
// figure's definition on hover.
import { getCoreRowModel, getSortedRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useT } from '../../hooks/useT';
import { VirtualTable } from '../../widgets/VirtualTable';
import type { ShownColumn } from './columns';

export interface StationTableProps<R> {
  title: string;
  rows: readonly R[];
  columns: readonly ShownColumn<R>[];
  rowId: (r: R) => string;
  /** a row to mark (PR fell), with the reason as its tooltip */
  flag?: (r: R) => string | null;
  initialSort?: SortingState;
  testId: string;
}

export function StationTable<R>({ title, rows, columns, rowId, flag, initialSort = [], testId }: StationTableProps<R>) {
  const t = useT('analysis');
  const [sorting, setSorting] = useState<SortingState>(initialSort);
  const defs = useMemo<ColumnDef<R>[]>(
    () =>
      columns.map((c, i) => ({
        id: c.id,
        size: c.size,
        meta: { wide: i === 0 },
        sortUndefined: 'last',
        accessorFn: (r: R) => c.sortValue(r) ?? undefined,
        header: () => (
          <span title={c.hint ?? undefined} data-testid="col-head">
            {c.header}
          </span>
        ),
        cell: (x) => {
          const r = x.row.original;
          const mark = i === 0 && flag ? flag(r) : null;
          return (
            <span title={mark ?? undefined} data-testid={`cell-${c.id}`} className={mark ? 'font-medium text-red-600' : ''}>
              {mark ? '▼ ' : ''}
              {c.text(r)}
            </span>
          );
        },
      })),
    [columns, flag],
  );
  const data = useMemo(() => [...rows], [rows]);
  const table = useReactTable({
    data,
    columns: defs,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: rowId,
  });
  return (
    <section className="flex flex-col rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
      <h2 className="mb-2 text-sm font-semibold text-slate-600 dark:text-slate-300">{title}</h2>
      <div className="flex h-72 flex-col max-sm:h-[70vh]">
        <VirtualTable table={table} empty={t('noDate')} testId={testId} />
      </div>
    </section>
  );
}
