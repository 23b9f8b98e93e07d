import { API_TOKEN_MAX_DAYS } from '../../protocol/actions/api-tokens';
import type { FieldIssue } from '../../protocol/envelope';
import { authed, type Ctx, type Handlers } from '../api/context';
import { audit } from '../api/audit';
import { fail, invalid, notFound } from '../api/errors';
import { orgInScope, orgsInScope } from '../accounts/org-scope';
import { insertToken, listTokens, revokeToken, tokenById } from '../tokens/store';

// API tokens for integrations (docs/integrations.md). Managing them takes a console session:
// a token cannot mint or revoke tokens.

const MANAGE = 'system.account.edit';
const DAY_MS = 86_400_000;

const consoleOnly = (ctx: Ctx) => {
  if (ctx.apiTokenId !== null) fail('forbidden', { reason: 'consoleOnly' });
};

export const apiTokenHandlers: Handlers = {
  queryApiTokens: async ({ view }, ctx) => {
    const { me } = authed(ctx);
    if (view === 'own') return { dataList: await listTokens(ctx.services.db, { accountId: me.accountId }, ctx.now) };
    if (!me.permissions.has(MANAGE)) fail('forbidden');
    return { dataList: await listTokens(ctx.services.db, { orgIds: orgsInScope(ctx.services.registry, me) }, ctx.now) };
  },

  createApiToken: async (req, ctx) => {
    consoleOnly(ctx);
    const { me, scope } = authed(ctx);
    const issues: FieldIssue[] = [];
    if (req.permissions.some((p) => !me.permissions.has(p))) issues.push({ path: 'permissions', issue: 'notGranted' });
    if (req.dataScope === 'stations' && req.scopeStationIds.length === 0) issues.push({ path: 'scopeStationIds', issue: 'required' });
    if (req.dataScope === 'stations' && req.scopeStationIds.some((s) => !scope.hasStation(s))) issues.push({ path: 'scopeStationIds', issue: 'outOfScope' });
    if (req.expiresInDays > API_TOKEN_MAX_DAYS[req.kind]) issues.push({ path: 'expiresInDays', issue: 'tooBig', limit: API_TOKEN_MAX_DAYS[req.kind] });
    if (issues.length > 0) invalid(issues);
    const t = {
      accountId: me.accountId,
      name: req.name,
      kind: req.kind,
      permissions: [...new Set(req.permissions)],
      dataScope: req.dataScope,
      scopeStationIds: req.dataScope === 'stations' ? [...new Set(req.scopeStationIds)] : [],
      expiresAt: new Date(ctx.now.getTime() + req.expiresInDays * DAY_MS),
    };
    const { secret, tokenId } = await ctx.services.db.tx(async (tx) => {
      const made = await insertToken(tx, t, ctx.now);
      const { accountId: _, ...detail } = t;
      await audit(tx, ctx, me.accountId, 'createApiToken', `apiToken:${made.tokenId}`, { ...detail, expiresAt: t.expiresAt.toISOString() });
      return made;
    });
    const { orgId: _, ...token } = (await tokenById(ctx.services.db, tokenId, ctx.now))!;
    return { secret, token };
  },

  revokeApiToken: async ({ tokenId }, ctx) => {
    consoleOnly(ctx);
    const { me } = authed(ctx);
    const t = await tokenById(ctx.services.db, tokenId, ctx.now);
    const own = t?.accountId === me.accountId;
    if (!t || (!own && !(me.permissions.has(MANAGE) && orgInScope(ctx.services.registry, me, t.orgId)))) return notFound();
    await ctx.services.db.tx(async (tx) => {
      if (await revokeToken(tx, tokenId, me.accountId, ctx.now))
        await audit(tx, ctx, me.accountId, 'revokeApiToken', `apiToken:${tokenId}`, { name: t.name, accountId: t.accountId });
    });
    return null;
  },
};
