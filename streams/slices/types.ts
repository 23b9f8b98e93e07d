// Polled data slices of the store (issue 5): each remembers which request it answers (`key`,
// e.g. the scope), when the last good answer came (`at`) and how many polls failed since.
// Lists are normalised: records by id plus the ordered ids.
import type { HomepageStatistics, MatrixCard, PowerCurve } from '../home/homepage';
import type { ProviderSummary } from '../monitor/providers';
import type { StationSummary } from '../monitor/stations';
import type { StationLive } from '../station/liveState';

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

export interface DataState {
  home: { statistics: Single<HomepageStatistics>; curve: Single<PowerCurve>; matrix: Keyed<MatrixCard> };
  /** station list of the monitoring hall (up to 100,000) */
  stations: Keyed<StationSummary>;
  providers: Keyed<ProviderSummary>;
  /** live device snapshots by station id, while a station screen watches them */
  live: Record<number, StationLive>;
  /** other polled requests of the screens (usePolled), by request key */
  polled: Record<string, Single<unknown>>;
}

const meta = (): Meta => ({ key: null, at: null, failures: 0 });
export const emptySingle = <T>(): Single<T> => ({ ...meta(), value: null });
export const emptyKeyed = <T>(): Keyed<T> => ({ ...meta(), byId: {}, ids: [] });

export const initialData = (): DataState => ({
  home: { statistics: emptySingle(), curve: emptySingle(), matrix: emptyKeyed() },
  stations: emptyKeyed(),
  providers: emptyKeyed(),
  live: {},
  polled: {},
});
