import { describe, expect, it } from 'vitest';
import { VirtualTimeScheduler } from 'rxjs';
import { createStore } from '../store';
import { initialState } from '../state';
import { startPopupPump } from '../effects/popups';
import { startMessageAutoHide } from '../effects/message';
import { poll, pollDelay } from '../poll';
import { alarm } from './fixtures';

describe('pop-up pump', () => {
  it('shows the first at once and the rest 300 ms apart', () => {
    const scheduler = new VirtualTimeScheduler();
    const store = createStore(initialState({ token: 't', currentOrg: { id: 7, name: 'S' } }));
    const shownAt: number[] = [];
    store.events$.subscribe((e) => e.type === 'popups/shown' && shownAt.push(e.at));
    startPopupPump(store, { scheduler, immediate: scheduler });
    store.dispatch({ type: 'alarms/received', alarms: [alarm(1), alarm(2), alarm(3)], at: 0, live: true });
    scheduler.flush();
    expect(shownAt).toEqual([0, 300, 600]);
    expect(store.getState().popups.visible).toEqual([1, 2, 3]);
  });
});

describe('message bar', () => {
  it('hides after 2 s', () => {
    const scheduler = new VirtualTimeScheduler();
    const store = createStore();
    startMessageAutoHide(store, scheduler);
    store.dispatch({ type: 'message/shown', messageType: 'success', text: { key: 'x' }, at: 0 });
    expect(store.getState().message.show).toBe(true);
    scheduler.flush();
    expect(store.getState().message.show).toBe(false);
    expect(scheduler.now()).toBe(2000);
  });
});

describe('polling with backoff', () => {
  it('doubles the wait after each failure and resets after success', () => {
    expect([0, 1, 2, 3, 10].map((n) => pollDelay(n, 1000, 5000))).toEqual([1000, 2000, 4000, 5000, 5000]);
  });

  it('schedules the next fetch by the result', async () => {
    let n = 0;
    const results: boolean[] = [];
    const times: number[] = [];
    const scheduler = new VirtualTimeScheduler();
    poll({
      fetch: async () => {
        times.push(scheduler.now());
        n += 1;
        if (n <= 2) throw new Error('down');
        return n;
      },
      intervalMs: 1000,
      maxMs: 60_000,
      scheduler,
    }).subscribe((r) => results.push(r.ok));
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 0));
      scheduler.flush();
    }
    expect(results.slice(0, 4)).toEqual([false, false, true, true]);
    expect(times.slice(0, 4)).toEqual([0, 2000, 6000, 7000]);
  });
});
