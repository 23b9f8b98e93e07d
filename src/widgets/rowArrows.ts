// Up and Down arrows between the rows of a virtual table, for a keyboard user on a control in a
// row: focus goes to the same control (by data-testid, else the row's first control) in the row
// above or below, which is scrolled into view first when the virtualizer has not drawn it yet.
// Everywhere else the arrows scroll the body as before.
import type { KeyboardEvent } from 'react';

const CONTROL = 'button, a[href], input, select, textarea, [tabindex="0"]';

/** Handles ArrowUp/ArrowDown on the scrolling body `e.currentTarget`; `scrollToRow(i)` brings
 *  body row `i` (0-based) into view. */
export function moveBetweenRows(e: KeyboardEvent<HTMLElement>, scrollToRow: (index: number) => void): void {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  const target = e.target as HTMLElement;
  const row = target.closest<HTMLElement>('[role=row][aria-rowindex]');
  if (!row || target === row || !target.matches(CONTROL)) return;
  e.preventDefault();
  const body = e.currentTarget;
  const index = Number(row.getAttribute('aria-rowindex')) + (e.key === 'ArrowDown' ? 1 : -1);
  if (index < 2) return;
  const testId = target.getAttribute('data-testid');
  const focus = (): boolean => {
    const next = body.querySelector<HTMLElement>(`[role=row][aria-rowindex="${index}"]`);
    const control = next && ((testId && next.querySelector<HTMLElement>(`[data-testid="${testId}"]`)) || next.querySelector<HTMLElement>(CONTROL));
    if (!control) return false;
    control.focus();
    control.scrollIntoView({ block: 'nearest' });
    return true;
  };
  if (focus()) return;
  // the row is not drawn: scroll to it (aria-rowindex 2 is body row 0), then focus once drawn
  scrollToRow(index - 2);
  requestAnimationFrame(() => requestAnimationFrame(() => void focus()));
}
