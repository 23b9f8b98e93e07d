import { describe, expect, it } from 'vitest';
import { dateKey } from '../../../protocol/site-time';
import { backends } from '../../test/harness';
import { serverWorld } from '../../test/world';
import { HISTORY_NOW, startWithHistory } from '../../actions/__tests__/history-fixture';
import { seedIntervals } from '../../actions/__tests__/report-fixture';
import { billTable } from '../bill';
import { reportTable } from '../table';

// The open period: until a station's month (or day) is over its figures still change, so the
// bill, the report and the analysis that reach it say "provisional" (zh 暂估), on the wire, on
// screen (they read these flags) and in the files; a closed period says final.

describe.each(backends())('the open period is provisional (%s)', (backend) => {
  const w = serverWorld(
    () => startWithHistory(backend),
    async (s) => {
      const [station] = await s.services.db.query<{ id: number; timezone: string }>('SELECT id, timezone FROM stations ORDER BY id LIMIT 1');
      // a closed June beside the open July
      await seedIntervals(s.services.db, [station!.id], '2026-06-20', 5);
      return { token: await s.login('admin', 'Admin@2026'), station: station!.id, today: dateKey(station!.timezone, HISTORY_NOW) };
    },
    300_000,
  );

  it("the current month's bill is provisional, in its answer and its file; a past month's is final", async () => {
    const list = await w.s.call('queryBillList', { stationId: w.station, year: 2026 }, w.token);
    expect(list.code).toBe(0);
    const byMonth = Object.fromEntries(list.data.dataList.map((b) => [b.month, b.provisional]));
    expect(byMonth).toMatchObject({ '2026-06': false, [w.today.slice(0, 7)]: true });

    const open = (await w.s.call('queryBillDetail', { billId: `${w.station}-${w.today.slice(0, 7)}` }, w.token)).data;
    const closed = (await w.s.call('queryBillDetail', { billId: `${w.station}-2026-06` }, w.token)).data;
    expect([open.provisional, closed.provisional]).toEqual([true, false]);
    const zh = billTable(open, 'zh', 'now');
    expect(zh.title).toContain('暂估');
    expect(zh.params).toContainEqual(['状态', expect.stringContaining('暂估')]);
    expect(String(zh.totals[0])).toContain('暂估');
    const en = billTable(closed, 'en', 'now');
    expect(en.title).not.toContain('Provisional');
    expect(en.params).toContainEqual(['Status', 'Final']);
  });

  it('a report reaching today names its first open period; the files say provisional; a past range is final', async () => {
    const q = { stationId: w.station, granularity: 'day', items: ['pvKwh', 'income'] } as const;
    const open = (await w.s.call('querySiteReport', { ...q, from: '2026-07-10', to: '2026-07-20' }, w.token)).data;
    expect(open.openFrom).toBe(w.today);
    expect(open.rows.at(-1)!.period).toBe(w.today);
    const file = reportTable('site', open, 'en', 'now');
    expect(file.title).toBe('Site report · Provisional');
    expect(file.totals[0]).toBe('Total (Provisional)');
    expect(file.params).toContainEqual(['Status', expect.stringContaining('not over')]);

    const closed = (await w.s.call('querySiteReport', { ...q, from: '2026-06-20', to: '2026-06-24' }, w.token)).data;
    expect(closed.openFrom).toBeNull();
    expect(reportTable('site', closed, 'zh', 'now').params).toContainEqual(['状态', '最终']);
  });

  it('an analysis whose range reaches today is provisional, a past month is not', async () => {
    for (const action of ['queryPvAnalysis', 'queryEssAnalysis', 'queryEnergyUsageAnalysis'] as const) {
      const now = await w.s.call(action, { stationId: w.station, period: 'month', date: w.today }, w.token);
      const past = await w.s.call(action, { stationId: w.station, period: 'month', date: '2026-06-15' }, w.token);
      expect([now.data.provisional, past.data.provisional], action).toEqual([true, false]);
    }
  });
});
