// Polling as effects of the store. A screen subscribes to a resource; the first
// subscriber of an id starts its poll, later ones share it, and the last unsubscribe stops it
// (rxjs `share` ref-counting). Answers go into the store as events; screens read the store.
// After an outage (network, server or broker back) every running poll fetches at once instead
// of waiting out its backoff, so a wall screen recovers by itself.
import { asapScheduler, defer, finalize, ignoreElements, merge, share, subscribeOn, tap, type Observable, type SchedulerLike } from 'rxjs';
import { filter, map, scan } from 'rxjs';
import type { StoreEvent } from './events';
import { poll } from './poll';
import type { State } from './state';
import type { Store } from './store';

export interface ResourceSpec<T> {
  /** one poll per id, however many screens watch it */
  id: string;
  fetch: () => Promise<T>;
  intervalMs: number;
  /** backoff cap; default two periods */
  maxMs?: number;
  /** load once, then only again after a failure or an outage */
  once?: boolean;
  loaded: (value: T, at: number) => StoreEvent;
  failed: (failures: number, at: number) => StoreEvent;
  /** dispatched when the last subscriber leaves (drops data nobody reads) */
  released?: StoreEvent;
}

export interface Resources {
  /** Runs the poll while subscribed; emits nothing. */
  poll$<T>(spec: ResourceSpec<T>): Observable<never>;
  /** The poll plus a view of the store: what a screen subscribes to. The poll starts a
   *  microtask after subscribing, so a synchronous probe (subscribe + unsubscribe, as React
   *  hooks do for the first value) does not fire a request. */
  watch$<T, V>(spec: ResourceSpec<T>, selector: (s: State) => V): Observable<V>;
  /** ids of the polls running now */
  running(): string[];
}

export interface ResourceDeps {
  now?: () => number;
  scheduler?: SchedulerLike;
  /** fetch-now signal; default: the store's recovery events (see recovered$) */
  wake$?: Observable<unknown>;
}

/** Emits when the console gets its connection back: the network returns, or an API answer or
 *  a push connection arrives after the API or the push channel was down. */
export const recovered$ = (events$: Observable<StoreEvent>): Observable<StoreEvent> =>
  events$.pipe(
    scan(
      (acc, e) => {
        const down = e.type === 'api/unreachable' || (e.type === 'network/changed' && !e.online) || (e.type === 'push/statusChanged' && e.status === 'offline');
        const up = e.type === 'api/succeeded' || (e.type === 'network/changed' && e.online) || (e.type === 'push/statusChanged' && e.status === 'online');
        if (down) return { down: true, wake: null };
        if (up && acc.down) return { down: false, wake: e };
        return { down: acc.down, wake: null };
      },
      { down: false, wake: null as StoreEvent | null },
    ),
    map((a) => a.wake),
    filter((e): e is StoreEvent => e !== null),
  );

export function createResources(store: Store, deps: ResourceDeps = {}): Resources {
  const now = deps.now ?? Date.now;
  const wake$ = (deps.wake$ ?? recovered$(store.events$)).pipe(share());
  // Kept after a poll stops: a screen may resubscribe to the observable it already holds (React
  // re-running an effect), and that must restart this poll, not run beside a new one.
  const shared = new Map<string, Observable<never>>();
  const active = new Set<string>();

  const poll$ = <T>(spec: ResourceSpec<T>): Observable<never> => {
    let p = shared.get(spec.id);
    if (!p) {
      p = defer(() => {
        active.add(spec.id);
        return poll({
          fetch: spec.fetch,
          intervalMs: spec.intervalMs,
          maxMs: spec.maxMs ?? spec.intervalMs * 2,
          scheduler: deps.scheduler,
          wake$,
          once: spec.once,
        });
      }).pipe(
        tap((r) => store.dispatch(r.ok ? spec.loaded(r.value, now()) : spec.failed(r.failures, now()))),
        ignoreElements(),
        finalize(() => {
          active.delete(spec.id);
          if (spec.released) store.dispatch(spec.released);
        }),
        share(),
      );
      shared.set(spec.id, p);
    }
    return p;
  };

  return {
    poll$,
    watch$: (spec, selector) => merge(poll$(spec).pipe(subscribeOn(asapScheduler)), store.select(selector)),
    running: () => [...active],
  };
}

const byStore = new WeakMap<Store, Resources>();
/** The one resource hub of a store (created on first use). */
export function resourcesOf(store: Store): Resources {
  let r = byStore.get(store);
  if (!r) byStore.set(store, (r = createResources(store)));
  return r;
}
