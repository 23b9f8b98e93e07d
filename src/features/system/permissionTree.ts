// The role editor's tree: per catalogue group (menu area), its screens, each with the action
// permissions that act on it (tariff.edit under the tariff screen, strategy.issue under the mode
// list, …). What a holder may not grant is marked, never hidden, so the reader sees why.
import type { PermissionGroup } from '../../../streams/system/roles';

/** The screen each action permission acts on. */
export const ACTION_SCREEN: Readonly<Record<string, string>> = {
  'station.edit': 'overviewStations.overviewStations',
  'tariff.edit': 'electricityPriceManagement.electricityPriceManagement',
  'oilPrice.edit': 'electricityPriceManagement.oilPrice',
  'strategy.edit': 'operationModeManagement.operationModeManagement',
  'strategy.issue': 'operationModeManagement.operationModeManagement',
  'strategy.control': 'operationModeManagement.operationModeManagement',
  'operations.export': 'operations.siteReport',
  'alarm.resolve': 'alarm.alarmList',
  'system.account.edit': 'system.account',
  'system.role.edit': 'system.role',
};

export interface TreeNode {
  key: string;
  grantable: boolean;
  actions: { key: string; grantable: boolean }[];
}
export interface TreeGroup {
  group: string;
  screens: TreeNode[];
  /** every key of the group, and those the caller may grant */
  keys: string[];
  grantable: string[];
}

export function buildTree(groups: readonly PermissionGroup[]): TreeGroup[] {
  return groups.map((g) => {
    const can = new Set(g.grantable);
    const screens: TreeNode[] = g.permissions
      .filter((k) => !(k in ACTION_SCREEN && g.permissions.includes(ACTION_SCREEN[k]!)))
      .map((k) => ({ key: k, grantable: can.has(k), actions: [] }));
    for (const k of g.permissions) {
      const screen = ACTION_SCREEN[k];
      const node = screen ? screens.find((s) => s.key === screen) : undefined;
      if (node) node.actions.push({ key: k, grantable: can.has(k) });
    }
    return { group: g.group, screens, keys: [...g.permissions], grantable: [...g.grantable] };
  });
}

/** The menu a holder sees: per group, the screens it holds (actions grant no menu entry). */
export function menuPreview(tree: readonly TreeGroup[], chosen: ReadonlySet<string>): { group: string; screens: string[] }[] {
  return tree.map((g) => ({ group: g.group, screens: g.screens.filter((s) => chosen.has(s.key)).map((s) => s.key) })).filter((g) => g.screens.length > 0);
}
