// A 24-hour line of slots (tariff periods, charge/discharge periods): each slot a band coloured
// by its kind; a click on a band splits it at the clicked quarter hour, a boundary between two
// slots drags (snapping to 15 minutes) and is a slider for the keyboard (arrows: 15 min, Page
// Up/Down: 1 h). On an editable line each band is a button, so the keyboard splits too: Enter or
// Space on a band splits it in the middle and puts focus on the new boundary, whose arrows then
// place it. Texts and colours come from the caller; start/end fields live in the form.
import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { nameFits, useLineWidth } from './bandNames';
import { DAY_MINUTES, SNAP_MINUTES, boundaries, byStart, minuteAt, moveBoundary, snap, splitAt, toHhmm, type DaySlot } from './slots';

export interface DayTimelineProps<T extends DaySlot> {
  slots: readonly T[];
  onChange?: (slots: T[]) => void;
  /** band fill per kind */
  colorOf: (kind: string) => string;
  /** a kind's name, shown in a band wide enough to hold it whole and read out with each band */
  labelOf: (kind: string) => string;
  /** accessible name of the line ("Time slots") and of a boundary ("Boundary") */
  label: string;
  boundaryLabel: string;
  /** said after a band's name on an editable line ("Enter splits it in the middle") */
  splitLabel?: string;
  /** no split, no drag: a picture of the day */
  readOnly?: boolean;
  step?: number;
  testId?: string;
}

const pct = (minutes: number) => `${(minutes / DAY_MINUTES) * 100}%`;
const TICKS = [0, 3, 6, 9, 12, 15, 18, 21, 24];

