// The body of a hand-built virtual list (TanStack Virtual): a spacer as tall as every row
// together, and only the rows in view placed on it. The feature renders each row and gives it its
// key; this places it. Fixed-height rows (VirtualRows) get their place as a style; measured cards
// (VirtualCards, a phone's list) place themselves from the item's start and measure their height.
// CardList is such a list with its scroller and the line that stands in for cards.
import { useVirtualizer, type VirtualItem, type Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type CSSProperties, type HTMLAttributes, type ReactNode, type RefObject } from 'react';
import { usePhone } from '../hooks/usePhone';
import { SCROLL_PANE } from './scrollPane';

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

/** A list's rows with the virtualizer over them and the element it scrolls. */
export interface VirtualList<R> {
  rows: readonly R[];
  scroller: RefObject<HTMLDivElement | null>;
  v: Virtualizer<HTMLDivElement, Element>;
}

/**
 * A list that is a table of `rowHeight` px rows on a wide screen and measured cards (first guessed
 * at `cardHeight` px) on a phone (below 640 px), over one virtualizer.
 */
export function useRowsOrCards<R>(rows: readonly R[], rowHeight: number, cardHeight: number): VirtualList<R> & { phone: boolean } {
  const phone = usePhone();
  const { scroller, v } = useVirtualList(rows.length, phone ? cardHeight : rowHeight, phone ? 6 : 12);
  return { phone, rows, scroller, v };
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

/** Where a measured card stands: its index, its offset, and the list's measuring ref (v.measureElement). */
export interface CardPlace {
  index: number;
  top: number;
  measure: (el: Element | null) => void;
}

/** The place of the card at `item` in the list `v`. */
export const placeOf = (v: Virtualizer<HTMLDivElement, Element>, item: VirtualItem): CardPlace => ({
  index: item.index,
  top: item.start,
  measure: v.measureElement,
});

/** A measured card of a VirtualCards list: a list item placed at its start, measured once drawn. */
export function MeasuredCard({
  index,
  top,
  measure,
  ...rest
}: CardPlace & HTMLAttributes<HTMLDivElement> & Record<`data-${string}`, string | number | boolean | undefined>) {
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

/**
 * A phone's list of measured cards: the scroller (reached by Tab, named for a screen reader), a
 * line that stands in for the cards while there are none (loading, empty), then the cards.
 */
export function CardList<R>({
  list: { scroller, v, rows },
  card,
  label,
  note,
  style,
  className = 'text-sm',
  testId,
}: {
  list: VirtualList<R>;
  /** one card, given its place to put on its MeasuredCard */
  card: (r: R, place: CardPlace) => ReactNode;
  label: string;
  /** the line shown instead of cards, and its test id */
  note: { text: ReactNode; testId?: string } | null;
  style?: CSSProperties;
  className?: string;
  testId?: string;
}) {
  return (
    <div ref={scroller} role="list" tabIndex={0} aria-label={label} style={style} className={`${className} ${SCROLL_PANE}`} data-testid={testId}>
      {note && (
        <p role="listitem" data-testid={note.testId} className="p-6 text-center text-slate-500">
          {note.text}
        </p>
      )}
      <VirtualCards v={v} rows={rows} card={(r, it) => card(r, placeOf(v, it))} />
    </div>
  );
}
