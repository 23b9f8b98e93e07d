// A read as the latest answer of its input (streams/query.ts): `data` null until the first
// answer, `failed` when the last read failed (the screen keeps what it showed). Every domain's
// reads (tariffs, strategies, reports, system) go through this one.
import { map, scan, startWith, type Observable } from 'rxjs';
import { read$, type Answer } from '../query';

export interface Loaded<T> {
  data: T | null;
  failed: boolean;
}
export const NOTHING: Loaded<never> = { data: null, failed: false };

const keyed = <P>(p: P | null) => (p === null ? null : { key: JSON.stringify(p), p });

/** Reads `fetch(input)` for each new input (latest wins) and again on every `reload$`. */
export function loaded<P, R>(input$: Observable<P | null>, fetch: (p: P) => Promise<R>, reload$?: Observable<unknown>): Observable<Loaded<R>> {
  return read$(input$.pipe(map(keyed)), (q) => fetch(q.p), reload$).pipe(
    scan((v: Loaded<R>, a: Answer<{ key: string; p: P }, R>): Loaded<R> => (a.ok ? { data: a.value, failed: false } : { ...v, failed: true }), NOTHING),
    startWith(NOTHING),
  );
}
