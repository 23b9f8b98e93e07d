// Alarm analysis of a scope over a window (queryAlarmAnalysis, aggregated by the server). The
// screen keeps the last answer while a new window loads and says when a read failed.
import { distinctUntilChanged, filter, map, merge, scan, startWith, type Observable } from 'rxjs';
import type { Api, Req, Res } from '../api/client';
import { read$, type Answer, type Query } from '../query';

export type AlarmAnalysis = Res<'queryAlarmAnalysis'>;
/** `days`: the window the screen asked for, shown beside the answer */
export type AnalysisQuery = Query<Req<'queryAlarmAnalysis'>> & { days: number };

export interface AnalysisView {
  data: AlarmAnalysis | null;
  /** the window of `data` */
  days: number;
  failed: boolean;
}
export const NO_ANALYSIS: AnalysisView = { data: null, days: 0, failed: false };

export function alarmAnalysis$(deps: { api: Api; now?: () => number }, query$: Observable<AnalysisQuery | null>): Observable<AnalysisView> {
  const now = deps.now ?? Date.now;
  type Step = { started: true } | { answer: Answer<AnalysisQuery, AlarmAnalysis> };
  const started$ = query$.pipe(
    filter((q) => q !== null),
    distinctUntilChanged((a, b) => a.key === b.key),
    map((): Step => ({ started: true })),
  );
  const answers$ = read$(query$, (q) => deps.api.call('queryAlarmAnalysis', q.payload(now()))).pipe(map((answer): Step => ({ answer })));
  return merge(started$, answers$).pipe(
    scan((v: AnalysisView, s: Step): AnalysisView => {
      // a new window clears the failure of the last one
      if ('started' in s) return v.failed ? { ...v, failed: false } : v;
      const a = s.answer;
      return a.ok ? { data: a.value, days: a.query.days, failed: false } : { ...v, failed: true };
    }, NO_ANALYSIS),
    startWith(NO_ANALYSIS),
  );
}
