// A screen's polled request by an explicit resource id (e.g. `station/overview/12`): screens
// asking for the same id share one poll (streams/resources.ts), the answer lives in the store's
// `polled[id]` with when it arrived and how many polls failed since, and it is dropped when the
// last screen leaves.
import type { Observable } from 'rxjs';
import type { ResourceSpec, Resources } from '../resources';
import type { View } from '../slices/selectors';
import { selectPolled } from './state';

export interface PolledSpec<T> {
  /** names the request and its inputs: one poll per id */
  id: string;
  fetch: () => Promise<T>;
  intervalMs: number;
  /** backoff cap; default eight periods */
  maxMs?: number;
}

export const polledResource = <T>(p: PolledSpec<T>): ResourceSpec<T> => ({
  id: `polled/${p.id}`,
  fetch: p.fetch,
  intervalMs: p.intervalMs,
  maxMs: p.maxMs ?? p.intervalMs * 8,
  loaded: (value, at) => ({ type: 'polled/succeeded', key: p.id, value, at }),
  failed: (failures, at) => ({ type: 'polled/failed', key: p.id, failures, at }),
  released: { type: 'polled/released', key: p.id },
});

/** The request's view in the store, polled while subscribed. */
export const polled$ = <T>(resources: Resources, p: PolledSpec<T>): Observable<View<T>> => resources.watch$(polledResource(p), selectPolled<T>(p.id));
