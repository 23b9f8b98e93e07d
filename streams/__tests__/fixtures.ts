import type { AlarmPush, Profile } from '../types';

export const profile = (over: Partial<Profile> = {}): Profile => ({
  platform: 'EMS Cloud',
  name: 'Ada',
  account: 'ada',
  orgLogoUrl: null,
  orgType: 2,
  orgId: 7,
  orgName: 'Sunrise Energy',
  userId: 11,
  roleName: 'admin',
  permissions: [{ permission: 'homepage.index' }, { permission: 'alarm.alarmList' }],
  ...over,
});

export const alarm = (alarmId: number, over: Partial<AlarmPush> = {}): AlarmPush => ({
  alarmId,
  orgId: 7,
  stationId: 3,
  actionWay: 35002,
  stationName: 'Station A',
  monitoredObjectName: 'PCS-1',
  alarmRuleName: 'Over temperature',
  alarmCategory: 'fault',
  happenTime: '2026-11-21T08:00:00+00:00',
  status: 'unresolved',
  ...over,
});
