// The route table: every SPEC §2 route with its page, its layout, its title and its permission.
// Names and URLs come from src/lib/paths.ts; `satisfies Record<RouteName, …>` makes a route
// without an entry here (or an entry without a route) a compile error. Route permission keys
// equal route names (SPEC §6) unless a route says otherwise. Screens not built yet open the
// "not available yet" page through the same table.
import type { ComponentType } from 'react';
import type { TKey } from '../i18n/i18n';
import { PATHS, type RouteName } from '../lib/paths';

export type { RouteName } from '../lib/paths';

/**
 * bare: the page alone (sign-in, 404, public reports); main: sidebar, header, navbar;
 * station: main with the station menu and info bar, and the station ids required;
 * wall: the dashboard on a wall screen, no chrome (chosen by `?wall=1` on a `wall` route).
 */
export type Layout = 'bare' | 'main' | 'station' | 'wall';

export interface PageProps {
  route: RouteDef;
}
export type PageLoader = () => Promise<{ default: ComponentType<PageProps> }>;

interface RouteSpec {
  title: TKey;
  layout: Exclude<Layout, 'wall'>;
  page: PageLoader;
  /** null: public; undefined: any session; a string: that permission. Default: the route name. */
  permission?: string | null;
  /** not a menu entry; hidden routes are always kept */
  hidden?: boolean;
  /** highlight this menu entry instead (SPEC §2: a route can override the highlighted item) */
  activeMenu?: RouteName;
  /** the main layout shows the top navbar unless this is false (the homepage index has none) */
  navbar?: boolean;
  /** `?wall=1` opens the page in the wall layout */
  wall?: boolean;
}

const login: PageLoader = () => import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage }));
const station = { layout: 'station' } as const;
/** A public page: no session needed, not in the menu. */
const bare = { layout: 'bare', permission: null, hidden: true } as const;
/** A page opened from a menu entry's screen (a detail, a preview): in that entry's layout, not in
 *  the menu, that entry highlighted, and allowed by that entry's permission. */
const openedFrom = (entry: RouteName, layout: 'main' | 'station' = 'main') => ({ layout, permission: entry, hidden: true, activeMenu: entry }) as const;

