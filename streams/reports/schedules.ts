// Scheduled e-mail reports for the report screens: the organisation's schedules and one
// schedule's deliveries as reads that follow their inputs and a reload signal; saving and
// deleting as commands (a double click sends one request; field errors come back as events).
import { map, scan, startWith, type Observable } from 'rxjs';
import type { Api, Req, Res } from '../api/client';
import { command, type CommandEvent } from '../commands/command';
import { read$, type Answer } from '../query';

export type Schedule = Res<'queryReportSchedules'>['dataList'][number];
export type Delivery = Res<'queryReportDeliveries'>['dataList'][number];
export type SaveSchedule = Req<'saveReportSchedule'>;

export interface Listed<T> {
  data: T[] | null;
  failed: boolean;
}

const quiet = { quiet: true } as const;

function listed<P, T>(input$: Observable<P | null>, fetch: (p: P) => Promise<{ dataList: T[] }>, reload$?: Observable<unknown>): Observable<Listed<T>> {
  return read$(input$.pipe(map((p) => (p === null ? null : { key: JSON.stringify(p), p }))), (q) => fetch(q.p), reload$).pipe(
    scan(
      (v: Listed<T>, a: Answer<{ key: string; p: P }, { dataList: T[] }>): Listed<T> =>
        a.ok ? { data: a.value.dataList, failed: false } : { data: v.data, failed: true },
      { data: null, failed: false },
    ),
    startWith({ data: null, failed: false }),
  );
}

/** The caller's schedules (null input: none read, e.g. without the export permission). */
export const schedules$ = (api: Api, on$: Observable<true | null>, reload$: Observable<unknown>) =>
  listed(on$, () => api.call('queryReportSchedules', {}, quiet), reload$);

export const deliveries$ = (api: Api, scheduleId$: Observable<number | null>) =>
  listed(scheduleId$, (scheduleId) => api.call('queryReportDeliveries', { scheduleId }, quiet));

export const saveSchedule$ = (api: Api, input$: Observable<SaveSchedule>): Observable<CommandEvent<SaveSchedule, Schedule>> =>
  command(input$, (p) => api.call('saveReportSchedule', p, quiet));

export const deleteSchedule$ = (api: Api, id$: Observable<number>): Observable<CommandEvent<number, null>> =>
  command(id$, (scheduleId) => api.call('deleteReportSchedule', { scheduleId }, quiet));
