import type { Config } from '../config';
import type { Db } from '../db/db';
import { backfill, backfillStart } from '../telemetry/backfill';
import { configuredRetention, ensurePartitions } from '../telemetry/partitions';
import type { StationConfig } from './station';
import { loadFleetConfig } from './config';
import { soilingEpisode } from './pv-losses';
import { loadLastValues } from './restore';
import { StationModel } from './station';

// The simulated stations' models at server start: the first start backfills BACKFILL_DAYS of
// history with them, a restart fills the gap since the last stored interval and continues from
// what the gateways reported last.

export interface SimModels {
  configs: StationConfig[];
  models: Map<number, StationModel>;
  /** where the gateways resume after a backfill (its end); null: from now */
  resumeAt: number | null;
}

type SimConfig = Pick<
  Config,
  'simStations' | 'backfillDays' | 'backfillMinuteHours' | 'backfillDeviceHours' | 'telemetryRawDays' | 'telemetryMinuteDays' | 'telemetryQuarterDays'
>;

const bucketEdge = async (db: Db, edge: 'min' | 'max', ids: number[]): Promise<number | null> => {
  const [{ at } = { at: null }] = await db.query<{ at: number | null }>(
    `SELECT (extract(epoch FROM ${edge}(bucket)) * 1000)::float8 AS at FROM station_energy WHERE station_id = ANY($1::int[])`,
    [ids],
  );
  return at;
};

export async function loadSimModels(db: Db, now: number, c: SimConfig, log: { info(o: object, m: string): void }): Promise<SimModels> {
  const configs = (await loadFleetConfig(db)).slice(0, c.simStations);
  const ids = configs.map((x) => x.id);
  // first start: history of BACKFILL_DAYS; a restart: the gap since the last stored interval
  const last = await bucketEdge(db, 'max', ids);
  // the fleet's soiling episode, anchored to the start of the stored history
  const first = await bucketEdge(db, 'min', ids);
  const dusty = soilingEpisode(configs, first ?? backfillStart(now, c.backfillDays), c.backfillDays);
  for (const cfg of configs) if (cfg.id === dusty?.stationId) cfg.pvEpisode = dusty.episode;
  const gapFrom = last === null ? undefined : last + 900_000;
  // a restart continues from what the gateways reported last (SOC, SOH, generator hours, counters)
  const lastValues = await loadLastValues(
    db,
    configs.flatMap((x) => x.devices),
  );
  let restored = 0;
  const prepare = (m: StationModel) => void (restored += lastValues.size ? m.restore(lastValues) : 0);
  let sim: SimModels;
  if (c.backfillDays > 0 && (gapFrom === undefined || now - gapFrom > 900_000)) {
    const r = await backfill(db, configs, now, {
      days: c.backfillDays,
      from: gapFrom,
      minuteHours: c.backfillMinuteHours,
      deviceHours: c.backfillDeviceHours,
      prepare,
    });
    log.info(
      { stations: configs.length, rows: r.rows, ms: r.ms, from: new Date(gapFrom ?? now - c.backfillDays * 86_400_000).toISOString() },
      gapFrom === undefined ? 'telemetry history backfilled' : 'telemetry gap since the last run filled',
    );
    sim = { configs, models: r.models, resumeAt: r.end };
    // the backfilled past waits in the default partitions: move it into partitions of its own
    await ensurePartitions(db, now, configuredRetention(c));
  } else {
    const models = new Map(
      configs.map((cfg) => {
        const m = new StationModel(cfg);
        prepare(m);
        return [cfg.id, m];
      }),
    );
    sim = { configs, models, resumeAt: null };
  }
  if (restored > 0) log.info({ devices: restored }, 'fleet models continue from the last reported values');
  return sim;
}
