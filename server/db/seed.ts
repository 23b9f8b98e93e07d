import { ALL_PERMISSIONS, ROUTE_PERMISSIONS } from '../../protocol/permissions';
import { hashPassword } from '../auth/password';
import type { Db, Queryable } from './db';
import type {
  AccountPlan,
  DistributionRow,
  ModeRow,
  OilPriceRow,
  OrgRow,
  RoleRow,
  SeedPlan,
  StationRow,
  StrategyRow,
  TariffRow,
  TemplateRow,
  DeviceRow,
} from './seed-rows';
import { addStation } from './seed-station';
import { DAY, md5 } from './seed-format';
import { tariffSeasons } from './seed-prices';
import { at, Rng, siteSeed } from './seed-rng';
import { ADMIN_ACCOUNT, DISABLED_ACCOUNT, OPERATOR_ACCOUNT, PROVIDERS, ROOT_ORG, SITES, TARIFF_ZONES, TEMPLATE_SPECS, type DemoAccountSpec } from './seed-data';

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
  const adminRole: number[] = [];
  const operatorRole: number[] = [];
  providerIds.forEach((pid) => {
    adminRole.push(roles.length + 1);
    roles.push({
      id: roles.length + 1,
      org_id: pid,
      name: 'Provider administrator',
      permissions: [...ALL_PERMISSIONS],
      notes: "Every permission, within this provider's stations",
      builtin: true,
    });
    operatorRole.push(roles.length + 1);
    roles.push({
      id: roles.length + 1,
      org_id: pid,
      name: 'Site operator (read-only)',
      permissions: [...readOnly],
      notes: 'Sees monitoring, analysis, tariffs and strategies; changes nothing',
      builtin: false,
    });
  });

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
  PROVIDERS.forEach((p, i) => accounts.push(account(2 + i, p.admin, at(providerIds, i), at(adminRole, i), { notes: 'Demo provider administrator' })));
  const operator = account(accounts.length + 1, OPERATOR_ACCOUNT, at(providerIds, 0), at(operatorRole, 0), {
    data_scope: 'stations',
    notes: 'Demo read-only operator, three stations',
  });
  accounts.push(operator);
  accounts.push(
    account(accounts.length + 1, DISABLED_ACCOUNT, at(providerIds, 1), at(operatorRole, 1), { status: 0, notes: 'Disabled demo account: login is refused' }),
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

// ───────────────────────────── writing it ─────────────────────────────

type Columns<R> = { [K in keyof R]: string };

const COLUMNS = {
  orgs: { id: 'int', parent_id: 'int', org_type: 'smallint', name: 'text', address: 'text', logo_url: 'text', currency: 'text' } satisfies Columns<OrgRow>,
  roles: { id: 'int', org_id: 'int', name: 'text', permissions: 'text[]', notes: 'text', builtin: 'boolean' } satisfies Columns<RoleRow>,
  accounts: {
    id: 'int',
    org_id: 'int',
    role_id: 'int',
    account: 'text',
    contact: 'text',
    mobile: 'text',
    email: 'text',
    password_hash: 'text',
    status: 'smallint',
    data_scope: 'text',
    scope_station_ids: 'int[]',
    notes: 'text',
  } satisfies Columns<Omit<AccountPlan, 'password'> & { password_hash: string }>,
  stations: {
    id: 'int',
    provider_id: 'int',
    customer_id: 'int',
    name: 'text',
    address: 'text',
    region: 'text',
    country: 'text',
    timezone: 'text',
    lat: 'double precision',
    lon: 'double precision',
    system_type: 'smallint',
    energy_types: 'text[]',
    site_type: 'text',
    voltage_level: 'text',
    operation_date: 'date',
    pv_capacity_kw: 'numeric',
    ess_power_kw: 'numeric',
    ess_capacity_kwh: 'numeric',
    dg_capacity_kw: 'numeric',
    charging_power_kw: 'numeric',
    card_type: 'smallint',
    picture_url: 'text',
  } satisfies Columns<StationRow>,
  devices: {
    id: 'int',
    station_id: 'int',
    type: 'text',
    name: 'text',
    model: 'text',
    serial_no: 'text',
    rated_power_kw: 'numeric',
    rated_capacity_kwh: 'numeric',
    params: 'jsonb',
  } satisfies Columns<DeviceRow>,
  tariffs: {
    id: 'int',
    station_id: 'int',
    name: 'text',
    currency: 'text',
    effective_date: 'date',
    seasons: 'jsonb',
    created_by: 'int',
  } satisfies Columns<TariffRow>,
  tariff_templates: { id: 'int', provider_id: 'int', name: 'text', seasons: 'jsonb' } satisfies Columns<TemplateRow>,
  oil_prices: {
    id: 'int',
    station_id: 'int',
    start_time: 'timestamptz',
    end_time: 'timestamptz',
    price_per_litre: 'numeric',
    kwh_per_litre: 'numeric',
  } satisfies Columns<OilPriceRow>,
  strategies: {
    id: 'int',
    station_id: 'int',
    kind: 'text',
    name: 'text',
    start_date: 'date',
    end_date: 'date',
    params: 'jsonb',
    issue_status: 'smallint',
    created_by: 'int',
  } satisfies Columns<StrategyRow>,
  strategy_distributions: {
    id: 'int',
    strategy_id: 'int',
    station_id: 'int',
    snapshot: 'jsonb',
    status: 'smallint',
    reason: 'text',
    operator_id: 'int',
    issued_at: 'timestamptz',
    acked_at: 'timestamptz',
  } satisfies Columns<DistributionRow>,
  station_modes: { station_id: 'int', peak_shaving_enabled: 'boolean', island_enabled: 'boolean' } satisfies Columns<ModeRow>,
};
type Table = keyof typeof COLUMNS;

/** Rows per statement: keeps each JSON parameter to a few MB. */
const CHUNK = 5000;

/**
 * INSERT … SELECT FROM json_to_recordset, CHUNK rows per statement (`json` parses cheaper than
 * `jsonb` here; each field is cast once anyway). With `shared`, that jsonb column is sent once
 * per distinct value and joined back by index: devices of one station and type share their
 * params, and parsing them is a large part of what PGlite spends on a big fleet.
 */
async function insertRows<R extends object>(q: Queryable, table: Table, rows: readonly R[], shared?: keyof R & string): Promise<void> {
  if (rows.length === 0) return;
  const cols = Object.entries(COLUMNS[table]);
  const names = cols.map(([c]) => `"${c}"`).join(', ');
  if (!shared) {
    const defs = cols.map(([c, t]) => `"${c}" ${t}`).join(', ');
    const sql = `INSERT INTO ${table} (${names}) SELECT ${names} FROM json_to_recordset($1::json) AS r(${defs})`;
    for (let i = 0; i < rows.length; i += CHUNK) await q.query(sql, [JSON.stringify(rows.slice(i, i + CHUNK))]);
    return;
  }
  const defs = cols.map(([c, t]) => (c === shared ? `"${c}" int` : `"${c}" ${t}`)).join(', ');
  // the dictionary is jsonb: each distinct value is parsed once, then copied into every row
  const select = cols.map(([c]) => (c === shared ? 'v.value' : `r."${c}"`)).join(', ');
  const sql =
    `INSERT INTO ${table} (${names}) SELECT ${select} FROM json_to_recordset($1::json) AS r(${defs}) ` +
    `JOIN jsonb_array_elements($2::jsonb) WITH ORDINALITY AS v(value, n) ON v.n = r."${shared}"`;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const values = new Map<string, number>();
    const chunk = rows.slice(i, i + CHUNK).map((row) => {
      const key = JSON.stringify(row[shared]);
      let n = values.get(key);
      if (n === undefined) values.set(key, (n = values.size + 1));
      return { ...row, [shared]: n };
    });
    await q.query(sql, [JSON.stringify(chunk), `[${[...values.keys()].join(',')}]`]);
  }
}

