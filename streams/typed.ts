// Typed search text as a screen queries it: each box settles for a moment before it asks the
// server again, so a word typed letter by letter costs one read, not one per letter.
import { debounceTime, distinctUntilChanged, map, type Observable, type SchedulerLike, asyncScheduler } from 'rxjs';

export const TYPING_SETTLE_MS = 300;

/** The latest typed values once they have settled, trimmed; the same values are not sent again. */
export const settledText = <T extends readonly string[]>(typed$: Observable<T>, scheduler: SchedulerLike = asyncScheduler): Observable<T> =>
  typed$.pipe(
    debounceTime(TYPING_SETTLE_MS, scheduler),
    map((xs) => xs.map((x) => x.trim()) as unknown as T),
    distinctUntilChanged((a, b) => a.length === b.length && a.every((x, i) => x === b[i])),
  );
