import { pointIndex, type FleetDeviceType } from '../../protocol/fleet';
import { clamp, type StationCounters, type StationDevices } from './station-parts';

/**
 * Continues from the values an earlier run reported (restart): cluster SOC, SOH and temperature,
 * generator hours, fuel, tank and coolant, and every energy counter. `latest` holds a device's
 * last frame values in POINTS order (older frames may be shorter). Answers the devices restored.
 */
export function restoreStation(d: StationDevices, k: StationCounters, latest: ReadonlyMap<number, readonly (number | null)[]>): number {
  let n = 0;
  const val = (id: number, type: FleetDeviceType, point: string): number | null => {
    const x = latest.get(id)?.[pointIndex(type, point)];
    return typeof x === 'number' && Number.isFinite(x) ? x : null;
  };
  const counter = (id: number, type: FleetDeviceType, point: string, set: (v: number) => void) => {
    const v = val(id, type, point);
    if (v !== null && v >= 0) set(v);
  };
  for (const c of d.clusters) {
    if (!latest.has(c.dev.id)) continue;
    n++;
    const soc = val(c.dev.id, 'battery_cluster', 'soc');
    const soh = val(c.dev.id, 'battery_cluster', 'soh');
    const tmax = val(c.dev.id, 'battery_cluster', 'cellTmax');
    const tmin = val(c.dev.id, 'battery_cluster', 'cellTmin');
    if (soc !== null) c.soc = clamp(soc, 0, 100);
    if (soh !== null && soh > 0) c.soh = clamp(soh, 50, 100);
    if (tmax !== null && tmin !== null) c.tempC = (tmax + tmin) / 2;
  }
  const restored = (id: number) => latest.has(id) && ++n > 0;
  for (const g of d.gens) if (restored(g.dev.id)) g.restore((point) => val(g.dev.id, 'generator', point));
  for (const x of d.inverters) if (restored(x.id)) counter(x.id, 'pv_inverter', 'totalKwh', (v) => k.pvTotal.set(x.id, v));
  for (const x of d.loads) if (restored(x.id)) counter(x.id, 'load', 'energyKwh', (v) => k.loadTotal.set(x.id, v));
  for (const x of d.piles) if (restored(x.id)) counter(x.id, 'charging_pile', 'totalKwh', (v) => k.pileTotal.set(x.id, v));
  // every PCS reports its share of the station's ESS counters
  if (d.pcs.some((x) => restored(x.id))) {
    const sum = (point: string) => d.pcs.reduce((a, x) => a + (val(x.id, 'pcs', point) ?? 0), 0);
    k.pcsCharge = sum('chargeKwh');
    k.pcsDischarge = sum('dischargeKwh');
    k.pcsAux = sum('auxKwh');
  }
  if (d.meter && restored(d.meter.id)) {
    counter(d.meter.id, 'meter', 'importKwh', (v) => (k.gridImport = v));
    counter(d.meter.id, 'meter', 'exportKwh', (v) => (k.gridExport = v));
  }
  return n;
}
