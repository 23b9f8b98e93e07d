// TanStack Table over TanStack Virtual: the feature owns the table instance (columns, sorting,
// filtering, visibility); this widget renders its header and only the rows in view, so 100,000
// rows keep a few dozen rows in the DOM. Rows are fixed-height; columns share a CSS grid.
import { flexRender, type Row, type Table } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';

export interface VirtualTableProps<T> {
  table: Table<T>;
  rowHeight?: number;
  onRowClick?: (row: T) => void;
  empty: ReactNode;
  testId?: string;
}

export function VirtualTable<T>({ table, rowHeight = 36, onRowClick, empty, testId }: VirtualTableProps<T>) {
  const rows = table.getRowModel().rows;
  const scroller = useRef<HTMLDivElement>(null);
  const v = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => rowHeight, overscan: 10 });
  const cols = table.getVisibleLeafColumns();
  const grid = { display: 'grid', gridTemplateColumns: cols.map((c) => `minmax(${Math.round(c.getSize() * 0.6)}px, ${c.getSize()}fr)`).join(' ') };
  const minWidth = cols.reduce((a, c) => a + Math.round(c.getSize() * 0.6), 0);

  return (
    <div ref={scroller} role="table" aria-rowcount={rows.length} className="min-h-0 flex-1 overflow-auto text-sm" tabIndex={0} data-testid={testId}>
      <div style={{ minWidth }}>
        {table.getHeaderGroups().map((hg) => (
          <div role="row" key={hg.id} style={grid} className="sticky top-0 z-10 gap-3 border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-semibold text-slate-600 dark:border-slate-800 dark:bg-slate-800 dark:text-slate-300">
            {hg.headers.map((h) => {
              const sorted = h.column.getIsSorted();
              const canSort = h.column.getCanSort();
              return (
                <span role="columnheader" key={h.id} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'} data-col={h.column.id}>
                  {canSort ? (
                    <button type="button" className="inline-flex items-center gap-1 text-left hover:text-brand-600" onClick={h.column.getToggleSortingHandler()} data-testid={`sort-${h.column.id}`}>
                      {flexRender(h.column.columnDef.header, h.getContext())}
                      <span aria-hidden className="text-[10px]">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
                    </button>
                  ) : (
                    flexRender(h.column.columnDef.header, h.getContext())
                  )}
                </span>
              );
            })}
          </div>
        ))}
        {rows.length === 0 ? (
          <p className="p-8 text-center text-slate-500" data-testid="empty">{empty}</p>
        ) : (
          <div style={{ height: v.getTotalSize(), position: 'relative' }}>
            {v.getVirtualItems().map((vi) => {
              const row = rows[vi.index] as Row<T>;
              return (
                <div
                  role="row"
                  key={row.id}
                  data-testid="table-row"
                  tabIndex={onRowClick ? 0 : undefined}
                  onClick={onRowClick && (() => onRowClick(row.original))}
                  onKeyDown={onRowClick && ((e) => e.key === 'Enter' && onRowClick(row.original))}
                  style={{ ...grid, position: 'absolute', top: 0, left: 0, right: 0, height: rowHeight, transform: `translateY(${vi.start}px)` }}
                  className={`items-center gap-3 border-b border-slate-100 px-3 dark:border-slate-800 ${onRowClick ? 'cursor-pointer hover:bg-brand-50 dark:hover:bg-slate-800' : ''}`}
                >
                  {row.getVisibleCells().map((c) => (
                    <span role="cell" key={c.id} className="truncate" data-col={c.column.id}>
                      {flexRender(c.column.columnDef.cell, c.getContext())}
                    </span>
                  ))}
                </div>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
