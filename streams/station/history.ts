// History for a trend: the visible range at the chart's pixel width, re-fetched (latest wins)
// whenever the range or width changes. The server picks the resolution (raw … 1 day) and keeps
// min/max per pixel (M4); finer data therefore arrives by itself when the range narrows.
import { Subject, asyncScheduler, catchError, distinctUntilChanged, from, map, of, switchMap, throttleTime, type Observable } from 'rxjs';
import type { Api, Res } from '../api/client';

export type History = Res<'queryDeviceHistory'>;
export interface HistoryQuery {
  deviceId: number;
  /** the first series; `points` (up to 4) when the chart shows several */
  point: string;
  points?: readonly string[];
  /** ms */
  from: number;
  to: number;
  width: number;
}
export type HistoryState =
  { kind: 'loading'; query: HistoryQuery } | { kind: 'loaded'; query: HistoryQuery; result: History } | { kind: 'failed'; query: HistoryQuery };

export const pointsOf = (q: HistoryQuery): readonly string[] => (q.points && q.points.length > 0 ? q.points : [q.point]);

export const sameQuery = (a: HistoryQuery, b: HistoryQuery): boolean =>
  a.deviceId === b.deviceId && pointsOf(a).join('\n') === pointsOf(b).join('\n') && a.from === b.from && a.to === b.to && a.width === b.width;

/**
 * The first range of a burst is fetched at once (a single wheel step answers without a wait); while
 * the burst goes on, at most one more per window, the latest, so its end is always fetched.
 */
export function history$(queries: Observable<HistoryQuery>, fetch: (q: HistoryQuery) => Promise<History>, windowMs = 50): Observable<HistoryState> {
  return queries.pipe(
    distinctUntilChanged(sameQuery),
    throttleTime(windowMs, asyncScheduler, { leading: true, trailing: true }),
    switchMap((q) =>
      from(fetch(q)).pipe(
        map((result): HistoryState => ({ kind: 'loaded', query: q, result })),
        catchError(() => of<HistoryState>({ kind: 'failed', query: q })),
      ),
    ),
  );
}

/** queryDeviceHistory at the chart's width (10 … 8,000 points). */
export const deviceHistory =
  (api: Api) =>
  (q: HistoryQuery): Promise<History> =>
    api.call(
      'queryDeviceHistory',
      {
        deviceId: q.deviceId,
        points: [...pointsOf(q)],
        from: new Date(q.from).toISOString(),
        to: new Date(q.to).toISOString(),
        width: Math.max(10, Math.min(8000, Math.round(q.width))),
      },
      { quiet: true },
    );

export const newQueries = () => new Subject<HistoryQuery>();
