// A 24-hour line of slots (tariff periods, charge/discharge periods): each slot a band coloured
// by its kind; a click on a band splits it at the clicked quarter hour, a boundary between two
// slots drags (snapping to 15 minutes) and is a slider for the keyboard (arrows: 15 min, Page
// Up/Down: 1 h). Texts and colours come from the caller; start/end fields live in the form.
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { DAY_MINUTES, SNAP_MINUTES, boundaries, byStart, minuteAt, moveBoundary, splitAt, toHhmm, type DaySlot } from './slots';

export interface DayTimelineProps<T extends DaySlot> {
  slots: readonly T[];
  onChange?: (slots: T[]) => void;
  /** band fill per kind */
  colorOf: (kind: string) => string;
  /** a kind's name, shown in wide bands and read out with each band */
  labelOf: (kind: string) => string;
  /** accessible name of the line ("Time slots") and of a boundary ("Boundary") */
  label: string;
  boundaryLabel: string;
  /** no split, no drag: a picture of the day */
  readOnly?: boolean;
  step?: number;
  testId?: string;
}

const pct = (minutes: number) => `${(minutes / DAY_MINUTES) * 100}%`;
const TICKS = [0, 3, 6, 9, 12, 15, 18, 21, 24];

export function DayTimeline<T extends DaySlot>({ slots, onChange, colorOf, labelOf, label, boundaryLabel, readOnly = false, step = SNAP_MINUTES, testId = 'day-timeline' }: DayTimelineProps<T>) {
  const line = useRef<HTMLDivElement>(null);
  const editable = !readOnly && !!onChange;
  const edges = boundaries(slots);

  const minuteOf = (clientX: number) => {
    const box = line.current?.getBoundingClientRect();
    return box && box.width > 0 ? minuteAt((clientX - box.left) / box.width, step) : 0;
  };
  const split = (clientX: number) => {
    if (editable) onChange(splitAt(slots, minuteOf(clientX), step));
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
    const to: Record<string, number> = { ArrowLeft: at - step, ArrowDown: at - step, ArrowRight: at + step, ArrowUp: at + step, PageDown: at - 60, PageUp: at + 60, Home: min, End: max };
    const target = to[e.key];
    if (target === undefined) return;
    e.preventDefault();
    onChange(moveBoundary(slots, index, target, step));
  };

  return (
    <div className="select-none" data-testid={testId}>
      <div ref={line} role="group" aria-label={label} className="relative h-12 rounded-md border border-slate-300 bg-slate-100 dark:border-slate-600 dark:bg-slate-800">
        {slots.map((s, i) => {
          const text = `${labelOf(s.kind)} ${toHhmm(s.start)}-${toHhmm(s.end)}`;
          const inverted = s.end <= s.start;
          return (
            <div
              key={`${i}-${s.start}-${s.end}`}
              data-testid={`${testId}-band`}
              data-kind={s.kind}
              data-start={toHhmm(s.start)}
              data-end={toHhmm(s.end)}
              title={text}
              aria-label={text}
              onClick={(e) => split(e.clientX)}
              className={`absolute inset-y-0 flex items-center justify-center overflow-hidden border-r border-white/70 text-[11px] font-medium text-white ${editable ? 'cursor-copy' : ''}`}
              style={{ left: pct(Math.min(s.start, s.end)), width: pct(inverted ? 0 : s.end - s.start), background: colorOf(s.kind) }}
            >
              {s.end - s.start >= 120 ? <span className="truncate px-1 drop-shadow">{labelOf(s.kind)}</span> : null}
            </div>
          );
        })}
        {/* a read-only line is a picture: its edges are the bands' borders, not controls */}
        {editable && edges.map(({ index, at, min, max }) => (
          <div
            key={`edge-${index}`}
            role="slider"
            tabIndex={editable ? 0 : -1}
            aria-label={`${boundaryLabel} ${index + 1}`}
            aria-valuemin={min + step}
            aria-valuemax={max - step}
            aria-valuenow={at}
            aria-valuetext={toHhmm(at)}
            aria-disabled={!editable || undefined}
            data-testid={`${testId}-boundary`}
            onPointerDown={drag(index)}
            onClick={(e) => e.stopPropagation()}
            onKeyDown={keys(index, at, min + step, max - step)}
            className={`absolute inset-y-[-4px] z-10 w-3 -translate-x-1/2 rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${editable ? 'cursor-ew-resize' : 'pointer-events-none'}`}
            style={{ left: pct(at), touchAction: 'none' }}
          >
            <span className="mx-auto block h-full w-1 rounded-sm bg-slate-800/80 dark:bg-white/80" />
          </div>
        ))}
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
