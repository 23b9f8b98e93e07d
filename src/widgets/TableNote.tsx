// A hand-built table's conventions for assistive technology (role="table" on the box, the header
// row in one rowgroup and the scrolling body in another, every row child a cell, rows numbered by
// aria-rowindex from 1 for the header so a reader hears "row 5,000 of 12,000" while only a few
// dozen rows are in the DOM), and the one line that stands in for rows (loading, empty): a row
// with a single cell, since a table may hold nothing but rows.
import type { ReactNode } from 'react';

/** aria-rowindex of the body row at `index` (0-based) under one header row */
export const bodyRowIndex = (index: number): number => index + 2;

/** aria-rowcount of a table of `rows` body rows under one header row (a note counts as one) */
export const tableRowCount = (rows: number): number => Math.max(rows, 1) + 1;

export function TableNote({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div role="row" aria-rowindex={2}>
      <p role="cell" data-testid={testId} className="p-6 text-center text-slate-500">
        {children}
      </p>
    </div>
  );
}
