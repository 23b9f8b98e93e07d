// Polls a request with streams/poll.ts (backs off on errors) while mounted; keeps the last good
// value and when it arrived, so screens can show data age and grey out stale figures.
import { useEffect, useState } from 'react';
import { poll } from '../../streams/poll';

export interface Polled<T> {
  value: T | null;
  /** ms epoch of the last good answer */
  at: number | null;
  failures: number;
}

/** `enabled` false: nothing is requested until it turns true. */
export function usePoll<T>(fetch: () => Promise<T>, intervalMs: number, deps: readonly unknown[], enabled = true): Polled<T> {
  const [s, setS] = useState<Polled<T>>({ value: null, at: null, failures: 0 });
  useEffect(() => {
    setS({ value: null, at: null, failures: 0 });
    if (!enabled) return;
    const sub = poll({ fetch, intervalMs, maxMs: intervalMs * 2 }).subscribe((r) =>
      setS((p) => (r.ok ? { value: r.value, at: Date.now(), failures: 0 } : { ...p, failures: r.failures })),
    );
    return () => sub.unsubscribe();
  }, [...deps, enabled]);
  return s;
}

/** Re-renders every `ms` (for "data age" labels). */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}
