import type { FleetDeviceType } from '../../../protocol/fleet';
import { planSeed } from '../../db/seed';
import { fleetConfigOf } from '../config';
import type { StationConfig } from '../station';

/** Station configs straight from the seed plan (no database): the same stations `npm start` runs. */
export const seedConfigs = (now: Date, stations = 60): StationConfig[] => {
  const plan = planSeed({ now, stations });
  return fleetConfigOf({
    stations: plan.stations.map((s) => ({ id: s.id, lat: s.lat, lon: s.lon, timezone: s.timezone, systemType: s.system_type, siteType: s.site_type })),
    devices: plan.devices.map((d) => ({
      id: d.id,
      stationId: d.station_id,
      type: d.type as FleetDeviceType,
      ratedKw: d.rated_power_kw,
      capKwh: d.rated_capacity_kwh,
      params: d.params,
    })),
    tariffs: plan.tariffs
      .map((t) => ({ id: t.id, stationId: t.station_id, name: t.name, effectiveDate: t.effective_date, seasons: t.seasons }))
      .sort((a, b) => a.effectiveDate.localeCompare(b.effectiveDate)),
    // the first issued strategy of each kind, as the plan lists them
    strategies: plan.strategies
      .filter((x) => x.issue_status === 1)
      .map((x) => ({ stationId: x.station_id, kind: x.kind, startDate: x.start_date, endDate: x.end_date, params: x.params })),
    modes: plan.stationModes.map((m) => ({ stationId: m.station_id, p: m.peak_shaving_enabled, i: m.island_enabled })),
  });
};
