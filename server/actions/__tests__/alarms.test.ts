import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../protocol/errors';
import { orgAlarmTopic, parseAlarmPush, stationAlarmTopic } from '../../../protocol/push';
import { backends, startTestServer, type TestServer } from '../../test/harness';
import { seedAlarmHistory } from '../../alarms/seed-history';
import { raiseAlarm } from '../../alarms/store';

const DAY = 86_400_000;
type Issues = { issues: { path: string; issue: string }[] };
const paths = (data: unknown) => (data as Issues).issues.map((i) => i.path);

describe.each(backends())('alarm actions (%s)', (backend) => {
  let s: TestServer;
  let root: string;
  let adminA: string; // provider A's administrator
  let A: number;
  let B: number;
  let stationsA: number[];
  let stationsB: number[];
  /** a station of A with alarms, and an account that sees only it */
  let stationX: number;
  let scoped: string;
  const sent: { topic: string; payload: string }[] = [];
  const q = <T,>(sql: string, params?: unknown[]) => s.services.db.query<T>(sql, params);
  const openOf = async (providerId: number) =>
    (await q<{ id: number; stationId: number }>('SELECT id, station_id AS "stationId" FROM alarms WHERE provider_id = $1 AND status = 1 ORDER BY id LIMIT 1', [providerId]))[0]!;
  const countWhere = async (where: string, params: unknown[]) => (await q<{ n: number }>(`SELECT count(*)::int AS n FROM alarms WHERE ${where}`, params))[0]!.n;

  beforeAll(async () => {
    s = await startTestServer(backend);
    const now = new Date(s.clock.now);
    await seedAlarmHistory(s.services.db, s.services.registry, now); // no-op when the seed already has a history
    const fx = await s.fixtures();
    [A, B] = fx.providers as [number, number];
    stationsA = fx.stationOf.get(A)!;
    stationsB = fx.stationOf.get(B)!;
    // One open alarm per provider for certain, whatever the random history holds.
    for (const p of [A, B]) {
      const [gw] = await q<{ id: number; stationId: number }>(
        `SELECT d.id, d.station_id AS "stationId" FROM devices d JOIN stations s ON s.id = d.station_id WHERE s.provider_id = $1 AND d.type = 'gateway' ORDER BY d.id LIMIT 1`,
        [p],
      );
      await raiseAlarm(s.services.db, { stationId: gw!.stationId, deviceId: gw!.id, ruleCode: 'gatewayOffline', content: 'Gateway offline: no heartbeat for 300 s', time: new Date(s.clock.now - 60_000) });
    }
    // Spy on every push, whichever broker the server runs.
    const broker = s.services.broker;
    const publish = broker.publish.bind(broker);
    broker.publish = async (topic, payload) => {
      sent.push({ topic, payload });
      return publish(topic, payload);
    };
    root = await s.login('admin', 'Admin@2026');
    adminA = await s.login('sunrise', 'Sunrise@2026');
    const [busy] = await q<{ stationId: number }>(
      'SELECT station_id AS "stationId" FROM alarms WHERE provider_id = $1 GROUP BY station_id ORDER BY count(*) DESC, station_id LIMIT 1',
      [A],
    );
    stationX = busy!.stationId;
    scoped = (await s.makeAccount({ orgId: A, permissions: ['alarm.alarmList', 'alarm.alarmAnalysis'], dataScope: 'stations', stationIds: [stationX] })).token;
  });
  afterAll(() => s.close());

  // ───────────────────────────── fuzzyAlarmRecord ─────────────────────────────

  describe('fuzzyAlarmRecord', () => {
    it('answers the header badge (SPEC §7) and lists newest first with names', async () => {
      const r = await s.call('fuzzyAlarmRecord', { alarmRecordVo: { alarmStatus: 1, orgId: A }, page: 1, length: 1000 }, adminA);
      expect(r.code).toBe(0);
      expect(r.data.totalCount).toBe(await countWhere('provider_id = $1 AND status = 1', [A]));
      expect(r.data.totalCount).toBeGreaterThan(0);
      expect(r.data.dataList).toHaveLength(r.data.totalCount);
      for (const a of r.data.dataList) {
        expect(a).toMatchObject({ serviceProviderId: A, alarmStatus: 1, recoveryTime: null, resolvedBy: null });
        expect(a.stationName).toBe(s.services.registry.stations.get(a.stationId)!.name);
      }
      const times = r.data.dataList.map((a) => Date.parse(a.happenTime));
      expect(times).toEqual([...times].sort((x, y) => y - x));
      const device = r.data.dataList.find((a) => a.deviceId !== null)!;
      const [dev] = await q<{ name: string }>('SELECT name FROM devices WHERE id = $1', [device.deviceId]);
      expect(device.deviceName).toBe(dev!.name);
    });

    it('filters by station name (wildcards escaped), keyword, category, type, device type and time; pages', async () => {
      const name = s.services.registry.stations.get(stationX)!.name;
      const part = name.slice(1, Math.max(3, Math.min(name.length, 6)));
      const byName = await s.call('fuzzyAlarmRecord', { alarmRecordVo: { stationName: part.toUpperCase() }, length: 1000 }, adminA);
      expect(byName.data.totalCount).toBeGreaterThan(0);
      for (const a of byName.data.dataList) expect(a.stationName.toLowerCase()).toContain(part.toLowerCase());
      for (const wild of ['%', '_', '\\']) {
        expect((await s.call('fuzzyAlarmRecord', { alarmRecordVo: { stationName: wild } }, adminA)).data.totalCount).toBe(0);
      }

      const kw = await s.call('fuzzyAlarmRecord', { alarmRecordVo: { keyword: 'over-temperature' }, length: 1000 }, adminA);
      expect(kw.data.totalCount).toBeGreaterThan(0);
      for (const a of kw.data.dataList) expect(`${a.content} ${a.alarmRuleName}`.toLowerCase()).toContain('over-temperature');
      // a search in another language: the console sends the codes whose translated names match
      const byCode = await s.call('fuzzyAlarmRecord', { alarmRecordVo: { keyword: '过温', keywordRuleCodes: ['cellOverTemp', 'pcsIgbtOverTemp'] }, length: 1000 }, adminA);
      expect(byCode.data.totalCount).toBeGreaterThan(0);
      for (const a of byCode.data.dataList) expect(['cellOverTemp', 'pcsIgbtOverTemp']).toContain(a.alarmRuleCode);
      const bad = await s.call('fuzzyAlarmRecord', { alarmRecordVo: { keyword: 'x', keywordRuleCodes: [''] } }, adminA);
      expect(bad.code).toBe(ErrorCode.validationFailed);

      const f = { alarmCategory: 'protection', alarmType: 'fault', deviceType: 'battery_cluster' } as const;
      const narrowed = await s.call('fuzzyAlarmRecord', { alarmRecordVo: f, length: 1000 }, root);
      expect(narrowed.data.totalCount).toBe(await countWhere(`category = 'protection' AND type = 'fault' AND device_type = 'battery_cluster'`, []));
      for (const a of narrowed.data.dataList) expect(a).toMatchObject(f);

      const from = new Date(s.clock.now - 7 * DAY).toISOString();
      const to = new Date(s.clock.now - 2 * DAY).toISOString();
      const ranged = await s.call('fuzzyAlarmRecord', { alarmRecordVo: { from, to }, length: 1000 }, root);
      expect(ranged.data.totalCount).toBe(await countWhere('happen_time >= $1 AND happen_time < $2', [from, to]));

      const ten = await s.call('fuzzyAlarmRecord', { alarmRecordVo: { orgId: A }, page: 1, length: 10 }, adminA);
      const second = await s.call('fuzzyAlarmRecord', { alarmRecordVo: { orgId: A }, page: 2, length: 5 }, adminA);
      expect(second.data.dataList.map((a) => a.alarmId)).toEqual(ten.data.dataList.slice(5).map((a) => a.alarmId));
      const past = await s.call('fuzzyAlarmRecord', { alarmRecordVo: { orgId: A }, page: 10_000, length: 1000 }, adminA);
      expect(past.data).toEqual({ totalCount: ten.data.totalCount, dataList: [] });
    });

    it('shows the platform every provider, a provider admin its own', async () => {
      expect((await s.call('fuzzyAlarmRecord', {}, root)).data.totalCount).toBe(await countWhere('true', []));
      const own = await s.call('fuzzyAlarmRecord', { length: 1000 }, adminA);
      expect(own.data.totalCount).toBe(await countWhere('provider_id = $1', [A]));
    });

    it('(session action) a stations-scoped account sees only its stations', async () => {
      const r = await s.call('fuzzyAlarmRecord', { alarmRecordVo: { orgId: A }, length: 1000 }, scoped);
      expect(r.code).toBe(0);
      expect(r.data.totalCount).toBe(await countWhere('station_id = $1', [stationX]));
      expect(new Set(r.data.dataList.map((a) => a.stationId))).toEqual(new Set([stationX]));
      const other = stationsA.find((x) => x !== stationX)!;
      const probe = await s.call('fuzzyAlarmRecord', { alarmRecordVo: { stationId: other } }, scoped);
      expect(probe.code).toBe(ErrorCode.notFound);
      expect(probe.data).toBeNull();
    });

    it('answers notFound for another provider’s orgId or stationId', async () => {
      for (const vo of [{ orgId: B }, { stationId: stationsB[0]! }, { orgId: A, stationId: stationsB[0]! }]) {
        const r = await s.call('fuzzyAlarmRecord', { alarmRecordVo: vo }, adminA);
        expect(r.code).toBe(ErrorCode.notFound);
        expect(r.data).toBeNull();
      }
    });

    it('rejects an invalid payload with the field path', async () => {
      const r = await s.call('fuzzyAlarmRecord', { alarmRecordVo: { alarmStatus: 3 }, length: 1001 }, adminA);
      expect(r.code).toBe(ErrorCode.validationFailed);
      expect(paths(r.data)).toEqual(expect.arrayContaining(['alarmRecordVo.alarmStatus', 'length']));
    });
  });

  // ───────────────────────────── queryAlarmById ─────────────────────────────

  describe('queryAlarmById', () => {
    it('answers one record, the same as the list', async () => {
      const [first] = (await s.call('fuzzyAlarmRecord', { alarmRecordVo: { orgId: A }, length: 1 }, adminA)).data.dataList;
      const r = await s.call('queryAlarmById', { alarmId: first!.alarmId }, adminA);
      expect(r.code).toBe(0);
      expect(r.data).toEqual(first);
    });

    it('is forbidden without a list permission', async () => {
      const { token } = await s.makeAccount({ orgId: A, permissions: ['alarm.alarmAnalysis'] });
      const r = await s.call('queryAlarmById', { alarmId: (await openOf(A)).id }, token);
      expect(r.code).toBe(ErrorCode.forbidden);
      expect(r.data).toBeNull();
    });

    it('answers notFound for another provider’s alarm, another station’s, and a missing id', async () => {
      const b = await openOf(B);
      const cross = await s.call('queryAlarmById', { alarmId: b.id }, adminA);
      expect(cross.code).toBe(ErrorCode.notFound);
      expect(cross.data).toBeNull();
      const [elsewhere] = await q<{ id: number }>('SELECT id FROM alarms WHERE provider_id = $1 AND station_id <> $2 LIMIT 1', [A, stationX]);
      expect((await s.call('queryAlarmById', { alarmId: elsewhere!.id }, scoped)).code).toBe(ErrorCode.notFound);
      expect((await s.call('queryAlarmById', { alarmId: 9_999_999 }, root)).code).toBe(ErrorCode.notFound);
    });

    it('rejects an invalid id', async () => {
      const r = await s.call('queryAlarmById', { alarmId: 0 }, adminA);
      expect(r.code).toBe(ErrorCode.validationFailed);
      expect(paths(r.data)).toEqual(['alarmId']);
    });
  });

  // ───────────────────────────── resolveAlarm ─────────────────────────────

  describe('resolveAlarm', () => {
    it('resolves an open alarm once: recovery time now, one push on the provider, customer and station topics, audited; again is a no-op', async () => {
      const target = await openOf(A);
      const badge = { alarmRecordVo: { alarmStatus: 1, orgId: A }, page: 1, length: 1000 };
      const before = (await s.call('fuzzyAlarmRecord', badge, adminA)).data.totalCount;
      const pushesBefore = sent.length;
      s.clock.now += 1000;
      const r = await s.call('resolveAlarm', { alarmId: target.id }, adminA);
      expect(r.code).toBe(0);
      expect(r.data).toEqual({ alarmId: target.id, alarmStatus: 2, recoveryTime: new Date(s.clock.now).toISOString() });

      const pushes = sent.slice(pushesBefore);
      const customer = s.services.registry.stations.get(target.stationId)!.customerId;
      expect(pushes.map((p) => p.topic)).toEqual([orgAlarmTopic(A), orgAlarmTopic(customer), stationAlarmTopic(A, target.stationId)]);
      expect(new Set(pushes.map((p) => p.payload)).size).toBe(1);
      const msg = parseAlarmPush(pushes[0]!.payload);
      const [{ category } = { category: '' }] = await q<{ category: string }>('SELECT category FROM alarms WHERE id = $1', [target.id]);
      const actionWay = category === 'fault' || category === 'protection' ? 35003 : 35002;
      expect(msg.ok && msg.message).toMatchObject({ alarmId: target.id, orgId: A, stationId: target.stationId, status: 'resolved', actionWay });

      expect((await s.call('fuzzyAlarmRecord', badge, adminA)).data.totalCount).toBe(before - 1);
      const rec = (await s.call('queryAlarmById', { alarmId: target.id }, adminA)).data;
      expect(rec).toMatchObject({ alarmStatus: 2, resolvedBy: '王建国', recoveryTime: r.data.recoveryTime });
      const audits = await q<{ detail: { outcome: string } }>("SELECT detail FROM audit_log WHERE action = 'resolveAlarm' AND target = $1", [`alarm:${target.id}`]);
      expect(audits.map((a) => a.detail.outcome)).toEqual(['resolved']);

      s.clock.now += 1000;
      const again = await s.call('resolveAlarm', { alarmId: target.id }, adminA);
      expect(again.code).toBe(0);
      expect(again.data).toEqual(r.data);
      expect(sent.length).toBe(pushesBefore + 3);
    });

    it('is forbidden without alarm.resolve, and changes nothing', async () => {
      const target = await openOf(A);
      const { token } = await s.makeAccount({ orgId: A, permissions: ['alarm.alarmList'] });
      const r = await s.call('resolveAlarm', { alarmId: target.id }, token);
      expect(r.code).toBe(ErrorCode.forbidden);
      const operator = await s.login('operator', 'Operator@2026'); // the demo read-only account
      expect((await s.call('resolveAlarm', { alarmId: target.id }, operator)).code).toBe(ErrorCode.forbidden);
      expect(await countWhere('id = $1 AND status = 1', [target.id])).toBe(1);
    });

    it('answers notFound for another provider’s alarm and leaves it open, unpushed', async () => {
      const b = await openOf(B);
      const n = sent.length;
      const r = await s.call('resolveAlarm', { alarmId: b.id }, adminA);
      expect(r.code).toBe(ErrorCode.notFound);
      expect(r.data).toBeNull();
      expect(await countWhere('id = $1 AND status = 1', [b.id])).toBe(1);
      expect(sent.length).toBe(n);
    });

    it('rejects an invalid id', async () => {
      const r = await s.call('resolveAlarm', { alarmId: 'abc' }, adminA);
      expect(r.code).toBe(ErrorCode.validationFailed);
      expect(paths(r.data)).toEqual(['alarmId']);
    });
  });

  // ───────────────────────────── queryAlarmsSince ─────────────────────────────

  describe('queryAlarmsSince', () => {
    it('pages through every alarm oldest first, with no gap and no duplicate, as push messages', async () => {
      const all = (await q<{ id: number }>('SELECT id FROM alarms ORDER BY id')).map((r) => r.id);
      const seen: number[] = [];
      let afterId = 0;
      for (let pages = 0; ; pages++) {
        expect(pages).toBeLessThan(100);
        const r = await s.call('queryAlarmsSince', { afterId, limit: 37 }, root);
        expect(r.code).toBe(0);
        for (const item of r.data.dataList) expect(parseAlarmPush(JSON.stringify(item)).ok).toBe(true); // the console's catch-up path
        seen.push(...r.data.dataList.map((a) => a.alarmId));
        expect(r.data.lastId).toBe(r.data.dataList.at(-1)?.alarmId ?? afterId);
        afterId = r.data.lastId;
        if (!r.data.more) break;
        expect(r.data.dataList).toHaveLength(37);
      }
      expect(seen).toEqual(all);
      const tail = await s.call('queryAlarmsSince', { afterId }, root);
      expect(tail.data).toMatchObject({ dataList: [], lastId: afterId, more: false });
    });

    it('reports the current status and the sound rule of each alarm', async () => {
      const r = await s.call('queryAlarmsSince', { afterId: 0, orgId: A, limit: 500 }, adminA);
      const rows = await q<{ id: number; status: number; category: string }>('SELECT id, status, category FROM alarms WHERE provider_id = $1 ORDER BY id LIMIT 500', [A]);
      expect(r.data.dataList.map((a) => [a.alarmId, a.status, a.actionWay])).toEqual(
        rows.map((x) => [x.id, x.status === 1 ? 'unresolved' : 'resolved', x.category === 'fault' || x.category === 'protection' ? 35003 : 35002]),
      );
      for (const a of r.data.dataList) expect(a.orgId).toBe(A);
    });

    it('(session action) a stations-scoped account catches up on its stations only', async () => {
      const r = await s.call('queryAlarmsSince', { afterId: 0, orgId: A }, scoped);
      expect(r.code).toBe(0);
      expect(r.data.dataList.length).toBe(Math.min(500, await countWhere('station_id = $1', [stationX])));
      expect(new Set(r.data.dataList.map((a) => a.stationId))).toEqual(new Set([stationX]));
    });

    it('answers notFound for another provider’s orgId', async () => {
      const r = await s.call('queryAlarmsSince', { afterId: 0, orgId: B }, adminA);
      expect(r.code).toBe(ErrorCode.notFound);
      expect(r.data).toBeNull();
    });

    it('rejects an invalid payload with the field paths', async () => {
      const r = await s.call('queryAlarmsSince', { afterId: -1, limit: 501 }, adminA);
      expect(r.code).toBe(ErrorCode.validationFailed);
      expect(paths(r.data)).toEqual(expect.arrayContaining(['afterId', 'limit']));
    });
  });

  // ───────────────────────────── queryAlarmAnalysis ─────────────────────────────

  describe('queryAlarmAnalysis', () => {
    const range = () => ({ from: new Date(s.clock.now - 30 * DAY).toISOString(), to: new Date(s.clock.now + 60_000).toISOString() });
    const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);

    it('counts by category, type, status, device type, UTC day and station, with mean recovery minutes', async () => {
      const { from, to } = range();
      const r = await s.call('queryAlarmAnalysis', { orgId: A, from, to }, adminA);
      expect(r.code).toBe(0);
      const d = r.data;
      const where = 'provider_id = $1 AND happen_time >= $2 AND happen_time < $3';
      expect(d.total).toBe(await countWhere(where, [A, from, to]));
      expect(d.total).toBeGreaterThan(0);
      for (const part of [d.byCategory, d.byType, d.byStatus, d.byDeviceType]) expect(sum(part)).toBe(d.total);
      expect(Object.keys(d.byCategory).sort()).toEqual(['alarm', 'event', 'fault', 'protection']);
      expect(d.byStatus.unresolved).toBe(await countWhere(`${where} AND status = 1`, [A, from, to]));
      expect(d.perDay).toHaveLength(31);
      expect(d.perDay[0]!.day).toBe(from.slice(0, 10));
      expect(d.perDay.reduce((a, x) => a + x.count, 0)).toBe(d.total);
      // each day split by category, the splits adding up to the day and to byCategory
      for (const x of d.perDay) expect(sum(x.byCategory)).toBe(x.count);
      for (const c of Object.keys(d.byCategory)) expect(d.perDay.reduce((a, x) => a + (x.byCategory[c] ?? 0), 0)).toBe(d.byCategory[c]);
      // the top rules, most first, named (catalogue rules by the catalogue)
      const topRule = (await q<{ code: string; n: number }>(`SELECT rule_code AS code, count(*)::int AS n FROM alarms WHERE ${where} GROUP BY rule_code ORDER BY n DESC, rule_code LIMIT 1`, [A, from, to]))[0]!;
      expect(d.topRules[0]).toMatchObject({ ruleCode: topRule.code, count: topRule.n });
      expect(d.topRules.length).toBeLessThanOrEqual(10);
      for (const r of d.topRules) expect(r.ruleName).toBeTruthy();
      expect(d.topRules.map((r) => r.count)).toEqual([...d.topRules.map((r) => r.count)].sort((x, y) => y - x));
      expect(d.topStations.length).toBeLessThanOrEqual(10);
      const counts = d.topStations.map((t) => t.count);
      expect(counts).toEqual([...counts].sort((x, y) => y - x));
      for (const t of d.topStations) expect(stationsA).toContain(t.stationId);
      expect(d.topStations[0]!.count).toBe(
        (await q<{ n: number }>(`SELECT count(*)::int AS n FROM alarms WHERE ${where} GROUP BY station_id ORDER BY n DESC LIMIT 1`, [A, from, to]))[0]!.n,
      );
      const [m] = await q<{ m: number }>(
        `SELECT (avg(extract(epoch FROM recovery_time - happen_time)) / 60)::float8 AS m FROM alarms WHERE ${where} AND status = 2`,
        [A, from, to],
      );
      expect(d.meanRecoveryMinutes).toBeCloseTo(m!.m, 0);

      const one = await s.call('queryAlarmAnalysis', { stationId: stationX, from, to }, scoped);
      expect(one.data.total).toBe(await countWhere('station_id = $1 AND happen_time >= $2 AND happen_time < $3', [stationX, from, to]));
      expect(one.data.topStations.map((t) => t.stationId)).toEqual([stationX]);
    });

    it('is forbidden without alarm.alarmAnalysis', async () => {
      const { token } = await s.makeAccount({ orgId: A, permissions: ['alarm.alarmList'] });
      const r = await s.call('queryAlarmAnalysis', { orgId: A, ...range() }, token);
      expect(r.code).toBe(ErrorCode.forbidden);
    });

    it('answers notFound for another provider’s orgId or stationId, and outside a station scope', async () => {
      for (const p of [{ orgId: B }, { stationId: stationsB[0]! }]) {
        const r = await s.call('queryAlarmAnalysis', { ...p, ...range() }, adminA);
        expect(r.code).toBe(ErrorCode.notFound);
        expect(r.data).toBeNull();
      }
      const other = stationsA.find((x) => x !== stationX)!;
      expect((await s.call('queryAlarmAnalysis', { stationId: other, ...range() }, scoped)).code).toBe(ErrorCode.notFound);
    });

    it('rejects a missing bound, a reversed range and one over 366 days', async () => {
      const missing = await s.call('queryAlarmAnalysis', { to: new Date(s.clock.now).toISOString() }, adminA);
      expect(missing.code).toBe(ErrorCode.validationFailed);
      expect(paths(missing.data)).toEqual(['from']);
      const { from, to } = range();
      const reversed = await s.call('queryAlarmAnalysis', { from: to, to: from }, adminA);
      expect(reversed.code).toBe(ErrorCode.validationFailed);
      expect((reversed.data as unknown as Issues).issues).toEqual([{ path: 'to', issue: 'tooSmall', limit: to }]);
      const long = await s.call('queryAlarmAnalysis', { from: new Date(s.clock.now - 367 * DAY).toISOString(), to }, adminA);
      expect(long.code).toBe(ErrorCode.validationFailed);
      expect((long.data as unknown as Issues).issues).toEqual([{ path: 'to', issue: 'tooBig', limit: 366 }]);
      const year = await s.call('queryAlarmAnalysis', { from: new Date(s.clock.now - 366 * DAY).toISOString(), to: new Date(s.clock.now).toISOString() }, adminA);
      expect(year.code).toBe(0);
      expect(year.data.perDay.length).toBeGreaterThanOrEqual(366);
    });
  });
});
