import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../protocol/errors';
import { orgAlarmTopic, parseAlarmPush, stationAlarmTopic } from '../../../protocol/push';
import { backends } from '../../test/harness';
import { alarmsWorld, DAY, paths } from './alarms-fixture';

// Alarm actions: the alarm list with its header badge, one alarm by id, and resolving an alarm
// with its pushes. Catching up and the analysis are in alarm-since-analysis.test.ts.

describe.each(backends())('alarm actions (%s)', (backend) => {
  const w = alarmsWorld(backend);
  const { sent, q, openOf, countWhere } = w;

  // ───────────────────────────── fuzzyAlarmRecord ─────────────────────────────

  describe('fuzzyAlarmRecord', () => {
    it('answers the header badge (SPEC §7) and lists newest first with names', async () => {
      const r = await w.s.call('fuzzyAlarmRecord', { alarmRecordVo: { alarmStatus: 1, orgId: w.A }, page: 1, length: 1000 }, w.adminA);
      expect(r.code).toBe(0);
      expect(r.data.totalCount).toBe(await countWhere('provider_id = $1 AND status = 1', [w.A]));
      expect(r.data.totalCount).toBeGreaterThan(0);
      expect(r.data.dataList).toHaveLength(r.data.totalCount);
      for (const a of r.data.dataList) {
        expect(a).toMatchObject({ serviceProviderId: w.A, alarmStatus: 1, recoveryTime: null, resolvedBy: null });
        expect(a.stationName).toBe(w.s.services.registry.stations.get(a.stationId)!.name);
      }
      const times = r.data.dataList.map((a) => Date.parse(a.happenTime));
      expect(times).toEqual([...times].sort((x, y) => y - x));
      const device = r.data.dataList.find((a) => a.deviceId !== null)!;
      const [dev] = await q<{ name: string }>('SELECT name FROM devices WHERE id = $1', [device.deviceId]);
      expect(device.deviceName).toBe(dev!.name);
    });

    it('filters by station name (wildcards escaped), keyword, category, type, device type and time; pages', async () => {
      const name = w.s.services.registry.stations.get(w.stationX)!.name;
      const part = name.slice(1, Math.max(3, Math.min(name.length, 6)));
      const byName = await w.s.call('fuzzyAlarmRecord', { alarmRecordVo: { stationName: part.toUpperCase() }, length: 1000 }, w.adminA);
      expect(byName.data.totalCount).toBeGreaterThan(0);
      for (const a of byName.data.dataList) expect(a.stationName.toLowerCase()).toContain(part.toLowerCase());
      for (const wild of ['%', '_', '\\']) {
        expect((await w.s.call('fuzzyAlarmRecord', { alarmRecordVo: { stationName: wild } }, w.adminA)).data.totalCount).toBe(0);
      }

      const kw = await w.s.call('fuzzyAlarmRecord', { alarmRecordVo: { keyword: 'over-temperature' }, length: 1000 }, w.adminA);
      expect(kw.data.totalCount).toBeGreaterThan(0);
      for (const a of kw.data.dataList) expect(`${a.content} ${a.alarmRuleName}`.toLowerCase()).toContain('over-temperature');
      // a search in another language: the console sends the codes whose translated names match
      const byCode = await w.s.call(
        'fuzzyAlarmRecord',
        { alarmRecordVo: { keyword: '过温', keywordRuleCodes: ['cellOverTemp', 'pcsIgbtOverTemp'] }, length: 1000 },
        w.adminA,
      );
      expect(byCode.data.totalCount).toBeGreaterThan(0);
      for (const a of byCode.data.dataList) expect(['cellOverTemp', 'pcsIgbtOverTemp']).toContain(a.alarmRuleCode);
      const bad = await w.s.call('fuzzyAlarmRecord', { alarmRecordVo: { keyword: 'x', keywordRuleCodes: [''] } }, w.adminA);
      expect(bad.code).toBe(ErrorCode.validationFailed);

      const f = { alarmCategory: 'protection', alarmType: 'fault', deviceType: 'battery_cluster' } as const;
      const narrowed = await w.s.call('fuzzyAlarmRecord', { alarmRecordVo: f, length: 1000 }, w.root);
      expect(narrowed.data.totalCount).toBe(await countWhere(`category = 'protection' AND type = 'fault' AND device_type = 'battery_cluster'`, []));
      for (const a of narrowed.data.dataList) expect(a).toMatchObject(f);

      const from = new Date(w.s.clock.now - 7 * DAY).toISOString();
      const to = new Date(w.s.clock.now - 2 * DAY).toISOString();
      const ranged = await w.s.call('fuzzyAlarmRecord', { alarmRecordVo: { from, to }, length: 1000 }, w.root);
      expect(ranged.data.totalCount).toBe(await countWhere('happen_time >= $1 AND happen_time < $2', [from, to]));

      const ten = await w.s.call('fuzzyAlarmRecord', { alarmRecordVo: { orgId: w.A }, page: 1, length: 10 }, w.adminA);
      const second = await w.s.call('fuzzyAlarmRecord', { alarmRecordVo: { orgId: w.A }, page: 2, length: 5 }, w.adminA);
      expect(second.data.dataList.map((a) => a.alarmId)).toEqual(ten.data.dataList.slice(5).map((a) => a.alarmId));
      const past = await w.s.call('fuzzyAlarmRecord', { alarmRecordVo: { orgId: w.A }, page: 10_000, length: 1000 }, w.adminA);
      expect(past.data).toEqual({ totalCount: ten.data.totalCount, dataList: [] });
    });

    it('shows the platform every provider, a provider admin its own', async () => {
      expect((await w.s.call('fuzzyAlarmRecord', {}, w.root)).data.totalCount).toBe(await countWhere('true', []));
      const own = await w.s.call('fuzzyAlarmRecord', { length: 1000 }, w.adminA);
      expect(own.data.totalCount).toBe(await countWhere('provider_id = $1', [w.A]));
    });

    it('(session action) a stations-scoped account sees only its stations', async () => {
      const r = await w.s.call('fuzzyAlarmRecord', { alarmRecordVo: { orgId: w.A }, length: 1000 }, w.scoped);
      expect(r.code).toBe(0);
      expect(r.data.totalCount).toBe(await countWhere('station_id = $1', [w.stationX]));
      expect(new Set(r.data.dataList.map((a) => a.stationId))).toEqual(new Set([w.stationX]));
      const other = w.stationsA.find((x) => x !== w.stationX)!;
      const probe = await w.s.call('fuzzyAlarmRecord', { alarmRecordVo: { stationId: other } }, w.scoped);
      expect(probe.code).toBe(ErrorCode.notFound);
      expect(probe.data).toBeNull();
    });

    it('answers notFound for another provider’s orgId or stationId', async () => {
      for (const vo of [{ orgId: w.B }, { stationId: w.stationsB[0]! }, { orgId: w.A, stationId: w.stationsB[0]! }]) {
        const r = await w.s.call('fuzzyAlarmRecord', { alarmRecordVo: vo }, w.adminA);
        expect(r.code).toBe(ErrorCode.notFound);
        expect(r.data).toBeNull();
      }
    });

    it('rejects an invalid payload with the field path', async () => {
      const r = await w.s.call('fuzzyAlarmRecord', { alarmRecordVo: { alarmStatus: 3 }, length: 1001 }, w.adminA);
      expect(r.code).toBe(ErrorCode.validationFailed);
      expect(paths(r.data)).toEqual(expect.arrayContaining(['alarmRecordVo.alarmStatus', 'length']));
    });
  });

  // ───────────────────────────── queryAlarmById ─────────────────────────────

  describe('queryAlarmById', () => {
    it('answers one record, the same as the list', async () => {
      const [first] = (await w.s.call('fuzzyAlarmRecord', { alarmRecordVo: { orgId: w.A }, length: 1 }, w.adminA)).data.dataList;
      const r = await w.s.call('queryAlarmById', { alarmId: first!.alarmId }, w.adminA);
      expect(r.code).toBe(0);
      expect(r.data).toEqual(first);
    });

    it('is forbidden without a list permission', async () => {
      const { token } = await w.s.makeAccount({ orgId: w.A, permissions: ['alarm.alarmAnalysis'] });
      const r = await w.s.call('queryAlarmById', { alarmId: (await openOf(w.A)).id }, token);
      expect(r.code).toBe(ErrorCode.forbidden);
      expect(r.data).toBeNull();
    });

    it('answers notFound for another provider’s alarm, another station’s, and a missing id', async () => {
      const b = await openOf(w.B);
      const cross = await w.s.call('queryAlarmById', { alarmId: b.id }, w.adminA);
      expect(cross.code).toBe(ErrorCode.notFound);
      expect(cross.data).toBeNull();
      const [elsewhere] = await q<{ id: number }>('SELECT id FROM alarms WHERE provider_id = $1 AND station_id <> $2 LIMIT 1', [w.A, w.stationX]);
      expect((await w.s.call('queryAlarmById', { alarmId: elsewhere!.id }, w.scoped)).code).toBe(ErrorCode.notFound);
      expect((await w.s.call('queryAlarmById', { alarmId: 9_999_999 }, w.root)).code).toBe(ErrorCode.notFound);
    });

    it('rejects an invalid id', async () => {
      const r = await w.s.call('queryAlarmById', { alarmId: 0 }, w.adminA);
      expect(r.code).toBe(ErrorCode.validationFailed);
      expect(paths(r.data)).toEqual(['alarmId']);
    });
  });

  // ───────────────────────────── resolveAlarm ─────────────────────────────

  describe('resolveAlarm', () => {
    it('resolves an open alarm once: recovery time now, one push on the provider, customer and station topics, audited; again is a no-op', async () => {
      const target = await openOf(w.A);
      const badge = { alarmRecordVo: { alarmStatus: 1, orgId: w.A }, page: 1, length: 1000 };
      const before = (await w.s.call('fuzzyAlarmRecord', badge, w.adminA)).data.totalCount;
      const pushesBefore = sent.length;
      w.s.clock.now += 1000;
      const r = await w.s.call('resolveAlarm', { alarmId: target.id }, w.adminA);
      expect(r.code).toBe(0);
      expect(r.data).toEqual({ alarmId: target.id, alarmStatus: 2, recoveryTime: new Date(w.s.clock.now).toISOString() });

      const pushes = sent.slice(pushesBefore);
      const customer = w.s.services.registry.stations.get(target.stationId)!.customerId;
      expect(pushes.map((p) => p.topic)).toEqual([orgAlarmTopic(w.A), orgAlarmTopic(customer), stationAlarmTopic(w.A, target.stationId)]);
      expect(new Set(pushes.map((p) => p.payload)).size).toBe(1);
      const msg = parseAlarmPush(pushes[0]!.payload);
      const [{ category } = { category: '' }] = await q<{ category: string }>('SELECT category FROM alarms WHERE id = $1', [target.id]);
      const actionWay = category === 'fault' || category === 'protection' ? 35003 : 35002;
      expect(msg.ok && msg.message).toMatchObject({ alarmId: target.id, orgId: w.A, stationId: target.stationId, status: 'resolved', actionWay });

      expect((await w.s.call('fuzzyAlarmRecord', badge, w.adminA)).data.totalCount).toBe(before - 1);
      const rec = (await w.s.call('queryAlarmById', { alarmId: target.id }, w.adminA)).data;
      expect(rec).toMatchObject({ alarmStatus: 2, resolvedBy: '王建国', recoveryTime: r.data.recoveryTime });
      const audits = await q<{ detail: { outcome: string } }>("SELECT detail FROM audit_log WHERE action = 'resolveAlarm' AND target = $1", [
        `alarm:${target.id}`,
      ]);
      expect(audits.map((a) => a.detail.outcome)).toEqual(['resolved']);

      w.s.clock.now += 1000;
      const again = await w.s.call('resolveAlarm', { alarmId: target.id }, w.adminA);
      expect(again.code).toBe(0);
      expect(again.data).toEqual(r.data);
      expect(sent.length).toBe(pushesBefore + 3);
    });

    it('is forbidden without alarm.resolve, and changes nothing', async () => {
      const target = await openOf(w.A);
      const { token } = await w.s.makeAccount({ orgId: w.A, permissions: ['alarm.alarmList'] });
      const r = await w.s.call('resolveAlarm', { alarmId: target.id }, token);
      expect(r.code).toBe(ErrorCode.forbidden);
      const operator = await w.s.login('operator', 'Operator@2026'); // the demo read-only account
      expect((await w.s.call('resolveAlarm', { alarmId: target.id }, operator)).code).toBe(ErrorCode.forbidden);
      expect(await countWhere('id = $1 AND status = 1', [target.id])).toBe(1);
    });

    it('answers notFound for another provider’s alarm and leaves it open, unpushed', async () => {
      const b = await openOf(w.B);
      const n = sent.length;
      const r = await w.s.call('resolveAlarm', { alarmId: b.id }, w.adminA);
      expect(r.code).toBe(ErrorCode.notFound);
      expect(r.data).toBeNull();
      expect(await countWhere('id = $1 AND status = 1', [b.id])).toBe(1);
      expect(sent.length).toBe(n);
    });

    it('rejects an invalid id', async () => {
      const r = await w.s.call('resolveAlarm', { alarmId: 'abc' }, w.adminA);
      expect(r.code).toBe(ErrorCode.validationFailed);
      expect(paths(r.data)).toEqual(['alarmId']);
    });
  });
});
