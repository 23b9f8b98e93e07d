import type { EnergyType, SizeClass } from './seed-data';
import type { SeedPlan } from './seed-rows';
import { addDevices } from './seed-devices';
import { DAY, isZh, r5, r10, ymd } from './seed-format';
import { addFuelPrices, addTariffs } from './seed-prices';
import type { StationCtx, StationSizing } from './seed-station-ctx';
import { addStrategies } from './seed-strategies';

// One station of the seed plan (server/db/seed.ts): capacities, devices, tariffs, fuel prices,
// strategies and modes, drawn from the site's own random stream. The parts draw in a fixed
// order (place and sizes, devices, tariffs, fuel, strategies) so a station keeps its rows.

const PV_KW: Record<SizeClass, [number, number]> = { 1: [100, 400], 2: [400, 2000], 3: [1500, 5000] };
const ESS_KW: Record<SizeClass, [number, number]> = { 1: [100, 250], 2: [250, 1000], 3: [1000, 2000] };
const DG_KW: Record<SizeClass, [number, number]> = { 1: [100, 300], 2: [200, 600], 3: [400, 800] };
const LOAD_KW: Record<SizeClass, [number, number]> = { 1: [60, 300], 2: [300, 2000], 3: [1500, 6000] };
const PILES: Record<SizeClass, [number, number]> = { 1: [1, 3], 2: [2, 6], 3: [4, 8] };
const VOLTAGE: Record<SizeClass, string> = { 1: '0.4 kV', 2: '10 kV', 3: '35 kV' };
const TRANSFORMER_KVA = [250, 400, 630, 800, 1000, 1250, 1600, 2000, 2500, 3150, 4000, 5000, 6300, 8000, 10_000];

export function addStation(plan: SeedPlan, c: StationCtx): void {
  const z = addStationRow(plan, c);
  addDevices(plan, c, z);
  const seasons = addTariffs(plan, c, z);
  if (z.has('dg')) addFuelPrices(plan, c);
  addStrategies(plan, c, z, seasons);
}

/** The station's row: name, place and capacities, consistent with the devices that follow. */
function addStationRow(plan: SeedPlan, c: StationCtx): StationSizing {
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

  // Capacities, consistent with the devices.
  let pvKw = 0,
    invUnit = 0,
    invN = 0;
  if (has('pv')) {
    const target = rng.step(...PV_KW[size], 10);
    invUnit = target <= 300 ? 50 : target <= 1500 ? 110 : 225;
    invN = Math.max(1, Math.round(target / invUnit));
    pvKw = invN * invUnit;
  }
  let essKw = 0,
    essKwh = 0;
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
    loadPeakKw =
      dgKw > 0 && site.system !== 1
        ? Math.max(50, r10(dgKw * rng.range(0.55, 0.85)))
        : Math.max(rng.step(...LOAD_KW[size], 10), r10(pvKw * rng.range(0.7, 1.1)), r10(essKw * rng.range(1.1, 1.5)));
  }
  const transformerKva = gridTied ? (TRANSFORMER_KVA.find((k) => k >= Math.max(loadPeakKw * 1.25 + chargingKw, pvKw, essKw)) ?? 10_000) : 0;

  const span = Math.floor((c.opLast - c.opFirst) / DAY);
  const operationDate = ymd(c.opFirst + rng.int(0, span) * DAY);
  const cardType: 1 | 2 | 3 = !has('ess') ? 2 : rng.chance(0.6) ? 1 : rng.chance(0.5) ? 2 : 3;
  const pictureUrl = rng.chance(0.25) ? null : `/img/stations/${site.site}-${rng.int(1, 3)}.webp`;

  plan.stations.push({
    id: sid,
    provider_id: c.providerId,
    customer_id: c.customerId,
    name,
    address: site.address,
    region: site.region,
    country: site.country,
    timezone: site.timezone,
    lat: r5(lat),
    lon: r5(lon),
    system_type: site.system,
    energy_types: [...site.energy],
    site_type: site.site,
    voltage_level: VOLTAGE[size],
    operation_date: operationDate,
    pv_capacity_kw: pvKw,
    ess_power_kw: essKw,
    ess_capacity_kwh: essKwh,
    dg_capacity_kw: dgKw,
    charging_power_kw: chargingKw,
    card_type: cardType,
    picture_url: pictureUrl,
  });
  return { has, zh, gridTied, lat, invUnit, invN, essKw, essKwh, dgKw, pileKw, chargingKw, loadPeakKw, transformerKva };
}
