import type { Queryable } from '../db/db';
import { authed, type Ctx, type Handlers } from '../api/context';
import { ActionError } from '../api/errors';
import { dummyHash, hashPassword, verifyPassword } from '../auth/password';
import { assertNotThrottled, clearFailures, recordFailure } from '../auth/throttle';
import { consumeCode, issueCode, RESEND_AFTER_S } from '../auth/codes';
import { audit } from '../api/audit';
import { auditSignIn } from '../audit/sign-in';
import { buildProfile, signInOrChallenge } from '../auth/sign-in';

interface AccountRow {
  id: number;
  password_hash: string;
  status: number;
}

const accountBy = async (db: Queryable, column: 'account' | 'mobile' | 'email', value: string) =>
  (await db.query<AccountRow>(`SELECT id, password_hash, status FROM accounts WHERE lower(${column}) = lower($1)`, [value]))[0];

const setPassword = async (ctx: Ctx, accountId: number, md5: string, via: 'sms' | 'email' | 'oldPassword', keepTokenHash?: string) => {
  const h = await hashPassword(md5);
  await ctx.services.db.tx(async (t) => {
    await t.query('UPDATE accounts SET password_hash=$2, updated_at=$3 WHERE id=$1', [accountId, h, ctx.now]);
    await audit(t, ctx, accountId, 'changePassword', `account:${accountId}`, { via });
  });
  await ctx.services.sessions.revokeAccount(accountId, keepTokenHash);
};

export const identityHandlers: Handlers = {
  login: async ({ account, password, device }, ctx) => {
    const { db } = ctx.services;
    const key = `acct:${account.toLowerCase()}`;
    await assertNotThrottled(db, key, ctx.now);
    const row = await accountBy(db, 'account', account);
    // Unknown account and wrong password take the same path and time and give the same answer.
    const ok = await verifyPassword(row?.password_hash ?? (await dummyHash()), password);
    if (!row || !ok) {
      await recordFailure(db, key, ctx.now);
      await auditSignIn(db, ctx, row?.id ?? null, 'failed', { method: 'password', reason: 'wrongCredentials', account });
      throw new ActionError('wrongCredentials');
    }
    if (row.status !== 1) {
      await auditSignIn(db, ctx, row.id, 'failed', { method: 'password', reason: 'accountDisabled' });
      throw new ActionError('accountDisabled');
    }
    await clearFailures(db, key);
    return signInOrChallenge(ctx, row.id, { method: 'password', throttleKey: key, device });
  },

  loginByPhone: async ({ phone, code, device }, ctx) => {
    const { db } = ctx.services;
    const key = `phone:${phone}`;
    await assertNotThrottled(db, key, ctx.now);
    try {
      await consumeCode(db, 'sms', phone, 'login', code, ctx.now);
    } catch (e) {
      await recordFailure(db, key, ctx.now);
      await auditSignIn(db, ctx, (await accountBy(db, 'mobile', phone))?.id ?? null, 'failed', { method: 'phone', reason: 'wrongCode' });
      throw e;
    }
    const row = await accountBy(db, 'mobile', phone);
    if (!row) throw new ActionError('wrongCode');
    if (row.status !== 1) {
      await auditSignIn(db, ctx, row.id, 'failed', { method: 'phone', reason: 'accountDisabled' });
      throw new ActionError('accountDisabled');
    }
    await clearFailures(db, key);
    return signInOrChallenge(ctx, row.id, { method: 'phone', throttleKey: key, device });
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
    await setPassword(ctx, row.id, newPassword, 'sms');
    return null;
  },

  sendEmailMsgCode: async ({ email }, ctx) => {
    const row = await accountBy(ctx.services.db, 'email', email);
    if (row && row.status === 1) {
      const code = await issueCode(ctx.services.db, 'email', email.toLowerCase(), 'reset', ctx.now);
      if (code) {
        try {
          await ctx.services.outbox.deliver({
            channel: 'email',
            to: email.toLowerCase(),
            subject: 'EMS Cloud password reset',
            text: `Your verification code is ${code}. It expires in 10 minutes.`,
          });
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
    await setPassword(ctx, row.id, newPassword, 'email');
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
    await setPassword(ctx, me.accountId, newPassword, 'oldPassword', tokenHash);
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
