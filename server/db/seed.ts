import { createHash } from 'node:crypto';
import { ALL_PERMISSIONS, ROUTE_PERMISSIONS } from '../../protocol/permissions';
import { hashPassword } from '../auth/password';
import type { Db, Queryable } from './db';
import { mulberry32 } from '../util/prng';
import {
  ADMIN_ACCOUNT,
  DISABLED_ACCOUNT,
  OPERATOR_ACCOUNT,
  PROVIDERS,
  ROOT_ORG,
  SITES,
  TARIFF_ZONES,
  TEMPLATE_SPECS,
  type DemoAccountSpec,
  type EnergyType,
  type Period,
  type SiteSpec,
  type SiteType,
  type SizeClass,
  type TariffZone,
} from './seed-data';

// Demo fleet for a fresh database (docs/seed.md). `planSeed` is pure and deterministic: the same
// `now` and `stations` give the same rows, ids included (mulberry32 seeded per site, never
// Math.random). `seedIfEmpty` writes the plan in one transaction with a handful of multi-row
// INSERT … SELECT FROM json_to_recordset statements. Ids are explicit (1..n per table, which
// is safe because every seeded table hangs off `orgs` by foreign key, so an empty `orgs` means
// they are all empty) and the serial sequences are moved past them at the end.

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

// ───────────────────────────── rows (column names as in the schema) ─────────────────────────────

export interface OrgRow { id: number; parent_id: number | null; org_type: 1 | 2 | 3; name: string; address: string | null; logo_url: string | null }
export interface RoleRow { id: number; org_id: number; name: string; permissions: string[]; notes: string; builtin: boolean }
export interface AccountPlan {
  id: number; org_id: number; role_id: number; account: string; contact: string; mobile: string; email: string;
  status: 0 | 1; data_scope: 'org' | 'stations'; scope_station_ids: number[]; notes: string;
  /** plain text; only its argon2id(md5) is stored */
  password: string;
}
export interface StationRow {
  id: number; provider_id: number; customer_id: number; name: string; address: string; region: string; country: string;
  timezone: string; lat: number; lon: number; system_type: 1 | 2 | 3; energy_types: EnergyType[]; site_type: SiteType;
  voltage_level: string; operation_date: string; pv_capacity_kw: number; ess_power_kw: number; ess_capacity_kwh: number;
  dg_capacity_kw: number; charging_power_kw: number; card_type: 1 | 2 | 3; picture_url: string | null;
}
export type DeviceType = 'gateway' | 'meter' | 'pv_inverter' | 'weather_station' | 'pcs' | 'battery_cluster' | 'generator' | 'charging_pile' | 'load';
export interface DeviceRow {
  id: number; station_id: number; type: DeviceType; name: string; model: string; serial_no: string;
  rated_power_kw: number; rated_capacity_kwh: number; params: Record<string, unknown>;
}
export interface TariffSlot { start: string; end: string; period: Period; fromGridPrice: number; feedInPrice: number }
export interface TariffSeason { months: number[]; slots: TariffSlot[] }
export interface TariffRow { id: number; station_id: number; name: string; currency: string; effective_date: string; seasons: TariffSeason[]; created_by: number }
export interface TemplateRow { id: number; provider_id: number; name: string; seasons: TariffSeason[] }
export interface OilPriceRow { id: number; station_id: number; start_time: string; end_time: string; price_per_litre: number; kwh_per_litre: number }
export interface StrategyRow {
  id: number; station_id: number; kind: 'peakShaving' | 'island'; name: string; start_date: string; end_date: string;
  params: Record<string, unknown>; issue_status: 0 | 1 | 2; created_by: number;
}
export interface DistributionRow {
  id: number; strategy_id: number; station_id: number; snapshot: Record<string, unknown>; status: 1 | 2; reason: string | null;
  operator_id: number; issued_at: string; acked_at: string | null;
}
export interface ModeRow { station_id: number; peak_shaving_enabled: boolean; island_enabled: boolean }