const TABLE = {
  // public (SPEC §2)
  login: { title: 'routes.login', ...bare, page: login },
  findPassword: { title: 'routes.findPassword', ...bare, page: () => import('../features/auth/FindPasswordPage') },
  '404': { title: 'routes.notFound', ...bare, page: () => import('../features/errors/NotFoundPage') },
  'report.monthReport': { title: 'routes.reportMonthReport', ...bare, page: () => import('../features/reports/SharedReportPage') },
  'report.yearReport': { title: 'routes.reportYearReport', ...bare, page: () => import('../features/reports/SharedReportPage') },
  // protected
  'homepage.index': { title: 'routes.homepageIndex', layout: 'main', navbar: false, wall: true, page: () => import('../features/home/HomePage') },
  'monitor.customers': { title: 'routes.monitorCustomers', layout: 'main', page: () => import('../features/monitor/CustomersPage') },
  'monitor.detail': {
    title: 'routes.monitorDetail',
    layout: 'main',
    permission: 'monitorStation.detail',
    hidden: true,
    activeMenu: 'monitor.customers',
    page: () => import('../features/monitor/CustomerDetailPage'),
  },
  'monitorStation.list': { title: 'routes.monitorStationList', layout: 'main', page: () => import('../features/monitor/StationListPage') },
  'analysis.photovoltaic': { title: 'routes.analysisPhotovoltaic', layout: 'main', page: () => import('../features/analysis/PvPage') },
  'analysis.energyStorage': { title: 'routes.analysisEnergyStorage', layout: 'main', page: () => import('../features/analysis/EssPage') },
  'analysis.energyUsage': { title: 'routes.analysisEnergyUsage', layout: 'main', page: () => import('../features/analysis/UsagePage') },
  'operations.platformReport': { title: 'routes.operationsPlatformReport', layout: 'main', page: () => import('../features/reports/PlatformReportPage') },
  'operations.serviceReport': { title: 'routes.operationsServiceReport', layout: 'main', page: () => import('../features/reports/ServiceReportPage') },
  'operations.siteReport': { title: 'routes.operationsSiteReport', layout: 'main', page: () => import('../features/reports/SiteReportPage') },
  'alarm.alarmList': { title: 'routes.alarmAlarmList', layout: 'main', page: () => import('../features/alarms/list/AlarmListPage') },
  'alarm.alarmAnalysis': { title: 'routes.alarmAlarmAnalysis', layout: 'main', page: () => import('../features/alarms/analysis/AlarmAnalysisPage') },
  'alarm.shelves': { title: 'routes.alarmShelves', layout: 'main', permission: 'alarm.shelve', page: () => import('../features/alarms/shelves/ShelvesPage') },
  'alarm.maintenance': {
    title: 'routes.alarmMaintenance',
    layout: 'main',
    permission: 'station.maintenance',
    page: () => import('../features/alarms/maintenance/MaintenancePage'),
  },
  // one's own rules: any signed-in account may hear of the alarms of its data scope
  'alarm.notifications': {
    title: 'routes.alarmNotifications',
    layout: 'main',
    permission: undefined,
    page: () => import('../features/notifications/RulesPage'),
  },
  // one's own tokens for integrations, from the user menu; an account administrator also sees those it manages
  'account.apiTokens': {
    title: 'routes.apiTokens',
    layout: 'main',
    permission: undefined,
    hidden: true,
    page: () => import('../features/system/ApiTokensPage'),
  },
  'system.account': { title: 'routes.systemAccount', layout: 'main', page: () => import('../features/system/AccountsPage') },
  'system.accountDetail': { title: 'routes.systemAccountDetail', ...openedFrom('system.account'), page: () => import('../features/system/AccountDetailPage') },
  'system.role': { title: 'routes.systemRole', layout: 'main', page: () => import('../features/system/RolesPage') },
  'system.roleDetail': { title: 'routes.systemRoleDetail', ...openedFrom('system.role'), page: () => import('../features/system/RoleDetailPage') },
  'system.audit': { title: 'routes.systemAudit', layout: 'main', page: () => import('../features/system/AuditLogPage') },
  'system.notificationLog': {
    title: 'routes.systemNotificationLog',
    layout: 'main',
    permission: 'system.audit',
    page: () => import('../features/notifications/DeliveryLogPage'),
  },
  'system.oncall': { title: 'routes.systemOncall', layout: 'main', permission: 'system.account', page: () => import('../features/notifications/OncallPage') },
  'message.list': {
    title: 'routes.messageList',
    layout: 'main',
    hidden: true,
    activeMenu: 'alarm.alarmList',
    page: () => import('../features/alarms/messages/MessageListPage'),
  },
  'message.global': {
    title: 'routes.messageGlobal',
    layout: 'main',
    page: () => import('../features/system/MessagesPage'),
    permission: 'message.list',
    hidden: true,
  },
  'bill.downloadDetail': {
    title: 'routes.billDownloadDetail',
    layout: 'main',
    page: () => import('../features/reports/BillPage'),
    permission: undefined,
    hidden: true,
  },
  // station detail (SPEC §2)
  'overviewStations.overviewStations': { title: 'routes.overviewStations', ...station, page: () => import('../features/station/overview/OverviewPage') },
  'dquipmentMonitoring.dquipmentMonitoring': {
    title: 'routes.equipmentMonitoring',
    ...station,
    page: () => import('../features/station/monitor/EquipmentPage'),
  },
  'electricityPriceManagement.electricityPriceManagement': {
    title: 'routes.priceManagement',
    ...station,
    page: () => import('../features/tariffs/TariffConfigPage'),
  },
  'electricityPriceManagement.historyPrice': { title: 'routes.historyPrice', ...station, page: () => import('../features/tariffs/HistoryPage') },
  'electricityPriceManagement.priceTemlate': { title: 'routes.priceTemplate', ...station, page: () => import('../features/tariffs/TemplatePage') },
  'electricityPriceManagement.oilPrice': { title: 'routes.oilPrice', ...station, page: () => import('../features/tariffs/OilPricePage') },
  'electricityPriceManagement.dynamicPrices': {
    title: 'routes.dynamicPrices',
    ...station,
    permission: 'electricityPriceManagement.electricityPriceManagement',
    page: () => import('../features/tariffs/DynamicPricesPage'),
  },
  'electricityPriceManagement.preview': {
    title: 'routes.pricePreview',
    ...openedFrom('electricityPriceManagement.electricityPriceManagement', 'station'),
    page: () => import('../features/tariffs/PreviewPage'),
  },
  'alarmLog.alarmLog': { title: 'routes.alarmLog', ...station, page: () => import('../features/alarms/log/AlarmLogPage') },
  'operationModeManagement.operationModeManagement': { title: 'routes.operationModeManagement', ...station, page: () => import('../features/modes/ModesPage') },
  'operationModeManagement.switchRecord': { title: 'routes.switchRecord', ...station, page: () => import('../features/modes/SwitchRecordPage') },
} as const satisfies Record<RouteName, RouteSpec>;

/** One route as the shell uses it: the table's entry with its name, URL and defaults filled in. */
export interface RouteDef {
  name: RouteName;
  path: string;
  title: TKey;
  layout: Exclude<Layout, 'wall'>;
  page: PageLoader;
  permission: string | null | undefined;
  /** a station-detail route: needs stationId and serviceProviderId (SPEC §2) */
  station: boolean;
  hidden: boolean;
  activeMenu?: RouteName;
  navbar: boolean;
  wall: boolean;
}

const defOf = (name: RouteName): RouteDef => {
  const spec: RouteSpec = TABLE[name];
  return {
    name,
    path: PATHS[name],
    title: spec.title,
    layout: spec.layout,
    page: spec.page,
    permission: 'permission' in spec ? spec.permission : name,
    station: spec.layout === 'station',
    hidden: spec.hidden ?? false,
    activeMenu: spec.activeMenu,
    navbar: spec.navbar ?? true,
    wall: spec.wall ?? false,
  };
};

export const ROUTES: readonly RouteDef[] = (Object.keys(TABLE) as RouteName[]).map(defOf);
export const routeByName: ReadonlyMap<RouteName, RouteDef> = new Map(ROUTES.map((x) => [x.name, x]));
export const routeByPath: ReadonlyMap<string, RouteDef> = new Map(ROUTES.map((x) => [x.path, x]));
export const route = (name: RouteName): RouteDef => routeByName.get(name)!;

/** The layout a route renders in for this query. */
export const layoutOf = (r: RouteDef, search: string): Layout => (r.wall && new URLSearchParams(search).get('wall') === '1' ? 'wall' : r.layout);
