import type { Queryable } from '../db/db';

// When a station was seen following an issued strategy: the first report of the station (its
// own series in the raw telemetry, device id = −station id) at or after the gateway acknowledged
// the strategy, which the gateway applies before acknowledging. Null while no report has come
// yet, for a refused issuance, or once the raw telemetry of that time has expired.

export const followedAt = async (q: Queryable, d: { stationId: number; status: number; ackedAt: string | null }): Promise<string | null> => {
  if (d.status !== 1 || d.ackedAt === null) return null;
  const [row] = await q.query<{ ts: Date | null }>('SELECT min(ts) AS ts FROM telemetry_raw WHERE device_id = $1 AND ts >= $2', [-d.stationId, d.ackedAt]);
  return row?.ts ? row.ts.toISOString() : null;
};
