// On-call schedules of the reader's organisation (docs/notifications.md, "Escalation"): the list
// with the accounts and roles a shift may name, and the writes as commands. Requests are quiet:
// the page shows refusals at their fields itself.
import type { Observable } from 'rxjs';
import type { Api, Req, Res } from '../api/client';
import { command } from '../commands/command';
import { loaded } from '../system/loaded';

const quiet = { quiet: true } as const;

export type OncallSchedules = Res<'queryOncallSchedules'>;
export type OncallSchedule = OncallSchedules['dataList'][number];
export type SaveOncallSchedule = Req<'saveOncallSchedule'>;

/** The schedules, accounts and roles, read once per subscription and again on every `reload$`. */
export const oncallSchedules$ = (api: Api, on$: Observable<boolean | null>, reload$?: Observable<unknown>) =>
  loaded(on$, () => api.call('queryOncallSchedules', {}, quiet), reload$);

export const saveOncallSchedule$ = (api: Api, input$: Observable<SaveOncallSchedule>) => command(input$, (r) => api.call('saveOncallSchedule', r, quiet));

export const deleteOncallSchedule$ = (api: Api, id$: Observable<number>) =>
  command(id$, (scheduleId) => api.call('deleteOncallSchedule', { scheduleId }, quiet));
