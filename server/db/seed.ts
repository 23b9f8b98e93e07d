import { ALL_PERMISSIONS, ROUTE_PERMISSIONS } from '../../protocol/permissions';
import { hashPassword } from '../auth/password';
import type { Db, Queryable } from './db';
import type { AccountPlan, OrgRow, RoleRow, SeedPlan } from './seed-rows';
import { insertPlan } from './seed-insert';
import { addStation } from './seed-station';
import { DAY, md5 } from './seed-format';
import { tariffSeasons } from './seed-prices';
import { at, Rng, siteSeed } from './seed-rng';
import { ADMIN_ACCOUNT, DISABLED_ACCOUNT, OPERATOR_ACCOUNT, PROVIDERS, ROOT_ORG, SITES, type DemoAccountSpec } from './seed-data';
import { TARIFF_ZONES, TEMPLATE_SPECS } from './seed-tariff-zones';

// Demo fleet for a fresh database (docs/seed.md). `planSeed` is pure and deterministic: the same
// `now` and `stations` give the same rows, ids included (mulberry32 seeded per site, never
// Math.random). `seedIfEmpty` writes the plan in one transaction with a handful of multi-row
// INSERT … SELECT FROM json_to_recordset statements. Ids are explicit (1..n per table, which
// is safe because every seeded table hangs off `orgs` by foreign key, so an empty `orgs` means
// they are all empty) and the serial sequences are moved past them at the end.

export type * from './seed-rows';

export interface SeedOptions {
  /** clock for effective dates, oil-price windows and strategy dates; default: now */
  now?: Date;
  /** stations in the fleet, 1..99999; default 60 (one per real site in seed-data.ts) */
  stations?: number;
}

export interface SeedSummary {
  orgs: number;
  providers: number;
  stations: number;
  devices: number;
  accounts: number;
}

export const DEFAULT_STATIONS = SITES.length;
const MAX_STATIONS = 99_999;
/** pg_advisory_xact_lock key: two servers starting at once on one PostgreSQL seed once. */
const SEED_LOCK = 7_314_001;

// ───────────────────────────── the plan ─────────────────────────────

