// Every route of SPEC §2 with its name, path, title key and permission. Route permission keys
// equal route names (SPEC §6) unless a route says otherwise (monitor.detail). `view` names the
// screen; screens that later issues build render the "not available yet" page.
import type { TKey } from '../i18n/keys';

export type ViewId =
  | 'login'
  | 'findPassword'
  | 'notFound'
  | 'messageList'
  | 'notYet'
  | 'stationList'
  | 'customers'
  | 'customerDetail'
  | 'homepage'
  | 'alarmList'
  | 'alarmAnalysis';

export interface RouteDef {
  name: string;
  path: string;
  title: TKey;
  /** null: public; undefined: any session; string: that permission */
  permission?: string | null;
  /** station-detail route: needs stationId and serviceProviderId (SPEC §2) */
  station?: boolean;
  /** not a menu entry; hidden routes are always kept */
  hidden?: boolean;
  /** highlight this menu entry instead (SPEC §2: a route can override the highlighted item) */
  activeMenu?: string;
  /** the main layout shows the top navbar (homepage index has none) */
  navbar?: boolean;
  view: ViewId;
}

const r = (name: string, path: string, title: TKey, extra: Partial<RouteDef> = {}): RouteDef => ({
  name,
  path,
  title,
  permission: name,
  navbar: true,
  view: 'notYet',
  ...extra,
});

export const ROUTES: readonly RouteDef[] = [
  // public (SPEC §2)
  r('login', '/login', 'routes.login', { permission: null, view: 'login', hidden: true }),
  r('findPassword', '/findPassword', 'routes.findPassword', { permission: null, view: 'findPassword', hidden: true }),
  r('404', '/404', 'routes.notFound', { permission: null, view: 'notFound', hidden: true }),
  r('report.monthReport', '/report/monthReport', 'routes.reportMonthReport', { permission: null, hidden: true }),
  r('report.yearReport', '/report/yearReport', 'routes.reportYearReport', { permission: null, hidden: true }),
  // protected
  r('homepage.index', '/homepage/index', 'routes.homepageIndex', { navbar: false, view: 'homepage' }),
  r('monitor.customers', '/monitor/customers', 'routes.monitorCustomers', { view: 'customers' }),
  r('monitor.detail', '/monitor/customersDetails', 'routes.monitorDetail', {
    permission: 'monitorStation.detail',
    hidden: true,
    activeMenu: 'monitor.customers',
    view: 'customerDetail',
  }),
  r('monitorStation.list', '/monitor-station/list', 'routes.monitorStationList', { view: 'stationList' }),
  r('analysis.photovoltaic', '/analysis/photovoltaic', 'routes.analysisPhotovoltaic'),
  r('analysis.energyStorage', '/analysis/energyStorage', 'routes.analysisEnergyStorage'),
  r('analysis.energyUsage', '/analysis/energyUsage', 'routes.analysisEnergyUsage'),
  r('operations.platformReport', '/operations/platformReport', 'routes.operationsPlatformReport'),
  r('operations.serviceReport', '/operations/serviceReport', 'routes.operationsServiceReport'),
  r('operations.siteReport', '/operations/siteReport', 'routes.operationsSiteReport'),
  r('alarm.alarmList', '/alarm/alarmList', 'routes.alarmAlarmList', { view: 'alarmList' }),
  r('alarm.alarmAnalysis', '/alarm/alarmAnalysis', 'routes.alarmAlarmAnalysis', { view: 'alarmAnalysis' }),
  r('system.account', '/system/account', 'routes.systemAccount'),
  r('system.accountDetail', '/system/accountDetail', 'routes.systemAccountDetail', { permission: 'system.account', hidden: true, activeMenu: 'system.account' }),
  r('system.role', '/system/role', 'routes.systemRole'),
  r('system.roleDetail', '/system/roleDetail', 'routes.systemRoleDetail', { permission: 'system.role', hidden: true, activeMenu: 'system.role' }),
  r('message.list', '/message/list', 'routes.messageList', { hidden: true, activeMenu: 'alarm.alarmList', view: 'messageList' }),
  r('message.global', '/message/global', 'routes.messageGlobal', { permission: 'message.list', hidden: true }),
  r('bill.downloadDetail', '/bill/downloadDetail', 'routes.billDownloadDetail', { permission: undefined, hidden: true }),
  // station detail (SPEC §2)
  r('overviewStations.overviewStations', '/overviewStations/overviewStations', 'routes.overviewStations', { station: true }),
  r('dquipmentMonitoring.dquipmentMonitoring', '/dquipmentMonitoring/dquipmentMonitoring', 'routes.dquipmentMonitoring', { station: true }),
  r('electricityPriceManagement.electricityPriceManagement', '/electricityPriceManagement/electricityPriceManagement', 'routes.priceManagement', { station: true }),
  r('electricityPriceManagement.historyPrice', '/electricityPriceManagement/historyPrice', 'routes.historyPrice', { station: true }),
  r('electricityPriceManagement.priceTemlate', '/electricityPriceManagement/priceTemlate', 'routes.priceTemlate', { station: true }),
  r('electricityPriceManagement.oilPrice', '/electricityPriceManagement/oilPrice', 'routes.oilPrice', { station: true }),
  r('electricityPriceManagement.preview', '/electricityPriceManagement/preview', 'routes.pricePreview', {
    station: true,
    hidden: true,
    permission: 'electricityPriceManagement.electricityPriceManagement',
    activeMenu: 'electricityPriceManagement.electricityPriceManagement',
  }),
  r('alarmLog.alarmLog', '/alarmLog/alarmLog', 'routes.alarmLog', { station: true }),
  r('operationModeManagement.operationModeManagement', '/operationModeManagement/operationModeManagement', 'routes.operationModeManagement', { station: true }),
  r('operationModeManagement.switchRecord', '/operationModeManagement/switchRecord', 'routes.switchRecord', { station: true }),
];

