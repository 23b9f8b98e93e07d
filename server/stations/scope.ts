import type { Scope } from '../auth/scope';
import { authed, type Ctx } from '../api/context';
import { ActionError } from '../api/errors';

// Which stations and providers a request may name: anything outside the caller's data scope
// answers notFound, the same answer as a missing id.

/** A station in the caller's scope, or notFound (the same answer as a missing id). */
export const requireStation = (scope: Scope, stationId: number): void => {
  if (!scope.hasStation(stationId)) throw new ActionError('notFound');
};

/** The caller's scope once it holds `stationId` (notFound otherwise). */
export const scopeWithStation = (ctx: Ctx, stationId: number): Scope => {
  const { scope } = authed(ctx);
  requireStation(scope, stationId);
  return scope;
};

/** The provider a request works on: the given one if in scope, else all in scope. */
export const providersFor = (scope: Scope, orgId?: number): number[] => {
  // one's own org is always in scope: a customer's (or a provider's without stations) reads answer
  // what it holds, possibly nothing, never notFound
  if (orgId === undefined || scope.isOwnOrg(orgId)) return scope.providerIds();
  if (!scope.hasProvider(orgId)) throw new ActionError('notFound');
  return [orgId];
};

/** The IANA zone a station keeps its local days in (UTC for an unknown id). */
export const tzOf = (ctx: Ctx, stationId: number): string => ctx.services.registry.stations.get(stationId)?.timezone ?? 'UTC';
