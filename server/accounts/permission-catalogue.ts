// The permission catalogue as the role editor groups it.
import { ALL_PERMISSIONS } from '../../protocol/permissions';

/** Menu areas of the console, in menu order; action keys sit in the area whose screens they act on. */
export const AREAS: readonly (readonly [string, readonly string[]])[] = [
  ['home', ['homepage.index']],
  [
    'monitoring',
    [
      'overviewStations.overviewStations',
      'monitor.customers',
      'monitorStation.list',
      'monitorStation.detail',
      'dquipmentMonitoring.dquipmentMonitoring',
      'station.edit',
      'station.maintenance',
    ],
  ],
  [
    'tariff',
    [
      'electricityPriceManagement.electricityPriceManagement',
      'electricityPriceManagement.historyPrice',
      'electricityPriceManagement.priceTemlate',
      'electricityPriceManagement.oilPrice',
      'tariff.edit',
      'oilPrice.edit',
    ],
  ],
  [
    'operationMode',
    ['operationModeManagement.operationModeManagement', 'operationModeManagement.switchRecord', 'strategy.edit', 'strategy.issue', 'strategy.control'],
  ],
  ['analytics', ['analysis.photovoltaic', 'analysis.energyStorage', 'analysis.energyUsage']],
  ['operations', ['operations.platformReport', 'operations.serviceReport', 'operations.siteReport', 'operations.export']],
  ['alarm', ['alarm.alarmList', 'alarm.alarmAnalysis', 'alarmLog.alarmLog', 'message.list', 'alarm.resolve', 'alarm.ack', 'alarm.assign', 'alarm.shelve']],
  ['system', ['system.account', 'system.role', 'system.audit', 'system.account.edit', 'system.role.edit']],
];

/** Every key of ALL_PERMISSIONS in exactly one group; a key added to the catalogue but not to
 *  AREAS lands in `other` rather than disappearing from the role editor. */
export const permissionGroups = (): { group: string; permissions: string[] }[] => {
  const known = new Set<string>(ALL_PERMISSIONS);
  const groups = AREAS.map(([group, keys]) => ({ group, permissions: keys.filter((k) => known.has(k)) }));
  const placed = new Set(groups.flatMap((g) => g.permissions));
  const other = ALL_PERMISSIONS.filter((k) => !placed.has(k));
  if (other.length > 0) groups.push({ group: 'other', permissions: [...other] });
  return groups;
};

export const catalogueOrder = new Map<string, number>(ALL_PERMISSIONS.map((k, i) => [k, i]));
export const normalisePermissions = (keys: readonly string[]): string[] =>
  [...new Set(keys)].sort((a, b) => (catalogueOrder.get(a) ?? 1e9) - (catalogueOrder.get(b) ?? 1e9));
