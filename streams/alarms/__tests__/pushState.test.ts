import { describe, expect, it } from 'vitest';
import { reduce } from '../../reducer';
import { initialState } from '../../state';
import type { AlarmPush } from '../../types';

const base: AlarmPush = {
  alarmId: 7,
  orgId: 1,
  stationId: 3,
  actionWay: 35003,
  stationName: 'S',
  monitoredObjectName: 'D',
  alarmRuleName: 'R',
  alarmCategory: 'fault',
  happenTime: '2026-11-23T10:00:00Z',
  status: 'unresolved',
};
const recv = (s: ReturnType<typeof initialState>, m: AlarmPush) => reduce(s, { type: 'alarms/received', alarms: [m], at: 1, live: true });

describe('alarm handling pushes', () => {
  it('an acknowledgement leaves the badge and drops a waiting pop-up; a repeat changes nothing', () => {
    let s = recv(initialState(), { ...base, change: 'raised' });
    expect(s.alarms.badge).toBe(1);
    expect(s.popups.queue).toEqual([7]);
    const acked: AlarmPush = { ...base, change: 'acked', silent: true, ackedBy: 'sunrise', ackedAt: '2026-11-23T10:01:00Z' };
    s = recv(s, acked);
    expect(s.alarms.badge).toBe(0);
    expect(s.popups.queue).toEqual([]);
    expect(s.alarms.byId[7]?.ackedBy).toBe('sunrise');
    expect(recv(s, acked)).toBe(s);
  });
  it('an acknowledgement of an alarm raised before sign-in counts the badge down once', () => {
    const s0 = reduce(initialState(), { type: 'alarms/countLoaded', total: 3, orgId: 1 });
    const s = recv(s0, { ...base, change: 'acked', silent: true, ackedAt: '2026-11-23T10:01:00Z', ackedBy: 'x' });
    expect(s.alarms.badge).toBe(2);
    expect(s.popups.queue).toEqual([]);
  });
  it('shelved and in-maintenance raises are kept but never pop up', () => {
    let s = recv(initialState(), { ...base, change: 'raised', silent: true, shelved: true });
    s = recv(s, { ...base, alarmId: 8, change: 'raised', silent: true, inMaintenance: true });
    expect(s.alarms.ids).toEqual([8, 7]);
    expect(s.popups.queue).toEqual([]);
  });
  it('a maintenance push marks its station only inside the window; ending it unmarks', () => {
    const w = {
      kind: 'stationMaintenance' as const,
      orgId: 1,
      stationId: 3,
      windowId: 2,
      start: '2026-11-23T10:00:00Z',
      end: '2026-11-23T12:00:00Z',
      deviceIds: [],
      active: true,
    };
    const s = reduce(initialState(), { type: 'maintenance/pushed', window: w });
    expect(s.maintenance[2]?.stationId).toBe(3);
    expect(reduce(s, { type: 'maintenance/pushed', window: { ...w, active: false } }).maintenance).toEqual({});
  });
});
