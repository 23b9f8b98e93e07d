// The organisations an administrator manages accounts in: its own, and for a provider (or the
// provider picked by a platform user) the provider with its customers. The station picker reads
// the provider's stations; which ones fit an org follows the org's kind.
import { useObservable, useObservableState } from 'observable-hooks';
import { useMemo } from 'react';
import { map } from 'rxjs';
import { scopeCode } from '../../../streams/monitor/scope';
import { customers$, type StationOption } from '../../../streams/system/accounts';
import { NOTHING } from '../../../streams/system/loaded';
import { useRuntime, useStoreValue } from '../../hooks/runtime';

export type OrgKind = 'platform' | 'provider' | 'customer';
export interface ManagedOrg {
  id: number;
  name: string;
  kind: OrgKind;
}

/** null while the scope settles; for orgType 1, the provider in the selector is included. */
export function useManagedOrgs(): { orgs: ManagedOrg[]; scope: number; providerId: number | null } {
  const { api } = useRuntime();
  const scope = useStoreValue(scopeCode);
  const profile = useStoreValue((s) => s.session.profile);
  const current = useStoreValue((s) => s.session.currentOrg);
  const orgType = profile?.orgType ?? 3;
  // a customer account manages its own org only
  const providerId = scope < 0 || orgType === 3 ? null : orgType === 1 ? (scope > 0 ? scope : null) : (profile?.orgId ?? null);
  const customers = useObservableState(
    useObservable((in$) => customers$(api, in$.pipe(map(([p]) => p))), [providerId]),
    NOTHING,
  );
  const orgs = useMemo(() => {
    if (!profile) return [];
    const kind: OrgKind = orgType === 1 ? 'platform' : orgType === 2 ? 'provider' : 'customer';
    const out: ManagedOrg[] = [{ id: profile.orgId, name: profile.orgName, kind }];
    if (orgType === 1 && providerId !== null && current && current.id === providerId) out.push({ id: providerId, name: current.name, kind: 'provider' });
    for (const c of customers.data ?? []) out.push({ id: c.id, name: c.name, kind: 'customer' });
    return out;
  }, [profile, orgType, providerId, current, customers.data]);
  return { orgs, scope, providerId };
}

/** Stations an account of `org` may be scoped to, among those the manager sees. */
export const stationsOfOrg = (all: readonly StationOption[], org: ManagedOrg | undefined): StationOption[] =>
  !org ? [] : org.kind === 'platform' ? [...all] : all.filter((s) => (org.kind === 'provider' ? s.serviceProviderId === org.id : s.customerId === org.id));
