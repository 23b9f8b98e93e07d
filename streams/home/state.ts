// The homepage's slice of the store: statistics, today's power curve and the station matrix of a
// scope, with their events, reducer and selectors. The root state composes it (streams/slices).
import type { ResponseOf } from '../../protocol/catalogue';
import { raisedBy } from '../monitor/alarmStatus';
import { emptyKeyed, emptySingle, failedKeyed, failedSingle, loadedKeyed, loadedSingle, type Keyed, type Single } from '../slices/shapes';
import { listView, singleView } from '../slices/selectors';

export type HomepageStatistics = ResponseOf<'queryHomepageStatistics'>;
export type MatrixCard = ResponseOf<'queryStationMatrix'>['dataList'][number];
export type PowerCurve = ResponseOf<'queryStationPowerCurve'>;

export interface HomeState {
  statistics: Single<HomepageStatistics>;
  curve: Single<PowerCurve>;
  matrix: Keyed<MatrixCard>;
}

type Failed<T extends string> = { type: T; key: string; failures: number; at: number };
export type HomeEvent =
  | { type: 'home/statisticsLoaded'; key: string; data: HomepageStatistics; at: number }
  | Failed<'home/statisticsFailed'>
  | { type: 'home/curveLoaded'; key: string; data: PowerCurve; at: number }
  | Failed<'home/curveFailed'>
  | { type: 'home/matrixLoaded'; key: string; cards: MatrixCard[]; at: number }
  | Failed<'home/matrixFailed'>;

export const initialHome = (): HomeState => ({ statistics: emptySingle(), curve: emptySingle(), matrix: emptyKeyed() });

/** `raise`: stations the open alarms raise (a matrix answer may not reflect them yet). */
export function reduceHome(s: HomeState, e: HomeEvent, raise: ReadonlyMap<number, number>): HomeState {
  switch (e.type) {
    case 'home/statisticsLoaded':
      return { ...s, statistics: loadedSingle(e.key, e.data, e.at) };
    case 'home/statisticsFailed':
      return { ...s, statistics: failedSingle(s.statistics, e.key, e.failures) };
    case 'home/curveLoaded':
      return { ...s, curve: loadedSingle(e.key, e.data, e.at) };
    case 'home/curveFailed':
      return { ...s, curve: failedSingle(s.curve, e.key, e.failures) };
    case 'home/matrixLoaded':
      return { ...s, matrix: loadedKeyed(e.key, e.cards, (c) => c.stationId, e.at, raisedBy(raise)) };
    case 'home/matrixFailed':
      return { ...s, matrix: failedKeyed(s.matrix, e.key, e.failures) };
  }
}

interface WithHome {
  home: HomeState;
}
export const selectStatistics = (key: string) => singleView((s: WithHome) => s.home.statistics, key);
export const selectCurve = (key: string) => singleView((s: WithHome) => s.home.curve, key);
export const selectMatrix = (key: string) => listView((s: WithHome) => s.home.matrix, key);
