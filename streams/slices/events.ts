// Past-tense events of the polled data slices. `key` names the request (scope, provider…)
// an answer belongs to; `at` is when it arrived (reducers never read a clock).
import type { HomepageStatistics, MatrixCard, PowerCurve } from '../home/homepage';
import type { ProviderSummary } from '../monitor/providers';
import type { StationSummary } from '../monitor/stations';
import type { LatestResponse } from '../station/liveState';

type Failed<T extends string> = { type: T; key: string; failures: number; at: number };

export type DataEvent =
  | { type: 'home/statisticsLoaded'; key: string; data: HomepageStatistics; at: number }
  | Failed<'home/statisticsFailed'>
  | { type: 'home/curveLoaded'; key: string; data: PowerCurve; at: number }
  | Failed<'home/curveFailed'>
  | { type: 'home/matrixLoaded'; key: string; cards: MatrixCard[]; at: number }
  | Failed<'home/matrixFailed'>
  | { type: 'stations/listLoaded'; key: string; stations: StationSummary[]; at: number }
  | Failed<'stations/listFailed'>
  | { type: 'providers/listLoaded'; key: string; providers: ProviderSummary[]; at: number }
  | Failed<'providers/listFailed'>
  | { type: 'live/pollSucceeded'; stationId: number; data: LatestResponse; at: number }
  | { type: 'live/pollFailed'; stationId: number; failures: number; at: number }
  /** the last screen watching the station left: its snapshot is dropped */
  | { type: 'live/released'; stationId: number }
  | { type: 'polled/succeeded'; key: string; value: unknown; at: number }
  | Failed<'polled/failed'>
  | { type: 'polled/released'; key: string };
