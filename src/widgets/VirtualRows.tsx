// The body of a hand-built virtual list (TanStack Virtual): a spacer as tall as every row
// together, and only the rows in view placed on it. The feature renders each row and gives it its
// key; this places it. Fixed-height rows (VirtualRows) get their place as a style; measured cards
// (VirtualCards, a phone's list) place themselves from the item's start and measure their height.
import { useVirtualizer, type VirtualItem, type Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react';

/**
 * A virtualizer over the element `scroller` is put on, rows estimated at `size` px (a row's height,
 * or a phone card's first guess); a change of size (the layout switched) measures again.
 */
export function useVirtualList(count: number, size: number, overscan: number) {
  const scroller = useRef<HTMLDivElement>(null);
  const v = useVirtualizer({ count, getScrollElement: () => scroller.current, estimateSize: () => size, overscan });
  useEffect(() => v.measure(), [v, size]);
  return { scroller, v };
}

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
    <VirtualCards
      v={v}
      rows={rows}
      card={(r, it) => row(r, { position: 'absolute', top: 0, left: 0, right: 0, height: rowHeight, transform: `translateY(${it.start}px)` }, it)}
    />
  );
}

export function VirtualCards<R>({
  v,
  rows,
  card,
  role,
}: {
  v: Virtualizer<HTMLDivElement, Element>;
  rows: readonly R[];
  /** one card; it places itself at `item.start` and is measured (v.measureElement) */
  card: (r: R, item: VirtualItem) => ReactNode;
  role?: 'list';
}) {
  return (
    <div style={{ height: v.getTotalSize(), position: 'relative' }} role={role}>
      {v.getVirtualItems().map((it) => {
        const r = rows[it.index];
        return r === undefined ? null : card(r, it);
      })}
    </div>
  );
}

/** A measured card of a VirtualCards list: a list item placed at its start, measured once drawn. */
export function MeasuredCard({
  index,
  top,
  measure,
  ...rest
}: {
  index: number;
  top: number;
  /** the virtual list's measuring ref (v.measureElement) */
  measure: (el: Element | null) => void;
} & HTMLAttributes<HTMLDivElement> &
  Record<`data-${string}`, string | number | boolean | undefined>) {
  return (
    <div
      ref={measure}
      data-index={index}
      role="listitem"
      style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${top}px)` }}
      {...rest}
    />
  );
}
