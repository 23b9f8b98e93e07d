import type { Db, Queryable } from '../db/db';
import type { Config } from '../config';

// The time partitions of telemetry (migration 028, docs/capacity.md). Each family is a table
// partitioned by time into UTC days or months, named <parent>_pYYYYMMDD, plus a default
// partition for rows that arrive before their partition exists. Partitions are made from today
// to AHEAD_DAYS into the future, and for the past ranges of rows found waiting in the default
// partition (a backfill); retention drops the partitions that end before its cutoff, so
// removing a day of raw samples is a DROP TABLE, not a DELETE of millions of rows.

const DAY = 86_400_000;

/** Days each level of telemetry is kept (TELEMETRY_*_DAYS). */
export interface Retention {
  rawDays: number;
  minuteDays: number;
  quarterDays: number;
}
/** The retention the server is configured with (TELEMETRY_*_DAYS). */
export const configuredRetention = (c: Pick<Config, 'telemetryRawDays' | 'telemetryMinuteDays' | 'telemetryQuarterDays'>): Retention => ({
  rawDays: c.telemetryRawDays,
  minuteDays: c.telemetryMinuteDays,
  quarterDays: c.telemetryQuarterDays,
});
/** Days of partitions made ahead of the clock: ingest never waits for one to be created. */
export const AHEAD_DAYS = 2;

interface Family {
  /** the time-partitioned table */
  parent: string;
  column: 'ts' | 'bucket';
  unit: 'day' | 'month';
  keepDays: (r: Retention) => number;
}

export const FAMILIES: readonly Family[] = [
  { parent: 'telemetry_raw', column: 'ts', unit: 'day', keepDays: (r) => r.rawDays },
  { parent: 'telemetry_rollup_r60', column: 'bucket', unit: 'day', keepDays: (r) => r.minuteDays },
  { parent: 'telemetry_rollup_r900', column: 'bucket', unit: 'month', keepDays: (r) => r.quarterDays },
];

const startOf = (t: number, unit: Family['unit']): number => {
  const d = new Date(t);
  return unit === 'day' ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) : Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};
const next = (t: number, unit: Family['unit']): number => {
  const d = new Date(t);
  return unit === 'day' ? t + DAY : Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};
const nameOf = (f: Family, start: number): string => `${f.parent}_p${new Date(start).toISOString().slice(0, 10).replaceAll('-', '')}`;
const iso = (t: number): string => new Date(t).toISOString();
/** In a transaction where the connection offers one (the lock below is a transaction's). */
const inTx = <T>(db: Queryable | Db, fn: (q: Queryable) => Promise<T>): Promise<T> => ('tx' in db ? db.tx(fn) : fn(db));
/**
 * Runs `step` on each family in one transaction holding the partitions' lock, so replicas
 * starting together take turns; answers the partition names the steps listed.
 */
const eachFamilyLocked = (db: Queryable | Db, step: (q: Queryable, f: Family, names: string[]) => Promise<void>): Promise<string[]> =>
  inTx(db, async (q) => {
    await q.query("SELECT pg_advisory_xact_lock(hashtext('telemetry partitions'))");
    const names: string[] = [];
    for (const f of FAMILIES) await step(q, f, names);
    return names;
  });

/** The partitions [start, end) covering `from` to `to`. */
export const rangesBetween = (f: Family, from: number, to: number): { name: string; start: number; end: number }[] => {
  const out: { name: string; start: number; end: number }[] = [];
  for (let s = startOf(from, f.unit); s <= to; s = next(s, f.unit)) out.push({ name: nameOf(f, s), start: s, end: next(s, f.unit) });
  return out;
};

