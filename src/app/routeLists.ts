// Lists of route names the routing rules and the navbar consult (SPEC §2), typed by the route
// table so a misspelt or removed route is a compile error.
import { ANALYSIS_SCREENS, REPORT_SCREENS } from '../../protocol/permissions';
import type { RouteName } from '../lib/paths';

/** SPEC §2: pages allowed without a session ('Error404' is the spec's name for the catch-all). */
export const PUBLIC_ROUTE_NAMES: readonly (RouteName | 'Error404')[] = ['login', '404', 'Error404', 'findPassword', 'report.monthReport', 'report.yearReport'];

/** Group paths and their children (first permitted child wins). */
export const GROUP_REDIRECTS: Readonly<Record<string, readonly [RouteName, ...RouteName[]]>> = {
  '/homepage': ['homepage.index'],
  '/monitor': ['monitor.customers'],
  '/monitor-station': ['monitorStation.list'],
  '/analysis': [...ANALYSIS_SCREENS],
  '/operations': [...REPORT_SCREENS],
  '/alarm': ['alarm.alarmList', 'alarm.alarmAnalysis', 'alarm.shelves', 'alarm.maintenance', 'alarm.notifications'],
  '/system': ['system.account', 'system.role', 'system.audit', 'system.notificationLog', 'system.oncall'],
  '/overviewStations': ['overviewStations.overviewStations'],
  '/dquipmentMonitoring': ['dquipmentMonitoring.dquipmentMonitoring'],
  '/electricityPriceManagement': [
    'electricityPriceManagement.electricityPriceManagement',
    'electricityPriceManagement.historyPrice',
    'electricityPriceManagement.priceTemlate',
    'electricityPriceManagement.oilPrice',
    'electricityPriceManagement.dynamicPrices',
  ],
  '/alarmLog': ['alarmLog.alarmLog'],
  '/operationModeManagement': ['operationModeManagement.operationModeManagement', 'operationModeManagement.switchRecord'],
  '/message': ['message.list'],
};

/**
 * Root-path preference list (SPEC §2: "not shown"; our decision, see docs/console.md): the
 * dashboard first, then the screens an operator of each role most likely starts from.
 */
export const ROOT_PREFERENCE: readonly RouteName[] = [
  'homepage.index',
  'monitor.customers',
  'monitorStation.list',
  'alarm.alarmList',
  ...ANALYSIS_SCREENS,
  ...REPORT_SCREENS,
  'alarm.alarmAnalysis',
  'system.account',
  'system.role',
];

/**
 * SPEC §2: the service-provider selector appears only on these routes. The spec's list also
 * names routes this console does not have (remoteControl.list, analysis.station, analysis.pcs,
 * analysis.cellClusters, analysis.custom, analysis.cellStack, strategy.list, bill.list,
 * report.month, report.year, controller.list); they are left out so the list type-checks.
 */
export const PROVIDER_SELECTOR_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'monitorStation.list',
  'message.list',
  'analysis.photovoltaic',
  'alarm.alarmList',
  'operations.siteReport',
  'monitor.detail',
  'analysis.energyStorage',
  'analysis.energyUsage',
  'system.role',
  'system.account',
  'alarm.alarmAnalysis',
  'operations.serviceReport',
  'alarm.shelves',
  'alarm.maintenance',
]);