export const routeByName = new Map(ROUTES.map((x) => [x.name, x]));
export const routeByPath = new Map(ROUTES.map((x) => [x.path, x]));
export const route = (name: string): RouteDef => {
  const x = routeByName.get(name);
  if (!x) throw new Error(`no route ${name}`);
  return x;
};

/** SPEC §2: pages allowed without a session ('Error404' is the catch-all's name). */
export const PUBLIC_ROUTE_NAMES = ['login', '404', 'Error404', 'findPassword', 'report.monthReport', 'report.yearReport'] as const;

/** Group paths and their children (first permitted child wins). */
export const GROUP_REDIRECTS: Record<string, readonly string[]> = {
  '/homepage': ['homepage.index'],
  '/monitor': ['monitor.customers'],
  '/monitor-station': ['monitorStation.list'],
  '/analysis': ['analysis.photovoltaic', 'analysis.energyStorage', 'analysis.energyUsage'],
  '/operations': ['operations.platformReport', 'operations.serviceReport', 'operations.siteReport'],
  '/alarm': ['alarm.alarmList', 'alarm.alarmAnalysis'],
  '/system': ['system.account', 'system.role'],
  '/overviewStations': ['overviewStations.overviewStations'],
  '/dquipmentMonitoring': ['dquipmentMonitoring.dquipmentMonitoring'],
  '/electricityPriceManagement': [
    'electricityPriceManagement.electricityPriceManagement',
    'electricityPriceManagement.historyPrice',
    'electricityPriceManagement.priceTemlate',
    'electricityPriceManagement.oilPrice',
  ],
  '/alarmLog': ['alarmLog.alarmLog'],
  '/operationModeManagement': ['operationModeManagement.operationModeManagement', 'operationModeManagement.switchRecord'],
  '/message': ['message.list'],
};

/**
 * Root-path preference list (SPEC §2: "not shown"; our decision, see docs/console.md): the
 * dashboard first, then the screens an operator of each role most likely starts from.
 */
export const ROOT_PREFERENCE = [
  'homepage.index',
  'monitor.customers',
  'monitorStation.list',
  'alarm.alarmList',
  'analysis.photovoltaic',
  'analysis.energyStorage',
  'analysis.energyUsage',
  'operations.platformReport',
  'operations.serviceReport',
  'operations.siteReport',
  'alarm.alarmAnalysis',
  'system.account',
  'system.role',
] as const;

/** SPEC §2: the service-provider selector appears only on these routes (verbatim). */
export const PROVIDER_SELECTOR_ROUTES: ReadonlySet<string> = new Set([
  'monitorStation.list', 'remoteControl.list', 'analysis.station', 'analysis.pcs', 'analysis.cellClusters',
  'analysis.custom', 'strategy.list', 'bill.list', 'report.month', 'report.year', 'controller.list',
  'message.list', 'analysis.photovoltaic', 'analysis.cellStack', 'alarm.alarmList', 'operations.siteReport',
  'monitor.detail', 'analysis.energyStorage', 'analysis.energyUsage', 'system.role', 'system.account',
  'alarm.alarmAnalysis', 'operations.serviceReport',
]);
