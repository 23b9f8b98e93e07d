// Alarm commands: resolve one alarm by hand, and export the filtered list (every page of it,
// up to EXPORT_MAX records). Both run through `command`, so a double click sends one request;
// failures reach the message bar through the request source (not quiet).
import type { Observable } from 'rxjs';
import type { Api } from '../api/client';
import { command, type CommandEvent } from '../commands/command';
import { ALARM_PAGE, readAlarmPage, type AlarmFilter, type AlarmRecord, type ResolvedAlarm } from './records';

/** CSV export pages through at most this many records */
export const EXPORT_MAX = 20 * ALARM_PAGE;

export const resolveAlarm$ = (api: Api, alarmId$: Observable<number>): Observable<CommandEvent<number, ResolvedAlarm>> =>
  command(alarmId$, (alarmId) => api.call('resolveAlarm', { alarmId }));

/** Every record of a filter, page by page, up to EXPORT_MAX. */
export async function readAllAlarms(api: Api, filter: AlarmFilter): Promise<AlarmRecord[]> {
  const all: AlarmRecord[] = [];
  for (let page = 1; all.length < EXPORT_MAX; page++) {
    const r = await readAlarmPage(api, filter, page, false);
    all.push(...r.dataList);
    if (r.dataList.length < ALARM_PAGE || all.length >= r.totalCount) break;
  }
  return all;
}

export const exportAlarms$ = (api: Api, filter$: Observable<AlarmFilter>): Observable<CommandEvent<AlarmFilter, AlarmRecord[]>> =>
  command(filter$, (filter) => readAllAlarms(api, filter));
