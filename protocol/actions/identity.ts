import { z } from 'zod';
import { action } from '../action';
import { id, md5Hex, nonEmpty, ok, empty } from './common';

export const profile = z.object({
  platform: z.string(),
  name: z.string(),
  account: z.string(),
  orgLogoUrl: z.string().nullable(),
  /** 1 = root platform org; 2 = service provider; 3 = customer */
  orgType: z.number().int(),
  orgId: z.number().int(),
  orgName: z.string(),
  userId: z.number().int(),
  roleName: z.string(),
  permissions: z.array(z.object({ permission: z.string() })),
});
export type Profile = z.infer<typeof profile>;

const session = z.object({ token: z.string(), expiresAt: z.string(), profile });
const code6 = z.string().regex(/^\d{6}$/, 'code6');
const phone = z.string().trim().regex(/^\+?\d{6,15}$/, 'phone');
const email = z.email();

export const identityActions = {
  login: action({
    endpoint: 'asset', permission: null, kind: 'write', stage: 'foundation',
    summary: 'Sign in with account and MD5 of the password; returns a new session token.',
    request: z.object({ account: nonEmpty(64), password: md5Hex }),
    response: session,
  }),
  loginByPhone: action({
    endpoint: 'asset', permission: null, kind: 'write', stage: 'foundation',
    summary: 'Sign in with a mobile number and the 6-digit code sent by sendMsgCode.',
    request: z.object({ phone, code: code6 }),
    response: session,
  }),
  logout: action({
    endpoint: 'asset', permission: '@session', kind: 'write', stage: 'foundation',
    summary: 'End the current session; its push connection is closed.',
    request: empty, response: ok,
  }),
  queryProfile: action({
    endpoint: 'asset', permission: '@session', kind: 'read', stage: 'foundation',
    summary: 'The signed-in account profile and permission list.',
    request: empty, response: profile,
  }),
  sendMsgCode: action({
    endpoint: 'asset', permission: null, kind: 'write', stage: 'foundation',
    summary: 'Send a 6-digit SMS code (login or reset). Answers the same whether or not the number is known.',
    request: z.object({ phone, purpose: z.enum(['login', 'reset']) }),
    response: z.object({ resendAfterSeconds: z.number().int() }),
  }),
  resetPasswordByMsgCode: action({
    endpoint: 'asset', permission: null, kind: 'write', stage: 'foundation',
    summary: 'Set a new password (MD5) with an SMS code.',
    request: z.object({ phone, code: code6, newPassword: md5Hex }),
    response: ok,
  }),
  sendEmailMsgCode: action({
    endpoint: 'asset', permission: null, kind: 'write', stage: 'foundation',
    summary: 'Send a 6-digit reset code by e-mail. Answers the same whether or not the address is known.',
    request: z.object({ email }),
    response: z.object({ resendAfterSeconds: z.number().int() }),
  }),
  resetPasswordByEmailMsgCode: action({
    endpoint: 'asset', permission: null, kind: 'write', stage: 'foundation',
    summary: 'Set a new password (MD5) with an e-mail code.',
    request: z.object({ email, code: code6, newPassword: md5Hex }),
    response: ok,
  }),
  resetPasswordByOldPassword: action({
    endpoint: 'asset', permission: '@session', kind: 'write', stage: 'foundation',
    summary: 'Change the own password; both MD5-hashed. Other sessions of the account end.',
    request: z.object({ userId: id, oldPassword: md5Hex, newPassword: md5Hex }),
    response: ok,
  }),
  queryAllOrgIdAndName: action({
    endpoint: 'asset', permission: '@session', kind: 'read', stage: 'foundation',
    summary: 'Service providers the caller may act on (orgType 1: all; others: their own).',
    request: empty,
    response: z.object({ dataList: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
  }),
  queryPushCredentials: action({
    endpoint: 'asset', permission: '@session', kind: 'read', stage: 'foundation',
    summary: 'How the console connects to the push broker: WebSocket URL, MQTT username/password and the topics it may subscribe to.',
    request: empty,
    response: z.object({
      url: z.string(), username: z.string(), password: z.string(),
      topics: z.array(z.string()),
    }),
  }),
} as const;
