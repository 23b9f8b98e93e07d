import type { Handlers } from '../api/context';
import { authed } from '../api/context';
import { audit } from '../api/audit';
import { ActionError } from '../api/errors';
import { deleteSubscription, saveSubscription } from './push';

// Handlers of the Web Push actions: the key browsers subscribe with, and each account's own
// subscriptions (a browser turns push on or off for whoever is signed in on it).

export const pushHandlers: Handlers = {
  queryPushKey: async (_q, ctx) => ({ publicKey: (await ctx.services.notifications.vapid()).publicKey }),

  savePushSubscription: async ({ endpoint, keys }, ctx) => {
    const { me } = authed(ctx);
    await saveSubscription(ctx.services.db, me.accountId, { endpoint, p256dh: keys.p256dh, auth: keys.auth, userAgent: null }, ctx.now.getTime());
    // the endpoint is a capability to reach the browser: only its service's origin is audited
    await audit(ctx.services.db, ctx, me.accountId, 'savePushSubscription', `account:${me.accountId}`, { service: new URL(endpoint).origin });
    return null;
  },

  deletePushSubscription: async ({ endpoint }, ctx) => {
    const { me } = authed(ctx);
    if (!(await deleteSubscription(ctx.services.db, me.accountId, endpoint))) throw new ActionError('notFound');
    await audit(ctx.services.db, ctx, me.accountId, 'deletePushSubscription', `account:${me.accountId}`, {});
    return null;
  },
};