const SERIAL_TABLES: Table[] = [
  'orgs',
  'roles',
  'accounts',
  'stations',
  'devices',
  'tariffs',
  'tariff_templates',
  'oil_prices',
  'strategies',
  'strategy_distributions',
];

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
    await insertRows(q, 'orgs', plan.orgs);
    await insertRows(q, 'roles', plan.roles);
    await insertRows(q, 'accounts', accounts);
    await insertRows(q, 'stations', plan.stations);
    await insertRows(q, 'devices', plan.devices, 'params');
    await insertRows(q, 'tariffs', plan.tariffs, 'seasons');
    await insertRows(q, 'tariff_templates', plan.tariffTemplates);
    await insertRows(q, 'oil_prices', plan.oilPrices);
    await insertRows(q, 'strategies', plan.strategies);
    await insertRows(q, 'strategy_distributions', plan.distributions);
    await insertRows(q, 'station_modes', plan.stationModes);
    // Explicit ids leave the sequences behind: move each past its table's maximum.
    await q.query(
      `SELECT ${SERIAL_TABLES.map((t) => `setval(pg_get_serial_sequence('${t}', 'id'), COALESCE((SELECT max(id) FROM ${t}), 0) + 1, false)`).join(', ')}`,
    );
    return {
      orgs: plan.orgs.length,
      providers: plan.orgs.filter((o) => o.org_type === 2).length,
      stations: plan.stations.length,
      devices: plan.devices.length,
      accounts: plan.accounts.length,
    };
  });
}
