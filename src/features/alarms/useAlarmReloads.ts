// A counter that moves when an alarm list should be read again: on a pushed alarm (or
// resolution) that `matches`, debounced, and every 30 s for what pushes do not carry (another
// provider's stations while an orgType 1 user browses). Lists put it in their read effect's deps.
import { useEffect, useRef, useState } from 'react';
import { debounceTime, filter } from 'rxjs';
import { useRuntime } from '../../hooks/runtime';
import type { AlarmPush } from '../../../streams/types';

const RELOAD_MS = 30_000;

export function useAlarmReloads(matches: ((a: AlarmPush) => boolean) | null): number {
  const { store } = useRuntime();
  const [reloads, setReloads] = useState(0);
  const match = useRef(matches);
  match.current = matches;
  const on = matches !== null;
  useEffect(() => {
    const id = setInterval(() => setReloads((n) => n + 1), RELOAD_MS);
    return () => clearInterval(id);
  }, []);
  useEffect(() => {
    if (!on) return;
    const sub = store.events$
      .pipe(
        filter((e) => e.type === 'alarms/received' && e.alarms.some((a) => match.current?.(a) ?? false)),
        debounceTime(250),
      )
      .subscribe(() => setReloads((n) => n + 1));
    return () => sub.unsubscribe();
  }, [store, on]);
  return reloads;
}
