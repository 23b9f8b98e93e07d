// A virtual table's rows on a phone (below 640 px): the whole card is the row's target (opens it,
// like a row click), placed at its fixed height in the same window as the table's rows. Either the
// feature's own card, or a field card: each visible column's name and value on a line of their own.
import { flexRender, type Column, type Row, type RowData, type Table } from '@tanstack/react-table';
import { memo, type ReactNode } from 'react';
declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the library's own parameters
  interface ColumnMeta<TData extends RowData, TValue> {
    /** a long text (a name, an address, notes): on a phone's field card, its own two full-width lines */
    wide?: boolean;
  }
}

/** px: one field line of a phone's field card, and the card's padding */
const FIELD_LINE = 24;
const CARD_PAD = 17;
/** px: a wide field: its name (16) above two lines of value (2 × 20) */
const WIDE_FIELD = 56;

const isWide = <T,>(c: Column<T, unknown>) => c.columnDef.meta?.wide === true;

/** a field card's fixed height: a line for each column, two more for a wide one */
export const fieldCardHeight = <T,>(cols: Column<T, unknown>[]): number => CARD_PAD + cols.reduce((h, c) => h + (isWide(c) ? WIDE_FIELD : FIELD_LINE), 0);

/** A phone's card row: placed in the virtual list, and the whole card is the row's target (opens it, like a row click). */
function CardShell<T>({
  row,
  index,
  rowHeight,
  onRowClick,
  children,
}: {
  row: Row<T>;
  index: number;
  rowHeight: number;
  onRowClick?: (row: T) => void;
  children: ReactNode;
}) {
  return (
    <div
      role="row"
      data-testid="table-card"
      tabIndex={onRowClick ? 0 : undefined}
      onClick={onRowClick && (() => onRowClick(row.original))}
      onKeyDown={onRowClick && ((e) => e.key === 'Enter' && onRowClick(row.original))}
      style={{ position: 'absolute', top: 0, left: 0, right: 0, height: rowHeight, transform: `translateY(${index * rowHeight}px)` }}
      className={`overflow-hidden border-b border-slate-200 px-3 py-2 dark:border-slate-700 ${onRowClick ? 'cursor-pointer active:bg-brand-50 dark:active:bg-slate-800' : ''}`}
    >
      {children}
    </div>
  );
}

/** One row as the feature's own card. */
export const CardRow = memo(function CardRow<T>({
  row,
  index,
  rowHeight,
  render,
  onRowClick,
}: {
  row: Row<T>;
  index: number;
  rowHeight: number;
  render: (r: T) => ReactNode;
  onRowClick?: (row: T) => void;
}) {
  return (
    <CardShell row={row} index={index} rowHeight={rowHeight} onRowClick={onRowClick}>
      <div role="cell" className="h-full">
        {render(row.original)}
      </div>
    </CardShell>
  );
}) as <T>(props: { row: Row<T>; index: number; rowHeight: number; render: (r: T) => ReactNode; onRowClick?: (row: T) => void }) => ReactNode;

/** One row as a field card: each visible column's name and its value on one line, a wide column's on two of its own. */
export const FieldsRow = memo(function FieldsRow<T>({
  row,
  index,
  table,
  rowHeight,
  onRowClick,
}: {
  row: Row<T>;
  index: number;
  table: Table<T>;
  rowHeight: number;
  onRowClick?: (row: T) => void;
}) {
  const heads = new Map(table.getFlatHeaders().map((h) => [h.column.id, h]));
  return (
    <CardShell row={row} index={index} rowHeight={rowHeight} onRowClick={onRowClick}>
      {row.getVisibleCells().map((c) => {
        const h = heads.get(c.column.id);
        if (isWide(c.column))
          return (
            <div key={c.id} role="cell" data-col={c.column.id} className="h-14">
              <span className="block h-4 truncate text-xs leading-4 text-slate-500 dark:text-slate-400">
                {h && !h.isPlaceholder ? flexRender(c.column.columnDef.header, h.getContext()) : null}
              </span>
              <span className="line-clamp-2 leading-5 break-words" data-wide-value>
                {flexRender(c.column.columnDef.cell, c.getContext())}
              </span>
            </div>
          );
        return (
          <div key={c.id} role="cell" data-col={c.column.id} className="flex h-6 items-center gap-3">
            {/* a long name takes two short lines in the line's height rather than being cut */}
            <span className="line-clamp-2 max-w-[55%] shrink-0 text-xs leading-3 text-slate-500 dark:text-slate-400">
              {h && !h.isPlaceholder ? flexRender(c.column.columnDef.header, h.getContext()) : null}
            </span>
            <span className="min-w-0 flex-1 truncate text-right">{flexRender(c.column.columnDef.cell, c.getContext())}</span>
          </div>
        );
      })}
    </CardShell>
  );
}) as <T>(props: { row: Row<T>; index: number; table: Table<T>; rowHeight: number; onRowClick?: (row: T) => void }) => ReactNode;
