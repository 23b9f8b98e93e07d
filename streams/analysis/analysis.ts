// The analytics center's reads (queryPvAnalysis, queryEssAnalysis, queryEnergyUsageAnalysis):
// one request per form state, latest wins, the last answer kept while the next one loads. The
// station picker's list is the scope's station rows, remembered from the last answer over the
// whole provider, so narrowing to one station keeps the others to pick from.
import { distinctUntilChanged, filter, map, merge, scan, startWith, type Observable } from 'rxjs';
import type { Api, Req, Res } from '../api/client';
import { read$, type Answer } from '../query';
import { analysisRequest, type AnalysisForm } from './form';

export type AnalysisAction = 'queryPvAnalysis' | 'queryEssAnalysis' | 'queryEnergyUsageAnalysis';
export type AnalysisRequest = Req<'queryPvAnalysis'>;

/** The form for a scope (the provider code of streams/monitor/scope: -1 still settling). */
export interface AnalysisQuery {
  key: string;
  scope: number;
  payload: AnalysisRequest;
}
export interface StationOption {
  stationId: number;
  stationName: string;
}
export interface AnalysisView<R> {
  data: R | null;
  /** the request `data` answers */
  shown: AnalysisRequest | null;
  loading: boolean;
  failed: boolean;
  /** stations of the scope, for the picker */
  options: { scope: number; list: StationOption[] };
}

export const noAnalysis = <R>(): AnalysisView<R> => ({ data: null, shown: null, loading: false, failed: false, options: { scope: -1, list: [] } });

/** The request for a form in a scope; null while the scope settles or the form is incomplete. */
export function analysisQuery(scope: number, form: AnalysisForm): AnalysisQuery | null {
  if (scope < 0) return null;
  const payload = analysisRequest(scope, form);
  return payload && { key: JSON.stringify([scope, payload]), scope, payload };
}

export function analysis$<A extends AnalysisAction>(deps: { api: Api }, action: A, query$: Observable<AnalysisQuery | null>): Observable<AnalysisView<Res<A>>> {
  type R = Res<A>;
  type Step = { started: AnalysisQuery } | { answer: Answer<AnalysisQuery, R> };
  const started$ = query$.pipe(
    filter((q) => q !== null),
    distinctUntilChanged((a, b) => a.key === b.key),
    map((q): Step => ({ started: q })),
  );
  const answers$ = read$(query$, (q) => deps.api.call(action, q.payload as Req<A>)).pipe(map((answer): Step => ({ answer })));
  return merge(started$, answers$).pipe(
    scan((v: AnalysisView<R>, s: Step): AnalysisView<R> => {
      if ('started' in s) return { ...v, loading: true, failed: false };
      const a = s.answer;
      if (!a.ok) return { ...v, loading: false, failed: true };
      const rows = (a.value as { stations: StationOption[] }).stations;
      const whole = a.query.payload.stationId === undefined;
      const options = whole
        ? {
            scope: a.query.scope,
            list: rows.map((r) => ({ stationId: r.stationId, stationName: r.stationName })).sort((x, y) => x.stationName.localeCompare(y.stationName)),
          }
        : v.options;
      return { data: a.value, shown: a.query.payload, loading: false, failed: false, options };
    }, noAnalysis<R>()),
    startWith(noAnalysis<R>()),
  );
}
