// Writing a seed plan (server/db/seed.ts) into the database: one multi-row INSERT … SELECT FROM
// json_to_recordset per table and chunk, ids as planned, then the serial sequences past them.

import type { Queryable } from './db';
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

/** Writes every row of the plan, accounts with their password hashes in place of the passwords. */
export async function insertPlan(
  q: Queryable,
  plan: SeedPlan,
  accounts: readonly (Omit<AccountPlan, 'password'> & { password_hash: string })[],
): Promise<void> {
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
}
