// Polling source that backs off on errors: after a success it waits `intervalMs`; after n
// consecutive failures it waits min(maxMs, intervalMs·2^n). Time comes from the scheduler.
import { Observable, asyncScheduler, type SchedulerLike } from 'rxjs';

export type PollResult<T> = { ok: true; value: T } | { ok: false; error: unknown; failures: number };

export interface PollOptions<T> {
  fetch: () => Promise<T>;
  intervalMs: number;
  maxMs: number;
  scheduler?: SchedulerLike;
}

export const pollDelay = (failures: number, intervalMs: number, maxMs: number): number =>
  failures === 0 ? intervalMs : Math.min(maxMs, intervalMs * 2 ** failures);

export function poll<T>(o: PollOptions<T>): Observable<PollResult<T>> {
  const scheduler = o.scheduler ?? asyncScheduler;
  return new Observable<PollResult<T>>((sub) => {
    let failures = 0;
    let closed = false;
    const run = (): void => {
      o.fetch().then(
        (value) => {
          if (closed) return;
          failures = 0;
          sub.next({ ok: true, value });
          sub.add(scheduler.schedule(run, pollDelay(0, o.intervalMs, o.maxMs)));
        },
        (error: unknown) => {
          if (closed) return;
          failures += 1;
          sub.next({ ok: false, error, failures });
          sub.add(scheduler.schedule(run, pollDelay(failures, o.intervalMs, o.maxMs)));
        },
      );
    };
    run();
    return () => {
      closed = true;
    };
  });
}
