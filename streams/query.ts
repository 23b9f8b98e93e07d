// A screen's read as a stream of its inputs: the latest input wins (switchMap cancels the answer
// of the one before), a reload signal reads the current input again, and leaving the screen
// (unsubscribing) drops whatever is in flight. Shared and ref-counted, so every part of a screen
// reading the same stream sees one request.
import { EMPTY, catchError, distinctUntilChanged, from, map, merge, of, scan, shareReplay, switchMap, type Observable, type ObservableInput } from 'rxjs';

/** A request whose payload is built when it is sent, so a rolling time range ("the last 7 days")
 *  follows the clock on every re-read; `key` tells two requests apart. */
export interface Query<P> {
  key: string;
  payload: (now: number) => P;
}

export type Answer<Q, R> = { query: Q; ok: true; value: R } | { query: Q; ok: false };

/**
 * Reads `fetch(query)` for each new query (by key) and again on every `reload$`, latest wins.
 * A null query reads nothing (the screen is not ready: no scope, no station yet). Failures are
 * answers too, so a screen can say "failed" and keep what it showed.
 */
export function read$<Q extends { key: string }, R>(
  query$: Observable<Q | null>,
  fetch: (query: Q) => ObservableInput<R>,
  reload$: Observable<unknown> = EMPTY,
): Observable<Answer<Q, R>> {
  const asked$ = query$.pipe(distinctUntilChanged((a, b) => a?.key === b?.key));
  return merge(asked$.pipe(map((q) => ({ q }))), reload$.pipe(map(() => null))).pipe(
    // a reload reads the query in force; a new query replaces it
    scan((cur: Q | null, e) => (e === null ? cur : e.q), null),
    switchMap((query) =>
      query === null
        ? EMPTY
        : from(fetch(query)).pipe(
            map((value): Answer<Q, R> => ({ query, ok: true, value })),
            catchError(() => of<Answer<Q, R>>({ query, ok: false })),
          ),
    ),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
}