export interface SeedPlan {
  orgs: OrgRow[];
  roles: RoleRow[];
  accounts: AccountPlan[];
  stations: StationRow[];
  devices: DeviceRow[];
  tariffs: TariffRow[];
  tariffTemplates: TemplateRow[];
  oilPrices: OilPriceRow[];
  strategies: StrategyRow[];
  distributions: DistributionRow[];
  stationModes: ModeRow[];
}

// ───────────────────────────── deterministic randomness ─────────────────────────────


class Rng {
  private readonly r: () => number;
  constructor(seed: number) {
    this.r = mulberry32(seed);
  }
  next(): number {
    return this.r();
  }
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.r();
  }
  /** integer in [lo, hi] */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.r() * (hi - lo + 1));
  }
  /** lo + k·step ≤ hi */
  step(lo: number, hi: number, step: number): number {
    return lo + step * this.int(0, Math.floor((hi - lo) / step));
  }
  chance(p: number): boolean {
    return this.r() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return at(xs, Math.floor(this.r() * xs.length));
  }
}

const at = <T>(xs: readonly T[], i: number): T => {
  const x = xs[i];
  if (x === undefined) throw new RangeError(`index ${i} out of range`);
  return x;
};

/** One stream per (site, copy), so a station keeps its attributes whatever the fleet size. */
const siteSeed = (site: number, copy: number, salt = 0): number =>
  (Math.imul(site + 1, 0x9e3779b1) ^ Math.imul(copy + 1, 0x85ebca77) ^ Math.imul(salt + 1, 0xc2b2ae3d)) >>> 0;

// ───────────────────────────── small helpers ─────────────────────────────

const r2 = (x: number) => Math.round(x * 100) / 100;
const r3 = (x: number) => Math.round(x * 1000) / 1000;
const r4 = (x: number) => Math.round(x * 10_000) / 10_000;
const r5 = (x: number) => Math.round(x * 100_000) / 100_000;
const r10 = (x: number) => Math.round(x / 10) * 10;
const pad = (n: number, w: number) => String(n).padStart(w, '0');
const DAY = 86_400_000;
const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);
const iso = (t: number) => new Date(t).toISOString();
/** UTC midnight of the first day of the month `delta` months from `now`'s month */
const monthStart = (now: Date, delta: number) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + delta, 1);
const isZh = (s: string) => /[\u3400-\u9fff]/.test(s);
const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

const PV_KW: Record<SizeClass, [number, number]> = { 1: [100, 400], 2: [400, 2000], 3: [1500, 5000] };
const ESS_KW: Record<SizeClass, [number, number]> = { 1: [100, 250], 2: [250, 1000], 3: [1000, 2000] };
const DG_KW: Record<SizeClass, [number, number]> = { 1: [100, 300], 2: [200, 600], 3: [400, 800] };
const LOAD_KW: Record<SizeClass, [number, number]> = { 1: [60, 300], 2: [300, 2000], 3: [1500, 6000] };
const PILES: Record<SizeClass, [number, number]> = { 1: [1, 3], 2: [2, 6], 3: [4, 8] };
const VOLTAGE: Record<SizeClass, string> = { 1: '0.4 kV', 2: '10 kV', 3: '35 kV' };
/** higher voltage connections pay less per kWh */
const VOLTAGE_PRICE: Record<SizeClass, number> = { 1: 1.04, 2: 1, 3: 0.96 };
const TRANSFORMER_KVA = [250, 400, 630, 800, 1000, 1250, 1600, 2000, 2500, 3150, 4000, 5000, 6300, 8000, 10_000];
/** LFP cells: nominal 3.2 V; a 240-cell cluster of 280 Ah cells holds ~215 kWh */
const CELL_V = 3.2;
const CLUSTER_KWH = 215;

/** Which slot modes a peak-shaving schedule uses for each tariff period. */
const MODE_OF: Record<Period, 'charge' | 'discharge' | 'idle'> = { valley: 'charge', flat: 'idle', peak: 'discharge', sharp: 'discharge' };

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

