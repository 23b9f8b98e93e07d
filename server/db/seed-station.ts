import { createHash } from 'node:crypto';
import { mulberry32 } from '../util/prng';
import { TARIFF_ZONES, type EnergyType, type Period, type SiteSpec, type SizeClass, type TariffZone } from './seed-data';
import type { DeviceType, SeedPlan, StrategyRow, TariffSeason } from './seed-rows';

// One station of the seed plan (server/db/seed.ts): capacities, devices, tariffs, fuel prices,
// strategies and modes, drawn from the site's own random stream.

// ───────────────────────────── deterministic randomness ─────────────────────────────

export class Rng {
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

export const at = <T>(xs: readonly T[], i: number): T => {
  const x = xs[i];
  if (x === undefined) throw new RangeError(`index ${i} out of range`);
  return x;
};

/** One stream per (site, copy), so a station keeps its attributes whatever the fleet size. */
export const siteSeed = (site: number, copy: number, salt = 0): number =>
  (Math.imul(site + 1, 0x9e3779b1) ^ Math.imul(copy + 1, 0x85ebca77) ^ Math.imul(salt + 1, 0xc2b2ae3d)) >>> 0;

// ───────────────────────────── small helpers ─────────────────────────────

const r2 = (x: number) => Math.round(x * 100) / 100;
const r3 = (x: number) => Math.round(x * 1000) / 1000;
const r4 = (x: number) => Math.round(x * 10_000) / 10_000;
const r5 = (x: number) => Math.round(x * 100_000) / 100_000;
const r10 = (x: number) => Math.round(x / 10) * 10;
const pad = (n: number, w: number) => String(n).padStart(w, '0');
export const DAY = 86_400_000;
const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);
const iso = (t: number) => new Date(t).toISOString();
/** UTC midnight of the first day of the month `delta` months from `now`'s month */
const monthStart = (now: Date, delta: number) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + delta, 1);
const isZh = (s: string) => /[\u3400-\u9fff]/.test(s);
export const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

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

export const tariffSeasons = (zone: TariffZone, factor: number): TariffSeason[] =>
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

export interface StationCtx {
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

export function addStation(plan: SeedPlan, c: StationCtx): void {
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
