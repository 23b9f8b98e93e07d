import { describe, expect, it } from 'vitest';
import { backends, startTestServer, type Answer } from '../../test/harness';
import { serverWorld } from '../../test/world';
import { ErrorCode } from '../../../protocol/errors';
import { seedAlarmHistory } from '../../alarms/seed-history';
import { raiseAlarm } from '../../alarms/store';

const issuesOf = (r: Answer<unknown>) => (r.data as { issues: { path: string }[] }).issues.map((i) => i.path);

describe.each(backends())('global messages (%s)', (backend) => {
  const q = <T>(sql: string, params?: unknown[]): Promise<T[]> => w.s.services.db.query<T>(sql, params);
  /** A new open alarm on a station's gateway, `agoMs` before the clock. */
  const raise = async (stationId: number, ruleCode: string, agoMs = 60_000): Promise<number> => {
    const [gw] = await q<{ id: number }>("SELECT id FROM devices WHERE station_id = $1 AND type = 'gateway' LIMIT 1", [stationId]);
    const kind = ruleCode === 'gatewayOffline' ? {} : { category: 'event' as const, type: 'event' as const };
    await raiseAlarm(w.s.services.db, {
      stationId,
      deviceId: gw?.id ?? null,
      ruleCode,
      content: `${ruleCode} on ${stationId}`,
      time: new Date(w.s.clock.now - agoMs),
      ...kind,
    });
    return (await q<{ id: number }>('SELECT max(id)::int AS id FROM alarms WHERE station_id = $1', [stationId]))[0]!.id;
  };

  const w = serverWorld(
    () => startTestServer(backend),
    async (s) => {
      await seedAlarmHistory(s.services.db, s.services.registry, new Date(s.clock.now));
      const fx = await s.fixtures();
      const [A, B] = fx.providers as [number, number];
      const [withGw] = await q<{ stationId: number }>(
        'SELECT d.station_id AS "stationId" FROM devices d JOIN stations s ON s.id = d.station_id WHERE s.provider_id = $1 AND d.type = \'gateway\' ORDER BY d.id LIMIT 1',
        [A],
      );
      const stationA = withGw!.stationId;
      const stationB = fx.stationOf.get(B)![0]!;
      await raise(stationA, 'gatewayOffline');
      const alarmOfB = await raise(stationB, 'gatewayOffline');
      return { A, B, stationA, stationB, alarmOfB, adminA: await s.login('sunrise', 'Sunrise@2026') };
    },
  );

  describe('queryMessages', () => {
    it('lists every message in scope across stations, newest first, unread at first', async () => {
      const r = await w.s.call('queryMessages', { length: 200 }, w.adminA);
      expect(r.code).toBe(0);
      expect(r.data.dataList.length).toBeGreaterThan(0);
      expect(r.data.dataList.every((m) => m.serviceProviderId === w.A && m.read === false)).toBe(true);
      expect(r.data.unreadCount).toBe(r.data.totalCount);
      const times = r.data.dataList.map((m) => Date.parse(m.happenTime));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(new Set(r.data.dataList.map((m) => m.stationId)).size).toBeGreaterThan(1);
    });
    it('filters by category, station and time', async () => {
      const fault = await w.s.call('queryMessages', { category: 'fault', length: 1000 }, w.adminA);
      expect(fault.data.dataList.every((m) => m.alarmCategory === 'fault')).toBe(true);
      const one = await w.s.call('queryMessages', { stationId: w.stationA, length: 1000 }, w.adminA);
      expect(one.data.totalCount).toBeGreaterThan(0);
      expect(one.data.dataList.every((m) => m.stationId === w.stationA)).toBe(true);
      const recent = await w.s.call(
        'queryMessages',
        { from: new Date(w.s.clock.now - 120_000).toISOString(), to: new Date(w.s.clock.now).toISOString() },
        w.adminA,
      );
      expect(recent.data.dataList.map((m) => m.alarmRuleCode)).toContain('gatewayOffline');
      expect(recent.data.dataList.every((m) => Date.parse(m.happenTime) >= w.s.clock.now - 120_000)).toBe(true);
    });
    it('is denied without a message or alarm permission', async () => {
      const none = await w.s.makeAccount({ orgId: w.A, permissions: ['system.account'] });
      expect((await w.s.call('queryMessages', {}, none.token)).code).toBe(ErrorCode.forbidden);
    });
    it("answers notFound for another provider's station or org", async () => {
      expect((await w.s.call('queryMessages', { stationId: w.stationB }, w.adminA)).code).toBe(ErrorCode.notFound);
      expect((await w.s.call('queryMessages', { orgId: w.B }, w.adminA)).code).toBe(ErrorCode.notFound);
    });
    it('rejects an invalid payload', async () => {
      expect(issuesOf(await w.s.call('queryMessages', { category: 'boom', read: 'maybe', from: 'today' }, w.adminA))).toEqual(
        expect.arrayContaining(['category', 'read', 'from']),
      );
    });
  });

  describe('markMessagesRead', () => {
    it('keeps a read state per account: single messages, then everything so far', async () => {
      const reader = await w.s.makeAccount({ orgId: w.A, permissions: ['message.list'] });
      const other = await w.s.makeAccount({ orgId: w.A, permissions: ['message.list'] });
      const before = await w.s.call('queryMessages', { length: 2 }, reader.token);
      const ids = before.data.dataList.map((m) => m.alarmId);
      const marked = await w.s.call('markMessagesRead', { alarmIds: ids }, reader.token);
      expect(marked.code).toBe(0);
      expect(marked.data.unreadCount).toBe(before.data.unreadCount - 2);
      const after = await w.s.call('queryMessages', { length: 2 }, reader.token);
      expect(after.data.dataList.map((m) => m.read)).toEqual([true, true]);
      const readOnes = await w.s.call('queryMessages', { read: true, length: 100 }, reader.token);
      expect(readOnes.data.dataList.map((m) => m.alarmId).sort()).toEqual([...ids].sort());
      expect(readOnes.data.totalCount).toBe(2);
      expect((await w.s.call('queryMessages', { read: false, length: 1 }, reader.token)).data.totalCount).toBe(before.data.totalCount - 2);
      // another account still has them unread
      expect((await w.s.call('queryMessages', { length: 2 }, other.token)).data.dataList.map((m) => m.read)).toEqual([false, false]);

      const all = await w.s.call('markMessagesRead', { all: true }, reader.token);
      expect(all.data.unreadCount).toBe(0);
      await raise(w.stationA, 'testNotice', 1_000);
      const fresh = await w.s.call('queryMessages', { read: false }, reader.token);
      expect(fresh.data.unreadCount).toBe(1);
      expect(fresh.data.dataList.map((m) => m.alarmRuleCode)).toEqual(['testNotice']);
    });
    it('is denied without a message or alarm permission', async () => {
      const none = await w.s.makeAccount({ orgId: w.A, permissions: ['system.account'] });
      expect((await w.s.call('markMessagesRead', { all: true }, none.token)).code).toBe(ErrorCode.forbidden);
    });
    it("answers notFound for another provider's message and marks nothing", async () => {
      const r = await w.s.call('markMessagesRead', { alarmIds: [w.alarmOfB] }, w.adminA);
      expect(r.code).toBe(ErrorCode.notFound);
      expect(await q('SELECT 1 FROM message_reads WHERE alarm_id = $1', [w.alarmOfB])).toHaveLength(0);
    });
    it('rejects an invalid payload', async () => {
      expect(issuesOf(await w.s.call('markMessagesRead', {}, w.adminA))).toContain('alarmIds');
      expect(issuesOf(await w.s.call('markMessagesRead', { alarmIds: [1], all: true }, w.adminA))).toContain('alarmIds');
      expect(issuesOf(await w.s.call('markMessagesRead', { alarmIds: [] }, w.adminA))).toContain('alarmIds');
    });
  });
});