export function DayTimeline<T extends DaySlot>({
  slots,
  onChange,
  colorOf,
  labelOf,
  label,
  boundaryLabel,
  splitLabel = '',
  readOnly = false,
  step = SNAP_MINUTES,
  testId = 'day-timeline',
}: DayTimelineProps<T>) {
  const line = useRef<HTMLDivElement>(null);
  const editable = !readOnly && !!onChange;
  const lineWidth = useLineWidth(line);
  const edges = boundaries(slots);

  const minuteOf = (clientX: number) => {
    const box = line.current?.getBoundingClientRect();
    return box && box.width > 0 ? minuteAt((clientX - box.left) / box.width, step) : 0;
  };
  // the boundary a keyboard split made, focused once it is drawn (the bands are drawn anew)
  const focusEdge = useRef<number | null>(null);
  useEffect(() => {
    const at = focusEdge.current;
    if (at === null) return;
    focusEdge.current = null;
    line.current?.querySelector<HTMLElement>(`[role=slider][aria-valuenow="${at}"]`)?.focus();
  });
  const split = (e: MouseEvent<HTMLElement>, slot: DaySlot) => {
    if (!editable) return;
    // a click from Enter or Space has no pointer (detail 0): split the band in the middle
    if (e.detail === 0) {
      const middle = snap(slot.start + (slot.end - slot.start) / 2, step);
      const next = splitAt(slots, middle, step);
      if (next.length === slots.length) return;
      focusEdge.current = middle;
      onChange(next);
    } else onChange(splitAt(slots, minuteOf(e.clientX), step));
  };
  const drag = (index: number) => (e: PointerEvent<HTMLDivElement>) => {
    if (!editable) return;
    e.preventDefault();
    e.stopPropagation();
    const handle = e.currentTarget;
    handle.setPointerCapture(e.pointerId);
    let current = byStart(slots);
    const move = (ev: globalThis.PointerEvent) => {
      const next = moveBoundary(current, index, minuteOf(ev.clientX), step);
      if (next[index]?.end !== current[index]?.end) {
        current = next;
        onChange(next);
      }
    };
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      handle.removeEventListener('pointercancel', up);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
    handle.addEventListener('pointercancel', up);
  };
  const keys = (index: number, at: number, min: number, max: number) => (e: KeyboardEvent<HTMLDivElement>) => {
    if (!editable) return;
    const to: Record<string, number> = {
      ArrowLeft: at - step,
      ArrowDown: at - step,
      ArrowRight: at + step,
      ArrowUp: at + step,
      PageDown: at - 60,
      PageUp: at + 60,
      Home: min,
      End: max,
    };
    const target = to[e.key];
    if (target === undefined) return;
    e.preventDefault();
    onChange(moveBoundary(slots, index, target, step));
  };

  return (
    <div className="select-none" data-testid={testId}>
      <div
        ref={line}
        role="group"
        aria-label={label}
        className="relative h-12 rounded-md border border-slate-300 bg-slate-100 dark:border-slate-600 dark:bg-slate-800"
      >
        {/* in time order, each band followed by the boundary at its end, so Tab walks the day */}
        {byStart(slots).flatMap((s, i) => {
          const text = `${labelOf(s.kind)} ${toHhmm(s.start)}-${toHhmm(s.end)}`;
          const inverted = s.end <= s.start;
          const common = {
            'data-testid': `${testId}-band`,
            'data-kind': s.kind,
            'data-start': toHhmm(s.start),
            'data-end': toHhmm(s.end),
            title: text,
            style: { left: pct(Math.min(s.start, s.end)), width: pct(inverted ? 0 : s.end - s.start), background: colorOf(s.kind) },
          };
          const look = 'absolute inset-y-0 flex items-center justify-center overflow-hidden border-r border-white/70 text-[11px] font-medium text-white';
          const name = nameFits(labelOf(s.kind), s.end - s.start, lineWidth, DAY_MINUTES) ? (
            <span className="px-1 whitespace-nowrap drop-shadow">{labelOf(s.kind)}</span>
          ) : null;
          const edge = edges.find((x) => x.index === i);
          // a picture on a read-only line (its edges are the bands' borders, not controls); a
          // button (split) on an editable one, drawn above its neighbours while focused so the
          // whole ring shows
          if (!editable)
            return [
              <div key={`${i}-${s.start}-${s.end}`} {...common} role="img" aria-label={text} className={look}>
                {name}
              </div>,
            ];
          return [
            <button
              key={`${i}-${s.start}-${s.end}`}
              type="button"
              {...common}
              aria-label={splitLabel ? `${text}. ${splitLabel}` : text}
              onClick={(e) => split(e, s)}
              className={`${look} cursor-copy p-0 focus-visible:z-20`}
            >
              {name}
            </button>,
            edge && (
              <div
                key={`edge-${edge.index}`}
                role="slider"
                tabIndex={0}
                aria-label={`${boundaryLabel} ${edge.index + 1}`}
                aria-valuemin={edge.min + step}
                aria-valuemax={edge.max - step}
                aria-valuenow={edge.at}
                aria-valuetext={toHhmm(edge.at)}
                data-testid={`${testId}-boundary`}
                onPointerDown={drag(edge.index)}
                onClick={(e) => e.stopPropagation()}
                onKeyDown={keys(edge.index, edge.at, edge.min + step, edge.max - step)}
                className="absolute inset-y-[-4px] z-10 w-3 -translate-x-1/2 cursor-ew-resize rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                style={{ left: pct(edge.at), touchAction: 'none' }}
              >
                <span className="mx-auto block h-full w-1 rounded-sm bg-slate-800/80 dark:bg-white/80" />
              </div>
            ),
          ];
        })}
      </div>
      <div className="relative mt-1 h-4 text-[10px] text-slate-500 dark:text-slate-400" aria-hidden="true">
        {TICKS.map((hour) => (
          <span key={hour} className={`absolute ${hour === 0 ? '' : hour === 24 ? '-translate-x-full' : '-translate-x-1/2'}`} style={{ left: pct(hour * 60) }}>
            {String(hour).padStart(2, '0')}:00
          </span>
        ))}
      </div>
    </div>
  );
}