/** The existing time partitions of a family with their start (from the name), default excluded. */
const existing = async (q: Queryable, f: Family): Promise<Map<string, number>> => {
  const rows = await q.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
     WHERE p.relname = $1`,
    [f.parent],
  );
  const out = new Map<string, number>();
  for (const { name } of rows) {
    const m = /_p(\d{4})(\d{2})(\d{2})$/.exec(name);
    if (m) out.set(name, Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  }
  return out;
};

/**
 * Makes the missing partitions of the retention window and the days ahead. Rows waiting in the
 * default partition for a range are moved into its new partition in the same transaction (the
 * default may not hold rows of an attached range).
 */
export const ensurePartitions = async (db: Queryable | Db, now: number, r: Retention): Promise<string[]> =>
  eachFamilyLocked(db, async (q, f, made) => {
    const have = await existing(q, f);
    // today to the days ahead, and the ranges of rows already waiting in the default
    // partition within retention (a backfill of past days, a clock that jumped)
    const [waitingSpan] = await q.query<{ lo: Date | null; hi: Date | null }>(
      `SELECT min(${f.column}) AS lo, max(${f.column}) AS hi FROM ${f.parent}_default WHERE ${f.column} >= $1`,
      [iso(now - f.keepDays(r) * DAY)],
    );
    const wanted = rangesBetween(f, now, now + AHEAD_DAYS * DAY);
    if (waitingSpan?.lo && waitingSpan.hi) wanted.push(...rangesBetween(f, waitingSpan.lo.getTime(), waitingSpan.hi.getTime()));
    for (const p of wanted) {
      if (have.has(p.name)) continue;
      have.set(p.name, p.start);
      const range = `FROM ('${iso(p.start)}') TO ('${iso(p.end)}')`;
      const waiting = await q.query(`SELECT 1 FROM ${f.parent}_default WHERE ${f.column} >= $1 AND ${f.column} < $2 LIMIT 1`, [iso(p.start), iso(p.end)]);
      if (waiting.length === 0) {
        await q.query(`CREATE TABLE ${p.name} PARTITION OF ${f.parent} FOR VALUES ${range}`);
      } else {
        // readers wait for the move: attaching takes a weaker lock on the parent, and a read
        // planned before the attach but run after the commit would miss the moved rows
        await q.query(`LOCK TABLE ${f.parent} IN ACCESS EXCLUSIVE MODE`);
        await q.query(`CREATE TABLE ${p.name} (LIKE ${f.parent} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
        await q.query(
          `WITH moved AS (DELETE FROM ${f.parent}_default WHERE ${f.column} >= $1 AND ${f.column} < $2 RETURNING *) INSERT INTO ${p.name} SELECT * FROM moved`,
          [iso(p.start), iso(p.end)],
        );
        await q.query(`ALTER TABLE ${f.parent} ATTACH PARTITION ${p.name} FOR VALUES ${range}`);
        // a partition filled at once has no statistics until autovacuum comes by (never, on
        // PGlite): the planner would take it for empty and plan the history reads badly
        await q.query(`ANALYZE ${p.name}`);
      }
      made.push(p.name);
    }
  });

/**
 * Drops the partitions that end at or before their family's cutoff and deletes the default
 * partitions' rows before it. A partition holding the cutoff stays whole until its end passes:
 * retention keeps up to one more day (a month for 15-minute rollups) than configured, and the
 * history reads choose their level by the configured retention, not by what is still stored.
 */
export const dropExpiredPartitions = async (db: Queryable | Db, now: number, r: Retention): Promise<string[]> =>
  eachFamilyLocked(db, async (q, f, dropped) => {
    const cutoff = now - f.keepDays(r) * DAY;
    for (const [name, start] of await existing(q, f)) {
      if (next(start, f.unit) > cutoff) continue;
      await q.query(`DROP TABLE ${name}`);
      dropped.push(name);
    }
    await q.query(`DELETE FROM ${f.parent}_default WHERE ${f.column} < $1`, [iso(cutoff)]);
  });

/**
 * Statistics for the partitions being written now (today's days, this month). PostgreSQL's
 * autovacuum analyses a partition soon after rows arrive, PGlite has no autovacuum: without
 * statistics a history read of recent hours was planned as if its partition were empty (seconds
 * instead of milliseconds, measured with 2,000-row reads).
 */
export const analyzeCurrentPartitions = async (q: Queryable, now: number): Promise<void> => {
  for (const f of FAMILIES) {
    const name = nameOf(f, startOf(now, f.unit));
    const [found] = await q.query('SELECT 1 FROM pg_class WHERE relname = $1', [name]);
    if (found) await q.query(`ANALYZE ${name}`);
  }
};
