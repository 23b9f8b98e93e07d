import { POINTS, type FleetDeviceType } from '../../protocol/fleet';
import type { Queryable } from '../db/db';

// What a restarted simulator continues from (docs/fleet.md): every device's last reported values,
// read back from the telemetry it ingested. The latest raw row, or the latest 15-minute rollup when
// that is newer (raw rows expire sooner; the backfill writes only rollups): counters at the
// bucket's maximum, other points at its average.

export type LastValues = Map<number, (number | null)[]>;

export const loadLastValues = async (db: Queryable, devices: readonly { id: number; type: FleetDeviceType }[]): Promise<LastValues> => {
  const out: LastValues = new Map();
  if (devices.length === 0) return out;
  const ids = devices.map((d) => d.id);
  // one index lookup per device (a DISTINCT ON would read every row of the retention window)
  const raw = await db.query<{ id: number; t: number; v: (number | null)[] }>(
    `SELECT d.id, (extract(epoch FROM r.ts) * 1000)::float8 AS t, r.v
     FROM unnest($1::int[]) AS d(id)
     CROSS JOIN LATERAL (SELECT ts, v FROM telemetry_raw WHERE device_id = d.id ORDER BY ts DESC LIMIT 1) r`,
    [ids],
  );
  const rolled = await db.query<{ id: number; t: number; s: number[] }>(
    `SELECT d.id, (extract(epoch FROM r.bucket) * 1000)::float8 + 900000 AS t, r.s
     FROM unnest($1::int[]) AS d(id)
     CROSS JOIN LATERAL (SELECT bucket, s FROM telemetry_rollup WHERE device_id = d.id AND res = 900 ORDER BY bucket DESC LIMIT 1) r`,
    [ids],
  );
  const typeOf = new Map(devices.map((d) => [d.id, d.type]));
  const at = new Map<number, number>();
  for (const r of raw) {
    out.set(r.id, r.v);
    at.set(r.id, r.t);
  }
  for (const r of rolled) {
    if ((at.get(r.id) ?? -Infinity) >= r.t) continue;
    const defs = POINTS[typeOf.get(r.id)!];
    const q = Math.min(defs.length, Math.floor(r.s.length / 3));
    out.set(
      r.id,
      defs.slice(0, q).map((d, k) => {
        const x = d.counter ? r.s[q + k] : r.s[2 * q + k];
        return typeof x === 'number' && Number.isFinite(x) ? x : null;
      }),
    );
  }
  return out;
};
