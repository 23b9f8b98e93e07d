import { z } from 'zod';
import { actionsOn } from '../action';
import { dataScope, id, isoTime, length, md5Hex, nonEmpty, ok, page, pageOf, permissionName, recordById } from './common';
import { auditEntry } from './audit';

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
  /** the role's permission keys (the account detail shows them) */
  rolePermissions: z.array(z.string()),
  orgId: z.number().int(),
  orgName: z.string(),
  dataScope,
  scopeStationIds: z.array(z.number().int()),
  notes: z.string(),
  createdTime: isoTime,
  /** a confirmed second factor (TOTP) */
  twoFactorEnrolled: z.boolean(),
});

export const role = z.object({
  roleId: z.number().int(),
  orgId: z.number().int(),
  name: z.string(),
  permissions: z.array(permissionName),
  notes: z.string().nullable(),
  builtin: z.boolean(),
  accountCount: z.number().int(),
  updatedAt: isoTime,
  /** holders must sign in with a second factor; those not enrolled enrol at their next sign-in */
  requiresTwoFactor: z.boolean(),
});

export const accountSession = z.object({
  /** a stable handle of the session (not its token) */
  sessionId: z.string(),
  /** what the console reported at sign-in (browser and system), null when it said nothing */
  device: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: isoTime,
  lastSeenAt: isoTime,
  expiresAt: isoTime,
  /** the caller's own session */
  current: z.boolean(),
});

// Form fields cannot carry null (nullish payload fields are omitted when signing), so an
// empty string means "none" for mobile and e-mail: it clears the field on update.
const mobile = z
  .string()
  .trim()
  .regex(/^(\+?\d{6,15})?$/, 'phone');
const email = z
  .string()
  .trim()
  .max(254)
  .regex(new RegExp(`^$|${z.regexes.email.source}`), 'email');

const accountFields = {
  contact: z.string().trim().max(50),
  mobile,
  email,
  roleId: id,
  /** 1 enabled, 0 disabled */
  status: z.number().int().min(0).max(1),
  /** 'org': every station of the account's org; 'stations': only scopeStationIds (at least one) */
  dataScope,
  scopeStationIds: z.array(id).max(5000),
  notes: z.string().max(500),
};

const asset = actionsOn('asset');

export const accountActions = {
  queryAccountList: asset.read('system.account', {
    summary:
      'Accounts of the orgs in scope; orgId narrows to that org and the orgs under it (a provider and its customers); keyword (account, contact, mobile, e-mail), status and roleId narrow further.',
    request: z.object({
      orgId: id.optional(),
      keyword: z.string().trim().max(100).optional(),
      status: z.number().int().min(0).max(1).optional(),
      roleId: id.optional(),
      page,
      length,
    }),
    response: pageOf(accountRow),
  }),
  queryAccountById: asset.read('system.account', recordById('One account (detail screen).', 'userId', accountRow)),
  createAccount: asset.write('system.account.edit', {
    summary: "Create an account in an org in scope, with a role usable there (the org's own or an ancestor's within the caller's scope) and a data scope.",
    request: z.object({
      orgId: id,
      account: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_.@-]{3,64}$/, 'accountFormat'),
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
  updateAccount: asset.write('system.account.edit', {
    summary: 'Edit an account: only the fields sent change (mobile/email "" clears); disabling it ends all its sessions at once.',
    request: z.object({ userId: id, ...accountFields }).partial({
      contact: true,
      mobile: true,
      email: true,
      roleId: true,
      status: true,
      dataScope: true,
      scopeStationIds: true,
      notes: true,
    }),
    response: z.null(),
  }),
  setAccountStatus: asset.write('system.account.edit', {
    summary: 'Enable (1) or disable (0) an account; disabling ends all its sessions.',
    request: z.object({ userId: id, status: z.number().int().min(0).max(1) }),
    response: z.null(),
  }),
  deleteAccount: asset.write(
    'system.account.edit',
    recordById('Delete an account permanently (the console asks first). One cannot delete oneself.', 'userId', ok),
  ),
  resetAccountPassword: asset.write('system.account.edit', {
    summary: "Set a sub-account's password (MD5); its sessions end.",
    request: z.object({ userId: id, password: md5Hex }),
    response: z.null(),
  }),
  queryRoleList: asset.read(['system.role', 'system.account'], {
    summary: "Roles of the orgs in scope; with orgId, the roles usable for accounts of that org (its own and its ancestors' in scope).",
    request: z.object({ orgId: id.optional(), page, length }),
    response: pageOf(role),
  }),
  queryRoleById: asset.read('system.role', recordById('One role with its permissions.', 'roleId', role)),
  saveRole: asset.write('system.role.edit', {
    summary:
      "Create (no roleId; orgId defaults to the caller's org) or edit a role: a name (required) and permission keys from the catalogue; one cannot grant what one lacks.",
    request: z.object({
      roleId: id.optional(),
      orgId: id.optional(),
      name: nonEmpty(50),
      permissions: z.array(permissionName).max(200),
      notes: z.string().max(500).nullable().optional(),
      /** absent keeps the role's setting (false for a new role) */
      requiresTwoFactor: z.boolean().optional(),
    }),
    response: z.object({ roleId: z.number().int() }),
  }),
  deleteRole: asset.write(
    'system.role.edit',
    recordById('Delete a role no account uses (conflict otherwise); built-in roles cannot be deleted.', 'roleId', ok),
  ),
  queryPermissionCatalogue: asset.read(['system.role', 'system.account'], {
    summary:
      'Every permission key grouped by menu area (home, monitoring, tariff, operationMode, analytics, operations, alarm, system), for the role editor; grantableOnly keeps the keys the caller holds (the only ones it may grant); grantable lists, per group, the keys the caller may grant.',
    request: z.object({ grantableOnly: z.boolean().optional() }),
    response: z.object({ groups: z.array(z.object({ group: z.string(), permissions: z.array(z.string()), grantable: z.array(z.string()) })) }),
  }),
  queryAccountSessions: asset.read(
    'system.account',
    recordById(
      'The live sessions of an account in scope (device, address, last use), most recently used first.',
      'userId',
      z.object({ dataList: z.array(accountSession) }),
    ),
  ),
  revokeAccountSessions: asset.write(
    'system.account.edit',
    recordById(
      "Sign an account out everywhere: every session of it ends at once (for one's own account, every session but the current one).",
      'userId',
      z.object({ revoked: z.number().int() }),
    ),
  ),
  queryAccountAudit: asset.read('system.account', {
    summary: 'Recent audit entries of an account in scope, newest first: what it did and what was done to it.',
    request: z.object({ userId: id, length: z.number().int().min(1).max(200).default(50) }),
    response: z.object({ dataList: z.array(auditEntry) }),
  }),
  resetTwoFactor: asset.write(
    'system.account.edit',
    recordById("Remove an account's second factor and recovery codes (lost phone); it enrols again when its role requires it. Not for oneself.", 'userId', ok),
  ),
} as const;