const tariffSeasons = (zone: TariffZone, factor: number): TariffSeason[] =>
  zone.seasons.map((s) => ({
    months: [...s.months],
    slots: s.slots.map(([start, end, period]) => ({
      start,
      end,
      period,
      fromGridPrice: r4((zone.prices[period] ?? 0) * s.factor * factor),
      feedInPrice: r4(zone.feedIn * (1 + (factor - 1) / 2)),
    })),
  }));

// ───────────────────────────── the plan ─────────────────────────────

/** The whole demo dataset as rows, without touching a database. Deterministic in (now, stations). */
export function planSeed(opts: { now: Date; stations: number }): SeedPlan {
  const { now } = opts;
  const n = opts.stations;
  if (!Number.isInteger(n) || n < 1 || n > MAX_STATIONS) throw new RangeError(`stations must be an integer in 1..${MAX_STATIONS}, got ${n}`);
  if (Number.isNaN(now.getTime())) throw new RangeError('now is not a valid date');

  // Orgs: root, providers, then each provider's customers.
  const orgs: OrgRow[] = [{ id: 1, parent_id: null, org_type: 1, name: ROOT_ORG.name, address: ROOT_ORG.address, logo_url: ROOT_ORG.logoUrl }];
  const providerIds = PROVIDERS.map((p, i) => {
    orgs.push({ id: 2 + i, parent_id: 1, org_type: 2, name: p.name, address: p.address, logo_url: p.logoUrl });
    return 2 + i;
  });
  const customerIds = PROVIDERS.map((p, i) =>
    p.customers.map((c) => {
      const id = orgs.length + 1;
      orgs.push({ id, parent_id: at(providerIds, i), org_type: 3, name: c.name, address: c.address, logo_url: null });
      return id;
    }),
  );

  // Roles: the platform administrator; per provider an administrator and a read-only operator.
  const readOnly = ROUTE_PERMISSIONS.filter((k) => k !== 'system.account' && k !== 'system.role');
  const roles: RoleRow[] = [
    { id: 1, org_id: 1, name: 'Platform administrator', permissions: [...ALL_PERMISSIONS], notes: 'Built-in: every permission, across all service providers', builtin: true },
  ];
  const adminRole: number[] = [];
  const operatorRole: number[] = [];
  providerIds.forEach((pid) => {
    adminRole.push(roles.length + 1);
    roles.push({ id: roles.length + 1, org_id: pid, name: 'Provider administrator', permissions: [...ALL_PERMISSIONS], notes: "Every permission, within this provider's stations", builtin: true });
    operatorRole.push(roles.length + 1);
    roles.push({ id: roles.length + 1, org_id: pid, name: 'Site operator (read-only)', permissions: [...readOnly], notes: 'Sees monitoring, analysis, tariffs and strategies; changes nothing', builtin: false });
  });

  // Accounts get fixed ids so everything else can name its creator; the operator's station list is filled below.
  const account = (id: number, spec: DemoAccountSpec, org: number, role: number, extra: Partial<AccountPlan> = {}): AccountPlan => ({
    id, org_id: org, role_id: role, account: spec.account, contact: spec.contact, mobile: spec.mobile, email: spec.email,
    status: 1, data_scope: 'org', scope_station_ids: [], notes: '', password: spec.password, ...extra,
  });
  const accounts: AccountPlan[] = [account(1, ADMIN_ACCOUNT, 1, 1, { notes: 'Demo platform administrator' })];
  PROVIDERS.forEach((p, i) => accounts.push(account(2 + i, p.admin, at(providerIds, i), at(adminRole, i), { notes: 'Demo provider administrator' })));
  const operator = account(accounts.length + 1, OPERATOR_ACCOUNT, at(providerIds, 0), at(operatorRole, 0), { data_scope: 'stations', notes: 'Demo read-only operator, three stations' });
  accounts.push(operator);
  accounts.push(account(accounts.length + 1, DISABLED_ACCOUNT, at(providerIds, 1), at(operatorRole, 1), { status: 0, notes: 'Disabled demo account: login is refused' }));
  const providerAdmin = (p: number) => 2 + p;

  const plan: SeedPlan = {
    orgs, roles, accounts, stations: [], devices: [], tariffs: [], tariffTemplates: [], oilPrices: [], strategies: [], distributions: [], stationModes: [],
  };

  // Two templates per provider.
  TEMPLATE_SPECS.forEach((specs, p) =>
    specs.forEach(([zone, name]) =>
      plan.tariffTemplates.push({ id: plan.tariffTemplates.length + 1, provider_id: at(providerIds, p), name, seasons: tariffSeasons(TARIFF_ZONES[zone], 1) }),
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
      site, stationId, copy, rng, now, today, pendingFrom, opFirst, opLast,
      providerId: at(providerIds, site.provider),
      customerId: at(at(customerIds, site.provider), site.customer),
      creator: providerAdmin(site.provider),
      // exact shares, independent of the random stream: 20 % pending, 20 % history
      pending: i % 5 === 1,
      history: i % 5 === 3,
    });
  }

  operator.scope_station_ids = plan.stations.filter((s) => s.provider_id === providerIds[0]).slice(0, 3).map((s) => s.id);
  return plan;
}

