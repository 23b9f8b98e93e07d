// Alarm handling reads: one alarm's timeline, the active shelves and the maintenance windows of
// a scope. Each is a stream of its inputs re-read on `reload$` (a push about the alarm or the
// station, or a write on the screen); a failed read keeps what was shown.
import { map, scan, startWith, type Observable } from 'rxjs';
import type { Api } from '../api/client';
import { read$ } from '../query';
import type { MaintenanceWindow, Shelf, TimelineEntry } from './handling';

export interface Listed<T> {
  /** null until the first answer */
  rows: T[] | null;
  failed: boolean;
}
const keep = <T>(l: Listed<T>, a: { ok: true; value: { dataList: T[] } } | { ok: false }): Listed<T> =>
  a.ok ? { rows: a.value.dataList, failed: false } : { rows: l.rows ?? [], failed: true };
const fold = <T>(answers$: Observable<{ ok: true; value: { dataList: T[] } } | { ok: false }>): Observable<Listed<T>> =>
  answers$.pipe(scan(keep<T>, { rows: null, failed: false }), startWith<Listed<T>>({ rows: null, failed: false }));

export const timeline$ = (api: Api, alarmId$: Observable<number | null>, reload$: Observable<unknown>): Observable<Listed<TimelineEntry>> =>
  fold(
    read$(
      alarmId$.pipe(map((id) => (id ? { key: String(id), id } : null))),
      (q) => api.call('queryAlarmTimeline', { alarmId: q.id }, { quiet: true }),
      reload$,
    ),
  );

export interface ScopeQuery {
  orgId?: number;
  stationId?: number;
}
const scopeKey = (s: ScopeQuery | null) => (s ? { key: JSON.stringify(s), s } : null);

export const shelves$ = (api: Api, scope$: Observable<ScopeQuery | null>, reload$: Observable<unknown>): Observable<Listed<Shelf>> =>
  fold(read$(scope$.pipe(map(scopeKey)), (q) => api.call('queryShelves', q.s, { quiet: true }), reload$));

export const maintenanceWindows$ = (
  api: Api,
  scope$: Observable<(ScopeQuery & { includeEnded?: boolean }) | null>,
  reload$: Observable<unknown>,
): Observable<Listed<MaintenanceWindow>> =>
  fold(read$(scope$.pipe(map(scopeKey)), (q) => api.call('queryMaintenanceWindows', { includeEnded: false, ...q.s }, { quiet: true }), reload$));
