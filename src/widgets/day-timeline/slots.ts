// Pure operations on the slots of one day (tariff periods, charge/discharge periods): a slot is
// a stretch of minutes [start, end) of a 24-hour wall-clock day with a kind. Extra fields of a
// slot (prices, powers) travel through every operation untouched, so a split keeps both halves'
// prices and the caller's type comes back out.

export const DAY_MINUTES = 24 * 60;
export const SNAP_MINUTES = 15;

export interface DaySlot {
  /** minutes after local midnight, 0…1439 */
  start: number;
  /** minutes after local midnight, 1…1440 (24:00 ends the day) */
  end: number;
  kind: string;
}

/** What is wrong with a day's slots: a slot ending at or before its start, two slots sharing
 *  minutes, or minutes of the day no slot holds. */
export type SlotProblem = 'timeError' | 'overlap' | 'hoursIncomplete';

export interface SlotIssue {
  problem: SlotProblem;
  /** the slot (in the order given) the problem is shown at */
  index: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The nearest multiple of `step` within the day. */
export const snap = (minutes: number, step = SNAP_MINUTES): number => clamp(Math.round(minutes / step) * step, 0, DAY_MINUTES);

/** The snapped minute under a pointer at `fraction` (0…1) of the timeline's width. */
export const minuteAt = (fraction: number, step = SNAP_MINUTES): number => snap(clamp(fraction, 0, 1) * DAY_MINUTES, step);

/** "08:00" for 480; "24:00" for the end of the day. */
export const toHhmm = (minutes: number): string => {
  const m = clamp(Math.round(minutes), 0, DAY_MINUTES);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** Minutes of "HH:MM" (00:00…24:00), or null for anything else. */
export const parseHhmm = (text: string): number | null => {
  const match = /^\s*(\d{1,2}):([0-5]\d)\s*$/.exec(text);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= DAY_MINUTES ? minutes : null;
};

export const byStart = <T extends DaySlot>(slots: readonly T[]): T[] => [...slots].sort((a, b) => a.start - b.start || a.end - b.end);

/** One slot for the whole day. */
export const wholeDay = <T extends DaySlot>(slot: Omit<T, 'start' | 'end'>): T[] => [{ ...slot, start: 0, end: DAY_MINUTES } as T];

/** Splits the slot holding minute `at` (snapped) into two of the same kind and fields; a point
 *  on an existing edge, or closer than one step to it, changes nothing. */
export function splitAt<T extends DaySlot>(slots: readonly T[], at: number, step = SNAP_MINUTES): T[] {
  const cut = snap(at, step);
  const i = slots.findIndex((s) => s.start < cut && cut < s.end);
  if (i < 0) return [...slots];
  const slot = slots[i]!;
  return byStart([...slots.slice(0, i), { ...slot, end: cut }, { ...slot, start: cut }, ...slots.slice(i + 1)]);
}

/** The edges shared by two neighbouring slots (in start order): index i is the edge between
 *  slot i and slot i+1 of `byStart(slots)`. Edges of slots that do not meet are left out. */
export function boundaries<T extends DaySlot>(slots: readonly T[]): { index: number; at: number; min: number; max: number }[] {
  const sorted = byStart(slots);
  const out: { index: number; at: number; min: number; max: number }[] = [];
  for (let i = 0; i + 1 < sorted.length; i++) {
    const left = sorted[i]!;
    const right = sorted[i + 1]!;
    if (left.end === right.start && left.start < left.end && right.start < right.end) {
      out.push({ index: i, at: left.end, min: left.start, max: right.end });
    }
  }
  return out;
}

/** Moves the edge between slot `index` and the next (start order) to `to`, snapped, keeping
 *  at least one step on each side; slots that do not meet there are left as they are. */
export function moveBoundary<T extends DaySlot>(slots: readonly T[], index: number, to: number, step = SNAP_MINUTES): T[] {
  const sorted = byStart(slots);
  const left = sorted[index];
  const right = sorted[index + 1];
  if (!left || !right || left.end !== right.start) return sorted;
  const at = clamp(snap(to, step), left.start + step, right.end - step);
  if (at <= left.start || at >= right.end) return sorted;
  sorted[index] = { ...left, end: at };
  sorted[index + 1] = { ...right, start: at };
  return sorted;
}

/** Sets one slot's start or end as typed (no neighbour follows: a gap or an inverted slot is
 *  the user's to see and fix, and `validateSlots` names it). */
export function setSlotTime<T extends DaySlot>(slots: readonly T[], index: number, edge: 'start' | 'end', minutes: number): T[] {
  return slots.map((s, i) => (i === index ? { ...s, [edge]: clamp(Math.round(minutes), 0, DAY_MINUTES) } : s));
}

/** Removes slot `index`; its minutes go to the slot before it (or after it, for the first). */
export function removeSlot<T extends DaySlot>(slots: readonly T[], index: number): T[] {
  const sorted = byStart(slots);
  const gone = sorted[index];
  if (!gone || sorted.length < 2) return sorted;
  const rest = sorted.filter((_, i) => i !== index);
  if (index > 0) rest[index - 1] = { ...rest[index - 1]!, end: gone.end };
  else rest[0] = { ...rest[0]!, start: gone.start };
  return rest;
}

/** The first problem of a day's slots, in the order a user fixes them: an inverted slot, then
 *  shared minutes, then minutes no slot holds. Null when the slots cover 00:00-24:00 exactly. */
export function validateSlots(slots: readonly DaySlot[]): SlotIssue | null {
  const inverted = slots.findIndex((s) => s.end <= s.start);
  if (inverted >= 0) return { problem: 'timeError', index: inverted };
  const order = slots.map((s, i) => ({ s, i })).sort((a, b) => a.s.start - b.s.start || a.s.end - b.s.end);
  let reached = 0;
  for (const { s, i } of order) {
    if (s.start < reached) return { problem: 'overlap', index: i };
    if (s.start > reached) return { problem: 'hoursIncomplete', index: i };
    reached = s.end;
  }
  if (reached !== DAY_MINUTES) return { problem: 'hoursIncomplete', index: order.at(-1)?.i ?? 0 };
  return null;
}
