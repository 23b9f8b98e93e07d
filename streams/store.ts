// The store: a stream of events scanned into state, with selectors as observables.
import { BehaviorSubject, Subject, distinctUntilChanged, map, type Observable } from 'rxjs';
import type { StoreEvent } from './events';
import { reduce } from './reducer';
import { initialState, type State } from './state';

export interface Store {
  readonly state$: Observable<State>;
  readonly events$: Observable<StoreEvent>;
  getState(): State;
  dispatch(e: StoreEvent): void;
  select<T>(selector: (s: State) => T, eq?: (a: T, b: T) => boolean): Observable<T>;
}

export function createStore(initial: State = initialState()): Store {
  const state = new BehaviorSubject<State>(initial);
  const events = new Subject<StoreEvent>();
  const queue: StoreEvent[] = [];
  let draining = false;
  return {
    state$: state.asObservable(),
    events$: events.asObservable(),
    getState: () => state.getValue(),
    dispatch(e) {
      // Events dispatched from inside a subscriber are queued, so every subscriber sees
      // states in order (a nested BehaviorSubject.next would deliver stale values after new).
      queue.push(e);
      if (draining) return;
      draining = true;
      try {
        for (let ev = queue.shift(); ev; ev = queue.shift()) {
          const next = reduce(state.getValue(), ev);
          if (next !== state.getValue()) state.next(next);
          events.next(ev);
        }
      } finally {
        draining = false;
        queue.length = 0;
      }
    },
    select: (selector, eq) => state.pipe(map(selector), distinctUntilChanged(eq)),
  };
}
