// The wall screen's alarm panel: the newest unresolved alarms of the scope and how many are open
// in each category. One read asks for both at once (the list and a one-row count per category,
// whose totals are exact however many are open), so the counts and the list always agree; it is
// read again on a matching push and every 30 s (streams/alarms/reloads.ts).
import { map, scan, startWith, type Observable } from 'rxjs';
import { ALARM_CATEGORIES, ALARM_STATUS, type AlarmCategory } from '../../protocol/codes';
import type { Api } from '../api/client';
import { read$, type Query } from '../query';
import { keepUnchanged, type AlarmFilter, type AlarmRecord } from './records';

/** rows the panel holds: more than any wall shows, few enough to send every push */
export const WALL_ALARM_ROWS = 40;

export interface WallAlarms {
  /** newest first; null until the first answer (a failed read keeps what was shown) */
  rows: AlarmRecord[] | null;
  /** unresolved alarms in scope */
  total: number;
  byCategory: Record<AlarmCategory, number>;
  /** answers so far, failures included (tests and diagnostics tell a re-read by it) */
  reads: number;
}

const zeros = (): Record<AlarmCategory, number> => Object.fromEntries(ALARM_CATEGORIES.map((c) => [c, 0])) as Record<AlarmCategory, number>;
export const NO_WALL_ALARMS: WallAlarms = { rows: null, total: 0, byCategory: zeros(), reads: 0 };

/** The query of a scope code (streams/monitor/scope.ts): -1 settling (nothing read), 0 the whole scope. */
export const wallAlarmQuery = (scope: number): Query<AlarmFilter> | null =>
  scope < 0 ? null : { key: String(scope), payload: () => ({ alarmStatus: ALARM_STATUS.unresolved, ...(scope > 0 ? { orgId: scope } : {}) }) };

async function readWallAlarms(api: Api, filter: AlarmFilter): Promise<Omit<WallAlarms, 'rows' | 'reads'> & { rows: AlarmRecord[] }> {
  const page = (f: AlarmFilter, length: number) => api.call('fuzzyAlarmRecord', { alarmRecordVo: f, page: 1, length }, { quiet: true });
  const [latest, ...counts] = await Promise.all([page(filter, WALL_ALARM_ROWS), ...ALARM_CATEGORIES.map((c) => page({ ...filter, alarmCategory: c }, 1))]);
  const byCategory = zeros();
  ALARM_CATEGORIES.forEach((c, i) => (byCategory[c] = counts[i]!.totalCount));
  return { rows: latest.dataList, total: latest.totalCount, byCategory };
}

export function wallAlarms$(api: Api, query$: Observable<Query<AlarmFilter> | null>, reload$: Observable<unknown>): Observable<WallAlarms> {
  return read$(query$, (q) => readWallAlarms(api, q.payload(Date.now())), reload$).pipe(
    map((a) => (a.ok ? a.value : null)),
    scan(
      (shown: WallAlarms, next): WallAlarms =>
        next ? { ...next, rows: keepUnchanged(shown.rows, next.rows), reads: shown.reads + 1 } : { ...shown, rows: shown.rows ?? [], reads: shown.reads + 1 },
      NO_WALL_ALARMS,
    ),
    startWith(NO_WALL_ALARMS),
  );
}

/** "12 min", "3 h 5 min", "2 d 4 h": how long an alarm has been open, in units a glance reads. */
export function openFor(fromMs: number, nowMs: number): { d: number; h: number; min: number; s: number } {
  const total = Math.max(0, Math.floor((nowMs - fromMs) / 1000));
  return { d: Math.floor(total / 86_400), h: Math.floor((total % 86_400) / 3600), min: Math.floor((total % 3600) / 60), s: total % 60 };
}
