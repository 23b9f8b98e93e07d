import { authed, type Handlers } from '../api/context';
import { audit } from '../api/audit';
import { removeFactor } from '../auth/two-factor';
import { assertDominates, notSelf } from '../accounts/grants';
import { loadAccount } from '../accounts/records';

// An account's sessions and second factor, as its administrator sees them (account detail).

/** A handle for a session that names it without revealing anything usable: part of its token hash. */
const sessionIdOf = (tokenHash: string): string => tokenHash.slice(0, 16);

export const accountSessionsHandlers: Handlers = {
  queryAccountSessions: async ({ userId }, ctx) => {
    const { me, tokenHash } = authed(ctx);
    const t = await loadAccount(ctx, me, userId);
    const live = await ctx.services.sessions.listActive(t.userId);
    return {
      dataList: live.map((s) => ({
        sessionId: sessionIdOf(s.tokenHash),
        device: s.device,
        ip: s.ip,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
        current: s.tokenHash === tokenHash,
      })),
    };
  },

  revokeAccountSessions: async ({ userId }, ctx) => {
    const { me, tokenHash } = authed(ctx);
    const t = await loadAccount(ctx, me, userId);
    assertDominates(me, t);
    // Signing oneself out everywhere keeps the session that asked, so the screen stays usable.
    const revoked = await ctx.services.sessions.revokeAccount(t.userId, t.userId === me.accountId ? tokenHash : undefined);
    await audit(ctx.services.db, ctx, me.accountId, 'revokeAccountSessions', `account:${t.userId}`, { revoked });
    return { revoked };
  },

  resetTwoFactor: async ({ userId }, ctx) => {
    const { me } = authed(ctx);
    const t = await loadAccount(ctx, me, userId);
    notSelf(me, t.userId);
    assertDominates(me, t);
    await ctx.services.db.tx(async (tx) => {
      const had = await removeFactor(tx, t.userId);
      await audit(tx, ctx, me.accountId, 'resetTwoFactor', `account:${t.userId}`, { had });
    });
    return null;
  },
};
