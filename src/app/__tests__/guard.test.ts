import { describe, expect, it } from 'vitest';
import { decide, type NavInput } from '../guard';
import { activeMenuOf, filterMenu, MAIN_MENU, STATION_MENU } from '../menu';

const all = new Set(['homepage.index', 'alarm.alarmList', 'alarm.alarmAnalysis', 'system.account', 'overviewStations.overviewStations', 'message.list']);
const nav = (pathname: string, over: Partial<NavInput> = {}): ReturnType<typeof decide> => {
  const [p, s] = pathname.split('?');
  return decide({
    pathname: p!,
    search: s ?? '',
    token: 't',
    menuBuilt: true,
    permissions: all,
    prevSearch: null,
    stored: { stationId: null, serviceProviderId: null },
    ...over,
  });
};

describe('routing rules (SPEC §2)', () => {
  it('/ goes to the first preferred permitted route', () => {
    expect(nav('/')).toEqual({ kind: 'redirect', to: '/homepage/index' });
    expect(nav('/', { permissions: new Set(['system.account']) })).toEqual({ kind: 'redirect', to: '/system/account' });
  });
  it('/homepage redirects to its index; groups to their first permitted child', () => {
    expect(nav('/homepage')).toEqual({ kind: 'redirect', to: '/homepage/index' });
    expect(nav('/alarm', { permissions: new Set(['alarm.alarmAnalysis']) })).toEqual({ kind: 'redirect', to: '/alarm/alarmAnalysis' });
  });
  it('unmatched paths go to /404', () => {
    expect(nav('/nope/x')).toEqual({ kind: 'redirect', to: '/404' });
  });
  it('no token + protected target -> login with the full target', () => {
    expect(nav('/alarm/alarmList?a=1&b=2', { token: null })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=' + encodeURIComponent('/alarm/alarmList?a=1&b=2'),
    });
  });
  it('public pages render without a session', () => {
    for (const p of ['/login', '/404', '/findPassword', '/report/monthReport', '/report/yearReport']) expect(nav(p, { token: null }).kind).toBe('render');
  });
  it('logged in + login -> redirect value or /', () => {
    expect(nav('/login?redirect=%2Falarm%2FalarmList%3Fa%3D1')).toEqual({ kind: 'redirect', to: '/alarm/alarmList?a=1' });
    expect(nav('/login')).toEqual({ kind: 'redirect', to: '/' });
    expect(nav('/login?redirect=%2F%2Fevil.com')).toEqual({ kind: 'redirect', to: '/' });
  });
  it('waits for route access when a session has no built menu', () => {
    expect(nav('/alarm/alarmList', { menuBuilt: false })).toEqual({ kind: 'wait' });
  });
  it('routes without permission go to /404', () => {
    expect(nav('/system/role')).toEqual({ kind: 'redirect', to: '/404' });
  });
  it('station routes re-add missing ids from the previous route, then session storage', () => {
    expect(nav('/overviewStations/overviewStations', { prevSearch: 'stationId=3&serviceProviderId=7' })).toEqual({
      kind: 'redirect',
      to: '/overviewStations/overviewStations?stationId=3&serviceProviderId=7',
    });
    expect(nav('/overviewStations/overviewStations?stationId=4', { stored: { stationId: '9', serviceProviderId: '8' } })).toEqual({
      kind: 'redirect',
      to: '/overviewStations/overviewStations?stationId=4&serviceProviderId=8',
    });
    expect(nav('/overviewStations/overviewStations')).toMatchObject({ kind: 'render', stationMissing: true });
  });
});

describe('menu (SPEC §2, §6)', () => {
  it('hides entries without permission and collapses single-child groups', () => {
    const m = filterMenu(MAIN_MENU, all);
    // account management and on-call schedules share system.account
    expect(m.map((n) => (n.kind === 'leaf' ? n.route : n.key))).toEqual(['homepage.index', 'alarm', 'system']);
    const roles = filterMenu(MAIN_MENU, new Set(['homepage.index', 'alarm.alarmList', 'system.role']));
    expect(roles.map((n) => (n.kind === 'leaf' ? n.route : n.key))).toEqual(['homepage.index', 'alarm', 'system.role']);
  });
  it('station menu only holds station routes (plus Home)', () => {
    const m = filterMenu(STATION_MENU, all);
    expect(m.map((n) => (n.kind === 'leaf' ? n.route : n.key))).toEqual(['homepage.index', 'overviewStations.overviewStations']);
  });
  it('highlight overrides', () => {
    expect(activeMenuOf('message.list', 2)).toBe('alarm.alarmList');
    expect(activeMenuOf('homepage.index', 1)).toBe('homepage.index');
  });
});
