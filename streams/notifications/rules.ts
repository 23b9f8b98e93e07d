// Notification rules of the signed-in account and a role's defaults (docs/notifications.md): the lists, and the writes
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

/** One of the reader's roles' default rules: read-only, with the role's name and whether the reader muted it. */
export type RoleRuleOfMine = Res<'queryNotificationRules'>['roleRules'][number];

/** A role's default rules (they tell every account holding it), read once per role and again on every `reload$`. */
export const roleNotificationRules$ = (api: Api, roleId$: Observable<number | null>, reload$?: Observable<unknown>) =>
  loaded(roleId$, (roleId) => api.call('queryRoleNotificationRules', { roleId }, quiet), reload$);

/** Saves a rule as a default of `roleId`: the account's form without addresses or webhook (each account is told at its own). */
export const saveRoleNotificationRule$ = (roleId: number) => (api: Api, input$: Observable<SaveNotificationRule>) =>
  command(input$, (r) =>
    api.call(
      'saveRoleNotificationRule',
      {
        ...(r.ruleId !== undefined ? { ruleId: r.ruleId } : {}),
        roleId,
        name: r.name,
        enabled: r.enabled,
        categories: r.categories,
        alarmTypes: r.alarmTypes,
        deviceTypes: r.deviceTypes,
        stationIds: r.stationIds,
        channels: r.channels.filter((c): c is Req<'saveRoleNotificationRule'>['channels'][number] => c !== 'webhook'),
        ...(r.quietFrom !== undefined && r.quietTo !== undefined ? { quietFrom: r.quietFrom, quietTo: r.quietTo } : {}),
        zone: r.zone,
        ...(r.digestMinutes !== undefined ? { digestMinutes: r.digestMinutes } : {}),
      },
      quiet,
    ),
  );

export const deleteRoleNotificationRule$ = (api: Api, input$: Observable<{ roleId: number; ruleId: number }>) =>
  command(input$, (q) => api.call('deleteRoleNotificationRule', q, quiet));

/** Turns one of the reader's role's rules off (muted) or on again, for the reader alone. */
export const muteRoleNotificationRule$ = (api: Api, input$: Observable<{ ruleId: number; muted: boolean }>) =>
  command(input$, (q) => api.call('muteRoleNotificationRule', q, quiet));
