// Telemetry lives in time partitions: a server starts with today's and the next days' ready, a
// row of a past day waits in the default partition until its own exists, a query for a day
// reads only that day's partition, and retention removes whole days by dropping them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db';
import { backends, startTestServer, type TestServer } from '../../test/harness';
import { dropExpiredPartitions, ensurePartitions } from '../partitions';
import { applyRetention, insertRaw, insertRollups } from '../sql';

const NOW = Date.UTC(2026, 6, 14, 6, 0);
const DAY = 86_400_000;
const retention = { rawDays: 2, minuteDays: 14, quarterDays: 400 };

/** Partitions of a family by name, default included. */
const partitionsOf = async (db: Db, parent: string): Promise<string[]> =>
  (
    await db.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = $1 ORDER BY 1`,
      [parent],
    )
  ).map((r) => r.name);
/** Where each row of a family is stored. */
const homes = async (db: Db, table: string, column: string): Promise<Record<string, string>> =>
  Object.fromEntries(
    (
      await db.query<{ t: string; home: string }>(
        `SELECT to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS t, tableoid::regclass::text AS home FROM ${table} ORDER BY 1`,
      )
    ).map((r) => [r.t, r.home]),
  );

describe.each(backends())('telemetry partitions (%s)', (backend) => {
  let srv: TestServer;
  let db: Db;
  beforeAll(async () => {
    srv = await startTestServer(backend, { clock: () => NOW, config: { telemetryRawDays: 2, telemetryMinuteDays: 14, telemetryQuarterDays: 400 } });
    db = srv.services.db;
  });
  afterAll(() => srv.close());

  it('a started server has today and the next two days ready for every time-partitioned family', async () => {
    expect(await partitionsOf(db, 'telemetry_raw')).toEqual([
      'telemetry_raw_default',
      'telemetry_raw_p20260714',
      'telemetry_raw_p20260715',
      'telemetry_raw_p20260716',
    ]);
    expect(await partitionsOf(db, 'telemetry_rollup_r60')).toEqual([
      'telemetry_rollup_r60_default',
      'telemetry_rollup_r60_p20260714',
      'telemetry_rollup_r60_p20260715',
      'telemetry_rollup_r60_p20260716',
    ]);
    expect(await partitionsOf(db, 'telemetry_rollup_r900')).toEqual(['telemetry_rollup_r900_default', 'telemetry_rollup_r900_p20260701']);
  });

  it('rows land in their day; a past month waits in the default partition and moves when its own is made', async () => {
    await insertRaw(db, [
      { id: 1, ts: NOW, v: [1] },
      { id: 1, ts: NOW + DAY, v: [2] },
    ]);
    await insertRollups(db, [
      { id: 1, res: 900, bucket: NOW - 90 * DAY, n: 3, s: [1, 2, 3] },
      { id: 1, res: 900, bucket: NOW - 2 * 3_600_000, n: 3, s: [4, 5, 6] },
      { id: 1, res: 86_400, bucket: Date.UTC(2026, 6, 13), n: 96, s: [7, 8, 9] },
    ]);
    expect(await homes(db, 'telemetry_raw', 'ts')).toEqual({ '2026-07-14 06:00': 'telemetry_raw_p20260714', '2026-07-15 06:00': 'telemetry_raw_p20260715' });
    expect(await homes(db, 'telemetry_rollup WHERE res = 900', 'bucket')).toEqual({
      '2026-04-15 06:00': 'telemetry_rollup_r900_default',
      '2026-07-14 04:00': 'telemetry_rollup_r900_p20260701',
    });

    expect(await ensurePartitions(db, NOW, retention)).toEqual(['telemetry_rollup_r900_p20260401']);
    expect(await homes(db, 'telemetry_rollup WHERE res = 900', 'bucket')).toEqual({
      '2026-04-15 06:00': 'telemetry_rollup_r900_p20260401',
      '2026-07-14 04:00': 'telemetry_rollup_r900_p20260701',
    });
    // nothing lost or doubled on the way, and the daily level is its own table
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM telemetry_rollup'))[0]!.n).toBe(3);
    expect((await homes(db, 'telemetry_rollup WHERE res = 86400', 'bucket'))['2026-07-13 00:00']).toBe('telemetry_rollup_r86400');
  });

  it("a day's query reads only that day's partition", async () => {
    const plan = (
      await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT * FROM telemetry_raw WHERE device_id = 1 AND ts >= $1 AND ts < $2`, [
        new Date(NOW + DAY - 3_600_000).toISOString(),
        new Date(NOW + DAY + 3_600_000).toISOString(),
      ])
    )
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).toContain('telemetry_raw_p20260715');
    expect(plan).not.toContain('telemetry_raw_p20260714');
    expect(plan).not.toContain('telemetry_raw_default');
  });

  it('retention drops whole days past the cutoff and makes the days ahead', async () => {
    const later = NOW + 3 * DAY; // 17 July 06:00: raw kept from 15 July 06:00
    await applyRetention(db, later, retention);
    expect(await partitionsOf(db, 'telemetry_raw')).toEqual([
      'telemetry_raw_default',
      'telemetry_raw_p20260715',
      'telemetry_raw_p20260716',
      'telemetry_raw_p20260717',
      'telemetry_raw_p20260718',
      'telemetry_raw_p20260719',
    ]);
    // the day holding the cutoff stays whole: its row from 06:00 is still there
    expect(await homes(db, 'telemetry_raw', 'ts')).toEqual({ '2026-07-15 06:00': 'telemetry_raw_p20260715' });
    // 14 days of minute rollups and 400 of quarter-hours are all still inside retention
    expect(await partitionsOf(db, 'telemetry_rollup_r60')).toContain('telemetry_rollup_r60_p20260714');
    expect(await partitionsOf(db, 'telemetry_rollup_r900')).toContain('telemetry_rollup_r900_p20260401');
    // a year on, the April quarter-hours go with their month
    expect(await dropExpiredPartitions(db, NOW + 400 * DAY, retention)).toContain('telemetry_rollup_r900_p20260401');
  });
});
