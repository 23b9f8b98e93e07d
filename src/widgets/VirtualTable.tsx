// A TanStack table rendered as a window over fixed-height rows: the feature owns the table
// instance (columns, sorting, filtering, visibility); this widget renders its header and only the
// rows in view (plus a margin), so 100,000 rows keep a few dozen rows in the DOM. With fixed
// heights the window is arithmetic (row i starts at i × height): nothing is measured and nothing
// is kept per record, and rows come from tableRows (made only for the indices shown).
import { flexRender, type Column, type Row, type Table } from '@tanstack/react-table';
import { memo, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { SCROLL_PANE } from './scrollPane';
import { useTableRows } from './tableRows';

export interface VirtualTableProps<T> {
  table: Table<T>;
  rowHeight?: number;
  onRowClick?: (row: T) => void;
  empty: ReactNode;
  testId?: string;
}

/** rows drawn beyond each edge of the view, so a fast scroll does not show blank space */
const OVERSCAN = 10;

/** The scroller's scroll offset and height, kept current (scrolls re-render synchronously). */
function useViewport(scroller: RefObject<HTMLDivElement | null>) {
  const [view, setView] = useState({ top: 0, height: typeof window === 'undefined' ? 900 : window.innerHeight });
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const read = () => setView((v) => (v.top === el.scrollTop && v.height === el.clientHeight ? v : { top: el.scrollTop, height: el.clientHeight }));
    read();
    const onScroll = () => flushSync(read);
    el.addEventListener('scroll', onScroll, { passive: true });
    const ro = new ResizeObserver(read);
    ro.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      ro.disconnect();
    };
  }, [scroller]);
  return view;
}

export function VirtualTable<T>({ table, rowHeight = 36, onRowClick, empty, testId }: VirtualTableProps<T>) {
  const rows = useTableRows(table);
  const scroller = useRef<HTMLDivElement>(null);
  const view = useViewport(scroller);
  const first = Math.max(0, Math.floor(view.top / rowHeight) - OVERSCAN);
  const last = Math.min(rows.count, Math.ceil((view.top + view.height) / rowHeight) + OVERSCAN);
  const shown = Array.from({ length: Math.max(0, last - first) }, (_, k) => first + k);
  const cols = table.getVisibleLeafColumns();
  const template = cols.map((c) => `minmax(${Math.round(c.getSize() * 0.6)}px, ${c.getSize()}fr)`).join(' ');
  const grid = useMemo(() => ({ display: 'grid', gridTemplateColumns: template }), [template]);
  const minWidth = cols.reduce((a, c) => a + Math.round(c.getSize() * 0.6), 0);

  return (
    <div ref={scroller} role="table" aria-rowcount={rows.count} className={`min-h-0 flex-1 text-sm ${SCROLL_PANE}`} tabIndex={0} data-testid={testId}>
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
        {rows.count === 0 ? (
          <p className="p-8 text-center text-slate-500" data-testid="empty">{empty}</p>
        ) : (
          <div style={{ height: rows.count * rowHeight, position: 'relative' }}>
            {shown.map((index) => {
              const row = rows.at(index);
              return <VirtualRow key={row.id} row={row} index={index} cols={cols} grid={grid} rowHeight={rowHeight} onRowClick={onRowClick} />;
            })}
          </div>
        )}
      </div>
    </div>
  );
}

interface VirtualRowProps<T> {
  row: Row<T>;
  index: number;
  /** the visible columns: a new array when columns change, so the row draws its cells again */
  cols: Column<T, unknown>[];
  grid: CSSProperties;
  rowHeight: number;
  onRowClick?: (row: T) => void;
}

/**
 * One row, drawn again only when its record, place or columns change: a scroll step then renders
 * the few rows that enter, not every row in view.
 */
const VirtualRow = memo(function VirtualRow<T>({ row, index, grid, rowHeight, onRowClick }: VirtualRowProps<T>) {
  return (
    <div
      role="row"
      data-testid="table-row"
      tabIndex={onRowClick ? 0 : undefined}
      onClick={onRowClick && (() => onRowClick(row.original))}
      onKeyDown={onRowClick && ((e) => e.key === 'Enter' && onRowClick(row.original))}
      style={{ ...grid, position: 'absolute', top: 0, left: 0, right: 0, height: rowHeight, transform: `translateY(${index * rowHeight}px)` }}
      className={`items-center gap-3 border-b border-slate-100 px-3 dark:border-slate-800 ${onRowClick ? 'cursor-pointer hover:bg-brand-50 dark:hover:bg-slate-800' : ''}`}
    >
      {row.getVisibleCells().map((c) => (
        <span role="cell" key={c.id} className="truncate" data-col={c.column.id}>
          {flexRender(c.column.columnDef.cell, c.getContext())}
        </span>
      ))}
    </div>
  );
}) as <T>(props: VirtualRowProps<T>) => ReactNode;
