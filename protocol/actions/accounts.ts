import { z } from 'zod';
import { action } from '../action';
import { isPermission } from '../permissions';
import { id, length, md5Hex, nonEmpty, page, pageOf } from './common';

export const accountRow = z.object({
  userId: z.number().int(),
  account: z.string(),
  contact: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  /** 1 enabled, 0 disabled */
  status: z.number().int().min(0).max(1),
  roleId: z.number().int(),
  roleName: z.string(),
  orgId: z.number().int(),
  orgName: z.string(),
  dataScope: z.enum(['org', 'stations']),
  scopeStationIds: z.array(z.number().int()),
  notes: z.string(),
  createdTime: z.string(),
});

export const role = z.object({
  roleId: z.number().int(),
  orgId: z.number().int(),
  name: z.string(),
  permissions: z.array(z.string()),
  notes: z.string().nullable(),
  builtin: z.boolean(),
  accountCount: z.number().int(),
  updatedAt: z.string(),
});

// Form fields cannot carry null (nullish payload fields are omitted when signing), so an
// empty string means "none" for mobile and e-mail: it clears the field on update.
const mobile = z.string().trim().regex(/^(\+?\d{6,15})?$/, 'phone');
const email = z.string().trim().max(254).regex(new RegExp(`^$|${z.regexes.email.source}`), 'email');
const permissionKey = z.string().refine(isPermission, 'unknownPermission');

const accountFields = {
  contact: z.string().trim().max(50),
  mobile,
  email,
  roleId: id,
  /** 1 enabled, 0 disabled */
  status: z.number().int().min(0).max(1),
  /** 'org': every station of the account's org; 'stations': only scopeStationIds (at least one) */
  dataScope: z.enum(['org', 'stations']),
  scopeStationIds: z.array(id).max(5000),
  notes: z.string().max(500),
};

export const accountActions = {
  queryAccountList: action({
    endpoint: 'asset', permission: 'system.account', kind: 'read', stage: 'foundation',
    summary: 'Accounts of the orgs in scope; orgId narrows to that org and the orgs under it (a provider and its customers).',
    request: z.object({ orgId: id.optional(), keyword: z.string().trim().max(100).optional(), status: z.number().int().min(0).max(1).optional(), page, length }),
    response: pageOf(accountRow),
  }),
  queryAccountById: action({
    endpoint: 'asset', permission: 'system.account', kind: 'read', stage: 'foundation',
    summary: 'One account (detail screen).',
    request: z.object({ userId: id }),
    response: accountRow,
  }),
  createAccount: action({
    endpoint: 'asset', permission: 'system.account.edit', kind: 'write', stage: 'foundation',
    summary: 'Create an account in an org in scope, with a role usable there (the org\'s own or an ancestor\'s within the caller\'s scope) and a data scope.',
    request: z.object({
      orgId: id,
      account: z.string().trim().regex(/^[A-Za-z0-9_.@-]{3,64}$/, 'accountFormat'),
      password: md5Hex,
      contact: accountFields.contact.default(''),
      mobile: accountFields.mobile.optional(),
      email: accountFields.email.optional(),
      roleId: accountFields.roleId,
      status: accountFields.status.default(1),
      dataScope: accountFields.dataScope.default('org'),
      scopeStationIds: accountFields.scopeStationIds.default([]),
      notes: accountFields.notes.default(''),
    }),
    response: z.object({ userId: z.number().int() }),
  }),
  updateAccount: action({
    endpoint: 'asset', permission: 'system.account.edit', kind: 'write', stage: 'foundation',
    summary: 'Edit an account: only the fields sent change (mobile/email "" clears); disabling it ends all its sessions at once.',
    request: z.object({ userId: id, ...accountFields }).partial({
      contact: true, mobile: true, email: true, roleId: true, status: true, dataScope: true, scopeStationIds: true, notes: true,
    }),
    response: z.null(),
  }),
  setAccountStatus: action({
    endpoint: 'asset', permission: 'system.account.edit', kind: 'write', stage: 'foundation',
    summary: 'Enable (1) or disable (0) an account; disabling ends all its sessions.',
    request: z.object({ userId: id, status: z.number().int().min(0).max(1) }),
    response: z.null(),
  }),
  deleteAccount: action({
    endpoint: 'asset', permission: 'system.account.edit', kind: 'write', stage: 'foundation',
    summary: 'Delete an account permanently (the console asks first). One cannot delete oneself.',
    request: z.object({ userId: id }),
    response: z.null(),
  }),
  resetAccountPassword: action({
    endpoint: 'asset', permission: 'system.account.edit', kind: 'write', stage: 'foundation',
    summary: 'Set a sub-account\'s password (MD5); its sessions end.',
    request: z.object({ userId: id, password: md5Hex }),
    response: z.null(),
  }),
  queryRoleList: action({
    endpoint: 'asset', permission: ['system.role', 'system.account'], kind: 'read', stage: 'foundation',
    summary: 'Roles of the orgs in scope; with orgId, the roles usable for accounts of that org (its own and its ancestors\' in scope).',
    request: z.object({ orgId: id.optional(), page, length }),
    response: pageOf(role),
  }),
  queryRoleById: action({
    endpoint: 'asset', permission: 'system.role', kind: 'read', stage: 'foundation',
    summary: 'One role with its permissions.',
    request: z.object({ roleId: id }),
    response: role,
  }),
  saveRole: action({
    endpoint: 'asset', permission: 'system.role.edit', kind: 'write', stage: 'foundation',
    summary: 'Create (no roleId; orgId defaults to the caller\'s org) or edit a role: a name (required) and permission keys from the catalogue; one cannot grant what one lacks.',
    request: z.object({ roleId: id.optional(), orgId: id.optional(), name: nonEmpty(50), permissions: z.array(permissionKey).max(200), notes: z.string().max(500).nullable().optional() }),
    response: z.object({ roleId: z.number().int() }),
  }),
  deleteRole: action({
    endpoint: 'asset', permission: 'system.role.edit', kind: 'write', stage: 'foundation',
    summary: 'Delete a role no account uses (conflict otherwise); built-in roles cannot be deleted.',
    request: z.object({ roleId: id }),
    response: z.null(),
  }),
  queryPermissionCatalogue: action({
    endpoint: 'asset', permission: ['system.role', 'system.account'], kind: 'read', stage: 'foundation',
    summary: 'Every permission key grouped by menu area (home, monitoring, tariff, operationMode, analytics, operations, alarm, system), for the role editor; grantableOnly keeps the keys the caller holds (the only ones it may grant).',
    request: z.object({ grantableOnly: z.boolean().optional() }),
    response: z.object({ groups: z.array(z.object({ group: z.string(), permissions: z.array(z.string()) })) }),
  }),
} as const;
