import type { StationSummary } from '../monitor/stations';
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

/** A station of the list: a PV and storage plant in Jiangsu, online and normal. */
export const stationSummary = (over: Partial<StationSummary> = {}): StationSummary => ({
  stationId: 1,
  stationName: 'Alpha PV',
  serviceProviderId: 2,
  serviceProviderName: 'P',
  currency: 'USD',
  customerId: 3,
  customerName: 'C',
  address: '1 Road',
  region: 'Jiangsu',
  country: 'CN',
  timezone: 'Asia/Shanghai',
  lat: 0,
  lon: 0,
  systemType: 1,
  energyTypes: ['pv', 'ess'],
  siteType: 'factory',
  voltageLevel: '10kV',
  operationDate: '2024-01-01',
  pvCapacityKw: 1,
  essPowerKw: 1,
  essCapacityKwh: 1,
  dgCapacityKw: 0,
  chargingPowerKw: 0,
  capacityKva: null,
  cardType: 1,
  picture: null,
  stationStatus: 0,
  online: true,
  openAlarms: 0,
  ...over,
});
