// Memoised views of keyed and single slices. Each returns the same object until its own slice
// changes, so a screen of 100,000 rows is not re-rendered by unrelated events (pop-ups, live
// polls…). Generic over the state they read, so a domain declares only the part it needs.
import type { Keyed, Meta, Single } from './shapes';

export interface View<T> {
  /** null until the first good answer for the key */
  value: T | null;
  at: number | null;
  failures: number;
}

const NONE: View<never> = { value: null, at: null, failures: 0 };

function viewOf<R, S extends Meta, T>(pick: (s: R) => S | undefined, key: string, value: (slice: S) => T | null): (s: R) => View<T> {
  let last: S | undefined;
  let out: View<T> = NONE;
  return (s) => {
    const slice = pick(s);
    if (slice === last) return out;
    last = slice;
    out = !slice || slice.key !== key ? NONE : { value: slice.at === null ? null : value(slice), at: slice.at, failures: slice.failures };
    return out;
  };
}

export const singleView = <R, T>(pick: (s: R) => Single<T> | undefined, key: string): ((s: R) => View<T>) => viewOf(pick, key, (x) => x.value);

/** The list in order; the array is rebuilt only when the records or the order change. */
export function listView<R, T>(pick: (s: R) => Keyed<T>, key: string): (s: R) => View<T[]> {
  let ids: number[] | null = null;
  let byId: Record<number, T> | null = null;
  let list: T[] = [];
  return viewOf(pick, key, (x) => {
    if (x.ids !== ids || x.byId !== byId) {
      ids = x.ids;
      byId = x.byId;
      list = x.ids.map((id) => x.byId[id]!);
    }
    return list;
  });
}
