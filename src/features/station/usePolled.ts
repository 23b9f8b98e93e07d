// A request polled while mounted, backed by the store: the answer lives in `polled[key]`, the
// poll is a ref-counted resource (screens asking for the same key share one poll; backing off
// on errors, refetching when the connection comes back). Keeps the last good value and when it
// arrived so screens show data age.
import { useObservableEagerState } from 'observable-hooks';
import { useMemo, useRef } from 'react';
import { of } from 'rxjs';
import { resourcesOf } from '../../../streams/resources';
import { selectPolled, type View } from '../../../streams/slices/selectors';
import { useRuntime } from '../../hooks/runtime';

export type Polled<T> = View<T>;

const IDLE: Polled<never> = { value: null, at: null, failures: 0 };

/** `name` tells apart two requests of one screen with the same deps (default: the fetch's source). */
export function usePolled<T>(fetch: () => Promise<T>, intervalMs: number, deps: readonly unknown[], enabled = true, name?: string): Polled<T> {
  const { store } = useRuntime();
  // the latest closure runs, whichever render created the poll
  const latest = useRef(fetch);
  latest.current = fetch;
  const key = `${name ?? fetch.toString()}|${JSON.stringify(deps.filter((d) => d === null || typeof d !== 'object'))}`;
  const obs = useMemo(
    () =>
      enabled
        ? resourcesOf(store).watch$<T, Polled<T>>(
            {
              id: `polled/${key}`,
              fetch: () => latest.current(),
              intervalMs,
              maxMs: intervalMs * 8,
              loaded: (value, at) => ({ type: 'polled/succeeded', key, value, at }),
              failed: (failures, at) => ({ type: 'polled/failed', key, failures, at }),
              released: { type: 'polled/released', key },
            },
            selectPolled<T>(key),
          )
        : of(IDLE as Polled<T>),
    [store, key, enabled, intervalMs],
  );
  return useObservableEagerState(obs);
}
