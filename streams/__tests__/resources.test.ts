import { NEVER, Subject, VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { StoreEvent } from '../events';
import { createResources, recovered$, type ResourceSpec } from '../resources';
import { selectPolled } from '../polled/state';
import { startNetworkWatch } from '../effects/network';
import { createStore } from '../store';

const flushMicrotasks = async () => {
  for (let i = 0; i < 6; i++) await Promise.resolve();
};

function setup(wake$ = NEVER as unknown as Subject<unknown>) {
  const scheduler = new VirtualTimeScheduler();
  const store = createStore();
  const hub = createResources(store, { scheduler, now: () => scheduler.now(), wake$ });
  let calls = 0;
  let fail = false;
  const spec: ResourceSpec<number> = {
    id: 'test/answer',
    fetch: async () => {
      calls += 1;
      if (fail) throw new Error('down');
      return calls;
    },
    intervalMs: 1000,
    loaded: (value, at) => ({ type: 'polled/succeeded', key: 'answer', value, at }),
    failed: (failures, at) => ({ type: 'polled/failed', key: 'answer', failures, at }),
    released: { type: 'polled/released', key: 'answer' },
  };
  const view = selectPolled<number>('answer');
  return { scheduler, store, hub, spec, view, calls: () => calls, setFail: (f: boolean) => (fail = f) };
}

/** advance virtual time by ms, letting the fetch promises settle in between */
async function advance(scheduler: VirtualTimeScheduler, ms: number) {
  const until = scheduler.now() + ms;
  scheduler.maxFrames = until;
  scheduler.flush();
  await flushMicrotasks();
}

describe('ref-counted resources', () => {
  it('a second subscriber shares the running poll and the last unsubscribe stops it', async () => {
    const { scheduler, store, hub, spec, view, calls } = setup();
    const a = hub.watch$(spec, view).subscribe();
    await flushMicrotasks();
    expect(calls()).toBe(1);
    const seenB: (number | null)[] = [];
    const b = hub.watch$(spec, view).subscribe((v) => seenB.push(v.value as number | null));
    await flushMicrotasks();
    // no second request: the second screen reads the store's answer at once
    expect(calls()).toBe(1);
    expect(seenB).toEqual([1]);
    expect(hub.running()).toEqual(['test/answer']);
    await advance(scheduler, 1000);
    expect(calls()).toBe(2);
    expect(seenB.at(-1)).toBe(2);
    a.unsubscribe();
    await advance(scheduler, 1000);
    expect(calls()).toBe(3); // still watched by b
    b.unsubscribe();
    expect(hub.running()).toEqual([]);
    expect(store.getState().polled.answer).toBeUndefined(); // released
    await advance(scheduler, 5000);
    expect(calls()).toBe(3);
  });

  it('a synchronous probe (subscribe + unsubscribe) sends no request', async () => {
    const { hub, spec, view, calls } = setup();
    let first: unknown;
    hub
      .watch$(spec, view)
      .subscribe((v) => (first = v))
      .unsubscribe();
    await flushMicrotasks();
    expect(first).toEqual({ value: null, at: null, failures: 0 });
    expect(calls()).toBe(0);
  });

  it('backs off on failures and fetches at once when the connection comes back', async () => {
    const wake$ = new Subject<unknown>();
    const { scheduler, store, hub, spec, view, calls, setFail } = setup(wake$);
    setFail(true);
    const sub = hub.watch$(spec, view).subscribe();
    await flushMicrotasks();
    await advance(scheduler, 2000); // failure 1 waits 2 s
    expect(calls()).toBe(2);
    expect(store.getState().polled.answer?.failures).toBe(2);
    setFail(false);
    await advance(scheduler, 500); // failure 2 would wait 2 s more (cap 2 periods)
    expect(calls()).toBe(2);
    wake$.next(1);
    await flushMicrotasks();
    expect(calls()).toBe(3);
    expect(store.getState().polled.answer?.failures).toBe(0);
    expect(store.getState().polled.answer?.at).toBe(scheduler.now());
    sub.unsubscribe();
  });
});

describe('recovered$', () => {
  it('emits when an answer, the network or the push channel comes back after an outage, once', () => {
    const events = new Subject<StoreEvent>();
    const woke: string[] = [];
    recovered$(events).subscribe((e) => woke.push(e.type));
    events.next({ type: 'api/succeeded', at: 1 }); // nothing was down
    events.next({ type: 'network/changed', online: false, at: 2 });
    events.next({ type: 'network/changed', online: true, at: 3 });
    events.next({ type: 'api/succeeded', at: 4 }); // already woken
    events.next({ type: 'push/statusChanged', status: 'offline', at: 5 });
    events.next({ type: 'push/statusChanged', status: 'connecting', at: 6 });
    events.next({ type: 'push/statusChanged', status: 'online', at: 7 });
    events.next({ type: 'api/unreachable', at: 8 });
    events.next({ type: 'api/succeeded', at: 9 });
    expect(woke).toEqual(['network/changed', 'push/statusChanged', 'api/succeeded']);
  });
});

describe('network watch', () => {
  it('turns the browser online/offline events into store events', () => {
    const store = createStore();
    const fns: Record<string, () => void> = {};
    const target = {
      onLine: true,
      addEventListener: (t: string, fn: () => void) => void (fns[t] = fn),
      removeEventListener: (t: string) => void delete fns[t],
    };
    const sub = startNetworkWatch(store, target, () => 42);
    fns.offline!();
    expect(store.getState().connection.api).toBe('offline');
    fns.online!();
    sub.unsubscribe();
    expect(Object.keys(fns)).toEqual([]);
  });
});
