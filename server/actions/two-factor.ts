import { authed, type Ctx, type Handlers } from '../api/context';
import { ActionError, fail } from '../api/errors';
import { audit } from '../api/audit';
import { assertNotThrottled, clearFailures, recordFailure } from '../auth/throttle';
import { newEnrolment } from '../auth/totp';
import {
  confirmFactor,
  liveChallenge,
  recoveryCodesLeft,
  roleRequiresTwoFactor,
  saveUnconfirmed,
  secondFactorOf,
  spendChallenge,
  spendRecoveryCode,
  spendTotp,
} from '../auth/two-factor';
import { auditSignIn } from '../audit/sign-in';
import { startSession } from '../auth/sign-in';

// Two-factor sign-in (docs/accounts.md): verifyTwoFactor spends the challenge that the first
// factor answered (sign-in.ts) for a session; enrolment from a session or at sign-in.

const issuerOf = (ctx: Ctx): string => [...ctx.services.registry.orgs.values()].find((o) => o.orgType === 1)?.name ?? 'EMS Cloud Platform';

const accountNameOf = async (ctx: Ctx, accountId: number): Promise<{ account: string; status: number } | null> =>
  (await ctx.services.db.query<{ account: string; status: number }>('SELECT account, status::int AS status FROM accounts WHERE id = $1', [accountId]))[0] ??
  null;

export const twoFactorHandlers: Handlers = {
  verifyTwoFactor: async ({ challenge, code, recoveryCode }, ctx) => {
    const db = ctx.services.db;
    const c = await liveChallenge(db, challenge, ctx.now);
    if (!c) throw new ActionError('codeExpired');
    const { throttleKey: key, method } = c;
    await assertNotThrottled(db, key, ctx.now);
    const account = await accountNameOf(ctx, c.accountId);
    if (!account || account.status !== 1) throw new ActionError('accountDisabled');
    const factor = await secondFactorOf(db, c.accountId);
    if (!factor) throw new ActionError('codeExpired'); // reset by an administrator meanwhile, or enrolment not begun
    const ok =
      code !== undefined
        ? await spendTotp(db, c.accountId, factor, code, ctx.now)
        : factor.confirmed && (await spendRecoveryCode(db, c.accountId, recoveryCode ?? '', ctx.now));
    if (!ok) {
      await recordFailure(db, key, ctx.now);
      await auditSignIn(db, ctx, c.accountId, 'failed', { method, reason: 'wrongSecondFactor' });
      throw new ActionError('wrongCode');
    }
    if (!(await spendChallenge(db, c.tokenHash, ctx.now))) throw new ActionError('codeExpired');
    await clearFailures(db, key);
    let recoveryCodes: string[] | undefined;
    if (!factor.confirmed) {
      recoveryCodes = await confirmFactor(db, c.accountId, ctx.now);
      await audit(db, ctx, c.accountId, 'confirmTwoFactorEnrolment', `account:${c.accountId}`, { atSignIn: true });
    }
    const session = await startSession(ctx, c.accountId, { method, secondFactor: code !== undefined ? 'totp' : 'recoveryCode', device: c.device });
    return recoveryCodes ? { ...session, recoveryCodes } : session;
  },

  enrolTwoFactorAtSignIn: async ({ challenge }, ctx) => {
    const db = ctx.services.db;
    const c = await liveChallenge(db, challenge, ctx.now);
    if (!c) throw new ActionError('codeExpired');
    const account = await accountNameOf(ctx, c.accountId);
    if (!account) throw new ActionError('codeExpired');
    const e = await newEnrolment(issuerOf(ctx), account.account);
    if (!(await saveUnconfirmed(db, c.accountId, e.secret, ctx.now))) return fail('conflict', { reason: 'enrolled' });
    return e;
  },

  queryTwoFactorStatus: async (_in, ctx) => {
    const { me } = authed(ctx);
    const db = ctx.services.db;
    const factor = await secondFactorOf(db, me.accountId);
    return {
      enrolled: factor?.confirmed ?? false,
      required: await roleRequiresTwoFactor(db, me.accountId),
      recoveryCodesLeft: factor?.confirmed ? await recoveryCodesLeft(db, me.accountId) : 0,
    };
  },

  startTwoFactorEnrolment: async (_in, ctx) => {
    const { me } = authed(ctx);
    const e = await newEnrolment(issuerOf(ctx), me.account);
    if (!(await saveUnconfirmed(ctx.services.db, me.accountId, e.secret, ctx.now))) return fail('conflict', { reason: 'enrolled' });
    return e;
  },

  confirmTwoFactorEnrolment: async ({ code }, ctx) => {
    const { me } = authed(ctx);
    const db = ctx.services.db;
    const key = `totp:${me.accountId}`;
    await assertNotThrottled(db, key, ctx.now);
    const factor = await secondFactorOf(db, me.accountId);
    if (!factor) return fail('conflict', { reason: 'notStarted' });
    if (factor.confirmed) return fail('conflict', { reason: 'enrolled' });
    if (!(await spendTotp(db, me.accountId, factor, code, ctx.now))) {
      await recordFailure(db, key, ctx.now);
      throw new ActionError('wrongCode');
    }
    await clearFailures(db, key);
    const recoveryCodes = await db.tx(async (t) => {
      const codes = await confirmFactor(t, me.accountId, ctx.now);
      await audit(t, ctx, me.accountId, 'confirmTwoFactorEnrolment', `account:${me.accountId}`, {});
      return codes;
    });
    return { recoveryCodes };
  },
};
