// A request polled while mounted, backed by the store (streams/polled/resource.ts): screens
// asking for the same resource id share one poll, which backs off on errors and refetches when
// the connection comes back. Keeps the last good value and when it arrived so screens show
// data age.
import { useObservableEagerState } from 'observable-hooks';
import { useMemo, useRef } from 'react';
import { of } from 'rxjs';
import { polled$, type PolledSpec } from '../../../streams/polled/resource';
import { resourcesOf } from '../../../streams/resources';
import type { View } from '../../../streams/slices/selectors';
import { useRuntime } from '../../hooks/runtime';

export type Polled<T> = View<T>;

const IDLE: Polled<never> = { value: null, at: null, failures: 0 };

/** `spec` null: nothing to poll yet (no station, no time zone). */
export function usePolled<T>(spec: PolledSpec<T> | null): Polled<T> {
  const { store } = useRuntime();
  // the latest request runs, whichever render created the poll
  const latest = useRef(spec);
  latest.current = spec;
  const id = spec?.id ?? null;
  const intervalMs = spec?.intervalMs ?? 0;
  const obs = useMemo(() => {
    const first = latest.current;
    if (id === null || !first) return of(IDLE as Polled<T>);
    return polled$<T>(resourcesOf(store), { ...first, intervalMs, fetch: () => (latest.current ?? first).fetch() });
  }, [store, id, intervalMs]);
  return useObservableEagerState(obs);
}
