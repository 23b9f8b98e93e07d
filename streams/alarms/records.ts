// Alarm records as screens read them (fuzzyAlarmRecord): the alarm center's list and a station's
// alarm log are the same read with different filters. Newest first, the first 1,000 with the
// total; a reload (a matching push, the 30 s timer, a resolution) reads the same filter again.
import { EMPTY, map, merge, scan, startWith, type Observable } from 'rxjs';
import type { Api, Req, Res } from '../api/client';
import { read$, type Answer, type Query } from '../query';

export type AlarmRecord = Res<'fuzzyAlarmRecord'>['dataList'][number];
export type AlarmFilter = Req<'fuzzyAlarmRecord'>['alarmRecordVo'];
export type AlarmQuery = Query<AlarmFilter>;
export type ResolvedAlarm = Res<'resolveAlarm'>;

export const ALARM_PAGE = 1000;

export interface AlarmList {
  /** null until the first answer; a failed read keeps the rows shown (or shows none) */
  rows: AlarmRecord[] | null;
  total: number;
}
export const NO_ALARMS: AlarmList = { rows: null, total: 0 };

export interface AlarmListDeps {
  api: Api;
  now?: () => number;
}

export const readAlarmPage = (api: Api, filter: AlarmFilter, page: number, quiet: boolean) =>
  api.call('fuzzyAlarmRecord', { alarmRecordVo: filter, page, length: ALARM_PAGE }, { quiet });

const sameValue = (a: unknown, b: unknown): boolean =>
  a === b || (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && JSON.stringify(a) === JSON.stringify(b));

/** Every key of the two records holds the same value. */
const sameRecord = (a: AlarmRecord, b: AlarmRecord): boolean => {
  const ka = Object.keys(a) as (keyof AlarmRecord)[];
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (!sameValue(a[k], b[k])) return false;
  return true;
};

/**
 * A re-read's rows, keeping the previous object of every alarm that has not changed: a row that
 * compares its record by identity then renders again only when its alarm changed.
 */
export const keepUnchanged = (prev: readonly AlarmRecord[] | null, next: AlarmRecord[]): AlarmRecord[] => {
  if (!prev || prev.length === 0) return next;
  const before = new Map(prev.map((r) => [r.alarmId, r]));
  return next.map((r) => {
    const old = before.get(r.alarmId);
    return old && sameRecord(old, r) ? old : r;
  });
};

type Change = { answer: Answer<AlarmQuery, Res<'fuzzyAlarmRecord'>> } | { resolved: ResolvedAlarm };

/** The list for the latest filter; `resolved$` patches a row at once (its re-read follows). */
export function alarmList$(
  deps: AlarmListDeps,
  query$: Observable<AlarmQuery | null>,
  reload$: Observable<unknown>,
  resolved$: Observable<ResolvedAlarm> = EMPTY,
): Observable<AlarmList> {
  const now = deps.now ?? Date.now;
  const answers$ = read$(query$, (q) => readAlarmPage(deps.api, q.payload(now()), 1, true), reload$);
  return merge(answers$.pipe(map((answer): Change => ({ answer }))), resolved$.pipe(map((resolved): Change => ({ resolved })))).pipe(
    scan((list: AlarmList, c: Change): AlarmList => {
      if ('resolved' in c) {
        const r = c.resolved;
        return list.rows
          ? { ...list, rows: list.rows.map((x) => (x.alarmId === r.alarmId ? { ...x, alarmStatus: r.alarmStatus, recoveryTime: r.recoveryTime } : x)) }
          : list;
      }
      const a = c.answer;
      return a.ok ? { rows: keepUnchanged(list.rows, a.value.dataList), total: a.value.totalCount } : { ...list, rows: list.rows ?? [] };
    }, NO_ALARMS),
    startWith(NO_ALARMS),
  );
}
