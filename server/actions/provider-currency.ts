import { authed, type Handlers } from '../api/context';
import { audit } from '../api/audit';
import { fail } from '../api/errors';

// A service provider's currency (docs/tariffs.md "Currency"): the platform sets it, the provider
// lives with it. Setting it relabels every money figure of the provider's stations at once
// (answers read it from the provider); no number changes, nothing converts.

export const providerCurrencyHandlers: Handlers = {
  updateProviderCurrency: async ({ orgId, currency }, ctx) => {
    const { me } = authed(ctx);
    // a provider's own administrators hold every permission but may not relabel their money
    if (me.orgType !== 1) fail('forbidden', { reason: 'platformOnly' });
    const reg = ctx.services.registry;
    if (reg.orgs.get(orgId)?.orgType !== 2) fail('notFound');
    const before = reg.orgs.get(orgId)!.currency;
    const db = ctx.services.db;
    await db.tx(async (q) => {
      // customers follow their provider, so no org of the provider's tree reads another code
      await q.query('UPDATE orgs SET currency = $2 WHERE id = $1 OR parent_id = $1', [orgId, currency]);
      await audit(q, ctx, me.accountId, 'updateProviderCurrency', `org:${orgId}`, { from: before, to: currency });
    });
    await reg.load(db);
    return null;
  },
};