interface StationCtx {
  site: SiteSpec;
  stationId: number;
  copy: number;
  rng: Rng;
  now: Date;
  today: number;
  pendingFrom: number;
  opFirst: number;
  opLast: number;
  providerId: number;
  customerId: number;
  creator: number;
  pending: boolean;
  history: boolean;
}

function addStation(plan: SeedPlan, c: StationCtx): void {
  const { site, rng, stationId: sid } = c;
  const has = (t: EnergyType) => site.energy.includes(t);
  const zh = isZh(site.name);
  const size = site.size;
  const gridTied = site.system !== 2;

  // Name and place: copies get a phase suffix and a little jitter around the real site.
  const name = c.copy === 0 ? site.name : zh ? `${site.name}（${c.copy + 1}期）` : `${site.name} Phase ${c.copy + 1}`;
  const j = site.jitter ?? 0.03;
  const lat = c.copy === 0 ? site.lat : Math.max(-89.9, Math.min(89.9, site.lat + rng.range(-j, j)));
  let lon = c.copy === 0 ? site.lon : site.lon + rng.range(-j, j);
  if (lon > 180) lon -= 360;
  if (lon < -180) lon += 360;

  // Capacities, consistent with the devices below.
  let pvKw = 0, invUnit = 0, invN = 0;
  if (has('pv')) {
    const target = rng.step(...PV_KW[size], 10);
    invUnit = target <= 300 ? 50 : target <= 1500 ? 110 : 225;
    invN = Math.max(1, Math.round(target / invUnit));
    pvKw = invN * invUnit;
  }
  let essKw = 0, essKwh = 0;
  if (has('ess')) {
    essKw = rng.step(...ESS_KW[size], 50);
    essKwh = essKw * (rng.chance(site.system === 2 ? 0.3 : 0.6) ? 2 : 4);
  }
  const dgKw = has('dg') ? rng.step(...DG_KW[size], 50) : 0;
  const pileKw: number[] = [];
  if (has('charging')) {
    const piles = rng.int(...PILES[size]);
    for (let k = 0; k < piles; k++) pileKw.push(rng.chance(0.55) ? 120 : 60);
  }
  const chargingKw = pileKw.reduce((a, b) => a + b, 0);
  let loadPeakKw = 0;
  if (has('load')) {
    // Islanded sites are sized so the generator can carry the load; grid-tied ones consume
    // roughly what their PV produces and more than the battery can shave.
    loadPeakKw = dgKw > 0 && site.system !== 1
      ? Math.max(50, r10(dgKw * rng.range(0.55, 0.85)))
      : Math.max(rng.step(...LOAD_KW[size], 10), r10(pvKw * rng.range(0.7, 1.1)), r10(essKw * rng.range(1.1, 1.5)));
  }
  const transformerKva = gridTied
    ? TRANSFORMER_KVA.find((k) => k >= Math.max(loadPeakKw * 1.25 + chargingKw, pvKw, essKw)) ?? 10_000
    : 0;

  const span = Math.floor((c.opLast - c.opFirst) / DAY);
  const operationDate = ymd(c.opFirst + rng.int(0, span) * DAY);
  const cardType: 1 | 2 | 3 = !has('ess') ? 2 : rng.chance(0.6) ? 1 : rng.chance(0.5) ? 2 : 3;
  const pictureUrl = rng.chance(0.25) ? null : `/img/stations/${site.site}-${rng.int(1, 3)}.jpg`;

  plan.stations.push({
    id: sid, provider_id: c.providerId, customer_id: c.customerId, name, address: site.address, region: site.region,
    country: site.country, timezone: site.timezone, lat: r5(lat), lon: r5(lon),
    system_type: site.system, energy_types: [...site.energy], site_type: site.site, voltage_level: VOLTAGE[size],
    operation_date: operationDate, pv_capacity_kw: pvKw, ess_power_kw: essKw, ess_capacity_kwh: essKwh,
    dg_capacity_kw: dgKw, charging_power_kw: chargingKw, card_type: cardType, picture_url: pictureUrl,
  });

  // Devices.
  const sn = pad(sid, 5);
  const dev = (type: DeviceType, code: string, k: number, devName: string, model: string, power: number, capacity: number, params: Record<string, unknown>) =>
    plan.devices.push({
      id: plan.devices.length + 1, station_id: sid, type, name: devName, model, serial_no: `${code}-${sn}-${pad(k, 2)}`,
      rated_power_kw: r3(power), rated_capacity_kwh: r3(capacity), params,
    });

  dev('gateway', 'GW', 1, 'Gateway', 'EMS-GW300', 0, 0, { protocol: 'mqtt', firmware: `3.${rng.int(2, 6)}.${rng.int(0, 9)}`, heartbeatSec: 30, uplink: rng.pick(['ethernet', '4g', 'ethernet']) });
  if (gridTied) {
    dev('meter', 'MT', 1, 'Grid Meter', 'DTSD1352', transformerKva, 0, {
      position: 'grid', transformerKva, ctRatio: Math.ceil((transformerKva * 1000) / (Math.sqrt(3) * 400 * 5)) * 5, accuracyClass: '0.5S',
    });
  }
  if (has('pv')) {
    // Panels face the equator, tilted a little under the latitude (flat-ish on factory roofs).
    // One array orientation per site (inverters share their params, which keeps the seed fast).
    const tilt = site.site === 'factory' && size < 3 ? 10 : Math.max(5, Math.min(35, Math.round(Math.abs(lat) * 0.85)));
    const azimuth = (lat >= 0 ? 180 : 0) + rng.int(-10, 10);
    const inverter = {
      tiltDeg: tilt, azimuthDeg: azimuth, dcAcRatio: r2(rng.range(1.1, 1.3)), mpptCount: invUnit >= 225 ? 12 : invUnit >= 110 ? 10 : 4,
      efficiency: 0.985, tempCoeffPctPerC: -0.35,
    };
    for (let k = 1; k <= invN; k++) dev('pv_inverter', 'INV', k, `Inverter ${pad(k, 2)}`, `PVI-${invUnit}KTL`, invUnit, 0, inverter);
    dev('weather_station', 'WS', 1, 'Weather Station', 'WS-PV200', 0, 0, { sensors: ['irradiance', 'ambientTemp', 'moduleTemp', 'windSpeed'], tiltDeg: tilt, azimuthDeg: azimuth });
  }
  if (has('ess')) {
    const pcsN = essKw >= 500 ? 2 : 1;
    const pcsKw = essKw / pcsN;
    const pcsKwh = essKwh / pcsN;
    const clusters = Math.max(2, Math.min(8, Math.round(pcsKwh / CLUSTER_KWH)));
    const clusterKwh = pcsKwh / clusters;
    const series = clusterKwh >= 300 ? 416 : 240;
    // The BMS keeps clusters balanced: one initial SOC per station.
    const cluster = {
      chemistry: 'LFP', cellsInSeries: series, cellNominalV: CELL_V, cellCapacityAh: Math.round((clusterKwh * 1000) / (series * CELL_V)),
      cellVoltageMax: 3.65, cellVoltageMin: 2.5, initialSoc: rng.int(35, 80), roundTripEfficiency: 0.92,
    };
    const pcsParams = { efficiency: 0.975, gridForming: site.system !== 1, clusters, standbyLossKw: r2(pcsKw * 0.003) };
    let bc = 0;
    for (let k = 1; k <= pcsN; k++) {
      dev('pcs', 'PCS', k, `PCS-${k}`, `PCS-${Math.round(pcsKw)}K`, pcsKw, pcsKwh, pcsParams);
      for (let m = 1; m <= clusters; m++) dev('battery_cluster', 'BC', ++bc, `Cluster ${k}-${m}`, `LFP-${series}S`, pcsKw / clusters, clusterKwh, cluster);
    }
  }
  if (has('dg')) {
    const gens = dgKw >= 500 ? 2 : 1;
    const each = dgKw / gens;
    const kwhPerLitre = r2(rng.range(3.1, 3.5));
    const generator = {
      kwhPerLitre, minLoadPct: 30, tankLitres: Math.round((each * 8) / 50) * 50, idleLitresPerHour: r2(each * 0.012),
      fuelCurve: { loadPct: [25, 50, 75, 100], kwhPerLitre: [r2(kwhPerLitre * 0.8), r2(kwhPerLitre * 0.94), kwhPerLitre, r2(kwhPerLitre * 1.03)] },
      startDelaySec: 10, cooldownSec: 180,
    };
    for (let k = 1; k <= gens; k++) dev('generator', 'DG', k, `DG-${k}`, `DG-${Math.round(each)}`, each, 0, generator);
  }
  pileKw.forEach((kw, k) =>
    dev('charging_pile', 'CP', k + 1, `Pile ${pad(k + 1, 2)}`, `DCP-${kw}`, kw, 0, {
      maxKw: kw, connectors: kw >= 120 ? 2 : 1, connector: site.country === 'CN' ? 'GB/T' : 'CCS2', efficiency: 0.95,
    }),
  );
  if (has('load')) {
    const feeders = size === 1 ? 1 : size === 2 ? rng.int(1, 2) : rng.int(2, 3);
    const weights = Array.from({ length: feeders }, () => rng.range(0.6, 1.4));
    const total = weights.reduce((a, b) => a + b, 0);
    weights.forEach((w, k) => {
      const peak = r10((loadPeakKw * w) / total) || 10;
      dev('load', 'LD', k + 1, `Feeder ${k + 1}`, 'Feeder', peak, 0, {
        profile: site.site, peakKw: peak, baseKw: r10(peak * (site.site === 'factory' ? 0.45 : 0.25)), critical: k === 0 && site.system !== 1,
      });
    });
  }

  // Tariffs: one in force, maybe one pending and one historical.
  const zone = TARIFF_ZONES[site.zone];
  // Tariffs are set per region and voltage class, not per site: a few discrete levels.
  const factor = VOLTAGE_PRICE[size] * rng.pick([0.98, 1, 1.02]);
  const tariffName = (t: number) => {
    const d = new Date(t);
    return zh ? `${zone.zh}（${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月起）` : `${zone.en} (from ${ymd(t).slice(0, 7)})`;
  };
  const tariff = (t: number, f: number) => {
    const seasons = tariffSeasons(zone, f);
    plan.tariffs.push({ id: plan.tariffs.length + 1, station_id: sid, name: tariffName(t), currency: 'USD', effective_date: ymd(t), seasons, created_by: c.creator });
    return seasons;
  };
  const inForceFrom = monthStart(c.now, -rng.int(1, 10));
  if (c.history) tariff(Date.UTC(new Date(inForceFrom).getUTCFullYear() - 1, new Date(inForceFrom).getUTCMonth(), 1), factor * 0.96);
  const seasons = tariff(inForceFrom, factor);
  if (c.pending) tariff(c.pendingFrom, factor * 1.03);

  // Fuel: expired, active, pending windows around today.
  if (has('dg')) {
    const price = rng.range(1.05, 1.5);
    const kwhL = r2(rng.range(3.0, 3.6));
    const windows: [number, number, number][] = [[-395, -30, 0.93], [-30, 60, 1], [60, 425, 1.04]];
    for (const [a, b, f] of windows) {
      plan.oilPrices.push({ id: plan.oilPrices.length + 1, station_id: sid, start_time: iso(c.today + a * DAY), end_time: iso(c.today + b * DAY), price_per_litre: r4(price * f), kwh_per_litre: kwhL });
    }
  }

  // Strategies, issued (mostly), with their distribution record.
  const stratStart = monthStart(c.now, -rng.int(0, 5));
  const stratEnd = Date.UTC(new Date(stratStart).getUTCFullYear() + 1, new Date(stratStart).getUTCMonth(), 1) - DAY;
  const year = new Date(stratStart).getUTCFullYear();
  const issueStatus = (): 0 | 1 | 2 => {
    const r = rng.next();
    return r < 0.8 ? 1 : r < 0.9 ? 0 : 2;
  };
  const strategy = (kind: 'peakShaving' | 'island', sName: string, params: Record<string, unknown>) => {
    const s: StrategyRow = {
      id: plan.strategies.length + 1, station_id: sid, kind, name: sName, start_date: ymd(stratStart), end_date: ymd(stratEnd), params,
      issue_status: issueStatus(), created_by: c.creator,
    };
    plan.strategies.push(s);
    if (s.issue_status !== 0) {
      const issued = c.now.getTime() - rng.int(1, 60) * DAY - rng.int(0, 36_000) * 1000;
      plan.distributions.push({
        id: plan.distributions.length + 1, strategy_id: s.id, station_id: sid,
        snapshot: { kind, name: s.name, startDate: s.start_date, endDate: s.end_date, params },
        status: s.issue_status, reason: s.issue_status === 2 ? 'Gateway did not acknowledge within 30 s' : null,
        operator_id: c.creator, issued_at: iso(issued), acked_at: s.issue_status === 1 ? iso(issued + rng.int(800, 4000)) : null,
      });
    }
    return s;
  };

  let peakShavingIssued = false;
  if (has('ess')) {
    const month = c.now.getUTCMonth() + 1;
    const season = seasons.find((s) => s.months.includes(month)) ?? at(seasons, 0);
    const hours = (mode: 'charge' | 'discharge') =>
      season.slots.filter((s) => MODE_OF[s.period] === mode).reduce((h, s) => h + (minutes(s.end) - minutes(s.start)) / 60, 0);
    const usable = essKwh * 0.8;
    const powerOf = {
      charge: Math.min(essKw, Math.max(10, r10(usable / 0.95 / Math.max(1, hours('charge'))))),
      discharge: Math.min(essKw, Math.max(10, r10(usable / Math.max(1, hours('discharge'))))),
      idle: 0,
    };
    const periods: { start: string; end: string; mode: 'charge' | 'discharge' | 'idle'; powerKw: number }[] = [];
    for (const slot of season.slots) {
      const mode = MODE_OF[slot.period];
      const last = periods[periods.length - 1];
      if (last && last.mode === mode) last.end = slot.end;
      else periods.push({ start: slot.start, end: slot.end, mode, powerKw: powerOf[mode] });
    }
    const s = strategy('peakShaving', zh ? `削峰填谷策略 ${year}` : `Peak shaving ${year}`, {
      socUpper: 90, socLower: 10, cellVoltageUpper: 3.6, cellVoltageLower: 2.8,
      demandLimitKw: has('load') ? r10((loadPeakKw + chargingKw * 0.5) * 0.85) : r10(transformerKva * 0.9),
      antiBackflowKw: has('load') && gridTied ? 10 : 0,
      antiOverloadKw: gridTied ? r10(transformerKva * 0.95) : r10((dgKw + essKw) * 0.95),
      offGridSocUpper: 95, offGridSocLower: 15, emergencySoc: 20,
      supplyPriority: has('pv') && rng.chance(0.7) ? 'pv' : 'storage',
      periods,
    });
    peakShavingIssued = gridTied && s.issue_status === 1;
  }
  if (has('dg') && site.system !== 1) {
    strategy('island', zh ? `离网运行策略 ${year}` : `Island operation ${year}`, {
      socUpper: 95, socLower: 20,
      optimalGeneratorPowerKw: r10(dgKw * 0.75),
      essChargingPowerLimitKw: has('ess') ? Math.min(essKw, r10(dgKw * 0.5)) : 0,
      inverterPowerStepPct: 10, inverterShutdownThresholdPct: 5,
      dgBackflowLimitKw: Math.max(10, r10(dgKw * 0.05)),
      onGridChargingPowerKw: site.system === 3 && has('ess') ? r10(essKw * 0.5) : 0,
      onGridChargingCutoffSoc: 90,
    });
  }
  plan.stationModes.push({ station_id: sid, peak_shaving_enabled: peakShavingIssued, island_enabled: site.system === 2 });
}

