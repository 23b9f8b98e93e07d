// When an alarm list should be read again: a pushed alarm (or resolution) that `matches`, a
// quarter second after it (a burst reads once), and no more than once every 2 s while pushes keep
// coming (a storm reads every 2 s, the last push of it included, instead of re-reading a
// thousand rows for every pause); and every 30 s for what pushes do not carry (another provider's
// stations while an orgType 1 user browses).
import { asyncScheduler, auditTime, filter, interval, merge, throttleTime, type Observable, type SchedulerLike } from 'rxjs';
import type { StoreEvent } from '../events';
import type { AlarmPush } from '../types';

export const ALARM_RELOAD_MS = 30_000;
/** the shortest time between two push-driven re-reads */
export const ALARM_PUSH_RELOAD_GAP_MS = 2000;

export interface ReloadOptions {
  periodMs?: number;
  debounceMs?: number;
  gapMs?: number;
  scheduler?: SchedulerLike;
}

/** `matches` null: the timer only (the screen has nothing to match pushes against yet). */
export function alarmReloads$(events$: Observable<StoreEvent>, matches: ((a: AlarmPush) => boolean) | null, o: ReloadOptions = {}): Observable<unknown> {
  const scheduler = o.scheduler ?? asyncScheduler;
  const timer$ = interval(o.periodMs ?? ALARM_RELOAD_MS, scheduler);
  if (!matches) return timer$;
  const pushed$ = events$.pipe(
    filter((e) => e.type === 'alarms/received' && e.alarms.some(matches)),
    auditTime(o.debounceMs ?? 250, scheduler),
    throttleTime(o.gapMs ?? ALARM_PUSH_RELOAD_GAP_MS, scheduler, { leading: true, trailing: true }),
  );
  return merge(timer$, pushed$);
}
