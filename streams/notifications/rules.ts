// Notification rules of the signed-in account (docs/notifications.md): the list, and the writes
// as commands (a double click sends one request). Requests are quiet: the page shows refusals at
// their fields, and a test-send's outcome per channel, itself.
import type { Observable } from 'rxjs';
import type { Api, Req, Res } from '../api/client';
import { command } from '../commands/command';
import { loaded } from '../system/loaded';

const quiet = { quiet: true } as const;

export type NotificationRule = Res<'queryNotificationRules'>['dataList'][number];
export type SaveNotificationRule = Req<'saveNotificationRule'>;
export type TestOutcome = Res<'testNotificationRule'>['results'][number];

/** The caller's rules and whether the server can send SMS, read once per subscription and again on every `reload$`. */
export const notificationRules$ = (api: Api, on$: Observable<boolean | null>, reload$?: Observable<unknown>) =>
  loaded(on$, () => api.call('queryNotificationRules', {}, quiet), reload$);

export const saveNotificationRule$ = (api: Api, input$: Observable<SaveNotificationRule>) => command(input$, (r) => api.call('saveNotificationRule', r, quiet));

export const deleteNotificationRule$ = (api: Api, ruleId$: Observable<number>) =>
  command(ruleId$, (ruleId) => api.call('deleteNotificationRule', { ruleId }, quiet));

/** Sends a test on every channel of one rule now; the answer says what each receiver did. */
export const testNotificationRule$ = (api: Api, ruleId$: Observable<number>) =>
  command(ruleId$, (ruleId) => api.call('testNotificationRule', { ruleId }, quiet).then((r) => r.results));
