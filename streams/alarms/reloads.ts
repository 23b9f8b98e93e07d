// When an alarm list should be read again: a pushed alarm (or resolution) that `matches`,
// debounced so a burst reads once, and every 30 s for what pushes do not carry (another
// provider's stations while an orgType 1 user browses).
import { asyncScheduler, debounceTime, filter, interval, merge, type Observable, type SchedulerLike } from 'rxjs';
import type { StoreEvent } from '../events';
import type { AlarmPush } from '../types';

export const ALARM_RELOAD_MS = 30_000;

export interface ReloadOptions {
  periodMs?: number;
  debounceMs?: number;
  scheduler?: SchedulerLike;
}

/** `matches` null: the timer only (the screen has nothing to match pushes against yet). */
export function alarmReloads$(events$: Observable<StoreEvent>, matches: ((a: AlarmPush) => boolean) | null, o: ReloadOptions = {}): Observable<unknown> {
  const scheduler = o.scheduler ?? asyncScheduler;
  const timer$ = interval(o.periodMs ?? ALARM_RELOAD_MS, scheduler);
  if (!matches) return timer$;
  const pushed$ = events$.pipe(
    filter((e) => e.type === 'alarms/received' && e.alarms.some(matches)),
    debounceTime(o.debounceMs ?? 250, scheduler),
  );
  return merge(timer$, pushed$);
}
