import { describe, expect, it } from 'vitest';
import { Subject, VirtualTimeScheduler } from 'rxjs';
import { createStore } from '../../store';
import { initialState } from '../../state';
import { startPopupPump } from '../../effects/popups';
import { popupBursts, startPopupGrouping, type PopupArrival, type PopupBurst } from '../popupGroups';
import { alarm } from '../../__tests__/fixtures';

/** Arrivals at the given virtual times; what the rule emitted. */
function run(times: number[]) {
  const scheduler = new VirtualTimeScheduler();
  const in$ = new Subject<PopupArrival>();
  const out: PopupBurst[] = [];
  popupBursts(in$, { scheduler }).subscribe((b) => out.push(b));
  times.forEach((t, i) => scheduler.schedule(() => in$.next({ alarmId: i + 1 }), t));
  scheduler.flush();
  return out;
}

describe('pop-up grouping rule', () => {
  it('4 alarms within 1 s become one group of 4', () => {
    const out = run([0, 200, 500, 900]);
    expect(out).toEqual([{ seq: 1, alarmIds: [1, 2, 3, 4] }]);
  });
  it('3 alarms within 1 s stay three single pop-ups', () => {
    expect(run([0, 100, 200])).toEqual([]);
  });
  it('4 alarms spread over more than 1 s stay single', () => {
    expect(run([0, 400, 800, 1300])).toEqual([]);
  });
  it('a burst keeps growing while alarms come less than 1 s apart, then a new one starts afresh', () => {
    const out = run([0, 10, 20, 30, 800, 1600, 5000, 5010, 5020]);
    expect(out.map((b) => [b.seq, b.alarmIds.length])).toEqual([
      [1, 4],
      [1, 5],
      [1, 6],
    ]);
    expect(out.at(-1)!.alarmIds).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('pop-up grouping in the store', () => {
  const setup = () => {
    const scheduler = new VirtualTimeScheduler();
    const store = createStore(initialState({ token: 't', currentOrg: { id: 7, name: 'S' } }));
    startPopupPump(store, { scheduler, immediate: scheduler });
    startPopupGrouping(store, scheduler);
    const push = (ids: number[], at: number, stationOf = (id: number) => id) =>
      scheduler.schedule(
        () => store.dispatch({ type: 'alarms/received', alarms: ids.map((id) => alarm(id, { stationId: stationOf(id) })), at, live: true }),
        at,
      );
    return { scheduler, store, push };
  };

  it('4 pushes within 1 s end as one group card and no single cards', () => {
    const { scheduler, store, push } = setup();
    [0, 250, 500, 750].forEach((t, i) => push([i + 1], t));
    scheduler.flush();
    expect(store.getState().popups).toMatchObject({ group: [1, 2, 3, 4], visible: [], queue: [], overflow: 0 });
  });

  it('3 pushes within 1 s end as three single cards', () => {
    const { scheduler, store, push } = setup();
    [0, 100, 200].forEach((t, i) => push([i + 1], t));
    scheduler.flush();
    expect(store.getState().popups).toMatchObject({ group: null, visible: [1, 2, 3], queue: [] });
  });

  it('a storm is one group holding every alarm, none left to "+N more"', () => {
    const { scheduler, store, push } = setup();
    push(
      Array.from({ length: 30 }, (_, i) => i + 1),
      0,
    );
    scheduler.flush();
    const p = store.getState().popups;
    expect(p.group).toHaveLength(30);
    expect([p.visible, p.queue, p.overflow]).toEqual([[], [], 0]);
  });

  it('a long storm folds into the store a few times a second, not once per alarm', () => {
    const { scheduler, store, push } = setup();
    let folds = 0;
    store.events$.subscribe((e) => void (e.type === 'popups/grouped' && folds++));
    // 2,000 alarms over one second, ten every 5 ms
    for (let k = 0; k < 200; k++)
      push(
        Array.from({ length: 10 }, (_, i) => k * 10 + i + 1),
        k * 5,
      );
    scheduler.flush();
    expect(store.getState().popups.group).toHaveLength(2000);
    expect(folds).toBeLessThanOrEqual(12);
  });

  it('a repeated delivery is not a new arrival, and a closed member leaves the group', () => {
    const { scheduler, store, push } = setup();
    push([1, 2], 0);
    push([1, 2], 100);
    push([3], 200);
    scheduler.flush();
    expect(store.getState().popups.group).toBeNull();
    push([4], 300);
    scheduler.flush();
    expect(store.getState().popups.group).toEqual([1, 2, 3, 4]);
    store.dispatch({ type: 'popups/closed', alarmId: 2 });
    expect(store.getState().popups.group).toEqual([1, 3, 4]);
    store.dispatch({ type: 'popups/groupClosed' });
    expect(store.getState().popups.group).toBeNull();
  });
});
