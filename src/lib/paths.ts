// Every route's name and URL (SPEC §2), and `href`, the one way to build an in-app URL. It sits
// below the features so any screen can link to any other without importing the shell; the route
// table (src/app/routes.ts) adds each route's page, layout and permission, keyed by these names.
// The spec's spellings (dquipmentMonitoring, priceTemlate) live here and in route names only.
export const PATHS = {
  // public
  login: '/login',
  findPassword: '/findPassword',
  '404': '/404',
  'report.monthReport': '/report/monthReport',
  'report.yearReport': '/report/yearReport',
  // protected
  'homepage.index': '/homepage/index',
  'monitor.customers': '/monitor/customers',
  'monitor.detail': '/monitor/customersDetails',
  'monitorStation.list': '/monitor-station/list',
  'analysis.photovoltaic': '/analysis/photovoltaic',
  'analysis.energyStorage': '/analysis/energyStorage',
  'analysis.energyUsage': '/analysis/energyUsage',
  'operations.platformReport': '/operations/platformReport',
  'operations.serviceReport': '/operations/serviceReport',
  'operations.siteReport': '/operations/siteReport',
  'alarm.alarmList': '/alarm/alarmList',
  'alarm.alarmAnalysis': '/alarm/alarmAnalysis',
  'alarm.shelves': '/alarm/shelves',
  'alarm.maintenance': '/alarm/maintenance',
  'alarm.notifications': '/alarm/notifications',
  'account.apiTokens': '/account/apiTokens',
  'system.account': '/system/account',
  'system.accountDetail': '/system/accountDetail',
  'system.role': '/system/role',
  'system.roleDetail': '/system/roleDetail',
  'system.audit': '/system/audit',
  'system.notificationLog': '/system/notificationLog',
  'system.oncall': '/system/oncall',
  'message.list': '/message/list',
  'message.global': '/message/global',
  'bill.downloadDetail': '/bill/downloadDetail',
  // station detail
  'overviewStations.overviewStations': '/overviewStations/overviewStations',
  'dquipmentMonitoring.dquipmentMonitoring': '/dquipmentMonitoring/dquipmentMonitoring',
  'electricityPriceManagement.electricityPriceManagement': '/electricityPriceManagement/electricityPriceManagement',
  'electricityPriceManagement.historyPrice': '/electricityPriceManagement/historyPrice',
  'electricityPriceManagement.priceTemlate': '/electricityPriceManagement/priceTemlate',
  'electricityPriceManagement.oilPrice': '/electricityPriceManagement/oilPrice',
  'electricityPriceManagement.dynamicPrices': '/electricityPriceManagement/dynamicPrices',
  'electricityPriceManagement.preview': '/electricityPriceManagement/preview',
  'alarmLog.alarmLog': '/alarmLog/alarmLog',
  'operationModeManagement.operationModeManagement': '/operationModeManagement/operationModeManagement',
  'operationModeManagement.switchRecord': '/operationModeManagement/switchRecord',
} as const satisfies Record<string, `/${string}`>;

export type RouteName = keyof typeof PATHS;

/** The site root: it redirects to the first screen the user may open (src/app/guard.ts). */
export const ROOT_HREF = '/';

/** Query values; undefined, null and '' are left out. */
export type Query = Readonly<Record<string, string | number | null | undefined>>;

/** The URL of a route with an optional query, values percent-encoded. */
export function href(name: RouteName, query?: Query): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  }
  return parts.length ? `${PATHS[name]}?${parts.join('&')}` : PATHS[name];
}

/** Station-detail routes need both ids in the query (SPEC §2). */
export const stationQuery = (stationId: number | string, serviceProviderId: number | string): Query => ({ stationId, serviceProviderId });
