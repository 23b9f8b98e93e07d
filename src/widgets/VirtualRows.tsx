// The body of a hand-built virtual list (TanStack Virtual over fixed-height rows): a spacer as tall
// as every row together, and only the rows in view placed on it. The feature renders each row and
// gives it its key; this places it.
import type { VirtualItem, Virtualizer } from '@tanstack/react-virtual';
import type { CSSProperties, ReactNode } from 'react';

export function VirtualRows<R>({
  v,
  rows,
  rowHeight,
  row,
}: {
  v: Virtualizer<HTMLDivElement, Element>;
  rows: readonly R[];
  rowHeight: number;
  /** one row; `style` puts it in its place */
  row: (r: R, style: CSSProperties, item: VirtualItem) => ReactNode;
}) {
  return (
    <div style={{ height: v.getTotalSize(), position: 'relative' }}>
      {v.getVirtualItems().map((it) => {
        const r = rows[it.index];
        if (!r) return null;
        return row(r, { position: 'absolute', top: 0, left: 0, right: 0, height: rowHeight, transform: `translateY(${it.start}px)` }, it);
      })}
    </div>
  );
}
