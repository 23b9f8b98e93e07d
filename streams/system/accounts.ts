// Accounts of the system screens: the filtered list, one account with its sessions and audit
// entries, the org's usable roles and the stations the data-permission picker offers; and the
// writes as commands (a double click sends one request; failures carry the server's field
// errors and refusal reason, shown by the forms, so requests are quiet).
import type { Observable } from 'rxjs';
import type { Api, Req, Res } from '../api/client';
import { command, type CommandEvent } from '../commands/command';
import { loaded } from './loaded';

const quiet = { quiet: true } as const;
/** The first accounts of a filter in one answer (the page limit); the list shows the total. */
export const ACCOUNT_PAGE = 1000;

export type AccountRow = Res<'queryAccountList'>['dataList'][number];
export type AccountFilter = Omit<Req<'queryAccountList'>, 'page' | 'length'>;
export type CreateAccount = Req<'createAccount'>;
export type UpdateAccount = Req<'updateAccount'>;
export type StationOption = Res<'queryStationInfoList'>['dataList'][number];

export const accountList$ = (api: Api, filter$: Observable<AccountFilter | null>, reload$?: Observable<unknown>) =>
  loaded(filter$, (f) => api.call('queryAccountList', { ...f, page: 1, length: ACCOUNT_PAGE }, quiet), reload$);

export const accountById$ = (api: Api, userId$: Observable<number | null>, reload$?: Observable<unknown>) =>
  loaded(userId$, (userId) => api.call('queryAccountById', { userId }, quiet), reload$);

export const accountSessions$ = (api: Api, userId$: Observable<number | null>, reload$?: Observable<unknown>) =>
  loaded(userId$, (userId) => api.call('queryAccountSessions', { userId }, quiet).then((r) => r.dataList), reload$);

export const accountAudit$ = (api: Api, userId$: Observable<number | null>, reload$?: Observable<unknown>) =>
  loaded(userId$, (userId) => api.call('queryAccountAudit', { userId, length: 50 }, quiet).then((r) => r.dataList), reload$);

/** Roles usable for accounts of an org (the form's role picker). */
export const usableRoles$ = (api: Api, orgId$: Observable<number | null>) =>
  loaded(orgId$, (orgId) => api.call('queryRoleList', { orgId, page: 1, length: 500 }, quiet).then((r) => r.dataList));

/** Customers of a provider (the form's organisation picker and the station tree's branches). */
export const customers$ = (api: Api, providerId$: Observable<number | null>) =>
  loaded(providerId$, (orgId) => api.call('queryCustomerList', orgId > 0 ? { orgId } : {}, quiet).then((r) => r.dataList));

/** Stations the manager sees (of one provider for orgType 1): the picker's leaves. */
export const pickableStations$ = (api: Api, providerId$: Observable<number | null>) =>
  loaded(providerId$, (orgId) =>
    api
      .call('queryStationInfoList', { ...(orgId > 0 ? { orgId } : {}), page: 1, length: 100_000, sortBy: 'stationName', sortDir: 'asc' }, quiet)
      .then((r) => r.dataList),
  );

export type SaveAccount = { create: CreateAccount } | { update: UpdateAccount };
export const saveAccount$ = (api: Api, input$: Observable<SaveAccount>): Observable<CommandEvent<SaveAccount, unknown>> =>
  command(input$, (s) => ('create' in s ? api.call('createAccount', s.create, quiet) : api.call('updateAccount', s.update, quiet)));

export const setAccountStatus$ = (api: Api, input$: Observable<{ userId: number; status: number }>) =>
  command(input$, (p) => api.call('setAccountStatus', p, quiet));

export const deleteAccount$ = (api: Api, userId$: Observable<number>) => command(userId$, (userId) => api.call('deleteAccount', { userId }, quiet));

export const resetAccountPassword$ = (api: Api, input$: Observable<{ userId: number; password: string }>) =>
  command(input$, (p) => api.call('resetAccountPassword', p, quiet));

export const revokeAccountSessions$ = (api: Api, userId$: Observable<number>) =>
  command(userId$, (userId) => api.call('revokeAccountSessions', { userId }, quiet));

export const resetTwoFactor$ = (api: Api, userId$: Observable<number>) => command(userId$, (userId) => api.call('resetTwoFactor', { userId }, quiet));
