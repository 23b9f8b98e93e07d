import { describe, expect, it } from 'vitest';
import { buildTree, menuPreview } from '../permissionTree';
import { toggleGroup, triState } from '../triState';

const groups = [
  {
    group: 'tariff',
    permissions: ['electricityPriceManagement.electricityPriceManagement', 'electricityPriceManagement.oilPrice', 'tariff.edit', 'oilPrice.edit'],
    grantable: ['electricityPriceManagement.electricityPriceManagement', 'tariff.edit'],
  },
  {
    group: 'system',
    permissions: ['system.account', 'system.role', 'system.audit', 'system.account.edit', 'system.role.edit'],
    grantable: ['system.account', 'system.role', 'system.audit', 'system.account.edit', 'system.role.edit'],
  },
];

describe('role permission tree', () => {
  it('puts each action under the screen it acts on and marks what may not be granted', () => {
    const [tariff] = buildTree(groups);
    expect(tariff!.screens.map((s) => s.key)).toEqual(['electricityPriceManagement.electricityPriceManagement', 'electricityPriceManagement.oilPrice']);
    expect(tariff!.screens[0]!.actions).toEqual([{ key: 'tariff.edit', grantable: true }]);
    expect(tariff!.screens[1]!.actions).toEqual([{ key: 'oilPrice.edit', grantable: false }]);
    expect(tariff!.screens[1]!.grantable).toBe(false);
  });

  it('toggles a group over its grantable keys only and reports the mixed state', () => {
    const [tariff] = buildTree(groups);
    const on = toggleGroup(new Set<string>(), tariff!.grantable);
    expect([...on].sort()).toEqual(['electricityPriceManagement.electricityPriceManagement', 'tariff.edit']);
    expect(triState(on, tariff!.keys)).toBe('some');
    expect(triState(on, tariff!.grantable)).toBe('all');
    expect(toggleGroup(on, tariff!.grantable).size).toBe(0);
  });

  it('previews the menu from the screens held, not the actions', () => {
    const tree = buildTree(groups);
    expect(menuPreview(tree, new Set(['tariff.edit', 'system.audit']))).toEqual([{ group: 'system', screens: ['system.audit'] }]);
  });
});
