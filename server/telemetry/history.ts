import { POINTS, STATION_POINTS, type FleetDeviceType, type PointDef } from '../../protocol/fleet';
import type { Queryable } from '../db/db';
import type { Retention } from './sql';
import type { TelemetryStore } from './store';

// History queries (docs/fleet.md): a range and a pixel width in, at most ~2 points per pixel out.
// The source is the coarsest resolution that still has one value per pixel (raw → 1 min →
// 15 min → 1 day), moved coarser where retention has dropped the finer one, and stitched with
// the next coarser level where the finer one has no data yet (before the server's first
// start, the backfill wrote only coarse levels). Downsampling is M4: every 2-pixel bucket keeps
// its first, minimum, maximum and last value, so no spike is ever lost.

/** One source value: a raw sample (mn = mx = av) or a rollup bucket. */
export interface Sample {
  t: number;
  mn: number;
  mx: number;
  av: number;
  /** bucket length, ms (0 for raw) */ len: number;
}

export interface Series {
  point: string;
  unit: string;
  resolution: string;
  stepwise: boolean;
  t: number[];
  v: (number | null)[];
}

/** M4 over samples sorted by t: per bucket of 2 px, first/min/max/last in time order, no duplicates. */
export const m4 = (samples: readonly Sample[], from: number, to: number, width: number): { t: number[]; v: number[] } => {
  const { nb, bw } = frameOf(from, to, width);
  const t: number[] = [];
  const v: number[] = [];
  let i = 0;
  while (i < samples.length && samples[i]!.t < from) i++;
  for (let b = 0; b < nb && i < samples.length; b++) {
    const end = b === nb - 1 ? to + 1 : from + (b + 1) * bw;
    const first = i;
    let iMin = i;
    let iMax = i;
    while (i < samples.length && samples[i]!.t < end) {
      if (samples[i]!.mn < samples[iMin]!.mn) iMin = i;
      if (samples[i]!.mx > samples[iMax]!.mx) iMax = i;
      i++;
    }
    if (i === first) continue;
    const last = i - 1;
    // a rollup's min and max have no time of their own: place them inside their bucket
    const at = (k: number, which: 'min' | 'max' | 'edge') => {
      const s = samples[k]!;
      if (s.len === 0 || which === 'edge') return s.t + (s.len ? s.len / 2 : 0);
      const minFirst = s.av >= (s.mn + s.mx) / 2; // more time near the top: the dip is short, put it first
      const early = s.t + s.len * 0.3;
      const late = s.t + s.len * 0.7;
      return which === 'min' ? (minFirst ? early : late) : minFirst ? late : early;
    };
    const pts: [number, number, number][] = [
      [at(first, 'edge'), samples[first]!.av, 0],
      [at(iMin, 'min'), samples[iMin]!.mn, 1],
      [at(iMax, 'max'), samples[iMax]!.mx, 2],
      [at(last, 'edge'), samples[last]!.av, 3],
    ];
    pts.sort((a, b) => a[0] - b[0] || a[2] - b[2]);
    for (const [pt, pv] of pts) {
      const n = t.length;
      if (n > 0 && t[n - 1] === pt && v[n - 1] === pv) continue;
      t.push(pt);
      v.push(pv);
    }
  }
  return { t, v };
};

export type Level = 'raw' | '1m' | '15m' | '1d';
const LEVELS: { level: Level; ms: number }[] = [
  { level: 'raw', ms: 5_000 },
  { level: '1m', ms: 60_000 },
  { level: '15m', ms: 900_000 },
  { level: '1d', ms: 86_400_000 },
];

/** The coarsest level with at least one value per pixel that retention still keeps at `from`. */
export const chooseLevel = (from: number, to: number, width: number, now: number, r: Retention): number => {
  const perPx = (to - from) / width;
  let k = 0;
  for (let i = 0; i < LEVELS.length; i++) if (LEVELS[i]!.ms <= perPx) k = i;
  const keptFrom = [now - r.rawDays * 86_400_000, now - r.minuteDays * 86_400_000, now - r.quarterDays * 86_400_000, -Infinity];
  while (k < LEVELS.length - 1 && keptFrom[k]! > from) k++;
  return k;
};

type Rows = { t: number; len: number; mn: number[]; mx: number[]; av: number[] }[];

/** The M4 buckets of a query: `nb` buckets of `bw` ms from `from`, the last one up to `to`. */
export interface Frame {
  from: number;
  to: number;
  nb: number;
  bw: number;
}
export const frameOf = (from: number, to: number, width: number): Frame => {
  const nb = Math.max(1, Math.floor(width / 2));
  return { from, to, nb, bw: (to - from) / nb };
};

/**
 * Only the rows M4 can keep, when a level holds many rows per bucket: per bucket and asked point,
 * the first, the last, the earliest minimum and the earliest maximum among the rows whose value
 * is there. M4 over those rows draws exactly what it draws over all of them (each bucket's four
 * values are among them), and a month at one-minute rows returns ~3,000 rows instead of ~40,000:
 * returning rows, not scanning them, is what a long range costs (18,000 rows: 165 ms, their
 * candidates: 25 ms). The bucket of a row is m4's own, computed in the same double arithmetic.
 * `v` is a subquery with `t` and the columns mn0, mx0, av0, mn1 … of each asked point.
 */
