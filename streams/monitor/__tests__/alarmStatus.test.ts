import { describe, expect, it } from 'vitest';
import { alarmStatusOverrides } from '../alarmStatus';
import type { AlarmPush } from '../../types';

const a = (alarmId: number, stationId: number, alarmCategory: AlarmPush['alarmCategory'], status: AlarmPush['status'] = 'unresolved'): AlarmPush => ({
  alarmId,
  orgId: 1,
  stationId,
  actionWay: 35002,
  stationName: '',
  monitoredObjectName: '',
  alarmRuleName: '',
  alarmCategory,
  happenTime: '',
  status,
});

describe('alarmStatusOverrides', () => {
  it('raises stations with unresolved alarms, fault above others, resolved ignored', () => {
    const list = [a(1, 10, 'event'), a(2, 10, 'fault'), a(3, 11, 'alarm'), a(4, 12, 'fault', 'resolved')];
    const m = alarmStatusOverrides({ ids: list.map((x) => x.alarmId), byId: Object.fromEntries(list.map((x) => [x.alarmId, x])) });
    expect([...m]).toEqual([
      [10, 2],
      [11, 1],
    ]);
  });
});
