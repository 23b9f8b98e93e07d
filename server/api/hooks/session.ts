import type { PermissionRule } from '../../../protocol/action';
import { Scope, type Principal } from '../../auth/scope';
import type { Registry } from '../../registry';
import { isApiToken } from '../../tokens/resolve';
import type { ApiTokenAuthoriser } from '../../tokens/use';
import { found, type ApiHook } from '../call';
import { ActionError } from '../errors';

export interface SessionDeps {
  sessions: { resolve(token: string): Promise<{ principal: Principal; tokenHash: string } | null> };
  /** API tokens: authorises one call or throws the refusal (tokens/use.ts) */
  apiTokens: ApiTokenAuthoriser;
  registry: Registry;
}

const permits =
  (rule: Exclude<PermissionRule, null>) =>
  (p: Principal): boolean => {
    const need = rule === '@session' ? [] : typeof rule === 'string' ? [rule] : rule;
    return need.length === 0 || need.some((x) => p.permissions.has(x));
  };

/**
 * Unless the action is public: a live session or API token (`authorization: Bearer <token>`),
 * then any one of the action's permissions (`@session` needs none), then the data scope of the
 * principal. An API token's principal is its creator's, narrowed to the token (tokens/resolve.ts).
 */
export const sessionHook =
  (deps: SessionDeps): ApiHook =>
  async (req, call) => {
    const { name, def } = found(call.action);
    if (def.permission === null) return;
    const auth = req.headers.authorization;
    const token = auth?.startsWith('Bearer ') ? auth.slice(7) : '';
    const allowed = permits(def.permission);
    if (token && isApiToken(token)) {
      const a = await deps.apiTokens.authorise(token, { action: name, ip: req.ip ?? null, permits: allowed });
      call.session = { principal: a.principal, scope: new Scope(a.principal, deps.registry), tokenHash: a.tokenHash, token, apiTokenId: a.tokenId };
      return;
    }
    const s = token ? await deps.sessions.resolve(token) : null;
    if (!s) throw new ActionError('unauthenticated');
    if (!allowed(s.principal)) throw new ActionError('forbidden');
    call.session = { principal: s.principal, scope: new Scope(s.principal, deps.registry), tokenHash: s.tokenHash, token, apiTokenId: null };
  };
