import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../protocol/errors';
import { backends } from '../../test/harness';
import { publishAlarm } from '../../alarms/store';
import { expectForbidden, expectInvalid, expectNotFound, startHandlingFixture, type HandlingFixture } from './alarm-handling-fixture';

describe.each(backends())('alarm acknowledgement, assignment, comments (%s)', (backend) => {
  let f: HandlingFixture;
  let acker: { token: string; userId: number }; // alarm list + alarm.ack only
  let viewer: string; // alarm list only
  let alarmA: number;
  let alarmB: number;
  const auditCount = async (action: string, target: string) =>
    (await f.s.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND target = $2', [action, target]))[0]!.n;
  const badge = async (token: string) =>
    (await f.s.call('fuzzyAlarmRecord', { alarmRecordVo: { alarmStatus: 1, acked: false, orgId: f.A }, page: 1, length: 1000 }, token)).data.totalCount;

  beforeAll(async () => {
    f = await startHandlingFixture(backend);
    acker = await f.account(f.A, ['alarm.alarmList', 'alarm.ack']);
    viewer = (await f.account(f.A, ['alarm.alarmList'])).token;
    alarmA = (await f.raise(f.gwA)).row.id;
    alarmB = (await f.raise(f.gwB)).row.id;
  }, 240_000); // server start and seed: slow on a busy machine
  afterAll(() => f?.s.close());

  describe('ackAlarm', () => {
    it('records who, when and the note, leaves the badge, pushes a silent "acked" to every console', async () => {
      const before = await badge(f.adminA);
      const from = f.sent.length;
      const r = await f.s.call('ackAlarm', { alarmId: alarmA, note: 'crew on the way' }, acker.token);
      expect(r.code).toBe(0);
      expect(r.data).toMatchObject({ alarmId: alarmA, alarmStatus: 1, ackNote: 'crew on the way', ackedAt: new Date(f.s.clock.now).toISOString() });
      expect(r.data.ackedBy).toBeTruthy();
      const rec = (await f.s.call('queryAlarmById', { alarmId: alarmA }, f.adminA)).data;
      expect(rec).toMatchObject({ ackedBy: r.data.ackedBy, ackNote: 'crew on the way' });
      expect(await badge(f.adminA)).toBe(before - 1);
      const pushes = f.pushesSince(from);
      expect(pushes.length).toBeGreaterThan(0);
      for (const p of pushes)
        expect(p).toMatchObject({ ok: true, kind: 'alarm', message: { alarmId: alarmA, change: 'acked', silent: true, ackedBy: r.data.ackedBy } });
      expect(await auditCount('ackAlarm', `alarm:${alarmA}`)).toBe(1);
      // again: nothing changes, nothing is pushed
      const again = await f.s.call('ackAlarm', { alarmId: alarmA }, f.adminA);
      expect(again.data.ackNote).toBe('crew on the way');
      expect(f.pushesSince(from).length).toBe(pushes.length);
    });
    it('a new occurrence after recovery starts unacknowledged and pops up again', async () => {
      await f.recover(f.gwA);
      expect((await f.s.call('ackAlarm', { alarmId: alarmA }, f.adminA)).code).toBe(ErrorCode.conflict);
      const from = f.sent.length;
      const { row, isNew } = await f.raise(f.gwA);
      expect(isNew).toBe(true);
      expect(row.ackedAt).toBeNull();
      await publishAlarm(f.s.services.broker, f.s.services.registry, row);
      expect(f.pushesSince(from)[0]).toMatchObject({ ok: true, message: { change: 'raised', silent: false, ackedBy: null } });
      alarmA = row.id;
    });
    it('is denied without alarm.ack', async () => expectForbidden(await f.s.call('ackAlarm', { alarmId: alarmA }, viewer)));
    it("answers notFound for another provider's alarm and leaves it unacknowledged", async () => {
      expectNotFound(await f.s.call('ackAlarm', { alarmId: alarmB }, acker.token));
      expect((await f.s.call('queryAlarmById', { alarmId: alarmB }, f.adminB)).data.ackedAt).toBeNull();
    });
    it('rejects a bad payload with field errors', async () => {
      expectInvalid(await f.s.call('ackAlarm', { alarmId: 0 }, acker.token), 'alarmId');
      expectInvalid(await f.s.call('ackAlarm', { alarmId: alarmA, note: 'x'.repeat(501) }, acker.token), 'note');
    });
  });

  describe('assignAlarm', () => {
    it('assigns to an account of the provider; "assigned to me" lists it; unassigning pushes', async () => {
      const from = f.sent.length;
      const r = await f.s.call('assignAlarm', { alarmId: alarmA, assigneeId: acker.userId }, f.adminA);
      expect(r.data).toMatchObject({ assigneeId: acker.userId, assigneeName: expect.any(String) });
      const mine = await f.s.call('fuzzyAlarmRecord', { alarmRecordVo: { assignedToMe: true }, page: 1, length: 50 }, acker.token);
      expect(mine.data.dataList.map((a) => a.alarmId)).toEqual([alarmA]);
      expect((await f.s.call('fuzzyAlarmRecord', { alarmRecordVo: { assignedToMe: true } }, f.adminA)).data.totalCount).toBe(0);
      expect(f.pushesSince(from)[0]).toMatchObject({ ok: true, message: { change: 'assigned', silent: true, assigneeId: acker.userId } });
      expect(await auditCount('assignAlarm', `alarm:${alarmA}`)).toBe(1);
    });
    it('is denied without alarm.assign', async () => expectForbidden(await f.s.call('assignAlarm', { alarmId: alarmA, assigneeId: null }, acker.token)));
    it("refuses another provider's alarm and another provider's account", async () => {
      expectNotFound(await f.s.call('assignAlarm', { alarmId: alarmA, assigneeId: null }, f.adminB));
      const other = await f.account(f.B, ['alarm.alarmList']);
      expectInvalid(await f.s.call('assignAlarm', { alarmId: alarmA, assigneeId: other.userId }, f.adminA), 'assigneeId');
      expect((await f.s.call('queryAlarmById', { alarmId: alarmA }, f.adminA)).data.assigneeId).toBe(acker.userId);
    });
    it('rejects a bad payload', async () => expectInvalid(await f.s.call('assignAlarm', { alarmId: alarmA, assigneeId: -1 }, f.adminA), 'assigneeId'));
  });

  describe('queryAlarmAssignees', () => {
    it("offers exactly the accounts assignAlarm accepts: not another provider's, not one whose station list lacks the station, not a disabled one", async () => {
      const other = await f.account(f.B, ['alarm.alarmList']);
      const elsewhere = await f.account(f.A, ['alarm.alarmList']);
      await f.s.services.db.query("UPDATE accounts SET data_scope = 'stations', scope_station_ids = '{}' WHERE id = $1", [elsewhere.userId]);
      const disabled = await f.account(f.A, ['alarm.alarmList']);
      await f.s.services.db.query('UPDATE accounts SET status = 0 WHERE id = $1', [disabled.userId]);
      const r = await f.s.call('queryAlarmAssignees', { alarmId: alarmA }, f.adminA);
      expect(r.code).toBe(0);
      const offered = r.data.dataList.map((p) => p.userId);
      expect(offered).toContain(acker.userId);
      for (const refused of [other, elsewhere, disabled]) {
        expect(offered).not.toContain(refused.userId);
        expectInvalid(await f.s.call('assignAlarm', { alarmId: alarmA, assigneeId: refused.userId }, f.adminA), 'assigneeId');
      }
      expect(r.data.dataList.find((p) => p.userId === acker.userId)?.name).toBeTruthy();
    });
    it("is denied without alarm.assign and answers notFound for another provider's alarm", async () => {
      expectForbidden(await f.s.call('queryAlarmAssignees', { alarmId: alarmA }, acker.token));
      expectNotFound(await f.s.call('queryAlarmAssignees', { alarmId: alarmA }, f.adminB));
    });
  });

  describe('commentAlarm and queryAlarmTimeline', () => {
    it('a comment joins the timeline after the raise, acknowledgement and assignment', async () => {
      await f.s.call('ackAlarm', { alarmId: alarmA, note: 'seen' }, acker.token);
      const c = await f.s.call('commentAlarm', { alarmId: alarmA, text: 'breaker reset' }, acker.token);
      expect(c.data).toMatchObject({ event: 'commented', text: 'breaker reset', byId: acker.userId });
      const t = (await f.s.call('queryAlarmTimeline', { alarmId: alarmA }, viewer)).data.dataList;
      expect(t.map((e) => e.event)).toEqual(['raised', 'assigned', 'acked', 'commented']);
      expect(t[2]).toMatchObject({ text: 'seen', byId: acker.userId });
      expect(await auditCount('commentAlarm', `alarm:${alarmA}`)).toBe(1);
    });
    it('the timeline ends with the hand resolution and who did it', async () => {
      const { row } = await f.raise(f.gwA, 'meterCommLost');
      await f.s.call('resolveAlarm', { alarmId: row.id }, f.adminA);
      const t = (await f.s.call('queryAlarmTimeline', { alarmId: row.id }, f.adminA)).data.dataList;
      expect(t.map((e) => e.event)).toEqual(['raised', 'resolved']);
      expect(t[1]!.by).toBeTruthy();
    });
    it('are denied without their keys', async () => {
      expectForbidden(await f.s.call('commentAlarm', { alarmId: alarmA, text: 'x' }, viewer));
      const auditor = (await f.account(f.A, ['system.audit'])).token;
      expectForbidden(await f.s.call('queryAlarmTimeline', { alarmId: alarmA }, auditor));
    });
    it('answer notFound across providers', async () => {
      expectNotFound(await f.s.call('commentAlarm', { alarmId: alarmB, text: 'probe' }, acker.token));
      expectNotFound(await f.s.call('queryAlarmTimeline', { alarmId: alarmB }, viewer));
    });
    it('reject a bad payload', async () => {
      expectInvalid(await f.s.call('commentAlarm', { alarmId: alarmA, text: '   ' }, acker.token), 'text');
      expectInvalid(await f.s.call('queryAlarmTimeline', { alarmId: 'x' as unknown as number }, viewer), 'alarmId');
    });
  });

  it("queryAlarmsSince catches up on changes within the caller's scope only", async () => {
    const a = (await f.s.call('queryAlarmsSince', { afterId: alarmA, afterChangeId: 0 }, f.adminA)).data;
    expect(a.changes.map((c) => c.change)).toEqual(['acked', 'assigned', 'acked', 'commented']);
    expect(a.changes.at(-1)).toMatchObject({ alarmId: alarmA, silent: true, assigneeId: acker.userId, ackNote: 'seen' });
    const b = (await f.s.call('queryAlarmsSince', { afterId: alarmB, afterChangeId: 0 }, f.adminB)).data;
    expect(b.changes).toEqual([]);
    const fresh = (await f.s.call('queryAlarmsSince', { afterId: alarmB }, f.adminB)).data;
    expect(fresh.lastChangeId).toBe(a.lastChangeId);
  });
});