/** The whole demo dataset as rows, without touching a database. Deterministic in (now, stations). */
export function planSeed(opts: { now: Date; stations: number }): SeedPlan {
  const { now } = opts;
  const n = opts.stations;
  if (!Number.isInteger(n) || n < 1 || n > MAX_STATIONS) throw new RangeError(`stations must be an integer in 1..${MAX_STATIONS}, got ${n}`);
  if (Number.isNaN(now.getTime())) throw new RangeError('now is not a valid date');

  // Orgs: root, providers, then each provider's customers.
  const orgs: OrgRow[] = [{ id: 1, parent_id: null, org_type: 1, name: ROOT_ORG.name, address: ROOT_ORG.address, logo_url: ROOT_ORG.logoUrl, currency: 'USD' }];
  const providerIds = PROVIDERS.map((p, i) => {
    orgs.push({ id: 2 + i, parent_id: 1, org_type: 2, name: p.name, address: p.address, logo_url: p.logoUrl, currency: p.currency });
    return 2 + i;
  });
  const customerIds = PROVIDERS.map((p, i) =>
    p.customers.map((c) => {
      const id = orgs.length + 1;
      orgs.push({ id, parent_id: at(providerIds, i), org_type: 3, name: c.name, address: c.address, logo_url: null, currency: p.currency });
      return id;
    }),
  );

  // Roles: the platform administrator; per provider an administrator and a read-only operator.
  const readOnly = ROUTE_PERMISSIONS.filter((k) => k !== 'system.account' && k !== 'system.role' && k !== 'system.audit');
  const roles: RoleRow[] = [
    {
      id: 1,
      org_id: 1,
      name: 'Platform administrator',
      permissions: [...ALL_PERMISSIONS],
      notes: 'Built-in: every permission, across all service providers',
      builtin: true,
    },
  ];
  const providerRoles: Omit<RoleRow, 'id' | 'org_id'>[] = [
    { name: 'Provider administrator', permissions: [...ALL_PERMISSIONS], notes: "Every permission, within this provider's stations", builtin: true },
    { name: 'Site operator (read-only)', permissions: readOnly, notes: 'Sees monitoring, analysis, tariffs and strategies; changes nothing', builtin: false },
  ];
  providerIds.forEach((pid) => providerRoles.forEach((r) => roles.push({ id: roles.length + 1, org_id: pid, ...r, permissions: [...r.permissions] })));
  // provider p's roles follow the platform's, in providerRoles order
  const adminRole = (p: number) => 2 + p * providerRoles.length;
  const operatorRole = (p: number) => 3 + p * providerRoles.length;

  // Accounts get fixed ids so everything else can name its creator; the operator's station list is filled below.
  const account = (id: number, spec: DemoAccountSpec, org: number, role: number, extra: Partial<AccountPlan> = {}): AccountPlan => ({
    id,
    org_id: org,
    role_id: role,
    account: spec.account,
    contact: spec.contact,
    mobile: spec.mobile,
    email: spec.email,
    status: 1,
    data_scope: 'org',
    scope_station_ids: [],
    notes: '',
    password: spec.password,
    ...extra,
  });
  const accounts: AccountPlan[] = [account(1, ADMIN_ACCOUNT, 1, 1, { notes: 'Demo platform administrator' })];
  PROVIDERS.forEach((p, i) => accounts.push(account(2 + i, p.admin, at(providerIds, i), adminRole(i), { notes: 'Demo provider administrator' })));
  const operator = account(accounts.length + 1, OPERATOR_ACCOUNT, at(providerIds, 0), operatorRole(0), {
    data_scope: 'stations',
    notes: 'Demo read-only operator, three stations',
  });
  accounts.push(operator);
  accounts.push(
    account(accounts.length + 1, DISABLED_ACCOUNT, at(providerIds, 1), operatorRole(1), { status: 0, notes: 'Disabled demo account: login is refused' }),
  );
  const providerAdmin = (p: number) => 2 + p;

  const plan: SeedPlan = {
    orgs,
    roles,
    accounts,
    stations: [],
    devices: [],
    tariffs: [],
    tariffTemplates: [],
    oilPrices: [],
    strategies: [],
    distributions: [],
    stationModes: [],
  };

  // Two templates per provider.
  TEMPLATE_SPECS.forEach((specs, p) =>
    specs.forEach(([zone, name]) =>
      plan.tariffTemplates.push({
        id: plan.tariffTemplates.length + 1,
        provider_id: at(providerIds, p),
        name,
        seasons: tariffSeasons(TARIFF_ZONES[zone], 1, PROVIDERS[p]!.currency),
      }),
    ),
  );

  const pendingFrom = (() => {
    // "next month", but never a date that is already today somewhere east of UTC
    const t = new Date(now.getTime() + 3 * DAY);
    return Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 1);
  })();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const opFirst = Date.UTC(2021, 0, 1);
  const opLast = Math.max(Date.UTC(2021, 2, 1), Math.min(today - 45 * DAY, Date.UTC(2026, 11, 31)));

  const L = SITES.length;
  for (let i = 0; i < n; i++) {
    // n ≤ L: spread evenly over the table (so 3 stations are one per provider); n > L: cycle it.
    const loc = n <= L ? Math.floor(((i + 0.5) * L) / n) : i % L;
    const copy = n <= L ? 0 : Math.floor(i / L);
    const site = at(SITES, loc);
    const stationId = i + 1;
    const rng = new Rng(siteSeed(loc, copy));
    addStation(plan, {
      site,
      stationId,
      copy,
      rng,
      now,
      today,
      pendingFrom,
      opFirst,
      opLast,
      providerId: at(providerIds, site.provider),
      customerId: at(at(customerIds, site.provider), site.customer),
      creator: providerAdmin(site.provider),
      // exact shares, independent of the random stream: 20 % pending, 20 % history
      pending: i % 5 === 1,
      history: i % 5 === 3,
    });
  }

  operator.scope_station_ids = plan.stations
    .filter((s) => s.provider_id === providerIds[0])
    .slice(0, 3)
    .map((s) => s.id);
  return plan;
}

const isEmpty = async (q: Queryable) => (await q.query('SELECT 1 FROM orgs LIMIT 1')).length === 0;

/**
 * Seeds the demo fleet when `orgs` is empty; otherwise does nothing and returns null.
 * One transaction, serialised by an advisory lock, so concurrent first starts seed once.
 */
export async function seedIfEmpty(db: Db, opts: SeedOptions = {}): Promise<SeedSummary | null> {
  if (!(await isEmpty(db))) return null;
  const plan = planSeed({ now: opts.now ?? new Date(), stations: opts.stations ?? DEFAULT_STATIONS });
  // argon2id costs ~50 ms each: only the handful of demo accounts, all at once, outside the transaction.
  const hashes = await Promise.all(plan.accounts.map((a) => hashPassword(md5(a.password))));
  const accounts = plan.accounts.map(({ password: _password, ...a }, i) => ({ ...a, password_hash: at(hashes, i) }));

  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    if (!(await isEmpty(q))) return null;
    await insertPlan(q, plan, accounts);
    return {
      orgs: plan.orgs.length,
      providers: plan.orgs.filter((o) => o.org_type === 2).length,
      stations: plan.stations.length,
      devices: plan.devices.length,
      accounts: plan.accounts.length,
    };
  });
}
