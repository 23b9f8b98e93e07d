// Polling source that backs off on errors: after a success it waits `intervalMs`; after n
// consecutive failures it waits min(maxMs, intervalMs·2^n). Time comes from the scheduler.
// `wake$` (connection restored) fetches at once instead of sitting out a long backoff wait.
import { Observable, asyncScheduler, type SchedulerLike, type Subscription } from 'rxjs';

export type PollResult<T> = { ok: true; value: T } | { ok: false; error: unknown; failures: number };

export interface PollOptions<T> {
  fetch: () => Promise<T>;
  intervalMs: number;
  maxMs: number;
  scheduler?: SchedulerLike;
  /** each emission fetches now (unless a fetch is in flight) */
  wake$?: Observable<unknown>;
  /** fetch once: retry only after failures (and on wake) */
  once?: boolean;
}

export const pollDelay = (failures: number, intervalMs: number, maxMs: number): number =>
  failures === 0 ? intervalMs : Math.min(maxMs, intervalMs * 2 ** failures);

export function poll<T>(o: PollOptions<T>): Observable<PollResult<T>> {
  const scheduler = o.scheduler ?? asyncScheduler;
  return new Observable<PollResult<T>>((sub) => {
    let failures = 0;
    let closed = false;
    let inFlight = false;
    let next: Subscription | null = null;
    const later = (ms: number): void => {
      next = scheduler.schedule(run, ms);
    };
    const run = (): void => {
      next?.unsubscribe();
      next = null;
      inFlight = true;
      o.fetch().then(
        (value) => {
          inFlight = false;
          if (closed) return;
          failures = 0;
          sub.next({ ok: true, value });
          if (!o.once) later(pollDelay(0, o.intervalMs, o.maxMs));
        },
        (error: unknown) => {
          inFlight = false;
          if (closed) return;
          failures += 1;
          sub.next({ ok: false, error, failures });
          later(pollDelay(failures, o.intervalMs, o.maxMs));
        },
      );
    };
    const wake = o.wake$?.subscribe(() => {
      if (!inFlight && !closed) run();
    });
    run();
    return () => {
      closed = true;
      next?.unsubscribe();
      wake?.unsubscribe();
    };
  });
}
