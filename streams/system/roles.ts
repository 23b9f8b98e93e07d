// Roles of the system screens: the list, one role, the permission catalogue (grouped by menu
// area, with what the caller may grant), and the save / delete commands.
import type { Observable } from 'rxjs';
import type { Api, Req, Res } from '../api/client';
import { command } from '../commands/command';
import { loaded } from './loaded';

const quiet = { quiet: true } as const;

export type Role = Res<'queryRoleList'>['dataList'][number];
export type SaveRole = Req<'saveRole'>;
export type PermissionGroup = Res<'queryPermissionCatalogue'>['groups'][number];

export const roleList$ = (api: Api, orgId$: Observable<{ orgId?: number } | null>, reload$?: Observable<unknown>) =>
  loaded(orgId$, (o) => api.call('queryRoleList', { ...o, page: 1, length: 1000 }, quiet).then((r) => r.dataList), reload$);

export const roleById$ = (api: Api, roleId$: Observable<number | null>, reload$?: Observable<unknown>) =>
  loaded(roleId$, (roleId) => api.call('queryRoleById', { roleId }, quiet), reload$);

export const permissionCatalogue$ = (api: Api, ask$: Observable<true | null>) =>
  loaded(ask$, () => api.call('queryPermissionCatalogue', {}, quiet).then((r) => r.groups));

export const saveRole$ = (api: Api, input$: Observable<SaveRole>) => command(input$, (p) => api.call('saveRole', p, quiet));

export const deleteRole$ = (api: Api, roleId$: Observable<number>) => command(roleId$, (roleId) => api.call('deleteRole', { roleId }, quiet));
