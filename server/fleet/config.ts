import type { Queryable } from '../db/db';
import type { FleetDeviceType } from '../../protocol/fleet';
import { hash32 } from './noise';
import type { SiteType } from './load';
import type { ActiveStrategy, DeviceConfig, IslandParams, PeakShavingParams, StationConfig } from './station';
import type { Tariff } from './tariff';

// Station configurations for the models, read from the registry tables (stations, devices,
// tariffs, strategies, station_modes). The strategy a gateway runs is the latest issued one
// (issue_status 1) of each kind; commands replace it at run time.

interface StationRow {
  id: number;
  lat: number;
  lon: number;
  timezone: string;
  systemType: 1 | 2 | 3;
  siteType: SiteType;
}
interface DeviceRow {
  id: number;
  stationId: number;
  type: FleetDeviceType;
  ratedKw: number;
  capKwh: number;
  params: Record<string, unknown>;
}
interface TariffRow {
  id: number;
  stationId: number;
  name: string;
  effectiveDate: string;
  seasons: Tariff['seasons'];
}
interface StrategyRow {
  stationId: number;
  kind: 'peakShaving' | 'island';
  startDate: string;
  endDate: string;
  params: Record<string, unknown>;
}
interface ModeRow {
  stationId: number;
  p: boolean;
  i: boolean;
}

/** Seed of a station's random processes: stable per station id. */
export const stationSeed = (stationId: number): number => hash32(stationId, 0x5eed);

export const loadFleetConfig = async (db: Queryable, stationIds?: number[]): Promise<StationConfig[]> => {
  const filter = stationIds ? 'WHERE s.id = ANY($1::int[])' : '';
  const args = stationIds ? [stationIds] : [];
  const stations = await db.query<StationRow>(
    `SELECT s.id, s.lat, s.lon, s.timezone, s.system_type AS "systemType", s.site_type AS "siteType" FROM stations s ${filter} ORDER BY s.id`,
    args,
  );
  const devices = await db.query<DeviceRow>(
    `SELECT d.id, d.station_id AS "stationId", d.type, d.rated_power_kw AS "ratedKw", d.rated_capacity_kwh AS "capKwh", d.params
     FROM devices d JOIN stations s ON s.id = d.station_id ${filter} ORDER BY d.id`,
    args,
  );
  const tariffs = await db.query<TariffRow>(
    `SELECT t.id, t.station_id AS "stationId", t.name, t.effective_date::text AS "effectiveDate", t.seasons
     FROM tariffs t JOIN stations s ON s.id = t.station_id ${filter} ORDER BY t.effective_date`,
    args,
  );
  const strategies = await db.query<StrategyRow>(
    `SELECT DISTINCT ON (t.station_id, t.kind) t.station_id AS "stationId", t.kind, t.start_date::text AS "startDate", t.end_date::text AS "endDate", t.params
     FROM strategies t JOIN stations s ON s.id = t.station_id ${filter ? filter + ' AND' : 'WHERE'} t.deleted_at IS NULL AND t.issue_status = 1
     ORDER BY t.station_id, t.kind, t.start_date DESC`,
    args,
  );
  const modes = await db.query<ModeRow>(
    `SELECT m.station_id AS "stationId", m.peak_shaving_enabled AS p, m.island_enabled AS i FROM station_modes m JOIN stations s ON s.id = m.station_id ${filter}`,
    args,
  );

  return fleetConfigOf({ stations, devices, tariffs, strategies, modes });
};

/** The rows a fleet's configuration is made of: tariffs in effective-date order, one issued strategy per kind. */
export interface FleetRows {
  stations: StationRow[];
  devices: DeviceRow[];
  tariffs: TariffRow[];
  strategies: StrategyRow[];
  modes: ModeRow[];
}

/** Each station's configuration from its rows. */
export const fleetConfigOf = ({ stations, devices, tariffs, strategies, modes }: FleetRows): StationConfig[] => {
  const by = <T extends { stationId: number }>(rows: T[]) => {
    const m = new Map<number, T[]>();
    for (const r of rows) (m.get(r.stationId) ?? m.set(r.stationId, []).get(r.stationId)!).push(r);
    return m;
  };
  const dev = by(devices);
  const tar = by(tariffs);
  const str = by(strategies);
  const mod = new Map(modes.map((m) => [m.stationId, m]));
  return stations.map((s) => {
    const ss = str.get(s.id) ?? [];
    const ps = ss.find((x) => x.kind === 'peakShaving');
    const is = ss.find((x) => x.kind === 'island');
    return {
      id: s.id,
      seed: stationSeed(s.id),
      lat: s.lat,
      lon: s.lon,
      timezone: s.timezone,
      systemType: s.systemType,
      siteType: s.siteType,
      devices: (dev.get(s.id) ?? []).map((d): DeviceConfig => ({ id: d.id, type: d.type, ratedKw: d.ratedKw, capKwh: d.capKwh, params: d.params })),
      tariffs: (tar.get(s.id) ?? []).map((t) => ({ id: t.id, name: t.name, effectiveDate: t.effectiveDate, seasons: t.seasons })),
      peakShaving: ps
        ? ({ startDate: ps.startDate, endDate: ps.endDate, params: ps.params as unknown as PeakShavingParams } satisfies ActiveStrategy<PeakShavingParams>)
        : null,
      island: is
        ? ({ startDate: is.startDate, endDate: is.endDate, params: is.params as unknown as IslandParams } satisfies ActiveStrategy<IslandParams>)
        : null,
      modes: { peakShaving: mod.get(s.id)?.p ?? false, island: mod.get(s.id)?.i ?? false },
    };
  });
};
