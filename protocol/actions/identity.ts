import { z } from 'zod';
import { actionsOn } from '../action';
import { id, md5Hex, nonEmpty, ok, empty, permissionName } from './common';

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
  permissions: z.array(z.object({ permission: permissionName })),
});
export type Profile = z.infer<typeof profile>;

const session = z.object({ token: z.string(), expiresAt: z.string(), profile });
const code6 = z.string().regex(/^\d{6}$/, 'code6');

/** The first factor passed, the second is due: 'verify' asks for a code, 'enrol' for enrolment
 *  first (the role requires a second factor the account does not have yet). No session yet. */
export const twoFactorChallenge = z.object({
  twoFactor: z.enum(['verify', 'enrol']),
  /** short-lived, single-use; goes to verifyTwoFactor (and enrolTwoFactorAtSignIn) */
  challenge: z.string(),
  expiresAt: z.string(),
});
/** A session, or a two-factor challenge when the account has (or must have) a second factor. */
const signIn = z.union([session, twoFactorChallenge]);
/** What the console reports about itself at sign-in (browser and system), shown in session lists. */
const device = z.string().trim().max(200).optional();
const challenge = z.string().min(20).max(100);

export const twoFactorEnrolment = z.object({
  /** Base32, for typing into an authenticator by hand */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** the otpauth URL as a PNG QR code, a data: URL */
  qrDataUrl: z.string(),
});
const phone = z
  .string()
  .trim()
  .regex(/^\+?\d{6,15}$/, 'phone');
const email = z.email();

/** The shapes of an action that takes nothing but the caller's session. */
const withoutInput = <Res extends z.ZodType>(summary: string, response: Res) => ({ summary, request: empty, response });

const asset = actionsOn('asset');

export const identityActions = {
  login: asset.write(null, {
    summary:
      'Sign in with account and MD5 of the password; returns a new session token, or a two-factor challenge (twoFactor: verify | enrol) when a second factor is due.',
    request: z.object({ account: nonEmpty(64), password: md5Hex, device }),
    response: signIn,
  }),
  loginByPhone: asset.write(null, {
    summary: 'Sign in with a mobile number and the 6-digit code sent by sendMsgCode; answers as login does (a session or a two-factor challenge).',
    request: z.object({ phone, code: code6, device }),
    response: signIn,
  }),
  logout: asset.write('@session', withoutInput('End the current session; its push connection is closed.', ok)),
  queryProfile: asset.read('@session', withoutInput('The signed-in account profile and permission list.', profile)),
  sendMsgCode: asset.write(null, {
    summary: 'Send a 6-digit SMS code (login or reset). Answers the same whether or not the number is known.',
    request: z.object({ phone, purpose: z.enum(['login', 'reset']) }),
    response: z.object({ resendAfterSeconds: z.number().int() }),
  }),
  resetPasswordByMsgCode: asset.write(null, {
    summary: 'Set a new password (MD5) with an SMS code.',
    request: z.object({ phone, code: code6, newPassword: md5Hex }),
    response: ok,
  }),
  sendEmailMsgCode: asset.write(null, {
    summary: 'Send a 6-digit reset code by e-mail. Answers the same whether or not the address is known.',
    request: z.object({ email }),
    response: z.object({ resendAfterSeconds: z.number().int() }),
  }),
  resetPasswordByEmailMsgCode: asset.write(null, {
    summary: 'Set a new password (MD5) with an e-mail code.',
    request: z.object({ email, code: code6, newPassword: md5Hex }),
    response: ok,
  }),
  resetPasswordByOldPassword: asset.write('@session', {
    summary: 'Change the own password; both MD5-hashed. Other sessions of the account end.',
    request: z.object({ userId: id, oldPassword: md5Hex, newPassword: md5Hex }),
    response: ok,
  }),
  queryAllOrgIdAndName: asset.read(
    '@session',
    withoutInput(
      'Service providers the caller may act on (orgType 1: all; others: their own).',
      z.object({ dataList: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
    ),
  ),
  verifyTwoFactor: asset.write(null, {
    summary:
      'Second sign-in step: the challenge with a 6-digit authenticator code or a recovery code (single use). Wrong codes count toward the sign-in throttling. After an enrolment at sign-in, the first good code confirms it and the answer carries the ten recovery codes, shown once.',
    request: z
      .object({
        challenge,
        code: code6.optional(),
        recoveryCode: z
          .string()
          .trim()
          .regex(/^[a-z0-9]{4}-?[a-z0-9]{4}$/i, 'recoveryCode')
          .optional(),
      })
      .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), { message: 'oneOf', path: ['code'] }),
    response: session.extend({ recoveryCodes: z.array(z.string()).optional() }),
  }),
  enrolTwoFactorAtSignIn: asset.write(null, {
    summary:
      'For a challenge answered with twoFactor: enrol, a fresh TOTP secret with its otpauth URL and QR code; verifyTwoFactor with a code from it confirms.',
    request: z.object({ challenge }),
    response: twoFactorEnrolment,
  }),
  queryTwoFactorStatus: asset.read(
    '@session',
    withoutInput(
      'The own second factor: enrolled, required by the role, recovery codes left.',
      z.object({ enrolled: z.boolean(), required: z.boolean(), recoveryCodesLeft: z.number().int() }),
    ),
  ),
  startTwoFactorEnrolment: asset.write(
    '@session',
    withoutInput(
      'Start enrolling the own account: a fresh TOTP secret, otpauth URL and QR code (replaces an unconfirmed one). Conflict when already enrolled.',
      twoFactorEnrolment,
    ),
  ),
  confirmTwoFactorEnrolment: asset.write('@session', {
    summary: 'Confirm the enrolment with a code from the authenticator; answers the ten recovery codes, shown once.',
    request: z.object({ code: code6 }),
    response: z.object({ recoveryCodes: z.array(z.string()) }),
  }),
  queryPushCredentials: asset.read(
    '@session',
    withoutInput(
      'How the console connects to the push broker: WebSocket URL, MQTT username/password and the topics it may subscribe to.',
      z.object({
        url: z.string(),
        username: z.string(),
        password: z.string(),
        topics: z.array(z.string()),
      }),
    ),
  ),
} as const;
