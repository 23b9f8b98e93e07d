import { describe, expect, it } from 'vitest';
import { boundaries, minuteAt, moveBoundary, parseHhmm, removeSlot, setSlotTime, snap, splitAt, toHhmm, validateSlots, wholeDay } from '../slots';

interface PricedSlot {
  start: number;
  end: number;
  kind: string;
  price: string;
}
const day = (): PricedSlot[] => wholeDay<PricedSlot>({ kind: 'flat', price: '0.5' });
const h = (hours: number) => hours * 60;

describe('day slots', () => {
  it('splits the slot under the pointer at the snapped minute and keeps its fields on both halves', () => {
    const two = splitAt(day(), h(8) + 7);
    expect(two).toEqual([
      { start: 0, end: h(8), kind: 'flat', price: '0.5' },
      { start: h(8), end: h(24), kind: 'flat', price: '0.5' },
    ]);
    const three = splitAt(two, h(18) + 8);
    expect(three.map((s) => [toHhmm(s.start), toHhmm(s.end)])).toEqual([
      ['00:00', '08:00'],
      ['08:00', '18:15'],
      ['18:15', '24:00'],
    ]);
  });

  it('changes nothing when the split lands on an edge', () => {
    const two = splitAt(day(), h(8));
    expect(splitAt(two, h(8) + 5)).toEqual(two);
    expect(splitAt(two, 3)).toEqual(two);
    expect(splitAt(two, h(24) - 4)).toEqual(two);
  });

  it('moves a shared edge in 15-minute steps and never past a neighbour', () => {
    const three = splitAt(splitAt(day(), h(8)), h(12));
    expect(boundaries(three).map((b) => b.at)).toEqual([h(8), h(12)]);
    const moved = moveBoundary(three, 0, h(9) + 22);
    expect(moved.map((s) => [s.start, s.end])).toEqual([
      [0, h(9) + 15],
      [h(9) + 15, h(12)],
      [h(12), h(24)],
    ]);
    const squeezed = moveBoundary(three, 0, h(13));
    expect(squeezed[1]).toMatchObject({ start: h(12) - 15, end: h(12) });
    const atMidnight = moveBoundary(three, 0, -100);
    expect(atMidnight[0]).toMatchObject({ start: 0, end: 15 });
  });

  it('reads and writes HH:MM, 24:00 included', () => {
    expect(toHhmm(480)).toBe('08:00');
    expect(toHhmm(1440)).toBe('24:00');
    expect(parseHhmm('7:30')).toBe(450);
    expect(parseHhmm('24:00')).toBe(1440);
    expect(parseHhmm('24:15')).toBeNull();
    expect(parseHhmm('08:60')).toBeNull();
    expect(parseHhmm('soon')).toBeNull();
  });

  it('snaps pointer positions to the quarter hour within the day', () => {
    expect(snap(7)).toBe(0);
    expect(snap(8)).toBe(15);
    expect(minuteAt(0.5)).toBe(h(12));
    expect(minuteAt(1.3)).toBe(h(24));
    expect(minuteAt(-1)).toBe(0);
  });

  it('names a start after its end as a time error at that slot', () => {
    const two = splitAt(day(), h(8));
    expect(validateSlots(two)).toBeNull();
    expect(validateSlots(setSlotTime(two, 1, 'start', h(23)).map((s, i) => (i === 1 ? { ...s, end: h(22) } : s)))).toEqual({ problem: 'timeError', index: 1 });
  });

  it('names a gap as hours not covered and shared minutes as an overlap', () => {
    const two = splitAt(day(), h(8));
    expect(validateSlots(setSlotTime(two, 1, 'start', h(9)))).toEqual({ problem: 'hoursIncomplete', index: 1 });
    expect(validateSlots(setSlotTime(two, 1, 'start', h(7)))).toEqual({ problem: 'overlap', index: 1 });
    expect(validateSlots(setSlotTime(two, 1, 'end', h(23)))).toEqual({ problem: 'hoursIncomplete', index: 1 });
    expect(validateSlots([])).toEqual({ problem: 'hoursIncomplete', index: 0 });
  });

  it("gives a removed slot's minutes to its neighbour", () => {
    const three = splitAt(splitAt(day(), h(8)), h(12));
    expect(removeSlot(three, 1).map((s) => [s.start, s.end])).toEqual([
      [0, h(12)],
      [h(12), h(24)],
    ]);
    expect(removeSlot(three, 0).map((s) => [s.start, s.end])).toEqual([
      [0, h(12)],
      [h(12), h(24)],
    ]);
    expect(removeSlot(day(), 0)).toEqual(day());
  });
});
