// Sidebar menu of SPEC §2, filtered by permission (SPEC §6).
import type { TKey } from '../i18n/i18n';
import { isPermitted } from './guard';
import type { RouteName } from '../lib/paths';
import { route as routeOf } from './routes';

export type MenuIcon = 'home' | 'monitor' | 'tariff' | 'mode' | 'analytics' | 'operations' | 'alarm' | 'system';
export interface MenuLeaf {
  kind: 'leaf';
  route: RouteName;
  icon?: MenuIcon;
}
export interface MenuGroup {
  kind: 'group';
  key: string;
  title: TKey;
  icon: MenuIcon;
  children: MenuLeaf[];
}
export type MenuNode = MenuLeaf | MenuGroup;

const leaf = (route: RouteName, icon?: MenuIcon): MenuLeaf => ({ kind: 'leaf', route, icon });
const group = (key: string, title: TKey, icon: MenuIcon, children: RouteName[]): MenuGroup => ({
  kind: 'group',
  key,
  title,
  icon,
  children: children.map((c) => leaf(c)),
});

/** Shown everywhere except station-detail routes. */
export const MAIN_MENU: readonly MenuNode[] = [
  leaf('homepage.index', 'home'),
  group('monitor', 'menu.monitoringHall', 'monitor', ['monitor.customers', 'monitorStation.list']),
  group('analysis', 'menu.analyticsCenter', 'analytics', ['analysis.photovoltaic', 'analysis.energyStorage', 'analysis.energyUsage']),
  group('operations', 'menu.operationCenter', 'operations', ['operations.platformReport', 'operations.serviceReport', 'operations.siteReport']),
  group('alarm', 'menu.alarmCenter', 'alarm', ['alarm.alarmList', 'alarm.alarmAnalysis', 'alarm.shelves', 'alarm.maintenance', 'alarm.notifications']),
  group('system', 'menu.systemManagement', 'system', ['system.account', 'system.role', 'system.audit', 'system.notificationLog', 'system.oncall']),
];

/** Shown only on station-detail routes (SPEC §2). */
export const STATION_MENU: readonly MenuNode[] = [
  leaf('homepage.index', 'home'),
  group('stationMonitor', 'menu.monitoringCenter', 'monitor', [
    'overviewStations.overviewStations',
    'dquipmentMonitoring.dquipmentMonitoring',
    'alarmLog.alarmLog',
  ]),
  group('tariff', 'menu.tariffManagement', 'tariff', [
    'electricityPriceManagement.electricityPriceManagement',
    'electricityPriceManagement.historyPrice',
    'electricityPriceManagement.priceTemlate',
    'electricityPriceManagement.oilPrice',
    'electricityPriceManagement.dynamicPrices',
  ]),
  group('mode', 'menu.operationMode', 'mode', ['operationModeManagement.operationModeManagement', 'operationModeManagement.switchRecord']),
];

const visible = (name: RouteName, perms: ReadonlySet<string>): boolean => {
  const r = routeOf(name);
  return r.hidden || isPermitted(r, perms);
};

/** Drops entries without permission; a group left with one child becomes that child. */
export function filterMenu(menu: readonly MenuNode[], perms: ReadonlySet<string>): MenuNode[] {
  const out: MenuNode[] = [];
  for (const n of menu) {
    if (n.kind === 'leaf') {
      if (visible(n.route, perms)) out.push(n);
      continue;
    }
    const children = n.children.filter((c) => visible(c.route, perms));
    if (children.length === 0) continue;
    if (children.length === 1) out.push({ ...children[0]!, icon: n.icon });
    else out.push({ ...n, children });
  }
  return out;
}

/** Which menu entry is highlighted for a route (SPEC §2 override rules). */
export function activeMenuOf(routeName: RouteName, orgType: number | undefined): RouteName {
  if (routeName === 'homepage.index' && orgType === 1) return 'homepage.index';
  return routeOf(routeName).activeMenu ?? routeName;
}

/** The group holding the active entry (opened in the accordion). */
export const groupOf = (menu: readonly MenuNode[], active: RouteName): string | null =>
  menu.find((n): n is MenuGroup => n.kind === 'group' && n.children.some((c) => c.route === active))?.key ?? null;
