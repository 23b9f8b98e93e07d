// History for a trend: the visible range at the chart's pixel width, re-fetched (latest wins)
// whenever the range or width changes. The server picks the resolution (raw … 1 day) and keeps
// min/max per pixel (M4); finer data therefore arrives by itself when the range narrows.
import { Subject, asyncScheduler, distinctUntilChanged, from, map, catchError, of, switchMap, throttleTime, type Observable } from 'rxjs';
import type { Api, Res } from '../../../../streams/api/client';

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
  | { kind: 'loading'; query: HistoryQuery }
  | { kind: 'loaded'; query: HistoryQuery; result: History }
  | { kind: 'failed'; query: HistoryQuery };

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

export const apiHistory = (api: Api) => (q: HistoryQuery): Promise<History> =>
  api.call(
    'queryDeviceHistory',
    { deviceId: q.deviceId, points: [...pointsOf(q)], from: new Date(q.from).toISOString(), to: new Date(q.to).toISOString(), width: Math.max(10, Math.min(8000, Math.round(q.width))) },
    { quiet: true },
  );

/** The answer's series for the asked points, in their order (by name; by position if no name matches). */
export function seriesFor(result: History | null | undefined, points: readonly string[]): Array<History['series'][number] | undefined> {
  if (!result) return points.map(() => undefined);
  const byName = points.map((pt) => result.series.find((s) => s.point === pt));
  return byName.every((s) => s === undefined) && result.series.length === points.length ? points.map((_, k) => result.series[k]) : byName;
}

export const newQueries = () => new Subject<HistoryQuery>();

/** Points of `t`/`v` inside [from, to] (ms): what is on screen. */
export function visiblePoints(t: readonly number[], v: readonly (number | null)[], fromMs: number, toMs: number): Array<[number, number | null]> {
  const out: Array<[number, number | null]> = [];
  for (let i = 0; i < t.length; i++) {
    const x = t[i] as number;
    if (x >= fromMs && x <= toMs) out.push([x, v[i] ?? null]);
  }
  return out;
}

/** CSV of the visible points: local time in the zone, UTC ISO time, value. */
export function toCsv(rows: ReadonlyArray<[number, number | null]>, header: { point: string; unit: string; timeZone: string }, local: (ms: number) => string): string {
  const lines = [`time (${header.timeZone}),time (UTC),${header.point}${header.unit ? ` (${header.unit})` : ''}`];
  for (const [t, v] of rows) lines.push(`${local(t)},${new Date(t).toISOString()},${v === null ? '' : v}`);
  return lines.join('\n') + '\n';
}

export interface CsvColumn {
  /** header, e.g. "p (kW)" or "PCS-1 p (kW)" */
  label: string;
  t: readonly number[];
  v: readonly (number | null)[];
}

/**
 * CSV of several series over the visible range: one row per instant that any series has on
 * screen (M4 keeps different instants per series), one column per series, empty where a series
 * has no sample at that instant. Rows = what is drawn, nothing interpolated.
 */
export function toCsvColumns(cols: readonly CsvColumn[], fromMs: number, toMs: number, timeZone: string, local: (ms: number) => string): { csv: string; rows: number } {
  const byTime = new Map<number, Array<number | null | undefined>>();
  cols.forEach((c, k) => {
    for (const [t, v] of visiblePoints(c.t, c.v, fromMs, toMs)) {
      let row = byTime.get(t);
      if (!row) byTime.set(t, (row = new Array<number | null | undefined>(cols.length)));
      row[k] = v;
    }
  });
  const times = [...byTime.keys()].sort((a, b) => a - b);
  const lines = [[`time (${timeZone})`, 'time (UTC)', ...cols.map((c) => csvCell(c.label))].join(',')];
  for (const t of times) {
    const row = byTime.get(t) ?? [];
    const cells = Array.from({ length: cols.length }, (_, k) => row[k] ?? '');
    lines.push([local(t), new Date(t).toISOString(), ...cells].join(','));
  }
  return { csv: lines.join('\n') + '\n', rows: times.length };
}

const csvCell = (s: string): string => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
