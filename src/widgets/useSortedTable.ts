// A list page's TanStack table: its rows as they are, sortable by a click on a column's head
// (nothing sorted at first), each row keyed by the record's id.
import { getCoreRowModel, getSortedRowModel, useReactTable, type ColumnDef, type SortingState, type Table } from '@tanstack/react-table';
import { useState } from 'react';

export function useSortedTable<T>(data: T[], columns: ColumnDef<T>[], rowId: (r: T) => number | string): Table<T> {
  const [sorting, setSorting] = useState<SortingState>([]);
  return useReactTable<T>({
    data,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (r) => String(rowId(r)),
  });
}
