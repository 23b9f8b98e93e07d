// A long range reads only the rows M4 can keep (per bucket: first, last, earliest minimum and
// maximum). What it draws must be exactly what reading every row draws: ties, gaps, rows of an
// older, shorter point list, several points, raw rows, and a finer level that starts mid-range.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/db';
import { backends, startTestServer, type TestServer } from '../../test/harness';
import { queryHistory } from '../history';
import { insertRaw, insertRollups, type RawRow, type RollupRow } from '../sql';
import { POINTS } from '../../../protocol/fleet';

const NOW = Date.UTC(2026, 6, 14, 6, 0);
const DAY = 86_400_000;
const retention = { rawDays: 2, minuteDays: 14, quarterDays: 400 };
const defs = POINTS.pcs;
const w: number = defs.length;

// a small deterministic generator: the same data on every run
let seed = 7;
const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
/** values on a coarse grid, so equal minima and maxima are common */
const q = () => Math.round(rnd() * 6);

const rollup = (id: number, bucket: number, res: number, points = w): RollupRow => {
  const mn = Array.from({ length: points }, () => (rnd() < 0.05 ? null : q()));
  const mx = mn.map((x) => (x === null ? null : x + Math.round(rnd() * 3)));
  const av = mn.map((x, i) => (x === null ? null : (x + mx[i]!) / 2));
  return { id, res, bucket, n: 12, s: [...mn, ...mx, ...av] as number[] };
};

describe.each(backends())('history: candidate rows of a long range (%s)', (backend) => {
  let srv: TestServer;
  let db: Queryable;
  let pcs = 0;
  beforeAll(async () => {
    // the server's clock at NOW: its retention keeps every row written here (at the real time it
    // would delete them, between the two reads compared)
    srv = await startTestServer(backend, { clock: () => NOW });
    db = srv.services.db;
    pcs = (await db.query<{ id: number }>("SELECT id FROM devices WHERE type = 'pcs' ORDER BY id LIMIT 1"))[0]!.id;
    const rows: RollupRow[] = [];
    // 15-minute rows for 30 days; 1-minute rows only for the last 10 (a finer level starting mid-range),
    // the older half of them written when the type had two points fewer
    for (let b = NOW - 30 * DAY; b < NOW; b += 900_000) rows.push(rollup(pcs, b, 900));
    for (let b = NOW - 10 * DAY; b < NOW; b += 60_000) rows.push(rollup(pcs, b, 60, b < NOW - 5 * DAY ? w - 2 : w));
    await insertRollups(db, rows);
    const raw: RawRow[] = [];
    for (let t = NOW - 1.5 * DAY; t < NOW; t += 5000) raw.push({ id: pcs, ts: t, v: Array.from({ length: w }, () => (rnd() < 0.03 ? null : q())) });
    await insertRaw(db, raw);
  });
  afterAll(() => srv?.close());

  const last = defs[w - 1]!.name;
  const cases: [string, number, number, number, string[]][] = [
    ['1-minute level, many rows per bucket, stitched onto 15-minute rows', NOW - 12 * DAY, NOW - 1000, 1500, ['p', last]],
    ['1-minute level, an odd width', NOW - 9.3 * DAY, NOW - 2.1 * DAY, 333, [defs[0]!.name]],
    ['raw level, many rows per bucket', NOW - 1.4 * DAY, NOW - 60_000, 400, ['p', defs[1]!.name, last]],
    ['a narrow range (every row read)', NOW - 3_600_000, NOW, 1500, ['p']],
  ];
  for (const [name, from, to, width, points] of cases)
    it(name, async () => {
      const req = { id: pcs, type: 'pcs' as const, points, from, to, width };
      const all = await queryHistory(db, undefined, req, NOW, retention, false);
      const some = await queryHistory(db, undefined, req, NOW, retention, true);
      expect(all.every((s) => s.t.length > 10)).toBe(true);
      expect(some).toEqual(all);
    });
});
