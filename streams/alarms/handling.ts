// Alarm handling commands (protocol/actions/alarm-handling.ts): acknowledge with a note, assign,
// comment, shelve / unshelve a rule, plan / end a maintenance window. Each runs through
// `command`, so a double click sends one request; failures reach the message bar (not quiet).
import type { Observable } from 'rxjs';
import type { Api, Req, Res } from '../api/client';
import { command, type CommandEvent } from '../commands/command';

export type HandledAlarm = Res<'ackAlarm'>;
export type TimelineEntry = Res<'queryAlarmTimeline'>['dataList'][number];
export type Shelf = Res<'queryShelves'>['dataList'][number];
export type MaintenanceWindow = Res<'queryMaintenanceWindows'>['dataList'][number];

export type AckInput = Req<'ackAlarm'>;
export type AssignInput = Req<'assignAlarm'>;
export type CommentInput = Req<'commentAlarm'>;
export type ShelveInput = Req<'shelveAlarmRule'>;
export type WindowInput = Req<'saveMaintenanceWindow'>;

export const ackAlarm$ = (api: Api, in$: Observable<AckInput>): Observable<CommandEvent<AckInput, HandledAlarm>> =>
  command(in$, (x) => api.call('ackAlarm', x));

export const assignAlarm$ = (api: Api, in$: Observable<AssignInput>): Observable<CommandEvent<AssignInput, HandledAlarm>> =>
  command(in$, (x) => api.call('assignAlarm', x));

export const commentAlarm$ = (api: Api, in$: Observable<CommentInput>): Observable<CommandEvent<CommentInput, TimelineEntry>> =>
  command(in$, (x) => api.call('commentAlarm', x));

export const shelveRule$ = (api: Api, in$: Observable<ShelveInput>): Observable<CommandEvent<ShelveInput, Shelf>> =>
  command(in$, (x) => api.call('shelveAlarmRule', x));

export const unshelveRule$ = (api: Api, in$: Observable<number>): Observable<CommandEvent<number, null>> =>
  command(in$, (shelfId) => api.call('unshelveAlarmRule', { shelfId }));

export const saveWindow$ = (api: Api, in$: Observable<WindowInput>): Observable<CommandEvent<WindowInput, MaintenanceWindow>> =>
  command(in$, (x) => api.call('saveMaintenanceWindow', x));

export const endWindow$ = (api: Api, in$: Observable<number>): Observable<CommandEvent<number, MaintenanceWindow>> =>
  command(in$, (windowId) => api.call('endMaintenanceWindow', { windowId }));

/** Shelve durations offered (minutes); 'custom' takes hours typed in. */
export const SHELVE_PRESETS = [60, 240, 1440] as const;
