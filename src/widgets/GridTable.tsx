// The parts of a hand-built grid table (the alarm lists, the messages, the audit log): its head
// row, the scroller that is its body's rowgroup, a body row the virtual list places, and the cells
// that cut a long text. The numbering and the line that stands in for rows are TableNote's.
import type { CSSProperties, HTMLAttributes, KeyboardEvent, ReactNode, RefObject } from 'react';
import { SCROLL_PANE } from './scrollPane';
import { bodyRowIndex } from './TableNote';

/**
 * The head row over the grid template `grid`: a head cuts its text, or with `wrap` takes two lines
 * and shows its whole text on hover. `before` and `after` are heads of the page's own.
 */
export function GridHead({
  grid,
  heads,
  wrap = false,
  before,
  after,
}: {
  grid: string;
  heads: readonly string[];
  wrap?: boolean;
  before?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <div role="row" aria-rowindex={1} className={`${grid} border-b border-slate-200 py-2 text-xs font-semibold text-slate-500 dark:border-slate-700`}>
      {before}
      {heads.map((h, i) => (
        <span key={i} role="columnheader" className={wrap ? 'line-clamp-2 break-words' : 'truncate'} title={wrap ? h : undefined}>
          {h}
        </span>
      ))}
      {after}
    </div>
  );
}

/** The body's rowgroup, the virtual list's scroller (reached by Tab, named for a screen reader). */
export function GridBody({
  scroller,
  label,
  style,
  testId,
  className = SCROLL_PANE,
  onKeyDown,
  children,
}: {
  scroller: RefObject<HTMLDivElement | null>;
  label: string;
  style?: CSSProperties;
  testId?: string;
  className?: string;
  onKeyDown?: (e: KeyboardEvent<HTMLDivElement>) => void;
  children: ReactNode;
}) {
  return (
    <div ref={scroller} role="rowgroup" tabIndex={0} aria-label={label} style={style} className={className} data-testid={testId} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}

/** A body row at `index` (0-based) over the grid template `grid`; `style` places it. */
export function GridRow({
  grid,
  index,
  className = '',
  ...rest
}: { grid: string; index: number; className?: string } & HTMLAttributes<HTMLDivElement> & Record<`data-${string}`, string | number | boolean | undefined>) {
  return (
    <div
      role="row"
      aria-rowindex={bodyRowIndex(index)}
      className={`${grid} items-center border-b border-slate-100 dark:border-slate-800 ${className}`}
      {...rest}
    />
  );
}

/** Cells of plain text, each cut to its column's width. */
export function TextCells({ texts }: { texts: readonly ReactNode[] }) {
  return (
    <>
      {texts.map((x, i) => (
        <span key={i} role="cell" className="truncate">
          {x}
        </span>
      ))}
    </>
  );
}
