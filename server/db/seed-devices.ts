import type { DeviceType, SeedPlan } from './seed-rows';
import { pad, r2, r3, r10 } from './seed-format';
import type { StationCtx, StationSizing } from './seed-station-ctx';

// The devices of one seeded station, consistent with its capacities: gateway, grid meter, PV
// inverters with a weather station, PCS with their battery clusters, generators, charging piles
// and load feeders.

/** LFP cells: nominal 3.2 V; a 240-cell cluster of 280 Ah cells holds ~215 kWh */
const CELL_V = 3.2;
const CLUSTER_KWH = 215;

export function addDevices(plan: SeedPlan, c: StationCtx, z: StationSizing): void {
  const { site, rng, stationId: sid } = c;
  const { has, lat, invUnit, invN, essKw, essKwh, dgKw, pileKw, loadPeakKw, transformerKva } = z;
  const size = site.size;
  const sn = pad(sid, 5);
  const dev = (type: DeviceType, code: string, k: number, devName: string, model: string, power: number, capacity: number, params: Record<string, unknown>) =>
    plan.devices.push({
      id: plan.devices.length + 1,
      station_id: sid,
      type,
      name: devName,
      model,
      serial_no: `${code}-${sn}-${pad(k, 2)}`,
      rated_power_kw: r3(power),
      rated_capacity_kwh: r3(capacity),
      params,
    });

  dev('gateway', 'GW', 1, 'Gateway', 'EMS-GW300', 0, 0, {
    protocol: 'mqtt',
    firmware: `3.${rng.int(2, 6)}.${rng.int(0, 9)}`,
    heartbeatSec: 30,
    uplink: rng.pick(['ethernet', '4g', 'ethernet']),
  });
  if (z.gridTied) {
    dev('meter', 'MT', 1, 'Grid Meter', 'DTSD1352', transformerKva, 0, {
      position: 'grid',
      transformerKva,
      ctRatio: Math.ceil((transformerKva * 1000) / (Math.sqrt(3) * 400 * 5)) * 5,
      accuracyClass: '0.5S',
    });
  }
  if (has('pv')) {
    // Panels face the equator, tilted a little under the latitude (flat-ish on factory roofs).
    // One array orientation per site (inverters share their params, which keeps the seed fast).
    const tilt = site.site === 'factory' && size < 3 ? 10 : Math.max(5, Math.min(35, Math.round(Math.abs(lat) * 0.85)));
    const azimuth = (lat >= 0 ? 180 : 0) + rng.int(-10, 10);
    const inverter = {
      tiltDeg: tilt,
      azimuthDeg: azimuth,
      dcAcRatio: r2(rng.range(1.1, 1.3)),
      mpptCount: invUnit >= 225 ? 12 : invUnit >= 110 ? 10 : 4,
      efficiency: 0.985,
      tempCoeffPctPerC: -0.35,
    };
    for (let k = 1; k <= invN; k++) dev('pv_inverter', 'INV', k, `Inverter ${pad(k, 2)}`, `PVI-${invUnit}KTL`, invUnit, 0, inverter);
    dev('weather_station', 'WS', 1, 'Weather Station', 'WS-PV200', 0, 0, {
      sensors: ['irradiance', 'ambientTemp', 'moduleTemp', 'windSpeed'],
      tiltDeg: tilt,
      azimuthDeg: azimuth,
    });
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
      chemistry: 'LFP',
      cellsInSeries: series,
      cellNominalV: CELL_V,
      cellCapacityAh: Math.round((clusterKwh * 1000) / (series * CELL_V)),
      cellVoltageMax: 3.65,
      cellVoltageMin: 2.5,
      initialSoc: rng.int(35, 80),
      roundTripEfficiency: 0.92,
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
      kwhPerLitre,
      minLoadPct: 30,
      tankLitres: Math.round((each * 8) / 50) * 50,
      idleLitresPerHour: r2(each * 0.012),
      fuelCurve: { loadPct: [25, 50, 75, 100], kwhPerLitre: [r2(kwhPerLitre * 0.8), r2(kwhPerLitre * 0.94), kwhPerLitre, r2(kwhPerLitre * 1.03)] },
      startDelaySec: 10,
      cooldownSec: 180,
    };
    for (let k = 1; k <= gens; k++) dev('generator', 'DG', k, `DG-${k}`, `DG-${Math.round(each)}`, each, 0, generator);
  }
  pileKw.forEach((kw, k) =>
    dev('charging_pile', 'CP', k + 1, `Pile ${pad(k + 1, 2)}`, `DCP-${kw}`, kw, 0, {
      maxKw: kw,
      connectors: kw >= 120 ? 2 : 1,
      connector: site.country === 'CN' ? 'GB/T' : 'CCS2',
      efficiency: 0.95,
    }),
  );
  if (has('load')) {
    const feeders = size === 1 ? 1 : size === 2 ? rng.int(1, 2) : rng.int(2, 3);
    const weights = Array.from({ length: feeders }, () => rng.range(0.6, 1.4));
    const total = weights.reduce((a, b) => a + b, 0);
    weights.forEach((w, k) => {
      const peak = r10((loadPeakKw * w) / total) || 10;
      dev('load', 'LD', k + 1, `Feeder ${k + 1}`, 'Feeder', peak, 0, {
        profile: site.site,
        peakKw: peak,
        baseKw: r10(peak * (site.site === 'factory' ? 0.45 : 0.25)),
        critical: k === 0 && site.system !== 1,
      });
    });
  }
}
