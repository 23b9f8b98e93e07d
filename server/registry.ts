import type { ChangeBus } from './db/changes';
import type { Queryable } from './db/db';
import { DEFAULT_CURRENCY, joinCurrencies } from '../protocol/currency';

// In-memory copy of the org tree and station registry: every action checks scope against it,
// so it must be cheap. It is reloaded after any write to orgs or stations; once `share`d, such
// a reload also makes every other replica reload (db/changes.ts, docs/deploy.md).

export interface OrgRow {
  id: number;
  parentId: number | null;
  orgType: 1 | 2 | 3;
  name: string;
  address: string | null;
  logoUrl: string | null;
  currency: string;
}
export interface StationMeta {
  id: number;
  providerId: number;
  customerId: number;
  name: string;
  timezone: string;
}

export class Registry {
  orgs = new Map<number, OrgRow>();
  stations = new Map<number, StationMeta>();
  providerIds: number[] = [];
  stationsByProvider = new Map<number, number[]>();

  private changes: ChangeBus | null = null;

  /** Reloads from the database; once shared, the other replicas reload too. */
  async load(db: Queryable): Promise<void> {
    await this.read(db);
    if (this.changes) await this.changes.publish({ kind: 'registry' });
  }

  /** From now on reloads reach the other replicas, and theirs this one. */
  share(db: Queryable, changes: ChangeBus, warn: (o: object, m: string) => void): void {
    this.changes = changes;
    const reload = () => void this.read(db).catch((e: unknown) => warn({ err: String(e) }, 'registry reload failed'));
    changes.listen({
      apply: (c) => {
        if (c.kind === 'registry') reload();
      },
      resync: reload,
    });
  }

  private async read(db: Queryable): Promise<void> {
    const orgs = await db.query<OrgRow>(
      'SELECT id, parent_id AS "parentId", org_type AS "orgType", name, address, logo_url AS "logoUrl", currency FROM orgs ORDER BY id',
    );
    const stations = await db.query<StationMeta>(
      'SELECT id, provider_id AS "providerId", customer_id AS "customerId", name, timezone FROM stations ORDER BY id',
    );
    this.orgs = new Map(orgs.map((o) => [o.id, o]));
    this.stations = new Map(stations.map((s) => [s.id, s]));
    this.providerIds = orgs.filter((o) => o.orgType === 2).map((o) => o.id);
    this.stationsByProvider = new Map(this.providerIds.map((p) => [p, [] as number[]]));
    for (const s of stations) this.stationsByProvider.get(s.providerId)?.push(s.id);
  }

  /** The service provider an org belongs to (itself for a provider, its parent for a customer). */
  providerOf(orgId: number): number | null {
    const o = this.orgs.get(orgId);
    if (!o) return null;
    if (o.orgType === 2) return o.id;
    if (o.orgType === 3 && o.parentId !== null) return o.parentId;
    return null;
  }

  /** The currency of a station's money: its provider's (ISO 4217; USD until set otherwise). */
  currencyOfStation(stationId: number): string {
    const s = this.stations.get(stationId);
    return (s && this.orgs.get(s.providerId)?.currency) ?? DEFAULT_CURRENCY;
  }

  /**
   * The currency of money summed over these stations: theirs when they share one, else the
   * codes joined by '/' (money of different currencies is never added; MIXED_SEPARATOR).
   */
  currencyOfStations(stationIds: Iterable<number>): string {
    return joinCurrencies([...stationIds].map((id) => this.currencyOfStation(id)));
  }
}