const candidatesOnly = (v: string, points: number, f: Frame, p: number): { sql: string; args: number[] } => {
  const [from, bw, nb] = [`$${p}::float8`, `$${p + 1}::float8`, `$${p + 2}::int`];
  const b0 = `floor((t - ${from}) / ${bw})::int`;
  const bucket = `least(${nb} - 1, CASE WHEN t >= ${from} + (${b0} + 1) * ${bw} THEN ${b0} + 1 WHEN t < ${from} + ${b0} * ${bw} THEN ${b0} - 1 ELSE ${b0} END)`;
  const finite = (c: string) => `${c} IS NOT NULL AND ${c} NOT IN ('NaN', 'Infinity', '-Infinity')`;
  const picks = Array.from(
    { length: points },
    (_, j) =>
      `SELECT unnest(ARRAY[min(t), max(t), (min(ARRAY[mn${j}, t]))[2], -(max(ARRAY[coalesce(mx${j}, mn${j}), -t]))[2]]) AS t
     FROM b WHERE ${finite(`mn${j}`)} AND ${finite(`av${j}`)} GROUP BY bk`,
  ).join(' UNION ');
  return {
    // OFFSET 0 keeps the rows' t from being computed again in every expression that names it
    sql: `WITH b AS (SELECT *, ${bucket} AS bk FROM (${v} OFFSET 0) v WHERE t >= ${from}), k AS (${picks})
          SELECT t, ${valuesOf(points)} AS s FROM b WHERE t IN (SELECT t FROM k) ORDER BY t`,
    args: [f.from, f.bw, f.nb],
  };
};

/** The asked points' min, max and average of a row as one array: mn0, mx0, av0, mn1 … */
const valuesOf = (points: number) => `ARRAY[${Array.from({ length: points }, (_, j) => `mn${j}, mx${j}, av${j}`).join(', ')}]::float8[]`;

/** A level's rows from subquery `v` (parameters from `$p` on): every row, or with `frame` only the candidates. */
const rowsOf = (v: string, points: number, p: number, frame: Frame | undefined) =>
  frame ? candidatesOnly(v, points, frame, p) : { sql: `SELECT t, ${valuesOf(points)} AS s FROM (${v}) v ORDER BY t`, args: [] };

/** A timestamp in ms as float8: extract() computes in numeric, ~4 times slower over a month of rows. */
const msOf = (col: string) => `round(date_part('epoch', ${col}) * 1000)`;

/** More rows than this per bucket (estimated from the level's step) and only candidates are read. */
const REDUCE_ABOVE_PER_BUCKET = 4;

/**
 * One level's rows over [from, to], each holding only the asked points (`ks`: indices into the
 * type's point list), picked in SQL so a month of rows does not parse every point of the device;
 * with many rows per bucket of `frame`, only those M4 can keep (`candidatesOnly`).
 */
const loadLevel = async (db: Queryable, id: number, ks: readonly number[], level: number, from: number, to: number, frame?: Frame): Promise<Rows> => {
  const args = [id, from / 1000, to / 1000];
  const onlyCandidates = frame !== undefined && (to - from) / LEVELS[level]!.ms > REDUCE_ABOVE_PER_BUCKET * frame.nb ? frame : undefined;
  const toRows = (rows: { t: number; s: (number | null)[] }[], len: number): Rows =>
    rows.map((r) => {
      const mn: number[] = [];
      const mx: number[] = [];
      const av: number[] = [];
      for (let j = 0; j < ks.length; j++) {
        mn.push(r.s[3 * j] ?? NaN);
        mx.push(r.s[3 * j + 1] ?? NaN);
        av.push(r.s[3 * j + 2] ?? NaN);
      }
      return { t: r.t, len, mn, mx, av };
    });
  if (level === 0) {
    const per = ks.map((k, j) => `v[${k + 1}] AS mn${j}, v[${k + 1}] AS mx${j}, v[${k + 1}] AS av${j}`).join(', ');
    const v = `SELECT ${msOf('ts')} AS t, ${per} FROM telemetry_raw WHERE device_id = $1 AND ts >= to_timestamp($2) AND ts <= to_timestamp($3)`;
    const q = rowsOf(v, ks.length, 4, onlyCandidates);
    return toRows(await db.query<{ t: number; s: (number | null)[] }>(q.sql, [...args, ...q.args]), 0);
  }
  if (id < 0 && level >= 2) return pick(await loadStationEnergy(db, -id, from, to), ks);
  const res = [0, 60, 900, 86_400][level]!;
  // a row written before points were appended to the type holds fewer: its own width w decides
  const per = ks
    .map(
      (k, j) =>
        `CASE WHEN ${k} < w THEN s[${k + 1}] END AS mn${j}, CASE WHEN ${k} < w THEN s[w + ${k + 1}] END AS mx${j}, CASE WHEN ${k} < w THEN s[2 * w + ${k + 1}] END AS av${j}`,
    )
    .join(', ');
  const v = `SELECT t, ${per} FROM (
       SELECT ${msOf('bucket')} AS t, s, array_length(s, 1) / 3 AS w FROM telemetry_rollup
       WHERE device_id = $1 AND res = $4 AND bucket >= to_timestamp($2) AND bucket <= to_timestamp($3)) r`;
  const q = rowsOf(v, ks.length, 5, onlyCandidates);
  return toRows(await db.query<{ t: number; s: (number | null)[] }>(q.sql, [...args, res, ...q.args]), res * 1000);
};

