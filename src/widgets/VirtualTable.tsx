// A TanStack table rendered as a window over fixed-height rows: the feature owns the table
// instance (columns, sorting, filtering, visibility); this widget renders its header and only the
// rows in view (plus a margin), so 100,000 rows keep a few dozen rows in the DOM. With fixed
// heights the window is arithmetic (row i starts at i × height): nothing is measured and nothing
// is kept per record, and rows come from tableRows (made only for the indices shown). On a phone
// (below 640 px) a table that gives `card` draws each row as that card instead, at the card's
// fixed height, with no header and no minimum width: the same window over the same rows. A table
// without one draws its rows as field cards there: each column's name and value on a line of
// their own, so nothing scrolls sideways and a value has most of the window's width; a column
// marked `meta: { wide: true }` (names, addresses, notes) puts its name above its value, which
// then has the card's whole width and two lines, still at a height fixed for every row.
import { flexRender, type Column, type Row, type Table } from '@tanstack/react-table';
import { memo, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { usePhone } from '../hooks/usePhone';
import { SCROLL_PANE } from './scrollPane';
import { useTableRows } from './tableRows';
import { CardRow, fieldCardHeight, FieldsRow } from './VirtualTableCards';

export interface VirtualTableProps<T> {
  table: Table<T>;
  rowHeight?: number;
  onRowClick?: (row: T) => void;
  empty: ReactNode;
  testId?: string;
  /** the phone's card for a row (below 640 px) and its fixed height */
  card?: { height: number; render: (row: T) => ReactNode };
  /** the table's accessible name (what the page calls it) */
  label?: string;
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

export function VirtualTable<T>({ table, rowHeight: tableRowHeight = 36, onRowClick, empty, testId, card, label }: VirtualTableProps<T>) {
  const phone = usePhone();
  const cards = phone && card ? card : null;
  const fields = phone && !card;
  const cols = table.getVisibleLeafColumns();
  const rowHeight = cards ? cards.height : fields ? fieldCardHeight(cols) : tableRowHeight;
  const rows = useTableRows(table);
  const scroller = useRef<HTMLDivElement>(null);
  const view = useViewport(scroller);
  const first = Math.max(0, Math.floor(view.top / rowHeight) - OVERSCAN);
  const last = Math.min(rows.count, Math.ceil((view.top + view.height) / rowHeight) + OVERSCAN);
  const shown = Array.from({ length: Math.max(0, last - first) }, (_, k) => first + k);
  const template = cols.map((c) => `minmax(${Math.round(c.getSize() * 0.6)}px, ${c.getSize()}fr)`).join(' ');
  const grid = useMemo(() => ({ display: 'grid', gridTemplateColumns: template }), [template]);
  const minWidth = phone ? 0 : cols.reduce((a, c) => a + Math.round(c.getSize() * 0.6), 0);
  const headerRows = phone ? 0 : table.getHeaderGroups().length;

  return (
    <div
      ref={scroller}
      role="table"
      aria-label={label}
      aria-rowcount={headerRows + Math.max(rows.count, 1)}
      className={`min-h-0 flex-1 text-sm ${SCROLL_PANE}`}
      tabIndex={0}
      data-testid={testId}
    >
      <div style={{ minWidth }}>
        <div role="rowgroup" className="sticky top-0 z-10">
          {!phone &&
            table.getHeaderGroups().map((hg, k) => (
              <div
                role="row"
                aria-rowindex={k + 1}
                key={hg.id}
                style={grid}
                className="gap-3 border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-semibold text-slate-600 dark:border-slate-800 dark:bg-slate-800 dark:text-slate-300"
              >
                {hg.headers.map((h) => {
                  const sorted = h.column.getIsSorted();
                  const canSort = h.column.getCanSort();
                  return (
                    <span
                      role="columnheader"
                      key={h.id}
                      aria-sort={!canSort ? undefined : sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                      data-col={h.column.id}
                    >
                      {canSort ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 text-left hover:text-brand-600"
                          onClick={h.column.getToggleSortingHandler()}
                          data-testid={`sort-${h.column.id}`}
                        >
                          {flexRender(h.column.columnDef.header, h.getContext())}
                          <span aria-hidden className="text-[10px]">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        flexRender(h.column.columnDef.header, h.getContext())
                      )}
                    </span>
                  );
                })}
              </div>
            ))}
        </div>
        {rows.count === 0 ? (
          <div role="row" aria-rowindex={headerRows + 1}>
            <p role="cell" className="p-8 text-center text-slate-500" data-testid="empty">
              {empty}
            </p>
          </div>
        ) : (
          <div role="rowgroup" style={{ height: rows.count * rowHeight, position: 'relative' }}>
            {shown.map((index) => {
              const row = rows.at(index);
              if (cards) return <CardRow key={row.id} row={row} index={index} rowHeight={rowHeight} render={cards.render} onRowClick={onRowClick} />;
              if (fields) return <FieldsRow key={row.id} row={row} index={index} table={table} rowHeight={rowHeight} onRowClick={onRowClick} />;
              return (
                <VirtualRow
                  key={row.id}
                  row={row}
                  index={index}
                  rowIndex={index + headerRows + 1}
                  cols={cols}
                  grid={grid}
                  rowHeight={rowHeight}
                  onRowClick={onRowClick}
                />
              );
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
  /** its place among all rows, the header's included (1-based, aria-rowindex) */
  rowIndex: number;
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
const VirtualRow = memo(function VirtualRow<T>({ row, index, rowIndex, grid, rowHeight, onRowClick }: VirtualRowProps<T>) {
  return (
    <div
      role="row"
      aria-rowindex={rowIndex}
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
