// Shapes of the store's polled data slices: each remembers which request it answers
// (`key`, e.g. the scope), when the last good answer came (`at`) and how many polls failed since.
// Lists are normalised: records by id plus the ordered ids. Generic: the domains build on them.

export interface Meta {
  key: string | null;
  /** ms epoch of the last good answer for `key` */
  at: number | null;
  /** consecutive failed polls */
  failures: number;
}
export interface Single<T> extends Meta {
  value: T | null;
}
export interface Keyed<T> extends Meta {
  byId: Record<number, T>;
  ids: number[];
}

const meta = (): Meta => ({ key: null, at: null, failures: 0 });
export const emptySingle = <T>(): Single<T> => ({ ...meta(), value: null });
export const emptyKeyed = <T>(): Keyed<T> => ({ ...meta(), byId: {}, ids: [] });

export const loadedSingle = <T>(key: string, value: T, at: number): Single<T> => ({ key, value, at, failures: 0 });

export const failedSingle = <T>(s: Single<T>, key: string, failures: number): Single<T> =>
  s.key === key ? { ...s, failures } : { ...emptySingle<T>(), key, failures };

export const failedKeyed = <T>(s: Keyed<T>, key: string, failures: number): Keyed<T> =>
  s.key === key ? { ...s, failures } : { ...emptyKeyed<T>(), key, failures };

/** A list answer as a keyed slice; `adjust` may replace a record on its way in. */
export function loadedKeyed<T>(key: string, list: readonly T[], idOf: (x: T) => number, at: number, adjust?: (x: T, id: number) => T): Keyed<T> {
  const byId: Record<number, T> = {};
  const ids = new Array<number>(list.length);
  for (let i = 0; i < list.length; i++) {
    const id = idOf(list[i]!);
    byId[id] = adjust ? adjust(list[i]!, id) : list[i]!;
    ids[i] = id;
  }
  return { key, at, failures: 0, byId, ids };
}
