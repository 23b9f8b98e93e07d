import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../protocol/errors';
import { parseAlarmPush } from '../../../protocol/push';
import { backends } from '../../test/harness';
import { alarmsWorld, DAY, type Issues, paths } from './alarms-fixture';

// Alarm actions: catching up on alarms since an id (the console's path after a reconnect) and
// the alarm analysis. The list, detail and resolving are in alarms.test.ts.

describe.each(backends())('alarm actions: catch-up and analysis (%s)', (backend) => {
  const w = alarmsWorld(backend);
  const { q, countWhere } = w;

  // ───────────────────────────── queryAlarmsSince ─────────────────────────────

  describe('queryAlarmsSince', () => {
    it('pages through every alarm oldest first, with no gap and no duplicate, as push messages', async () => {
      const all = (await q<{ id: number }>('SELECT id FROM alarms ORDER BY id')).map((r) => r.id);
      const seen: number[] = [];
      let afterId = 0;
      for (let pages = 0; ; pages++) {
        expect(pages).toBeLessThan(100);
        const r = await w.s.call('queryAlarmsSince', { afterId, limit: 37 }, w.root);
        expect(r.code).toBe(0);
        for (const item of r.data.dataList) expect(parseAlarmPush(JSON.stringify(item)).ok).toBe(true); // the console's catch-up path
        seen.push(...r.data.dataList.map((a) => a.alarmId));
        expect(r.data.lastId).toBe(r.data.dataList.at(-1)?.alarmId ?? afterId);
        afterId = r.data.lastId;
        if (!r.data.more) break;
        expect(r.data.dataList).toHaveLength(37);
      }
      expect(seen).toEqual(all);
      const tail = await w.s.call('queryAlarmsSince', { afterId }, w.root);
      expect(tail.data).toMatchObject({ dataList: [], lastId: afterId, more: false });
    });

    it('reports the current status and the sound rule of each alarm', async () => {
      const r = await w.s.call('queryAlarmsSince', { afterId: 0, orgId: w.A, limit: 500 }, w.adminA);
      const rows = await q<{ id: number; status: number; category: string }>(
        'SELECT id, status, category FROM alarms WHERE provider_id = $1 ORDER BY id LIMIT 500',
        [w.A],
      );
      expect(r.data.dataList.map((a) => [a.alarmId, a.status, a.actionWay])).toEqual(
        rows.map((x) => [x.id, x.status === 1 ? 'unresolved' : 'resolved', x.category === 'fault' || x.category === 'protection' ? 35003 : 35002]),
      );
      for (const a of r.data.dataList) expect(a.orgId).toBe(w.A);
    });

    it('(session action) a stations-scoped account catches up on its stations only', async () => {
      const r = await w.s.call('queryAlarmsSince', { afterId: 0, orgId: w.A }, w.scoped);
      expect(r.code).toBe(0);
      expect(r.data.dataList.length).toBe(Math.min(500, await countWhere('station_id = $1', [w.stationX])));
      expect(new Set(r.data.dataList.map((a) => a.stationId))).toEqual(new Set([w.stationX]));
    });

    it('answers notFound for another provider’s orgId', async () => {
      const r = await w.s.call('queryAlarmsSince', { afterId: 0, orgId: w.B }, w.adminA);
      expect(r.code).toBe(ErrorCode.notFound);
      expect(r.data).toBeNull();
    });

    it('rejects an invalid payload with the field paths', async () => {
      const r = await w.s.call('queryAlarmsSince', { afterId: -1, limit: 501 }, w.adminA);
      expect(r.code).toBe(ErrorCode.validationFailed);
      expect(paths(r.data)).toEqual(expect.arrayContaining(['afterId', 'limit']));
    });
  });

  // ───────────────────────────── queryAlarmAnalysis ─────────────────────────────

  describe('queryAlarmAnalysis', () => {
    const range = () => ({ from: new Date(w.s.clock.now - 30 * DAY).toISOString(), to: new Date(w.s.clock.now + 60_000).toISOString() });
    const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);

    it('counts by category, type, status, device type, UTC day and station, with mean recovery minutes', async () => {
      const { from, to } = range();
      const r = await w.s.call('queryAlarmAnalysis', { orgId: w.A, from, to }, w.adminA);
      expect(r.code).toBe(0);
      const d = r.data;
      const where = 'provider_id = $1 AND happen_time >= $2 AND happen_time < $3';
      expect(d.total).toBe(await countWhere(where, [w.A, from, to]));
      expect(d.total).toBeGreaterThan(0);
      for (const part of [d.byCategory, d.byType, d.byStatus, d.byDeviceType]) expect(sum(part)).toBe(d.total);
      expect(Object.keys(d.byCategory).sort()).toEqual(['alarm', 'event', 'fault', 'protection']);
      expect(d.byStatus.unresolved).toBe(await countWhere(`${where} AND status = 1`, [w.A, from, to]));
      expect(d.perDay).toHaveLength(31);
      expect(d.perDay[0]!.day).toBe(from.slice(0, 10));
      expect(d.perDay.reduce((a, x) => a + x.count, 0)).toBe(d.total);
      // each day split by category, the splits adding up to the day and to byCategory
      for (const x of d.perDay) expect(sum(x.byCategory)).toBe(x.count);
      for (const c of Object.keys(d.byCategory)) expect(d.perDay.reduce((a, x) => a + (x.byCategory[c] ?? 0), 0)).toBe(d.byCategory[c]);
      // the top rules, most first, named (catalogue rules by the catalogue)
      const topRule = (
        await q<{ code: string; n: number }>(
          `SELECT rule_code AS code, count(*)::int AS n FROM alarms WHERE ${where} GROUP BY rule_code ORDER BY n DESC, rule_code LIMIT 1`,
          [w.A, from, to],
        )
      )[0]!;
      expect(d.topRules[0]).toMatchObject({ ruleCode: topRule.code, count: topRule.n });
      expect(d.topRules.length).toBeLessThanOrEqual(10);
      for (const r of d.topRules) expect(r.ruleName).toBeTruthy();
      expect(d.topRules.map((r) => r.count)).toEqual([...d.topRules.map((r) => r.count)].sort((x, y) => y - x));
      expect(d.topStations.length).toBeLessThanOrEqual(10);
      const counts = d.topStations.map((t) => t.count);
      expect(counts).toEqual([...counts].sort((x, y) => y - x));
      for (const t of d.topStations) expect(w.stationsA).toContain(t.stationId);
      expect(d.topStations[0]!.count).toBe(
        (await q<{ n: number }>(`SELECT count(*)::int AS n FROM alarms WHERE ${where} GROUP BY station_id ORDER BY n DESC LIMIT 1`, [w.A, from, to]))[0]!.n,
      );
      const [m] = await q<{ m: number }>(
        `SELECT (avg(extract(epoch FROM recovery_time - happen_time)) / 60)::float8 AS m FROM alarms WHERE ${where} AND status = 2`,
        [w.A, from, to],
      );
      expect(d.meanRecoveryMinutes).toBeCloseTo(m!.m, 0);

      const one = await w.s.call('queryAlarmAnalysis', { stationId: w.stationX, from, to }, w.scoped);
      expect(one.data.total).toBe(await countWhere('station_id = $1 AND happen_time >= $2 AND happen_time < $3', [w.stationX, from, to]));
      expect(one.data.topStations.map((t) => t.stationId)).toEqual([w.stationX]);
    });

    it('is forbidden without alarm.alarmAnalysis', async () => {
      const { token } = await w.s.makeAccount({ orgId: w.A, permissions: ['alarm.alarmList'] });
      const r = await w.s.call('queryAlarmAnalysis', { orgId: w.A, ...range() }, token);
      expect(r.code).toBe(ErrorCode.forbidden);
    });

    it('answers notFound for another provider’s orgId or stationId, and outside a station scope', async () => {
      for (const p of [{ orgId: w.B }, { stationId: w.stationsB[0]! }]) {
        const r = await w.s.call('queryAlarmAnalysis', { ...p, ...range() }, w.adminA);
        expect(r.code).toBe(ErrorCode.notFound);
        expect(r.data).toBeNull();
      }
      const other = w.stationsA.find((x) => x !== w.stationX)!;
      expect((await w.s.call('queryAlarmAnalysis', { stationId: other, ...range() }, w.scoped)).code).toBe(ErrorCode.notFound);
    });

    it('rejects a missing bound, a reversed range and one over 366 days', async () => {
      const missing = await w.s.call('queryAlarmAnalysis', { to: new Date(w.s.clock.now).toISOString() }, w.adminA);
      expect(missing.code).toBe(ErrorCode.validationFailed);
      expect(paths(missing.data)).toEqual(['from']);
      const { from, to } = range();
      const reversed = await w.s.call('queryAlarmAnalysis', { from: to, to: from }, w.adminA);
      expect(reversed.code).toBe(ErrorCode.validationFailed);
      expect((reversed.data as unknown as Issues).issues).toEqual([{ path: 'to', issue: 'tooSmall', limit: to }]);
      const long = await w.s.call('queryAlarmAnalysis', { from: new Date(w.s.clock.now - 367 * DAY).toISOString(), to }, w.adminA);
      expect(long.code).toBe(ErrorCode.validationFailed);
      expect((long.data as unknown as Issues).issues).toEqual([{ path: 'to', issue: 'tooBig', limit: 366 }]);
      const year = await w.s.call(
        'queryAlarmAnalysis',
        { from: new Date(w.s.clock.now - 366 * DAY).toISOString(), to: new Date(w.s.clock.now).toISOString() },
        w.adminA,
      );
      expect(year.code).toBe(0);
      expect(year.data.perDay.length).toBeGreaterThanOrEqual(366);
    });
  });
});
