// Route permission keys equal route names (SPEC §6). Write actions need an extra `.edit`-style
// key so a read-only role can see a screen without changing anything on it.

/** The analytics center's screens and the report screens, in menu order. */
export const ANALYSIS_SCREENS = ['analysis.photovoltaic', 'analysis.energyStorage', 'analysis.energyUsage'] as const;
export const REPORT_SCREENS = ['operations.platformReport', 'operations.serviceReport', 'operations.siteReport'] as const;

export const ROUTE_PERMISSIONS = [
  'homepage.index',
  'monitor.customers',
  'monitorStation.detail',
  'monitorStation.list',
  ...ANALYSIS_SCREENS,
  ...REPORT_SCREENS,
  'alarm.alarmList',
  'alarm.alarmAnalysis',
  'system.account',
  'system.role',
  'system.audit',
  'message.list',
  'overviewStations.overviewStations',
  'dquipmentMonitoring.dquipmentMonitoring',
  'electricityPriceManagement.electricityPriceManagement',
  'electricityPriceManagement.historyPrice',
  'electricityPriceManagement.priceTemlate',
  'electricityPriceManagement.oilPrice',
  'alarmLog.alarmLog',
  'operationModeManagement.operationModeManagement',
  'operationModeManagement.switchRecord',
] as const;

export const ACTION_PERMISSIONS = [
  'alarm.resolve',
  'alarm.ack',
  'alarm.assign',
  'alarm.shelve',
  'station.maintenance',
  'tariff.edit',
  'oilPrice.edit',
  'strategy.edit',
  'strategy.issue',
  'strategy.control',
  'station.edit',
  'system.account.edit',
  'system.role.edit',
  'operations.export',
] as const;

export type RoutePermission = (typeof ROUTE_PERMISSIONS)[number];
export type ActionPermission = (typeof ACTION_PERMISSIONS)[number];
export type Permission = RoutePermission | ActionPermission;

export const ALL_PERMISSIONS: readonly Permission[] = [...ROUTE_PERMISSIONS, ...ACTION_PERMISSIONS];

export const isPermission = (s: string): s is Permission => (ALL_PERMISSIONS as readonly string[]).includes(s);
