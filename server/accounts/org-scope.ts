// The orgs whose accounts and roles a caller may manage. Every answer about an id outside the
// caller's org scope is `notFound` with data null, the same as for a missing id
// (docs/accounts.md has the rules as decisions).
import type { Principal } from '../auth/scope';
import type { Registry } from '../registry';
import { authed, type Ctx } from '../api/context';
import { fail } from '../api/errors';

/** Orgs whose accounts and roles `me` may manage: the platform every org; a provider account its
 *  provider and that provider's customers; a customer account its own customer org. */
export const orgInScope = (reg: Registry, me: Principal, orgId: number): boolean => {
  if (!reg.orgs.has(orgId)) return false;
  if (me.orgType === 1) return true;
  if (me.orgType === 2) {
    const mine = reg.providerOf(me.orgId);
    return mine !== null && reg.providerOf(orgId) === mine;
  }
  return orgId === me.orgId;
};

export const orgsInScope = (reg: Registry, me: Principal): number[] => [...reg.orgs.keys()].filter((id) => orgInScope(reg, me, id));

/** The org itself and its ancestors, nearest first. */
export const lineage = (reg: Registry, orgId: number): number[] => {
  const out: number[] = [];
  for (let o = reg.orgs.get(orgId); o && !out.includes(o.id); o = o.parentId === null ? undefined : reg.orgs.get(o.parentId)) out.push(o.id);
  return out;
};

/** The org and every org under it. */
export const subtree = (reg: Registry, orgId: number): number[] => [...reg.orgs.keys()].filter((id) => lineage(reg, id).includes(orgId));

export const requireOrg = (reg: Registry, me: Principal, orgId: number): void => {
  if (!orgInScope(reg, me, orgId)) fail('notFound');
};

/**
 * The orgs in the caller's scope, narrowed to those related to `orgId` when a list is asked for
 * one org (`related` gives the org's subtree for accounts, its lineage for roles); an org out of
 * scope is not found.
 */
export const orgsListed = (ctx: Ctx, orgId: number | undefined, related: (reg: Registry, orgId: number) => number[]): number[] => {
  const { me } = authed(ctx);
  const reg = ctx.services.registry;
  const orgIds = orgsInScope(reg, me);
  if (orgId === undefined) return orgIds;
  requireOrg(reg, me, orgId);
  const keep = new Set(related(reg, orgId));
  return orgIds.filter((o) => keep.has(o));
};

/** A station may be in an account's list when the manager sees it and it belongs to the account's org. */
export const stationOfOrg = (reg: Registry, orgId: number, stationId: number): boolean => {
  const s = reg.stations.get(stationId);
  const o = reg.orgs.get(orgId);
  if (!s || !o) return false;
  return o.orgType === 1 || (o.orgType === 2 ? s.providerId === o.id : s.customerId === o.id);
};
