import type { Profile } from '../../protocol/actions/identity';
import type { Queryable } from '../db/db';
import type { Services } from '../services';
import { authed, type Ctx, type Handlers } from '../api/context';
import { ActionError } from '../api/errors';
import { dummyHash, hashPassword, verifyPassword } from '../auth/password';
import { loadPrincipal } from '../auth/sessions';
import type { Principal } from '../auth/scope';
import { assertNotThrottled, clearFailures, recordFailure } from '../auth/throttle';
import { consumeCode, issueCode, RESEND_AFTER_S } from '../auth/codes';

interface AccountRow { id: number; password_hash: string; status: number }

const buildProfile = (s: Services, p: Principal): Profile => {
  const org = s.registry.orgs.get(p.orgId);
  const root = [...s.registry.orgs.values()].find((o) => o.orgType === 1);
  const providerId = s.registry.providerOf(p.orgId);
  const logo = org?.logoUrl ?? (providerId ? s.registry.orgs.get(providerId)?.logoUrl : null) ?? null;
  return {
    platform: root?.name ?? 'EMS Cloud Platform',
    name: p.contact || p.account,
    account: p.account,
    orgLogoUrl: logo,
    orgType: p.orgType,
    orgId: p.orgId,
    orgName: org?.name ?? '',
    userId: p.accountId,
    roleName: p.roleName,
    permissions: [...p.permissions].sort().map((permission) => ({ permission })),
  };
};

const startSession = async (s: Services, accountId: number) => {
  const p = await loadPrincipal(s.db, accountId);
  if (!p) throw new ActionError('wrongCredentials');
  const { token, expiresAt } = await s.sessions.create(accountId);
  return { token, expiresAt: expiresAt.toISOString(), profile: buildProfile(s, p) };
};

const accountBy = async (db: Queryable, column: 'account' | 'mobile' | 'email', value: string) =>
  (await db.query<AccountRow>(`SELECT id, password_hash, status FROM accounts WHERE lower(${column}) = lower($1)`, [value]))[0];

const setPassword = async (ctx: Ctx, accountId: number, md5: string, keepTokenHash?: string) => {
  const h = await hashPassword(md5);
  await ctx.services.db.query('UPDATE accounts SET password_hash=$2, updated_at=$3 WHERE id=$1', [accountId, h, ctx.now]);
  await ctx.services.sessions.revokeAccount(accountId, keepTokenHash);
};

export const identityHandlers: Handlers = {
  login: async ({ account, password }, ctx) => {
    const { db } = ctx.services;
    const key = `acct:${account.toLowerCase()}`;
    await assertNotThrottled(db, key, ctx.now);
    const row = await accountBy(db, 'account', account);
    // Unknown account and wrong password take the same path and time and give the same answer.
    const ok = await verifyPassword(row?.password_hash ?? (await dummyHash()), password);
    if (!row || !ok) {
      await recordFailure(db, key, ctx.now);
      throw new ActionError('wrongCredentials');
    }
    if (row.status !== 1) throw new ActionError('accountDisabled');
    await clearFailures(db, key);
    return startSession(ctx.services, row.id);
  },

  loginByPhone: async ({ phone, code }, ctx) => {
    const { db } = ctx.services;
    const key = `phone:${phone}`;
    await assertNotThrottled(db, key, ctx.now);
    try {
      await consumeCode(db, 'sms', phone, 'login', code, ctx.now);
    } catch (e) {
      await recordFailure(db, key, ctx.now);
      throw e;
    }
    const row = await accountBy(db, 'mobile', phone);
    if (!row) throw new ActionError('wrongCode');
    if (row.status !== 1) throw new ActionError('accountDisabled');
    await clearFailures(db, key);
    return startSession(ctx.services, row.id);
  },

  logout: async (_in, ctx) => {
    const { tokenHash } = authed(ctx);
    await ctx.services.sessions.revokeToken(tokenHash);
    return null;
  },

  queryProfile: async (_in, ctx) => buildProfile(ctx.services, authed(ctx).me),

  sendMsgCode: async ({ phone, purpose }, ctx) => {
    const row = await accountBy(ctx.services.db, 'mobile', phone);
    // Same answer whether or not the number is known: no account enumeration.
    if (row && row.status === 1) {
      const code = await issueCode(ctx.services.db, 'sms', phone, purpose, ctx.now);
      if (code) await ctx.services.outbox.deliver({ channel: 'sms', to: phone, subject: 'verification code', text: `EMS Cloud code: ${code} (10 min)` });
    }
    return { resendAfterSeconds: RESEND_AFTER_S };
  },

  resetPasswordByMsgCode: async ({ phone, code, newPassword }, ctx) => {
    await consumeCode(ctx.services.db, 'sms', phone, 'reset', code, ctx.now);
    const row = await accountBy(ctx.services.db, 'mobile', phone);
    if (!row) throw new ActionError('wrongCode');
    await setPassword(ctx, row.id, newPassword);
    return null;
  },

  sendEmailMsgCode: async ({ email }, ctx) => {
    const row = await accountBy(ctx.services.db, 'email', email);
    if (row && row.status === 1) {
      const code = await issueCode(ctx.services.db, 'email', email.toLowerCase(), 'reset', ctx.now);
      if (code) {
        try {
          await ctx.services.outbox.deliver({ channel: 'email', to: email.toLowerCase(), subject: 'EMS Cloud password reset', text: `Your verification code is ${code}. It expires in 10 minutes.` });
        } catch (e) {
          ctx.log.error({ err: e }, 'e-mail delivery failed');
          throw new ActionError('sendCodeFailed');
        }
      }
    }
    return { resendAfterSeconds: RESEND_AFTER_S };
  },

  resetPasswordByEmailMsgCode: async ({ email, code, newPassword }, ctx) => {
    await consumeCode(ctx.services.db, 'email', email.toLowerCase(), 'reset', code, ctx.now);
    const row = await accountBy(ctx.services.db, 'email', email);
    if (!row) throw new ActionError('wrongCode');
    await setPassword(ctx, row.id, newPassword);
    return null;
  },

  resetPasswordByOldPassword: async ({ userId, oldPassword, newPassword }, ctx) => {
    const { me, tokenHash } = authed(ctx);
    if (userId !== me.accountId) throw new ActionError('forbidden');
    const key = `pw:${me.accountId}`;
    await assertNotThrottled(ctx.services.db, key, ctx.now);
    const [row] = await ctx.services.db.query<AccountRow>('SELECT id, password_hash, status FROM accounts WHERE id=$1', [me.accountId]);
    if (!row || !(await verifyPassword(row.password_hash, oldPassword))) {
      await recordFailure(ctx.services.db, key, ctx.now);
      throw new ActionError('wrongPassword');
    }
    await setPassword(ctx, me.accountId, newPassword, tokenHash);
    return null;
  },

  queryAllOrgIdAndName: async (_in, ctx) => {
    const { scope } = authed(ctx);
    const reg = ctx.services.registry;
    return { dataList: scope.providerIds().map((id) => ({ id, name: reg.orgs.get(id)?.name ?? '' })) };
  },

  queryPushCredentials: async (_in, ctx) => {
    const { me, tokenHash, token } = authed(ctx);
    return ctx.services.broker.credentialsFor(me, tokenHash, token);
  },
};
