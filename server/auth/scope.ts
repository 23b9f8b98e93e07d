import type { Registry } from '../registry';

/** The signed-in account as every action sees it. */
export interface Principal {
  accountId: number;
  account: string;
  contact: string;
  orgId: number;
  orgType: 1 | 2 | 3;
  roleId: number;
  roleName: string;
  permissions: ReadonlySet<string>;
  dataScope: 'org' | 'stations';
  scopeStationIds: readonly number[];
}

/**
 * Data scope (tenant) of a principal. orgType 1 sees every provider; a provider account its
 * own provider; a customer account its customer's stations; `stations` scope narrows to a list.
 * Anything outside answers `notFound`, the same as a missing id, so probes learn nothing.
 */
export class Scope {
  constructor(
    private readonly p: Principal,
    private readonly reg: Registry,
  ) {}

  get isRoot(): boolean {
    return this.p.orgType === 1;
  }

  providerIds(): number[] {
    if (this.isRoot) return this.reg.providerIds;
    const pid = this.reg.providerOf(this.p.orgId);
    return pid === null ? [] : [pid];
  }

  /** The principal's own organisation: what its console's shell reads for (a customer's is not a provider). */
  isOwnOrg(orgId: number): boolean {
    return this.p.orgId === orgId;
  }

  hasProvider(providerId: number): boolean {
    return this.isRoot ? this.reg.orgs.get(providerId)?.orgType === 2 : this.reg.providerOf(this.p.orgId) === providerId;
  }

  hasStation(stationId: number): boolean {
    const s = this.reg.stations.get(stationId);
    if (!s) return false;
    if (this.p.dataScope === 'stations' && !this.p.scopeStationIds.includes(stationId)) return false;
    if (this.isRoot) return true;
    if (this.p.orgType === 3) return s.customerId === this.p.orgId;
    return s.providerId === this.reg.providerOf(this.p.orgId);
  }

  /** Station ids in scope, optionally within one provider (which must itself be in scope). */
  stationIds(providerId?: number): number[] {
    const pids = providerId === undefined ? this.providerIds() : this.hasProvider(providerId) ? [providerId] : [];
    const out: number[] = [];
    for (const pid of pids) for (const sid of this.reg.stationsByProvider.get(pid) ?? []) if (this.hasStation(sid)) out.push(sid);
    return out;
  }

  /** True when the principal sees whole providers (no station list restriction). */
  get wholeProviders(): boolean {
    return this.p.dataScope === 'org' && this.p.orgType !== 3;
  }
}
