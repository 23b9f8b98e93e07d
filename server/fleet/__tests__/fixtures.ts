import { planSeed } from '../../db/seed';
import { stationSeed } from '../config';
import type { StationConfig } from '../station';
import type { Tariff } from '../tariff';

/** Station configs straight from the seed plan (no database): the same stations `npm start` runs. */
export const seedConfigs = (now: Date, stations = 60): StationConfig[] => {
  const plan = planSeed({ now, stations });
  return plan.stations.map((s) => {
    const strat = plan.strategies.filter((x) => x.station_id === s.id && x.issue_status === 1);
    const mode = plan.stationModes.find((m) => m.station_id === s.id);
    const ps = strat.find((x) => x.kind === 'peakShaving');
    const is = strat.find((x) => x.kind === 'island');
    return {
      id: s.id,
      seed: stationSeed(s.id),
      lat: s.lat,
      lon: s.lon,
      timezone: s.timezone,
      systemType: s.system_type,
      siteType: s.site_type,
      devices: plan.devices
        .filter((d) => d.station_id === s.id)
        .map((d) => ({ id: d.id, type: d.type, ratedKw: d.rated_power_kw, capKwh: d.rated_capacity_kwh, params: d.params })),
      tariffs: plan.tariffs
        .filter((t) => t.station_id === s.id)
        .map((t): Tariff => ({ id: t.id, name: t.name, effectiveDate: t.effective_date, seasons: t.seasons }))
        .sort((a, b) => a.effectiveDate.localeCompare(b.effectiveDate)),
      peakShaving: ps ? { startDate: ps.start_date, endDate: ps.end_date, params: ps.params as never } : null,
      island: is ? { startDate: is.start_date, endDate: is.end_date, params: is.params as never } : null,
      modes: { peakShaving: mode?.peak_shaving_enabled ?? false, island: mode?.island_enabled ?? false },
    };
  });
};
