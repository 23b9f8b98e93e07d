import { Scope, type Principal } from '../../auth/scope';
import type { Registry } from '../../registry';
import { found, type ApiHook } from '../call';
import { ActionError } from '../errors';

export interface SessionDeps {
  sessions: { resolve(token: string): Promise<{ principal: Principal; tokenHash: string } | null> };
  registry: Registry;
}

/**
 * Unless the action is public: a live session (`authorization: Bearer <token>`), then any one
 * of the action's permissions (`@session` needs none), then the data scope of the principal.
 */
export const sessionHook = (deps: SessionDeps): ApiHook => async (req, call) => {
  const { def } = found(call.action);
  if (def.permission === null) return;
  const auth = req.headers.authorization;
  const token = auth?.startsWith('Bearer ') ? auth.slice(7) : '';
  const s = token ? await deps.sessions.resolve(token) : null;
  if (!s) throw new ActionError('unauthenticated');
  const need = def.permission === '@session' ? [] : typeof def.permission === 'string' ? [def.permission] : def.permission;
  if (need.length > 0 && !need.some((p) => s.principal.permissions.has(p))) throw new ActionError('forbidden');
  call.session = { principal: s.principal, scope: new Scope(s.principal, deps.registry), tokenHash: s.tokenHash, token };
};