const pick = (rows: Rows, ks: readonly number[]): Rows =>
  rows.map((r) => ({ t: r.t, len: r.len, mn: ks.map((k) => r.mn[k] ?? NaN), mx: ks.map((k) => r.mx[k] ?? NaN), av: ks.map((k) => r.av[k] ?? NaN) }));

/** Station series at 15 min from the energy table: average power of the interval (kWh × 4), SOC at its end. */
const loadStationEnergy = async (db: Queryable, stationId: number, from: number, to: number) => {
  const rows = await db.query<{ t: number; pv: number; load: number; ess: number; grid: number; gen: number; pile: number; soc: number | null }>(
    `SELECT (extract(epoch FROM bucket) * 1000)::float8 AS t, pv * 4 AS pv, load * 4 AS load, (discharge - charge) * 4 AS ess,
            (grid_import - grid_export) * 4 AS grid, generator * 4 AS gen, pile * 4 AS pile, soc
     FROM station_energy WHERE station_id = $1 AND bucket >= to_timestamp($2) AND bucket <= to_timestamp($3) ORDER BY bucket`,
    [stationId, from / 1000, to / 1000],
  );
  return rows.map((r) => {
    const v = [r.pv, r.load, r.ess, r.grid, r.gen, r.pile, r.soc ?? NaN];
    return { t: r.t, len: 900_000, mn: v, mx: v, av: v };
  });
};

export interface HistoryRequest {
  /** device id, or -stationId for a station's own series */
  id: number;
  type: FleetDeviceType | 'station';
  points: string[];
  from: number;
  to: number;
  width: number;
}

export const pointDefs = (type: FleetDeviceType | 'station'): readonly PointDef[] => (type === 'station' ? STATION_POINTS : POINTS[type]);

/** `reduce` false reads every row of the level (what the candidates are tested against). */
export const queryHistory = async (
  db: Queryable,
  store: TelemetryStore | undefined,
  req: HistoryRequest,
  now: number,
  r: Retention,
  reduce = true,
): Promise<Series[]> => {
  const defs = pointDefs(req.type);
  const ks = req.points.map((name) => defs.findIndex((d) => d.name === name));
  const start = chooseLevel(req.from, req.to, req.width, now, r);
  // stitch: the chosen level, then coarser levels for whatever lies before its first value
  let rows: Rows = [];
  let until = req.to;
  let used = start;
  const frame = frameOf(req.from, req.to, req.width);
  for (let level = start; level < LEVELS.length && until > req.from; level++) {
    // a coarser level only up to where its rows end before the finer level's first (in SQL, so
    // the candidates of a bucket are picked among the rows that stay)
    const upTo = rows.length > 0 ? Math.min(until, rows[0]!.t - LEVELS[level]!.ms) : until;
    const got = await loadLevel(db, req.id, ks, level, req.from, upTo, reduce ? frame : undefined);
    if (level === 0 && store) {
      const seen = new Set(got.map((g) => g.t));
      for (const x of store.pendingRaw(req.id, req.from, until)) {
        const v = ks.map((k) => x.v[k] ?? NaN);
        if (!seen.has(x.ts)) got.push({ t: x.ts, len: 0, mn: v, mx: v, av: v });
      }
      got.sort((a, b) => a.t - b.t);
    }
    if (got.length > 0) {
      if (rows.length === 0) used = level;
      rows = [...got.filter((g) => g.t + g.len <= (rows[0]?.t ?? Infinity)), ...rows];
      until = Math.min(until, got[0]!.t - 1);
    }
  }
  rows.sort((a, b) => a.t - b.t);
  return req.points.map((name, j) => {
    const def = defs[ks[j]!]!;
    const samples: Sample[] = [];
    for (const row of rows) {
      const mn = row.mn[j];
      const mx = row.mx[j];
      const av = row.av[j];
      if (mn === undefined || mn === null || !Number.isFinite(mn) || av === null || av === undefined || !Number.isFinite(av)) continue;
      samples.push({ t: row.t, len: row.len, mn, mx: mx ?? mn, av });
    }
    const out = m4(samples, req.from, req.to, req.width);
    return { point: name, unit: def.unit, resolution: LEVELS[used]!.level, stepwise: !!def.stepwise || !!def.counter, t: out.t, v: out.v };
  });
};
