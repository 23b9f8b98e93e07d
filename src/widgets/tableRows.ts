// The rows a virtual table shows, built only for the indices in view. While the table neither
// sorts, filters, groups, expands nor pages, its row model is its data in order, so a row is
// made on demand from the record at that index (TanStack's own createRow, the same Row a row
// model holds) and mounting 100,000 records costs what the few dozen rows in view cost. Anything
// else goes through the table's row model, which has to visit every record anyway.
import { createRow, type Row, type Table } from '@tanstack/react-table';
import { useMemo } from 'react';

export interface TableRows<T> {
  count: number;
  at(index: number): Row<T>;
}

function inDataOrder<T>(table: Table<T>): boolean {
  const o = table.options;
  const s = table.getState();
  const sorted = o.getSortedRowModel && !o.manualSorting && s.sorting.length > 0;
  const global = s.globalFilter as unknown;
  const filtered = o.getFilteredRowModel && !o.manualFiltering && (s.columnFilters.length > 0 || (global !== undefined && global !== null && global !== ''));
  const reshaped = o.getSubRows || o.getGroupedRowModel || o.getExpandedRowModel || o.getPaginationRowModel;
  return !sorted && !filtered && !reshaped;
}

/** The table's visible rows by index, made lazily when they are in data order. */
export function useTableRows<T>(table: Table<T>): TableRows<T> {
  const direct = inDataOrder(table);
  const data = table.options.data;
  const model = direct ? null : table.getRowModel().rows;
  return useMemo(() => {
    if (model) return { count: model.length, at: (i: number) => model[i]! };
    const made = new Map<number, Row<T>>();
    return {
      count: data.length,
      at(i: number) {
        let row = made.get(i);
        if (!row) made.set(i, (row = createRow(table, table._getRowId(data[i]!, i), data[i]!, i, 0)));
        return row;
      },
    };
  }, [table, data, model]);
}
