import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/harness';
import { publishAlarm } from '../../alarms/store';
import { expectForbidden, expectInvalid, expectNotFound, startHandlingFixture, type HandlingFixture } from './alarm-handling-fixture';

// Short spans: moving the test clock far would expire the sessions.
const MIN = 60_000;
const HOUR = 60 * MIN;

describe.each(backends())('rule shelves and maintenance windows (%s)', (backend) => {
  let f: HandlingFixture;
  let shelver: string; // alarm list + alarm.shelve
  let planner: string; // station list + station.maintenance
  let viewer: string; // alarm and station lists only
  /** raise, publish as the fleet does, and answer the record and the push consoles get */
  const raiseAndPush = async (at: HandlingFixture['gwA'], rule: string) => {
    const { row } = await f.raise(at, rule);
    const push = await publishAlarm(f.s.services.broker, f.s.services.registry, row);
    const rec = (await f.s.call('queryAlarmById', { alarmId: row.id }, f.adminA)).data;
    await f.recover(at, rule);
    return { push, rec };
  };
  const audited = async (action: string) =>
    (await f.s.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE action = $1', [action]))[0]!.n;

  beforeAll(async () => {
    f = await startHandlingFixture(backend);
    shelver = (await f.account(f.A, ['alarm.alarmList', 'alarm.shelve'])).token;
    planner = (await f.account(f.A, ['monitorStation.list', 'station.maintenance'])).token;
    viewer = (await f.account(f.A, ['alarm.alarmList', 'monitorStation.list'])).token;
  }, 240_000); // server start and seed: slow on a busy machine
  afterAll(() => f?.s.close());

  describe('shelveAlarmRule / unshelveAlarmRule / queryShelves', () => {
    it('a shelved rule raises stored and listed as shelved, with no pop-up; the shelf expires by itself', async () => {
      const r = await f.s.call(
        'shelveAlarmRule',
        { stationId: f.gwA.stationId, alarmRuleCode: 'gatewayOffline', minutes: 2, reason: 'firmware update' },
        shelver,
      );
      expect(r.data).toMatchObject({
        stationId: f.gwA.stationId,
        deviceId: null,
        alarmRuleCode: 'gatewayOffline',
        reason: 'firmware update',
        until: new Date(f.s.clock.now + 2 * MIN).toISOString(),
      });
      const listed = (await f.s.call('queryShelves', { stationId: f.gwA.stationId }, viewer)).data.dataList;
      expect(listed.map((x) => x.shelfId)).toEqual([r.data.shelfId]);
      expect(listed[0]!.createdBy).toBeTruthy();
      const shelved = await raiseAndPush(f.gwA, 'gatewayOffline');
      expect(shelved.push).toMatchObject({ change: 'raised', shelved: true, silent: true });
      expect(shelved.rec.shelved).toBe(true);
      // other rules of the station still pop up
      expect((await raiseAndPush(f.gwA, 'meterCommLost')).push.silent).toBe(false);
      f.s.clock.now += 2 * MIN + 1000;
      expect((await f.s.call('queryShelves', {}, viewer)).data.dataList).toEqual([]);
      const back = await raiseAndPush(f.gwA, 'gatewayOffline');
      expect(back.push).toMatchObject({ shelved: false, silent: false });
      expect(await audited('shelveAlarmRule')).toBe(1);
    });
    it('ending a shelf early brings the pop-up back', async () => {
      const r = await f.s.call(
        'shelveAlarmRule',
        { stationId: f.gwA.stationId, deviceId: f.gwA.deviceId, alarmRuleCode: 'gatewayOffline', minutes: 240, reason: 'flapping link' },
        shelver,
      );
      expect((await raiseAndPush(f.gwA, 'gatewayOffline')).push.silent).toBe(true);
      expect((await f.s.call('unshelveAlarmRule', { shelfId: r.data.shelfId }, shelver)).code).toBe(0);
      expect((await raiseAndPush(f.gwA, 'gatewayOffline')).push.silent).toBe(false);
      expect(await audited('unshelveAlarmRule')).toBe(1);
    });
    it('are denied without alarm.shelve', async () => {
      expectForbidden(await f.s.call('shelveAlarmRule', { stationId: f.gwA.stationId, alarmRuleCode: 'gatewayOffline', minutes: 60, reason: 'x' }, viewer));
      expectForbidden(await f.s.call('unshelveAlarmRule', { shelfId: 1 }, viewer));
      expectForbidden(await f.s.call('queryShelves', {}, planner));
    });
    it("answer notFound for another provider's station or shelf", async () => {
      expectNotFound(await f.s.call('shelveAlarmRule', { stationId: f.gwB.stationId, alarmRuleCode: 'gatewayOffline', minutes: 60, reason: 'probe' }, shelver));
      const b = await f.s.call('shelveAlarmRule', { stationId: f.gwB.stationId, alarmRuleCode: 'gatewayOffline', minutes: 60, reason: 'B own' }, f.adminB);
      expectNotFound(await f.s.call('unshelveAlarmRule', { shelfId: b.data.shelfId }, shelver));
      expectNotFound(await f.s.call('queryShelves', { stationId: f.gwB.stationId }, shelver));
      expect((await f.s.call('queryShelves', {}, f.adminA)).data.dataList.map((x) => x.shelfId)).not.toContain(b.data.shelfId);
    });
    it('reject a bad payload with field errors', async () => {
      const base = { stationId: f.gwA.stationId, alarmRuleCode: 'gatewayOffline', minutes: 60, reason: 'x' };
      expectInvalid(await f.s.call('shelveAlarmRule', { ...base, minutes: 0 }, shelver), 'minutes');
      expectInvalid(await f.s.call('shelveAlarmRule', { ...base, reason: ' ' }, shelver), 'reason');
      expectInvalid(await f.s.call('shelveAlarmRule', { ...base, alarmRuleCode: 'noSuchRule' }, shelver), 'alarmRuleCode');
      expectInvalid(await f.s.call('shelveAlarmRule', { ...base, deviceId: f.gwB.deviceId }, shelver), 'deviceId');
      expectInvalid(await f.s.call('unshelveAlarmRule', { shelfId: 0 }, shelver), 'shelfId');
    });
  });

  describe('saveMaintenanceWindow / endMaintenanceWindow / queryMaintenanceWindows', () => {
    const iso = (ms: number) => new Date(ms).toISOString();
    it('a planned window marks the station and silences its alarms only while it runs; ending it early restores them', async () => {
      const now = f.s.clock.now;
      const from = f.sent.length;
      const w = await f.s.call(
        'saveMaintenanceWindow',
        { stationId: f.gwA.stationId, start: iso(now + MIN), end: iso(now + 3 * MIN), reason: 'PCS replacement' },
        planner,
      );
      expect(w.data).toMatchObject({ state: 'planned', deviceIds: [], reason: 'PCS replacement' });
      expect(f.pushesSince(from)[0]).toMatchObject({ ok: true, kind: 'stationMaintenance', message: { stationId: f.gwA.stationId, active: true } });
      const station = async () =>
        (await f.s.call('queryStationInfoList', { orgId: f.A, length: 1000 }, viewer)).data.dataList.find((x) => x.stationId === f.gwA.stationId)!;
      expect((await station()).inMaintenance).toBe(false);
      expect((await raiseAndPush(f.gwA, 'demandExceeded')).push.silent).toBe(false);
      f.s.clock.now = now + 2 * MIN;
      expect((await station()).inMaintenance).toBe(true);
      const inside = await raiseAndPush(f.gwA, 'demandExceeded');
      expect(inside.push).toMatchObject({ inMaintenance: true, silent: true });
      expect(inside.rec.inMaintenance).toBe(true);
      const listed = (await f.s.call('queryMaintenanceWindows', { stationId: f.gwA.stationId }, viewer)).data.dataList;
      expect(listed).toMatchObject([{ windowId: w.data.windowId, state: 'active' }]);
      const ended = await f.s.call('endMaintenanceWindow', { windowId: w.data.windowId }, planner);
      expect(ended.data).toMatchObject({ state: 'ended', end: iso(f.s.clock.now) });
      expect((await station()).inMaintenance).toBe(false);
      expect((await raiseAndPush(f.gwA, 'demandExceeded')).push.silent).toBe(false);
      expect(await audited('saveMaintenanceWindow')).toBe(1);
      expect(await audited('endMaintenanceWindow')).toBe(1);
    });
    it('a window for some devices silences only those devices', async () => {
      const now = f.s.clock.now;
      await f.s.call(
        'saveMaintenanceWindow',
        { stationId: f.gwA.stationId, start: iso(now - 1000), end: iso(now + HOUR), reason: 'gateway swap', deviceIds: [f.gwA.deviceId] },
        planner,
      );
      expect((await raiseAndPush(f.gwA, 'gatewayOffline')).push.inMaintenance).toBe(true);
      const { row } = await f.raise({ stationId: f.gwA.stationId, deviceId: null as unknown as number }, 'gridOutage');
      expect(row.inMaintenance).toBe(false);
    });
    it('are denied without station.maintenance', async () => {
      const now = f.s.clock.now;
      expectForbidden(await f.s.call('saveMaintenanceWindow', { stationId: f.gwA.stationId, start: iso(now), end: iso(now + HOUR), reason: 'x' }, viewer));
      expectForbidden(await f.s.call('endMaintenanceWindow', { windowId: 1 }, viewer));
      expectForbidden(await f.s.call('queryMaintenanceWindows', {}, shelver));
    });
    it('answer notFound across providers', async () => {
      const now = f.s.clock.now;
      expectNotFound(await f.s.call('saveMaintenanceWindow', { stationId: f.gwB.stationId, start: iso(now), end: iso(now + HOUR), reason: 'probe' }, planner));
      const b = await f.s.call('saveMaintenanceWindow', { stationId: f.gwB.stationId, start: iso(now), end: iso(now + HOUR), reason: 'B own' }, f.adminB);
      expectNotFound(await f.s.call('endMaintenanceWindow', { windowId: b.data.windowId }, planner));
      expectNotFound(await f.s.call('queryMaintenanceWindows', { stationId: f.gwB.stationId }, viewer));
      expect((await f.s.call('queryMaintenanceWindows', { stationId: f.gwB.stationId }, f.adminB)).data.dataList).toHaveLength(1);
    });
    it('reject a bad payload with field errors', async () => {
      const now = f.s.clock.now;
      const base = { stationId: f.gwA.stationId, start: iso(now), end: iso(now + HOUR), reason: 'x' };
      expectInvalid(await f.s.call('saveMaintenanceWindow', { ...base, end: iso(now - HOUR) }, planner), 'end');
      expectInvalid(await f.s.call('saveMaintenanceWindow', { ...base, end: iso(now + 40 * 24 * HOUR) }, planner), 'end');
      expectInvalid(await f.s.call('saveMaintenanceWindow', { ...base, start: 'tomorrow' }, planner), 'start');
      expectInvalid(await f.s.call('saveMaintenanceWindow', { ...base, deviceIds: [f.gwB.deviceId] }, planner), 'deviceIds');
      expectInvalid(await f.s.call('endMaintenanceWindow', { windowId: -2 }, planner), 'windowId');
    });
  });
});
