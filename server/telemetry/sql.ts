import type { Queryable } from '../db/db';
import { analyzeCurrentPartitions, dropExpiredPartitions, ensurePartitions, type Retention } from './partitions';
import { zeroEnergy, type EnergyDelta } from './energy-flows';

export type { Retention } from './partitions';

// Batch writers shared by live ingest and backfill: one statement per batch, arrays unnested
// server-side (PGlite and PostgreSQL alike). real[] values travel as array literals.

export interface RawRow {
  id: number;
  ts: number;
  v: readonly (number | null)[];
}
export interface RollupRow {
  id: number;
  res: number;
  bucket: number;
  n: number;
  s: readonly number[];
}
export interface EnergyRow extends EnergyDelta {
  stationId: number;
  bucket: number;
  soc: number | null;
  sessions: number;
  /** seconds of the interval in which a PV inverter reported itself curtailed (additive like the energies) */
  pvLimitedS: number;
}

/** A station's interval before anything was booked to it. */
export const emptyEnergy = (stationId: number, bucket: number): EnergyRow => ({
  stationId,
  bucket,
  ...zeroEnergy(),
  soc: null,
  sessions: 0,
  pvLimitedS: 0,
});

const fmt = (x: number | null): string => (x === null || !Number.isFinite(x) ? 'NULL' : String(Math.fround(x)));
export const realArray = (v: readonly (number | null)[]): string => `{${v.map(fmt).join(',')}}`;

const CHUNK = 20_000;

export const insertRaw = async (q: Queryable, rows: readonly RawRow[]): Promise<void> => {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    await q.query(
      `INSERT INTO telemetry_raw (device_id, ts, v)
       SELECT id, to_timestamp(ts / 1000.0), v::real[] FROM unnest($1::int[], $2::float8[], $3::text[]) AS u(id, ts, v)
       ON CONFLICT DO NOTHING`,
      [part.map((r) => r.id), part.map((r) => r.ts), part.map((r) => realArray(r.v))],
    );
  }
};

/** Upsert: a bucket written again (re-ingest after a restart, backfill overlap) takes the newer aggregate. */
export const insertRollups = async (q: Queryable, rows: readonly RollupRow[]): Promise<void> => {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    await q.query(
      `INSERT INTO telemetry_rollup (device_id, res, bucket, n, s)
       SELECT id, res, to_timestamp(b / 1000.0), n, s::real[] FROM unnest($1::int[], $2::int[], $3::float8[], $4::int[], $5::text[]) AS u(id, res, b, n, s)
       ON CONFLICT (device_id, res, bucket) DO UPDATE SET n = excluded.n, s = excluded.s`,
      [part.map((r) => r.id), part.map((r) => r.res), part.map((r) => r.bucket), part.map((r) => r.n), part.map((r) => realArray(r.s))],
    );
  }
};

const EK = ['pv', 'charge', 'discharge', 'load', 'gridImport', 'gridExport', 'generator', 'fuel', 'pile', 'losses'] as const;
const ECOL = ['pv', 'charge', 'discharge', 'load', 'grid_import', 'grid_export', 'generator', 'fuel', 'pile', 'losses'] as const;

/**
 * Additive upsert: live ingest flushes partial intervals, each adding its increments. With a
 * `claim` (an id unique to this slice of rows) the statement first records the claim in
 * write_claims and adds nothing when it was recorded before: a slice whose commit went through
 * but whose answer was lost (the connection dropped) can be sent again without counting twice.
 */
export const upsertEnergy = async (q: Queryable, rows: readonly EnergyRow[], claim?: string): Promise<void> => {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    const params: unknown[] = [part.map((r) => r.stationId), part.map((r) => r.bucket)];
    for (const k of EK) params.push(part.map((r) => r[k]));
    params.push(
      part.map((r) => r.soc),
      part.map((r) => r.sessions),
      part.map((r) => r.pvLimitedS),
    );
    if (claim !== undefined) params.push(`${claim}/${i}`);
    await q.query(
      `${claim !== undefined ? 'WITH claim AS (INSERT INTO write_claims (id) VALUES ($16) ON CONFLICT DO NOTHING RETURNING id)' : ''}
       INSERT INTO station_energy (station_id, bucket, ${ECOL.join(', ')}, soc, sessions, pv_limited_s)
       SELECT sid, to_timestamp(b / 1000.0), ${ECOL.map((c) => `u.${c}`).join(', ')}, u.soc, u.sessions, u.lim
       FROM unnest($1::int[], $2::float8[], ${ECOL.map((_, k) => `$${k + 3}::float8[]`).join(', ')}, $13::real[], $14::int[], $15::real[])
         AS u(sid, b, ${ECOL.join(', ')}, soc, sessions, lim)
       ${claim !== undefined ? 'WHERE EXISTS (SELECT 1 FROM claim)' : ''}
       ON CONFLICT (station_id, bucket) DO UPDATE SET
         ${ECOL.map((c) => `${c} = station_energy.${c} + excluded.${c}`).join(', ')},
         soc = coalesce(excluded.soc, station_energy.soc), sessions = station_energy.sessions + excluded.sessions,
         pv_limited_s = coalesce(station_energy.pv_limited_s, 0) + excluded.pv_limited_s`,
      params,
    );
  }
};

/**
 * Drops what is past its retention (whole partitions, server/telemetry/partitions.ts) and makes
 * the partitions of the days ahead: run hourly by the leading replica.
 */
export const applyRetention = async (q: Queryable, now: number, r: Retention): Promise<void> => {
  await dropExpiredPartitions(q, now, r);
  await ensurePartitions(q, now, r);
  await analyzeCurrentPartitions(q, now);
  // a claim matters only while its slice may still be re-sent (the same process, minutes later)
  await q.query('DELETE FROM write_claims WHERE at < to_timestamp($1 / 1000.0)', [now - 2 * 86_400_000]);
};
