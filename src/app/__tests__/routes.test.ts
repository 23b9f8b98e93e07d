import { describe, expect, it } from 'vitest';
import { PATHS } from '../../lib/paths';
import { layoutOf, route, ROUTES, routeByPath } from '../routes';

describe('route table', () => {
  it('has one entry per route name, found by its path', () => {
    expect(ROUTES.map((r) => r.name).sort()).toEqual(Object.keys(PATHS).sort());
    for (const r of ROUTES) expect(routeByPath.get(r.path)).toBe(r);
  });
  it('permissions default to the route name; public routes have none', () => {
    expect(route('alarm.alarmList').permission).toBe('alarm.alarmList');
    expect(route('monitor.detail').permission).toBe('monitorStation.detail');
    expect(route('login').permission).toBeNull();
    expect(route('bill.downloadDetail').permission).toBeUndefined();
  });
  it('station routes use the station layout; the homepage opens on a wall screen with ?wall=1', () => {
    expect(route('alarmLog.alarmLog')).toMatchObject({ layout: 'station', station: true });
    expect(layoutOf(route('homepage.index'), 'wall=1')).toBe('wall');
    expect(layoutOf(route('homepage.index'), '')).toBe('main');
    expect(layoutOf(route('alarm.alarmList'), 'wall=1')).toBe('main');
    expect(layoutOf(route('login'), '')).toBe('bare');
  });
});