// ───────────────────────────── writing it ─────────────────────────────

type Columns<R> = { [K in keyof R]: string };

const COLUMNS = {
  orgs: { id: 'int', parent_id: 'int', org_type: 'smallint', name: 'text', address: 'text', logo_url: 'text' } satisfies Columns<OrgRow>,
  roles: { id: 'int', org_id: 'int', name: 'text', permissions: 'text[]', notes: 'text', builtin: 'boolean' } satisfies Columns<RoleRow>,
  accounts: {
    id: 'int', org_id: 'int', role_id: 'int', account: 'text', contact: 'text', mobile: 'text', email: 'text', password_hash: 'text',
    status: 'smallint', data_scope: 'text', scope_station_ids: 'int[]', notes: 'text',
  } satisfies Columns<Omit<AccountPlan, 'password'> & { password_hash: string }>,
  stations: {
    id: 'int', provider_id: 'int', customer_id: 'int', name: 'text', address: 'text', region: 'text', country: 'text', timezone: 'text',
    lat: 'double precision', lon: 'double precision', system_type: 'smallint', energy_types: 'text[]', site_type: 'text',
    voltage_level: 'text', operation_date: 'date', pv_capacity_kw: 'numeric', ess_power_kw: 'numeric', ess_capacity_kwh: 'numeric',
    dg_capacity_kw: 'numeric', charging_power_kw: 'numeric', card_type: 'smallint', picture_url: 'text',
  } satisfies Columns<StationRow>,
  devices: {
    id: 'int', station_id: 'int', type: 'text', name: 'text', model: 'text', serial_no: 'text', rated_power_kw: 'numeric',
    rated_capacity_kwh: 'numeric', params: 'jsonb',
  } satisfies Columns<DeviceRow>,
  tariffs: { id: 'int', station_id: 'int', name: 'text', currency: 'text', effective_date: 'date', seasons: 'jsonb', created_by: 'int' } satisfies Columns<TariffRow>,
  tariff_templates: { id: 'int', provider_id: 'int', name: 'text', seasons: 'jsonb' } satisfies Columns<TemplateRow>,
  oil_prices: { id: 'int', station_id: 'int', start_time: 'timestamptz', end_time: 'timestamptz', price_per_litre: 'numeric', kwh_per_litre: 'numeric' } satisfies Columns<OilPriceRow>,
  strategies: {
    id: 'int', station_id: 'int', kind: 'text', name: 'text', start_date: 'date', end_date: 'date', params: 'jsonb', issue_status: 'smallint', created_by: 'int',
  } satisfies Columns<StrategyRow>,
  strategy_distributions: {
    id: 'int', strategy_id: 'int', station_id: 'int', snapshot: 'jsonb', status: 'smallint', reason: 'text', operator_id: 'int',
    issued_at: 'timestamptz', acked_at: 'timestamptz',
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

const SERIAL_TABLES: Table[] = ['orgs', 'roles', 'accounts', 'stations', 'devices', 'tariffs', 'tariff_templates', 'oil_prices', 'strategies', 'strategy_distributions'];

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
