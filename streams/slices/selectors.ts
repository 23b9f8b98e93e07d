// Memoised views of the data slices. Each returns the same object until its own slice changes,
// so a screen of 100,000 rows is not re-rendered by unrelated events (pop-ups, live polls…).
import type { State } from '../state';
import type { Keyed, Meta, Single } from './types';

export interface View<T> {
  /** null until the first good answer for the key */
  value: T | null;
  at: number | null;
  failures: number;
}

const NONE: View<never> = { value: null, at: null, failures: 0 };

function viewOf<S extends Meta, T>(pick: (s: State) => S | undefined, key: string, value: (slice: S) => T | null): (s: State) => View<T> {
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

export const singleView = <T>(pick: (s: State) => Single<T> | undefined, key: string): ((s: State) => View<T>) =>
  viewOf(pick, key, (x) => x.value);

/** The list in order; the array is rebuilt only when the records or the order change. */
export function listView<T>(pick: (s: State) => Keyed<T>, key: string): (s: State) => View<T[]> {
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

export const selectStatistics = (key: string) => singleView((s) => s.home.statistics, key);
export const selectCurve = (key: string) => singleView((s) => s.home.curve, key);
export const selectMatrix = (key: string) => listView((s) => s.home.matrix, key);
export const selectStationList = (key: string) => listView((s) => s.stations, key);
export const selectProviders = (key: string) => listView((s) => s.providers, key);
export const selectPolled = <T>(key: string) => singleView((s) => s.polled[key] as Single<T> | undefined, key);
