import { addDateDays, dateStart } from '../../protocol/site-time';
import type { Queryable } from '../db/db';
import type { MeteredInterval, StationZone } from '../money';

// Metered intervals with the battery's own energy, so a month can be priced as it was and as it
// would have been without storage: the grid then carries what the battery discharged and not what
// it charged (per interval; the converter's losses go with the battery).

export interface StoredInterval extends MeteredInterval {
  charge: number;
  discharge: number;
}

/** The same intervals with the battery taken out: net grid = import − export + discharge − charge. */
export const withoutStorage = (intervals: readonly StoredInterval[]): StoredInterval[] =>
  intervals.map((iv) => {
    const net = iv.gridImport - iv.gridExport + iv.discharge - iv.charge;
    return { ...iv, gridImport: Math.max(0, net), gridExport: Math.max(0, -net), charge: 0, discharge: 0 };
  });

/** Intervals of local dates `fromDate`..`toDate` inclusive, with charge and discharge. */
export const loadStoredIntervals = (db: Queryable, station: StationZone, fromDate: string, toDate: string): Promise<StoredInterval[]> =>
  db.query<StoredInterval>(
    `SELECT (extract(epoch FROM bucket) * 1000)::float8 AS bucket, grid_import AS "gridImport", grid_export AS "gridExport", load, generator, fuel, charge, discharge
     FROM station_energy WHERE station_id = $1 AND bucket >= to_timestamp($2 / 1000.0) AND bucket < to_timestamp($3 / 1000.0) ORDER BY bucket`,
    [station.id, dateStart(station.timezone, fromDate), dateStart(station.timezone, addDateDays(toDate, 1))],
  );
