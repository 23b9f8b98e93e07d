// The operation-mode screens' reads as streams of their inputs (streams/query.ts): the station's
// mode, its strategies of one kind, their distribution records, one record's detail, the switch
// records and the predicted day. Each view keeps what it showed when a re-read fails. A record
// still waiting for the gateway re-reads itself (`whilePending`), so an outcome appears without
// a reload.
import { EMPTY, distinctUntilChanged, switchMap, timer, type Observable } from 'rxjs';
import type { Api, Req, Res } from '../api/client';
import { loaded } from '../system/loaded';

export type StationMode = Res<'queryStationMode'>;
export type Strategy = Res<'queryStrategyById'>;
export type SwitchRecord = Res<'querySwitchRecords'>['dataList'][number];
export type PredictedDay = Res<'predictStrategyDay'>;
export type PredictRequest = Req<'predictStrategyDay'>;
export type StrategyKind = Strategy['kind'];

export const ALL = 500;
/** How often a record waiting for the gateway is re-read. */
export const PENDING_POLL_MS = 1000;

/** Ticks every PENDING_POLL_MS while `pending$` says true: a reload signal for lists with pending records. */
export const whilePending = (pending$: Observable<boolean>): Observable<number> =>
  pending$.pipe(
    distinctUntilChanged(),
    switchMap((p) => (p ? timer(PENDING_POLL_MS, PENDING_POLL_MS) : EMPTY)),
  );

const quiet = { quiet: true } as const;

export const stationMode$ = (api: Api, stationId$: Observable<number | null>, reload$?: Observable<unknown>) =>
  loaded(stationId$, (stationId) => api.call('queryStationMode', { stationId }, quiet), reload$);

export const strategies$ = (api: Api, q$: Observable<{ stationId: number; kind: StrategyKind } | null>, reload$?: Observable<unknown>) =>
  loaded(q$, (q) => api.call('queryStrategyList', { ...q, page: 1, length: ALL }, quiet), reload$);

export const distributions$ = (api: Api, q$: Observable<{ stationId: number; strategyId?: number } | null>, reload$?: Observable<unknown>) =>
  loaded(q$, (q) => api.call('queryDistributionRecords', { ...q, page: 1, length: ALL }, quiet), reload$);

export const distribution$ = (api: Api, id$: Observable<number | null>, reload$?: Observable<unknown>) =>
  loaded(id$, (distributionId) => api.call('queryDistributionRecordById', { distributionId }, quiet), reload$);

export interface SwitchQuery {
  stationId: number;
  from?: string;
  to?: string;
}
export const switchRecords$ = (api: Api, q$: Observable<SwitchQuery | null>, reload$?: Observable<unknown>) =>
  loaded(q$, (q) => api.call('querySwitchRecords', { ...q, page: 1, length: 1000 }, quiet), reload$);

export const predictedDay$ = (api: Api, request$: Observable<PredictRequest | null>) =>
  loaded(request$, (request) => api.call('predictStrategyDay', request, quiet));
