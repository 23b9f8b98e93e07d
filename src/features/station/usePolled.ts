// A request polled while mounted (streams/poll.ts backs off on errors); keeps the last good value
// and when it arrived so screens show data age.
import { useEffect, useState } from 'react';
import { poll } from '../../../streams/poll';

export interface Polled<T> {
  value: T | null;
  at: number | null;
  failures: number;
}

export function usePolled<T>(fetch: () => Promise<T>, intervalMs: number, deps: readonly unknown[], enabled = true): Polled<T> {
  const [s, setS] = useState<Polled<T>>({ value: null, at: null, failures: 0 });
  useEffect(() => {
    setS({ value: null, at: null, failures: 0 });
    if (!enabled) return;
    const sub = poll({ fetch, intervalMs, maxMs: intervalMs * 8 }).subscribe((r) =>
      setS((p) => (r.ok ? { value: r.value, at: Date.now(), failures: 0 } : { ...p, failures: r.failures })),
    );
    return () => sub.unsubscribe();
    // fetch is re-created every render; deps name what it closes over
  }, [...deps, enabled]);
  return s;
}
